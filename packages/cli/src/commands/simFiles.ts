/**
 * The files of `blight sim`: the example rosters beside the repository's packages, and the HTML
 * page written atomically (shared by a plain run and `--balance`).
 */
import { existsSync, readdirSync } from "node:fs"
import { rename, unlink, writeFile } from "node:fs/promises"
import { dirname, join, resolve } from "node:path"
import { fileURLToPath } from "node:url"
import { type Io, UsageError } from "../Command.js"

/** examples/rosters, found from the package (dist/commands or src/commands) up to the repository. */
const examplesDir = (): string =>
  resolve(dirname(fileURLToPath(import.meta.url)), "../../../../examples/rosters")

/** The example Refuge and Congregation, when the repository is there. */
export const defaultRosters = (): string[] | undefined => {
  const files = ["refuge.json", "congregation.json"].map((f) => join(examplesDir(), f))
  return files.every((f) => existsSync(f)) ? files : undefined
}

/** The example roster of every Home (examples/rosters/home-<id>.json), by file name. */
export const homeRosters = (): string[] => {
  const dir = examplesDir()
  return existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => /^home-.+\.json$/.test(f))
        .sort()
        .map((f) => join(dir, f))
    : []
}

/** `--html FILE`: a name, in a folder that exists (refused before the raids are played, not after). */
export const checkHtml = (o: { readonly html?: string | undefined }, io: Io): void => {
  if (o.html !== undefined && o.html.trim() === "") throw new UsageError("--html: give a file name")
  if (o.html !== undefined && !existsSync(dirname(resolve(io.cwd ?? process.cwd(), o.html))))
    throw new UsageError(`--html ${o.html}: its folder does not exist`)
}

/** Writes an HTML page atomically (a temporary file, then a rename). */
export const writeHtml = async (
  io: Io,
  file: string,
  make: (pages: typeof import("./simHtml.js")) => Promise<string>,
): Promise<void> => {
  const html = await make(await import("./simHtml.js"))
  const path = resolve(io.cwd ?? process.cwd(), file)
  const tmp = join(dirname(path), `.${process.pid}.${Date.now()}.sim.tmp`)
  try {
    await writeFile(tmp, html, { flag: "wx" })
    await rename(tmp, path)
  } catch (e) {
    await unlink(tmp).catch(() => undefined)
    const code = (e as { code?: string }).code
    throw new UsageError(
      `--html ${file}: cannot be written (${code ?? (e instanceof Error ? e.message : "?")})`,
    )
  }
}
