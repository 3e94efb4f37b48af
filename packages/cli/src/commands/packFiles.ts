/**
 * Reading pack files for `blight pack` and `blight content` (either game's packs): each file
 * parsed as JSON, and a file that can't be read or isn't JSON reported as a problem, not thrown.
 */
import { readFile } from "node:fs/promises"
import { resolve } from "node:path"
import type { Io } from "../Command.js"

/** A pack file read: its name and parsed JSON. */
export interface PackInput {
  readonly source: string
  readonly data: unknown
}

/** A file that could not be read as a pack. */
export interface FileProblem {
  readonly pack?: string | undefined
  readonly path: string
  readonly message: string
  readonly clause?: string | undefined
}

/** Reads pack files; unreadable or non-JSON files become problems, not exceptions. */
export const readPacks = async (
  files: readonly string[],
  io: Io,
): Promise<{ inputs: PackInput[]; problems: FileProblem[] }> => {
  const inputs: PackInput[] = []
  const problems: FileProblem[] = []
  for (const file of files) {
    let text: string
    try {
      text = await readFile(resolve(io.cwd ?? process.cwd(), file), "utf8")
    } catch (e) {
      const code = (e as { code?: string }).code
      const why = code === "ENOENT" ? "no such file" : code === "EISDIR" ? "is a directory" : "cannot be read"
      problems.push({
        pack: file,
        path: "",
        message: `${why}${code && code !== "ENOENT" && code !== "EISDIR" ? ` (${code})` : ""}`,
      })
      continue
    }
    try {
      inputs.push({ source: file, data: JSON.parse(text) })
    } catch (e) {
      problems.push({
        pack: file,
        path: "",
        message: `not valid JSON: ${e instanceof Error ? e.message : String(e)}`,
      })
    }
  }
  return { inputs, problems }
}
