/**
 * `.env` in the working directory, read at start as `.env.example` promises: each variable it sets
 * that the environment does not already set (a real environment variable wins over the file).
 * Node's own parser (`process.loadEnvFile`'s); the file is bounded before it is read.
 */
import { readFileSync, statSync } from "node:fs"
import { parseEnv } from "node:util"

/** A settings file is a few kilobytes; anything larger is not one. */
const MAX_BYTES = 64 * 1024

/**
 * Reads `path` into `env` (variables `env` already has are kept). Returns the names taken from the
 * file, or undefined when there is no file; throws, naming the file, when it is too large or can't be read.
 */
export const loadDotEnv = (path = ".env", env: NodeJS.ProcessEnv = process.env): string[] | undefined => {
  let size: number
  try {
    size = statSync(path).size
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === "ENOENT") return undefined
    throw new Error(`${path}: ${e instanceof Error ? e.message : String(e)}`)
  }
  if (size > MAX_BYTES) throw new Error(`${path}: larger than ${MAX_BYTES} bytes; a settings file is not`)
  const taken: string[] = []
  for (const [name, value] of Object.entries(parseEnv(readFileSync(path, "utf8")))) {
    if (env[name] !== undefined) continue
    env[name] = value
    taken.push(name)
  }
  return taken
}
