/**
 * `blight roll …`: roll Blight pools and tests, any dice expression, Nightsong d20s, step dice
 * and the Die of Fate, from a seed or from the numbers rolled at the table (`--manual 4,6,1`).
 */
import {
  type DiceSource,
  MultipleAttack,
  manual,
  type Pool,
  Report,
  recording,
  StepDie,
  seeded,
} from "@blight/dice"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../Command.js"
import { diceArg } from "../DiceArgs.js"
import { seedFrom } from "../Seed.js"

const usage = `usage:
  blight roll pool N [--blight B]              a Blight pool of N dice (+B Blight dice)
  blight roll test N [--target T] [--blight B] a test: the pool needs T successes (default 1)
  blight roll EXPR                             2d6, d6, 3d6x10, d3, d%, d66, half
  blight roll d8+d8                            a multiple attack: every die rolled, the highest kept
  blight roll d20 [--adv|--dis] [--ability A --dr D] [--nuanced]
  blight roll step d8                          roll a Nightsong step die and step it down
  blight roll fate [--threshold 50]            the Die of Fate (yes on a roll ≤ threshold)
options: --seed N (replay), --manual 4,6,1 (dice rolled at the table), --json`

const options = {
  seed: { type: "string" },
  manual: { type: "string" },
  json: { type: "boolean" },
  blight: { type: "string" },
  target: { type: "string" },
  adv: { type: "boolean" },
  dis: { type: "boolean" },
  ability: { type: "string" },
  dr: { type: "string" },
  nuanced: { type: "boolean" },
  threshold: { type: "string" },
} as const

const manualDice = (text: string): number[] =>
  text
    .split(/[,\s]+/)
    .filter(Boolean)
    .map((t, i) => intArg(t, `--manual[${i}]`))

const faces = (dice: readonly Pool.PoolDie[]): string =>
  dice.map((d) => `${d.face}${d.blight ? "b" : ""}`).join(" ")

/** The options each kind reads; any other one given is refused, not quietly dropped. */
const OWN = {
  pool: ["blight"],
  test: ["blight", "target"],
  step: [],
  fate: ["threshold"],
  d20: ["adv", "dis", "ability", "dr", "nuanced"],
  dice: [],
} as const
const COMMON = ["seed", "manual", "json"]

export const roll: Command = {
  name: "roll",
  summary:
    "roll pools, tests, dice expressions, multiple attacks (d8+d8), d20 checks, step dice, the Die of Fate",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    const [what, arg] = positionals
    if (what === undefined)
      throw new UsageError("what to roll? e.g. `blight roll pool 5` or `blight roll 2d6`")
    if (positionals.length > 2) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[2])}`)
    const kind = what in OWN ? (what as keyof typeof OWN) : /^1?d20$/i.test(what) ? "d20" : "dice"
    const own: readonly string[] = OWN[kind]
    const stray = Object.keys(o).find((k) => !own.includes(k) && !COMMON.includes(k))
    if (stray)
      throw new UsageError(
        `--${stray} does not apply to \`roll ${what}\` (it takes ${own.map((k) => `--${k}`).join(", ") || "no options"})`,
      )
    if (o.adv && o.dis) throw new UsageError("--adv and --dis cannot both be given")
    const seed = o.manual === undefined ? seedFrom(o.seed) : undefined
    const source: DiceSource = o.manual === undefined ? seeded(seed!) : manual(manualDice(o.manual))
    const rec = recording(source)
    const blightDice = o.blight === undefined ? 0 : diceArg(o.blight, "--blight", "blightDice")
    const advantage = o.adv ? "advantage" : o.dis ? "disadvantage" : "none"
    const noArg = () => {
      if (arg !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`)
    }

    let request: Report.RollRequest
    if (what === "pool" || what === "test") {
      const dice = diceArg(arg, what === "pool" ? "pool size" : "test pool size", "pool")
      const target = o.target === undefined ? 1 : diceArg(o.target, "--target", "target")
      request =
        what === "pool" ? { kind: "pool", dice, blightDice } : { kind: "test", dice, blightDice, target }
    } else if (what === "step") {
      if (arg === undefined) throw new UsageError("which step die? e.g. `blight roll step d8`")
      request = { kind: "step", die: StepDie.stepDie(arg) }
    } else if (what === "fate") {
      noArg()
      request = {
        kind: "fate",
        threshold: o.threshold === undefined ? 50 : diceArg(o.threshold, "--threshold", "threshold"),
      }
    } else if (/^1?d20$/i.test(what)) {
      noArg()
      if (o.ability !== undefined && o.dr === undefined && !o.nuanced)
        throw new UsageError("--ability needs --dr")
      const ability = o.ability === undefined ? 0 : diceArg(o.ability, "--ability", "ability")
      const dr = o.dr === undefined ? undefined : diceArg(o.dr, "--dr", "dr")
      request = {
        kind: "d20",
        advantage,
        ability,
        ...(dr === undefined ? {} : { dr }),
        ...(o.nuanced ? { nuanced: true } : {}),
      }
    } else {
      noArg()
      MultipleAttack.rollExpressionOf(what) // a bad expression is a usage error before any die is rolled
      request = { kind: "dice", expression: what }
    }
    const result = Report.rollReport(rec, request) as Record<string, any>
    const text = describe(request, result, blightDice) ?? JSON.stringify(result)
    const out = { ...(seed === undefined ? { manual: true } : { seed }), ...result, rolled: rec.log }
    if (o.json) writeJson(io, out)
    else io.stdout.write(`${text}${seed === undefined ? "" : `   (seed ${seed})`}\n`)
    return EXIT.ok
  },
}

/** One readable line for a roll report. */
const describe = (
  request: Report.RollRequest,
  // biome-ignore lint/suspicious/noExplicitAny: reports are plain JSON
  r: Record<string, any>,
  blightDice: number,
): string | undefined => {
  switch (request.kind) {
    case "pool":
      return `pool ${request.dice}${blightDice ? ` +${blightDice} Blight` : ""}${r.desperate ? " (desperate: one die, 6 only)" : ""}: [${faces(r.dice)}] → ${r.successes} success(es), ${r.crits} Crit(s)${blightDice ? `, +${r.blightGained} Blight` : ""}`
    case "test":
      return `test ${request.dice} (${r.target})${r.pool.desperate ? " (desperate: one die, 6 only)" : ""}: [${faces(r.pool.dice)}] → ${r.pool.successes} success(es): ${r.passed ? "PASS" : "FAIL"}`
    case "step":
      return `${r.before.toUpperCase()} shows ${r.face} → ${r.after.toUpperCase()}${r.ended ? " (spent)" : ""}`
    case "fate":
      return `Die of Fate: ${r.roll} against ${r.threshold} → ${r.yes ? "YES" : "NO"}`
    case "d20":
      if (r.kind === "nuanced")
        return `Nuanced check: [${r.rolls.join(" ")}] keep ${r.kept.join(", ")} → ${r.totals.join(", ")} vs DR ${r.dr}: ${r.outcome}`
      return `d20${r.advantage === "none" ? "" : ` (${r.advantage})`}: [${r.rolls.join(" ")}] → ${r.kept}${request.ability ? ` ${request.ability < 0 ? "−" : "+"} ${Math.abs(request.ability)} = ${r.total}` : ""}${r.kind === "check" ? ` vs DR ${r.dr}: ${r.success ? "SUCCESS" : "FAIL"}` : ""}`
    case "dice":
      return r.key !== undefined
        ? `d66: ${r.dice[0]}, ${r.dice[1]} → Nightsong key ${r.key}; Blight half-table row ${r.halfRow}`
        : `${r.expression}: [${r.dice.join(" ")}] → ${r.value}${r.expression.includes("+d") ? " (highest kept)" : ""}`
  }
}
