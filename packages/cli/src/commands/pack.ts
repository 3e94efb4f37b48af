/**
 * `blight pack validate FILE…`: checks homebrew packs on top of the core pack and reports every
 * problem at once, one a line (`file: path: reason`). A file that can't be read or isn't JSON is
 * reported the same way.
 */
import {
  battleInterpretations,
  campaignInterpretations,
  formatProblem,
  Ids,
  Interpretations,
  Interpreters,
  loadWithCore,
  type PackInput,
  type Problem,
  type Registry,
} from "@blight/rules"
import { Result } from "effect"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../Command.js"
import { byGame, loadNightsong, nightsongSummaries } from "./nightsong/packs.js"
import { readPacks } from "./packFiles.js"

export { readPacks }

const usage = `usage:
  blight pack validate FILE…   check packs (JSON) on top of the core pack
A file whose manifest says "ruleset": "nightsong" is a Nightsong pack, checked on top of the Nightsong
core pack; any other is The Blight's.
options: --json (one JSON object: valid, packs, problems, warnings)
A valid pack whose effects no code reads gets a warning per effect (it can never fire).`

/**
 * The core pack with the pack files on top: the merged registry, or every problem at once (files
 * that can't be read or aren't JSON, then what the loader found). `inputs` are the files read.
 */
export const loadPackFiles = async (
  files: readonly string[],
  io: Io,
): Promise<{ inputs: PackInput[]; registry: Result.Result<Registry.Registry, Problem.Problem[]> }> => {
  const read = await readPacks(files, io)
  const loaded = loadWithCore(read.inputs)
  const problems = [...read.problems, ...(Result.isFailure(loaded) ? loaded.failure.problems : [])]
  return {
    inputs: read.inputs,
    registry:
      problems.length > 0 || Result.isFailure(loaded)
        ? Result.fail(problems)
        : Result.succeed(loaded.success),
  }
}

/** What each Blight pack loaded brings: its id, version, file and entries by kind. */
const blightSummaries = (registry: Registry.Registry, inputs: ReadonlyArray<PackInput>) =>
  registry.packs
    .filter((m) => m.id !== "the-blight")
    .map((m) => {
      const counts = Ids.KINDS.map(
        (k) => [k, registry.listSourced(k).filter((s) => s.pack === m.id).length] as const,
      ).filter(([, n]) => n > 0)
      const input = inputs.find((i) => (i.data as { manifest?: { id?: string } }).manifest?.id === m.id)
      return { id: m.id, version: m.version, file: input?.source, entries: Object.fromEntries(counts) }
    })

/** The `pack` verb. */
export const pack: Command = {
  name: "pack",
  summary: "validate homebrew content packs against the schemas and the core pack",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, { json: { type: "boolean" } } as const)
    const [sub, ...files] = positionals
    if (sub !== "validate")
      throw new UsageError(
        sub === undefined
          ? "what? e.g. `blight pack validate my-pack.json`"
          : `unknown subcommand ${JSON.stringify(sub)} (try: validate)`,
      )
    if (files.length === 0) throw new UsageError("which files? e.g. `blight pack validate my-pack.json`")
    const read = await readPacks(files, io)
    const games = byGame(read.inputs)
    // Only Nightsong packs given: the Blight's core pack is not loaded for nothing (R-N-PACK-01).
    const blight =
      games.blight.length > 0 || games.nightsong.length === 0 ? loadWithCore(games.blight) : undefined
    const nightsong = games.nightsong.length > 0 ? loadNightsong(games.nightsong) : undefined
    const problems = [
      ...read.problems,
      ...(blight !== undefined && Result.isFailure(blight) ? blight.failure.problems : []),
      ...(nightsong !== undefined && Result.isFailure(nightsong) ? nightsong.failure : []),
    ]
    if (problems.length > 0) {
      if (o.json) writeJson(io, { valid: false, problems })
      else for (const p of problems) io.stdout.write(`${formatProblem(p)}\n`)
      return EXIT.failed
    }
    const registry = blight !== undefined && Result.isSuccess(blight) ? blight.success : undefined
    const summaries = [
      ...(registry === undefined ? [] : blightSummaries(registry, read.inputs)),
      ...(nightsong !== undefined && Result.isSuccess(nightsong)
        ? nightsongSummaries(nightsong.success, games.nightsong)
        : []),
    ]
    // Nothing silent: an effect no code reads can never fire; say so (a warning, not a failure).
    const homebrew = new Set<string>(summaries.map((s) => s.id))
    const entries = Ids.KINDS.flatMap((kind) =>
      (registry?.listSourced(kind) ?? [])
        .filter((s) => homebrew.has(s.pack))
        .map((s) => ({ kind, entry: s.entry, pack: s.pack })),
    )
    const silent = Interpreters.silentEffects(entries, [
      ...Interpretations.builderInterpretations,
      ...battleInterpretations,
      ...campaignInterpretations,
    ]).slice(0, 50)
    const warnings = silent.map((w) => ({
      pack: w.pack,
      path: w.path,
      message: `this ${w.kind}${w.selects ? ` (${w.selects})` : ""} effect can never fire: nothing in the ${w.area} reads it here`,
    }))
    if (o.json) writeJson(io, { valid: true, packs: summaries, warnings })
    else {
      for (const s of summaries) {
        const what = Object.entries(s.entries).map(([k, n]) => `${k} ${n}`)
        io.stdout.write(
          `ok ${s.id}@${s.version} (${s.file}): ${what.length > 0 ? what.join(", ") : "no entries"}\n`,
        )
      }
      for (const w of warnings) io.stdout.write(`warning: ${w.pack}: ${w.path}: ${w.message}\n`)
    }
    return EXIT.ok
  },
}
