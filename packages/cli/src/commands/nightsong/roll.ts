/**
 * `blight nightsong roll TABLE`: roll any table of the Nightsong rules the package holds (a
 * background, a detail, a name, a Region's or Faction's tables, a Spark…), from a seed; `--list`
 * names them all.
 */
import { type DiceSource, Expression, recording, seeded } from "@blight/dice"
import { Packs, Tables } from "@blight/nightsong"
import { type Command, EXIT, type Io, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"
import { nightsongContent } from "./packs.js"

const usage = `usage: blight nightsong roll TABLE [--pack FILE]… [--seed N] [--json]
       blight nightsong roll --list [--pack FILE]… [--json]
  TABLE    a table's id, e.g. spark, faction-wants, full-name, detail-face (--list names them all)
  --pack   a Nightsong pack (repeatable): its tables and Spell tables can be rolled too
  --seed N replay a roll (without it a fresh seed is drawn and shown)
  --json   print the roll as one JSON object (with --list: every table, as one JSON array)`

const options = {
  seed: { type: "string" },
  json: { type: "boolean" },
  list: { type: "boolean" },
  pack: { type: "string", multiple: true },
} as const

const die = (d: string): string => d.toUpperCase()

/** A table's result in words: a word, a name, a Spark, or a row of several fields. */
export const describeResult = (result: unknown): string => {
  if (typeof result === "string") return result
  const r = result as Record<string, unknown>
  if (typeof r.full === "string") return r.full
  if (typeof r.theme === "string" && typeof r.action === "string") return `${r.theme} + ${r.action}`
  if (typeof r.name === "string" && Array.isArray(r.items))
    return Tables.Backgrounds.formatBackground(result as Tables.Backgrounds.Background)
  if (typeof r.vegetation === "string") {
    const notFor = r.notFor as readonly string[]
    return notFor.length === 0 ? r.vegetation : `${r.vegetation} (not for ${notFor.join(", ")})`
  }
  if (typeof r.type === "string" && typeof r.examples === "string") {
    const d =
      typeof r.spreadDie === "string"
        ? `Spread Die ${die(r.spreadDie)}`
        : `Influence Die ${die(String(r.influenceDie))}`
    return `${r.type} (${r.examples}; ${d})`
  }
  return JSON.stringify(result)
}

/** A pack's tables as rollables: the pack stands where a rules table's catalogue reference would. */
const packRollables = (content: Packs.Content | undefined): Tables.Rollable[] =>
  content === undefined
    ? []
    : [...content.entries.tables, ...content.entries.spellTables].map((s) => ({
        id: s.entry.id,
        title: s.entry.name,
        refs: [`pack ${s.pack}`],
        die: Expression.formatExpression(s.entry.die),
      }))

const list = (json: boolean, content: Packs.Content | undefined): string => {
  const all = [...Tables.rollables, ...packRollables(content)]
  if (json) return JSON.stringify(all)
  const width = Math.max(...all.map((r) => r.id.length))
  return all.map((r) => `${r.id.padEnd(width)}  ${r.title} (${r.refs.join(", ")})`).join("\n")
}

export const roll: Command = {
  name: "roll",
  summary: "roll any Nightsong table: a Spark, a Faction's wants, names, backgrounds, details…",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    const [id, extra] = positionals
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    const content = await nightsongContent(o.pack, io)
    if (o.list) {
      if (id !== undefined) throw new UsageError("--list takes no TABLE")
      if (o.seed !== undefined) throw new UsageError("--seed does not apply to --list")
      io.stdout.write(`${list(o.json === true, content)}\n`)
      return EXIT.ok
    }
    if (id === undefined)
      throw new UsageError("which table? e.g. `blight nightsong roll spark` (--list names them all)")
    const own = packRollables(content)
    if (!Tables.rollableIds.includes(id) && !own.some((r) => r.id === id))
      throw new UsageError(
        `no Nightsong table is called ${JSON.stringify(id)} (known: ${[...Tables.rollableIds, ...own.map((r) => r.id)].join(", ")})`,
      )
    const seed = seedFrom(o.seed)
    const rec = recording(seeded(seed))
    const rolled = content === undefined ? undefined : rollOwn(rec, content, id, own)
    if (rolled !== undefined) return said(rolled, seed, rec.log, o.json === true, io)
    return said(Tables.rollById(rec, id), seed, rec.log, o.json === true, io)
  },
}

/** A pack table's roll as a {@link Tables.Rolled}, or undefined when no pack has the id. */
const rollOwn = (
  rec: DiceSource,
  content: Packs.Content,
  id: string,
  own: ReadonlyArray<Tables.Rollable>,
): Tables.Rolled | undefined => {
  const r = Packs.rollPackTable(rec, content, id)
  const rollable = own.find((x) => x.id === id)
  return r === undefined || rollable === undefined
    ? undefined
    : { rollable, result: r.roll.result, table: r.roll }
}

/** Prints a roll: in words, or as one JSON object. */
const said = (rolled: Tables.Rolled, seed: number, log: unknown, json: boolean, io: Io): number => {
  const { rollable, table, result } = rolled
  if (json) {
    writeJson(io, {
      seed,
      ...rollable,
      result,
      ...(table === undefined ? {} : { roll: table.roll, row: table.index + 1 }),
      rolled: log,
    })
    return EXIT.ok
  }
  const shown =
    table === undefined ? "" : `, ${table.roll.key ?? `${rollable.die?.toUpperCase()}: ${table.roll.value}`}`
  io.stdout.write(
    `${rollable.title} (${rollable.refs.join(", ")}${shown}): ${describeResult(result)}   (seed ${seed})\n`,
  )
  return EXIT.ok
}
