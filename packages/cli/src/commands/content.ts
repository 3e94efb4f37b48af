/**
 * `blight content list KIND [--pack FILE…] [--json]`: the entries of one kind in the core pack
 * (and any packs given), each with its id, name, provenance, the pack it came from, and its
 * rarity and price where it has them. `blight content show KIND ID`: one entry's full data, in
 * the pack format, to read or to copy as the start of a homebrew entry.
 */
import { Entries, formatProblem, Ids, nearest, type Registry } from "@blight/rules"
import { Result, Schema } from "effect"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../Command.js"
import { NIGHTSONG_KINDS, nightsongContent } from "./nightsong/content.js"
import { byGame } from "./nightsong/packs.js"
import { loadPackFiles } from "./pack.js"
import { readPacks } from "./packFiles.js"

const kinds = Ids.KINDS.join(", ")

const usage = `usage:
  blight content list KIND [--pack FILE…] [--json]
  blight content show KIND ID [--pack FILE…] [--json]
KIND: ${kinds}
Nightsong KIND: ${NIGHTSONG_KINDS}
options: --pack FILE (repeatable) loads homebrew packs on top of the core pack; --json prints JSON
(list: an array; show: { kind, id, pack, entry }); --game nightsong lists Nightsong's content, as
do --pack files that are Nightsong packs (their manifest says "ruleset": "nightsong")`

/** The `content` verb. */
export const content: Command = {
  name: "content",
  summary: "list the entries of a kind, or show one entry's data (core pack and homebrew packs)",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, {
      json: { type: "boolean" },
      pack: { type: "string", multiple: true },
      game: { type: "string" },
    } as const)
    const [sub, kind, ...rest] = positionals
    if (sub !== "list" && sub !== "show")
      throw new UsageError(
        sub === undefined
          ? "what? e.g. `blight content list backgrounds` or `blight content show weapons knife`"
          : `unknown subcommand ${JSON.stringify(sub)} (try: list, show)`,
      )
    if (kind === undefined) throw new UsageError(`which kind? one of: ${kinds}`)
    if (o.game !== undefined && o.game !== "nightsong" && o.game !== "the-blight")
      throw new UsageError(`--game: nightsong or the-blight, got ${JSON.stringify(o.game)}`)
    const read = o.game === "the-blight" ? undefined : await readPacks(o.pack ?? [], io)
    const games = read === undefined ? undefined : byGame(read.inputs)
    if (read !== undefined && games !== undefined && (o.game === "nightsong" || games.nightsong.length > 0)) {
      if (games.blight.length > 0)
        throw new UsageError("--pack: Nightsong packs and The Blight's packs are listed apart, not together")
      const [entryId, more] = sub === "show" ? rest : [undefined, ...rest]
      if (sub === "show" && entryId === undefined) throw new UsageError(`which ${kind} entry? give its id`)
      if (more !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(more)}`)
      return nightsongContent(
        { kind, id: entryId, json: o.json === true, inputs: read.inputs, problems: read.problems },
        io,
      )
    }
    if (!(Ids.KINDS as readonly string[]).includes(kind))
      throw new UsageError(`unknown kind ${JSON.stringify(kind)}; one of: ${kinds}`)
    const [id, extra] = sub === "show" ? rest : [undefined, ...rest]
    if (sub === "show" && id === undefined) throw new UsageError(`which ${kind} entry? give its id`)
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    const loaded = (await loadPackFiles(o.pack ?? [], io)).registry
    if (Result.isFailure(loaded)) {
      for (const p of loaded.failure) io.stderr.write(`${formatProblem(p)}\n`)
      return EXIT.failed
    }
    if (id !== undefined) return show(loaded.success, kind as Ids.Kind, id, o.json === true, io)
    const rows = loaded.success.listSourced(kind as Ids.Kind).map((s) => ({
      id: s.entry.id,
      name: s.entry.name,
      provenance: s.entry.provenance,
      pack: s.pack,
      ...(s.replaced === undefined ? {} : { replaces: s.replaced }),
      ...priced(s.entry),
    }))
    if (o.json) writeJson(io, rows)
    else {
      const w = Math.max(2, ...rows.map((r) => r.id.length))
      const wn = Math.max(4, ...rows.map((r) => r.name.length))
      const price = (r: (typeof rows)[number]) =>
        r.cost === undefined ? "" : `  ${r.cost} Salvage${r.rarity === undefined ? "" : `, ${r.rarity}`}`
      for (const r of rows)
        io.stdout.write(`${r.id.padEnd(w)}  ${r.name.padEnd(wn)}${price(r)}  [${r.provenance}, ${r.pack}]\n`)
    }
    return EXIT.ok
  },
}

/** An entry's rarity and price, for the kinds that are bought (gear, backgrounds, improvements). */
const priced = (entry: object): { cost?: number; rarity?: string } => {
  const e = entry as { cost?: unknown; rarity?: unknown }
  return {
    ...(typeof e.cost === "number" ? { cost: e.cost } : {}),
    ...(typeof e.rarity === "string" ? { rarity: e.rarity } : {}),
  }
}

/** Prints one entry as pack data (encoded: dice as text again), or says what is near. */
const show = (registry: Registry.Registry, kind: Ids.Kind, id: string, json: boolean, io: Io): number => {
  const sourced = registry.sourced(kind, id)
  if (sourced === undefined) {
    const near = nearest(
      id,
      registry.list(kind).map((e) => e.id),
    )
    io.stderr.write(
      `blight: no ${kind} entry "${id}"${near === undefined ? "" : ` (did you mean "${near}"?)`}; \`blight content list ${kind}\` lists them\n`,
    )
    return EXIT.failed
  }
  const entry = Schema.encodeSync(Entries.entrySchemas[kind] as Schema.Codec<unknown, unknown>)(sourced.entry)
  if (json)
    writeJson(io, {
      kind,
      id,
      pack: sourced.pack,
      ...(sourced.replaced === undefined ? {} : { replaces: sourced.replaced }),
      entry,
    })
  // Plain output is the entry alone, indented, so it can be pasted into a pack as it is.
  else io.stdout.write(`${JSON.stringify(entry, null, 2)}\n`)
  return EXIT.ok
}
