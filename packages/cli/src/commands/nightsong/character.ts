/**
 * `blight nightsong character`: make a Nightsong character (N-CREATE-01) from a seed, or from the
 * dice rolled at the table, and print its sheet or one JSON object.
 */
import { type DiceSource, manual, seeded } from "@blight/dice"
import { Character } from "@blight/nightsong"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"
import { nightsongContent } from "./packs.js"

const usage = `usage: blight nightsong character [--method array|roll] [--array STR,DEX,PRE,CON] [--background NAME]
                                  [--table ABILITY] [--detail KEY=VALUE]… [--name NAME] [--pronouns P]
                                  [--pack FILE]… [--spell-table ID] [--seed N | --manual 3,1,4,…] [--json]
  --method      array: distribute +2, +1, 0, -1 (dealt by dice); roll: 2D6 per Ability (default array)
  --array       with the array method, place +2, +1, 0 and -1 yourself, e.g. --array=-1,2,1,0
  --detail      pick a detail instead of rolling it, e.g. --detail face=Scarred (N-DETAILS-01);
                keys: face, eyes, hair, physique, clothing, mannerism, speech, virtue, flaw, drive
  --background  pick a background instead of rolling (e.g. Soldier, Scholar)
  --table       when Abilities tie for highest, the table to roll on (STR, DEX, PRE or CON)
  --name        the character's name instead of rolling one
  --pronouns    the character's pronouns
  --pack        a Nightsong pack (repeatable): the Spell Shards' Spells are rolled on its Spell table,
                after every other die; without one they hold the unnamed Spell (the rules publish none)
  --spell-table the pack's Spell table to roll on (default: the first loaded)
  --seed N      replay a character; --manual takes the dice rolled at the table, in order
  --json        print the character as one JSON object`

const options = {
  method: { type: "string" },
  background: { type: "string" },
  table: { type: "string" },
  name: { type: "string" },
  pronouns: { type: "string" },
  array: { type: "string" },
  detail: { type: "string", multiple: true },
  seed: { type: "string" },
  manual: { type: "string" },
  json: { type: "boolean" },
  pack: { type: "string", multiple: true },
  "spell-table": { type: "string" },
} as const

const ABILITIES = ["STR", "DEX", "PRE", "CON"] as const

/** `--array -1,2,1,0`: the four scores in STR, DEX, PRE, CON order (the library checks the set). */
const arrayOf = (text: string): Character.GenerateOptions["array"] => {
  const scores = text.split(",").map((t, i) => intArg(t.trim(), `--array[${i}]`))
  if (scores.length !== 4)
    throw new UsageError(`--array: four scores, STR,DEX,PRE,CON (e.g. -1,2,1,0), got ${scores.length}`)
  return Object.fromEntries(ABILITIES.map((a, i) => [a, scores[i]!])) as never
}

const DETAIL_KEYS = Object.keys(Character.PickedDetails.fields)

/** `--detail face=Scarred`, repeatable: each key once, each one of the ten details. */
const detailsOf = (given: readonly string[]): Character.GenerateOptions["details"] => {
  const out: Record<string, string> = {}
  for (const d of given) {
    const eq = d.indexOf("=")
    const key = eq < 0 ? d : d.slice(0, eq)
    if (eq < 0 || !DETAIL_KEYS.includes(key))
      throw new UsageError(
        `--detail: KEY=VALUE with KEY one of ${DETAIL_KEYS.join(", ")}, got ${JSON.stringify(d)}`,
      )
    if (key in out) throw new UsageError(`--detail: ${key} given twice`)
    out[key] = d.slice(eq + 1)
  }
  return out
}

export const character: Command = {
  name: "character",
  summary: "make a Nightsong character",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
    if (o.method !== undefined && o.method !== "array" && o.method !== "roll") {
      throw new UsageError(`--method: array or roll, got ${JSON.stringify(o.method)}`)
    }
    if (o.seed !== undefined && o.manual !== undefined)
      throw new UsageError("--seed and --manual cannot both be given")
    const seed = o.manual === undefined ? seedFrom(o.seed) : undefined
    const source: DiceSource =
      seed === undefined
        ? manual(
            (o.manual ?? "")
              .split(/[,\s]+/)
              .filter(Boolean)
              .map((t, i) => intArg(t, `--manual[${i}]`)),
          )
        : seeded(seed)
    const content = await nightsongContent(o.pack, io)
    if (o["spell-table"] !== undefined && content === undefined)
      throw new UsageError("--spell-table: a Spell table comes from a pack: give --pack FILE")
    const made = Character.generateCharacter(
      source,
      {
        ...(o["spell-table"] === undefined ? {} : { spellTable: o["spell-table"] }),
        ...(o.array === undefined ? {} : { array: arrayOf(o.array) }),
        ...(o.detail === undefined ? {} : { details: detailsOf(o.detail) }),
        ...(o.pronouns === undefined ? {} : { pronouns: o.pronouns }),
        ...(o.method === undefined ? {} : { method: o.method }),
        ...(o.background === undefined ? {} : { background: o.background }),
        ...(o.table === undefined ? {} : { backgroundTable: o.table }),
        ...(o.name === undefined ? {} : { name: o.name }),
      },
      content,
    )
    if (o.json) writeJson(io, made)
    else io.stdout.write(`${Character.formatSheet(made)}\n${seed === undefined ? "" : `(seed ${seed})\n`}`)
    return EXIT.ok
  },
}
