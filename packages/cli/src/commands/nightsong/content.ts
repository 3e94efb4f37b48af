/**
 * `blight content list|show KIND` for Nightsong (with `--game nightsong`, or when the `--pack`
 * files are Nightsong packs, R-N-PACK-01): the entries of one kind in the Nightsong core pack and
 * the packs given, or one entry's data in the pack format.
 */
import { Packs } from "@blight/nightsong"
import { Result, Schema } from "effect"
import { EXIT, type Io, UsageError, writeJson } from "../../Command.js"
import type { FileProblem, PackInput } from "../packFiles.js"
import { loadNightsong } from "./packs.js"

export const NIGHTSONG_KINDS = Packs.KINDS.join(", ")

/** What `content` was asked, for Nightsong. */
export interface ContentAsk {
  readonly kind: string
  readonly id?: string | undefined
  readonly json: boolean
  readonly inputs: ReadonlyArray<PackInput>
  readonly problems: ReadonlyArray<FileProblem>
}

/** Lists a kind's entries, or shows one; bad packs print every problem (exit 1). */
export const nightsongContent = (ask: ContentAsk, io: Io): number => {
  if (!(Packs.KINDS as readonly string[]).includes(ask.kind))
    throw new UsageError(`unknown Nightsong kind ${JSON.stringify(ask.kind)}; one of: ${NIGHTSONG_KINDS}`)
  const kind = ask.kind as Packs.Kind
  const loaded = loadNightsong(ask.inputs)
  const problems = [...ask.problems, ...(Result.isFailure(loaded) ? loaded.failure : [])]
  if (problems.length > 0 || Result.isFailure(loaded)) {
    for (const p of problems) io.stderr.write(`${Packs.formatPackProblem(p)}\n`)
    return EXIT.failed
  }
  const content = loaded.success
  if (ask.id !== undefined) return show(content, kind, ask.id, ask.json, io)
  const rows = content.entries[kind].map((s) => ({
    id: s.entry.id,
    name: s.entry.name,
    provenance: s.entry.provenance,
    pack: s.pack,
    ...(s.replaced === undefined ? {} : { replaces: s.replaced }),
    ...("die" in s.entry && typeof s.entry.die === "string" ? { die: s.entry.die } : {}),
  }))
  if (ask.json) writeJson(io, rows)
  else if (rows.length === 0)
    io.stdout.write(
      `no ${kind}${kind === "spells" || kind === "spellTables" || kind === "creatures" ? " (the Nightsong rules publish none: a pack brings them)" : ""}\n`,
    )
  else {
    const w = Math.max(2, ...rows.map((r) => r.id.length))
    const wn = Math.max(4, ...rows.map((r) => r.name.length))
    for (const r of rows)
      io.stdout.write(
        `${r.id.padEnd(w)}  ${r.name.padEnd(wn)}${r.die === undefined ? "" : `  ${r.die.toUpperCase()}`}  [${r.provenance}, ${r.pack}]\n`,
      )
  }
  return EXIT.ok
}

const show = (content: Packs.Content, kind: Packs.Kind, id: string, json: boolean, io: Io): number => {
  const s = Packs.sourced(content, kind, id)
  if (s === undefined) {
    io.stderr.write(
      `blight: no Nightsong ${kind} entry "${id}"; \`blight content list ${kind} --game nightsong\` lists them\n`,
    )
    return EXIT.failed
  }
  const entry = Schema.encodeSync(Packs.entrySchemas[kind] as Schema.Codec<unknown, unknown>)(s.entry)
  if (json)
    writeJson(io, {
      game: "nightsong",
      kind,
      id,
      pack: s.pack,
      ...(s.replaced ? { replaces: s.replaced } : {}),
      entry,
    })
  else io.stdout.write(`${JSON.stringify(entry, null, 2)}\n`)
  return EXIT.ok
}
