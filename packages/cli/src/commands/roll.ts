/**
 * `blight roll …`: roll Blight pools and tests, any dice expression, Nightsong d20s, step dice
 * and the Die of Fate, from a seed or from the numbers rolled at the table (`--manual 4,6,1`).
 */
import {
  Check,
  type DiceSource,
  Expression,
  Fate,
  manual,
  Pool,
  Roll,
  recording,
  StepDie,
  seeded,
} from "@blight/dice"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"

const usage = `usage:
  blight roll pool N [--blight B]              a Blight pool of N dice (+B Blight dice)
  blight roll test N [--target T] [--blight B] a test: the pool needs T successes (default 1)
  blight roll EXPR                             2d6, d6, 3d6x10, d3, d%, d66, half
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

export const roll: Command = {
  name: "roll",
  summary: "roll pools, tests, dice expressions, d20 checks, step dice, the Die of Fate",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    const [what, arg] = positionals
    if (what === undefined)
      throw new UsageError("what to roll? e.g. `blight roll pool 5` or `blight roll 2d6`")
    if (positionals.length > 2) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[2])}`)
    if (o.adv && o.dis) throw new UsageError("--adv and --dis cannot both be given")
    const seed = o.manual === undefined ? seedFrom(o.seed) : undefined
    const source: DiceSource = o.manual === undefined ? seeded(seed!) : manual(manualDice(o.manual))
    const rec = recording(source)
    const blightDice = o.blight === undefined ? 0 : intArg(o.blight, "--blight", { min: 0, max: 3 })
    const advantage = o.adv ? "advantage" : o.dis ? "disadvantage" : "none"
    let result: Record<string, unknown>
    let text: string
    const noArg = () => {
      if (arg !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`)
    }

    if (what === "pool" || what === "test") {
      const dice = intArg(arg, what === "pool" ? "pool size" : "test pool size", { min: -20, max: 100 })
      if (what === "pool") {
        if (o.target !== undefined) throw new UsageError("--target belongs to `roll test`")
        const p = Pool.rollPool(rec, { dice, blightDice })
        result = { kind: "pool", ...p }
        text = `pool ${dice}${blightDice ? ` +${blightDice} Blight` : ""}${p.desperate ? " (desperate: one die, 6 only)" : ""}: [${faces(p.dice)}] → ${p.successes} success(es), ${p.crits} Crit(s)${blightDice ? `, +${p.blightGained} Blight` : ""}`
      } else {
        const target = o.target === undefined ? 1 : intArg(o.target, "--target", { min: 1, max: 100 })
        const t = Pool.rollTest(rec, { dice, blightDice, target })
        result = { kind: "test", ...t }
        text = `test ${dice} (${target}): [${faces(t.pool.dice)}] → ${t.pool.successes} success(es): ${t.passed ? "PASS" : "FAIL"}`
      }
    } else if (what === "step") {
      if (arg === undefined) throw new UsageError("which step die? e.g. `blight roll step d8`")
      const r = StepDie.rollStepDie(rec, StepDie.stepDie(arg))
      result = { kind: "step", ...r }
      text = `${r.before.toUpperCase()} shows ${r.face} → ${r.after.toUpperCase()}${r.ended ? " (spent)" : ""}`
    } else if (what === "fate") {
      noArg()
      const threshold =
        o.threshold === undefined ? 50 : intArg(o.threshold, "--threshold", { min: 0, max: 100 })
      const r = Fate.rollFate(rec, threshold)
      result = { kind: "fate", ...r }
      text = `Die of Fate: ${r.roll} against ${threshold} → ${r.yes ? "YES" : "NO"}`
    } else if (/^1?d20$/i.test(what)) {
      noArg()
      if ((o.ability === undefined) !== (o.dr === undefined) && o.dr === undefined)
        throw new UsageError("--ability needs --dr")
      const ability = o.ability === undefined ? 0 : intArg(o.ability, "--ability", { min: -10, max: 30 })
      const dr = o.dr === undefined ? undefined : intArg(o.dr, "--dr", { min: 0, max: 60 })
      if (o.nuanced) {
        const r = Check.rollNuanced(rec, { ability, dr: dr ?? 12, advantage })
        result = { kind: "nuanced", advantage, ...r }
        text = `Nuanced check: [${r.rolls.join(" ")}] keep ${r.kept.join(", ")} → ${r.totals.join(", ")} vs DR ${r.dr}: ${r.outcome}`
      } else {
        const r = Check.rollCheck(rec, { ability, dr: dr ?? 0, advantage })
        result =
          dr === undefined
            ? { kind: "d20", advantage, rolls: r.rolls, kept: r.kept, total: r.total }
            : { kind: "check", advantage, ...r }
        text = `d20${advantage === "none" ? "" : ` (${advantage})`}: [${r.rolls.join(" ")}] → ${r.kept}${ability ? ` + ${ability} = ${r.total}` : ""}${dr === undefined ? "" : ` vs DR ${dr}: ${r.success ? "SUCCESS" : "FAIL"}`}`
      }
    } else {
      noArg()
      const e = Expression.expression(what)
      const r = Expression.rollExpression(rec, e)
      result = { kind: "dice", ...r }
      if (e.kind === "d66") {
        const [a, b] = r.dice as [number, number]
        result = { ...result, halfRow: Roll.halfRow(a, b) }
        text = `d66: ${a}, ${b} → Nightsong key ${r.key}; Blight half-table row ${Roll.halfRow(a, b)}`
      } else {
        text = `${r.expression}: [${r.dice.join(" ")}] → ${r.value}`
      }
    }
    const out = { ...(seed === undefined ? { manual: true } : { seed }), ...result, rolled: rec.log }
    if (o.json) writeJson(io, out)
    else io.stdout.write(`${text}${seed === undefined ? "" : `   (seed ${seed})`}\n`)
    return EXIT.ok
  },
}
