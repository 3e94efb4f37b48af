/**
 * `blight nightsong character`: make a Nightsong character (N-CREATE-01) from a seed, or from the
 * dice rolled at the table, and print its sheet or one JSON object.
 */
import { type DiceSource, manual, seeded } from "@blight/dice"
import { Character } from "@blight/nightsong"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../../Command.js"
import { seedFrom } from "../../Seed.js"

const usage = `usage: blight nightsong character [--method array|roll] [--background NAME] [--table ABILITY]
                                  [--name NAME] [--seed N | --manual 3,1,4,…] [--json]
  --method      array: distribute +2, +1, 0, -1 (dealt by dice); roll: 2D6 per Ability (default array)
  --background  pick a background instead of rolling (e.g. Soldier, Scholar)
  --table       when Abilities tie for highest, the table to roll on (STR, DEX, PRE or CON)
  --name        the character's name instead of rolling one
  --seed N      replay a character; --manual takes the dice rolled at the table, in order
  --json        print the character as one JSON object`

const options = {
  method: { type: "string" },
  background: { type: "string" },
  table: { type: "string" },
  name: { type: "string" },
  seed: { type: "string" },
  manual: { type: "string" },
  json: { type: "boolean" },
} as const

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
    const made = Character.generateCharacter(source, {
      ...(o.method === undefined ? {} : { method: o.method }),
      ...(o.background === undefined ? {} : { background: o.background }),
      ...(o.table === undefined ? {} : { backgroundTable: o.table }),
      ...(o.name === undefined ? {} : { name: o.name }),
    })
    if (o.json) writeJson(io, made)
    else io.stdout.write(`${Character.formatSheet(made)}\n${seed === undefined ? "" : `(seed ${seed})\n`}`)
    return EXIT.ok
  },
}
