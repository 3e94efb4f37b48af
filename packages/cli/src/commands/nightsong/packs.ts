/**
 * Nightsong packs at the command line: a file is a Nightsong pack when its manifest says
 * `"ruleset": "nightsong"` (R-N-PACK-01); such files load over the Nightsong core pack, every
 * problem reported with its file and path. `--pack FILE` on `nightsong character`, `roll` and
 * `game new` reads them here.
 */
import { Packs } from "@blight/nightsong"
import { Result } from "effect"
import { type Io, UsageError } from "../../Command.js"
import { type FileProblem, type PackInput, readPacks } from "../packFiles.js"

/** Splits parsed pack files into Nightsong packs and the rest (The Blight's). */
export const byGame = (inputs: ReadonlyArray<PackInput>) => ({
  nightsong: inputs.filter((i) => Packs.isNightsongPack(i.data)),
  blight: inputs.filter((i) => !Packs.isNightsongPack(i.data)),
})

/** The Nightsong core pack with these packs on top, or their problems. */
export const loadNightsong = (
  inputs: ReadonlyArray<PackInput>,
): Result.Result<Packs.Content, FileProblem[]> => {
  const r = Packs.loadWithCore(inputs)
  return Result.isFailure(r) ? Result.fail([...r.failure.problems]) : Result.succeed(r.success)
}

/** What each Nightsong pack loaded brings: its id, version, file and entries by kind. */
export const nightsongSummaries = (content: Packs.Content, inputs: ReadonlyArray<PackInput>) =>
  content.packs
    .filter((m) => m.id !== Packs.CORE_ID)
    .map((m) => ({
      id: m.id,
      version: m.version,
      game: "nightsong" as const,
      file: inputs.find((i) => (i.data as { manifest?: { id?: string } }).manifest?.id === m.id)?.source,
      entries: Object.fromEntries(
        Packs.KINDS.map((k) => [k, content.entries[k].filter((s) => s.pack === m.id).length] as const).filter(
          ([, n]) => n > 0,
        ),
      ),
    }))

/**
 * `--pack FILE…` for a Nightsong command: the core pack with them on top. A file that is not a
 * Nightsong pack, or any problem, is a usage error listing every problem.
 */
export const nightsongContent = async (
  files: ReadonlyArray<string> | undefined,
  io: Io,
): Promise<Packs.Content | undefined> => {
  if (files === undefined || files.length === 0) return undefined
  const read = await readPacks(files, io)
  const problems: FileProblem[] = [...read.problems]
  const { nightsong, blight } = byGame(read.inputs)
  for (const i of blight)
    problems.push({
      pack: i.source,
      path: "manifest.ruleset",
      message: `not a Nightsong pack (a Nightsong pack's manifest says "ruleset": "nightsong")`,
      clause: "R-N-PACK-01",
    })
  const loaded = loadNightsong(nightsong)
  if (Result.isFailure(loaded)) problems.push(...loaded.failure)
  if (problems.length > 0 || Result.isFailure(loaded))
    throw new UsageError(`--pack: ${problems.map(Packs.formatPackProblem).join("\n")}`)
  return loaded.success
}
