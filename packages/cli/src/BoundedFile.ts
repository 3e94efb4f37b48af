/**
 * Files from outside, read with bounds: the size before reading, the nesting depth before parsing,
 * so a hostile or broken file is refused with one line naming it, never a stack or a hang; and
 * files written atomically (a temporary file beside it, then a rename), so a crash never leaves half.
 */
import { randomBytes } from "node:crypto"
import { readFile, rename, stat, unlink, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import { type Io, UsageError } from "./Command.js"

/** The default size bound (a raid file's: a few thousand events fit with ample room). */
export const MAX_BYTES = 32 * 1024 * 1024
export const MAX_DEPTH = 64

/** The deepest nesting of `{`/`[` in a JSON text, counted without parsing it (strings skipped). */
export const depthOf = (text: string, limit: number): number => {
  let depth = 0
  let deepest = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 92)
        i++ // a backslash escapes the next character
      else if (c === 34) inString = false
    } else if (c === 34) inString = true
    else if (c === 123 || c === 91) {
      depth++
      if (depth > deepest) deepest = depth
      if (deepest > limit) return deepest
    } else if (c === 125 || c === 93) depth--
  }
  return deepest
}

/** Parses a JSON text from outside after bounding its depth; one-line errors name `what`. */
export const parseBounded = (text: string, what: string): unknown => {
  if (depthOf(text, MAX_DEPTH) > MAX_DEPTH)
    throw new UsageError(`${what}: nested more than ${MAX_DEPTH} levels deep`)
  try {
    return JSON.parse(text)
  } catch (e) {
    throw new UsageError(`${what}: not valid JSON (${e instanceof Error ? e.message.slice(0, 120) : "?"})`)
  }
}

/** Reads a text file from outside, refusing it before reading when it is larger than `max`. */
export const readBounded = async (file: string, io: Io, max = MAX_BYTES): Promise<string> => {
  const path = resolve(io.cwd ?? process.cwd(), file)
  try {
    const s = await stat(path)
    if (s.isDirectory()) throw new UsageError(`${file}: is a directory`)
    if (s.size > max) throw new UsageError(`${file}: ${s.size} bytes, more than the ${max} a file may have`)
    return await readFile(path, "utf8")
  } catch (e) {
    if (e instanceof UsageError) throw e
    const code = (e as { code?: string }).code
    throw new UsageError(`${file}: ${code === "ENOENT" ? "no such file" : `cannot be read (${code ?? "?"})`}`)
  }
}

/** Writes a file atomically: a temporary file beside it (`.<random>.<tag>.tmp`), then a rename over it. */
export const writeAtomic = async (path: string, text: string, tag = "blight"): Promise<void> => {
  const tmp = join(dirname(path), `.${randomBytes(6).toString("hex")}.${tag}.tmp`)
  try {
    await writeFile(tmp, text, { flag: "wx" })
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => undefined)
    throw e
  }
}
