/**
 * `blight odds …`: exact probability distributions (enumerated, not sampled) for Blight pools,
 * tests, Shoots against Armour and Fights, and for Nightsong Checks and step dice.
 */
import { CombatOdds, type Distribution, Report, StepDie } from "@blight/dice"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../Command.js"
import { diceArg } from "../DiceArgs.js"
import { histogram, percent } from "../Histogram.js"

const usage = `usage:
  blight odds pool N [--blight B]                     successes and Crits of a pool
  blight odds test N --target T [--blight B]          chance a test passes
  blight odds shoot --dice D --armour A [--helmet] [--damage X] [--blight B]
                                                      damage after Armour (defender blocks optimally)
  blight odds fight --attacker A --defender D [--blight B] [--defender-blight B]
  blight odds fight --attacker A --defender-down [--blight B]
                                                      attacker successes minus defender's
  blight odds check --ability A --dr D [--adv|--dis] [--nuanced]   a Nightsong Check
  blight odds step d6                                 how many rolls a step die lasts
--blight B: the Blight dice the roller (the attacker, in a fight) adds, 0–3 (B-BLIGHTDICE-01);
--defender-blight B: the defender's (a Down defender rolls none, B-FIGHT-05). With Blight dice the
answer also gives the Blight their 1s are expected to give (B-BLIGHTDICE-03).
options: --json (one JSON object), --seed N (accepted; odds are exact and use no dice)`

const options = {
  seed: { type: "string" },
  json: { type: "boolean" },
  blight: { type: "string" },
  target: { type: "string" },
  dice: { type: "string" },
  armour: { type: "string" },
  helmet: { type: "boolean" },
  damage: { type: "string" },
  attacker: { type: "string" },
  defender: { type: "string" },
  "defender-down": { type: "boolean" },
  "defender-blight": { type: "string" },
  ability: { type: "string" },
  dr: { type: "string" },
  adv: { type: "boolean" },
  dis: { type: "boolean" },
  nuanced: { type: "boolean" },
} as const

/** The options each kind reads; any other one given is refused, not quietly dropped. */
const OWN: Record<string, readonly string[]> = {
  pool: ["blight"],
  test: ["blight", "target"],
  shoot: ["blight", "dice", "armour", "helmet", "damage"],
  fight: ["attacker", "defender", "defender-down", "blight", "defender-blight"],
  check: ["ability", "dr", "adv", "dis", "nuanced"],
  step: [],
}
const COMMON = ["seed", "json"]

export const odds: Command = {
  name: "odds",
  summary: "exact odds: pools, tests, Shoot vs Armour, Fight margins, Nightsong checks, step dice",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    const [what, arg, extra] = positionals
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    if (o.seed !== undefined) intArg(o.seed, "--seed", { min: 0 })
    const own = what === undefined ? undefined : OWN[what]
    const stray = own && Object.keys(o).find((k) => !own.includes(k) && !COMMON.includes(k))
    if (stray)
      throw new UsageError(
        `--${stray} does not apply to \`odds ${what}\` (it takes ${own.map((k) => `--${k}`).join(", ") || "no options"})`,
      )
    const blightDice = o.blight === undefined ? 0 : diceArg(o.blight, "--blight", "blightDice")
    const need = (v: string | undefined, name: string, k: Parameters<typeof diceArg>[2] = "pool") => {
      if (v === undefined) throw new UsageError(`${name} is required`)
      return diceArg(v, name, k)
    }
    const noArg = () => {
      if (arg !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`)
    }
    let request: Report.OddsRequest
    switch (what) {
      case "pool":
        request = { kind: "pool", dice: diceArg(arg, "pool size", "pool"), blightDice }
        break
      case "test":
        request = {
          kind: "test",
          dice: diceArg(arg, "pool size", "pool"),
          target: o.target === undefined ? 1 : diceArg(o.target, "--target", "target"),
          blightDice,
        }
        break
      case "shoot":
        noArg()
        request = {
          kind: "shoot",
          dice: need(o.dice, "--dice"),
          armour: need(o.armour, "--armour", "armour"),
          helmet: o.helmet ?? false,
          damage: o.damage === undefined ? 1 : diceArg(o.damage, "--damage", "damage"),
          blightDice,
        }
        break
      case "fight": {
        noArg()
        const attacker = need(o.attacker, "--attacker")
        const down = o["defender-down"] ?? false
        const defenderBlight =
          o["defender-blight"] === undefined
            ? 0
            : diceArg(o["defender-blight"], "--defender-blight", "blightDice")
        if (down && o.defender !== undefined)
          throw new UsageError(`--defender: ${CombatOdds.DOWN_DEFENDER_DICE} (B-FIGHT-05)`)
        if (down && defenderBlight > 0)
          throw new UsageError(`--defender-blight: ${CombatOdds.DOWN_DEFENDER_BLIGHT} (B-FIGHT-05)`)
        request = {
          kind: "fight",
          attacker,
          ...(down ? {} : { defender: need(o.defender, "--defender") }),
          defenderDown: down,
          attackerBlight: blightDice,
          defenderBlight,
        }
        break
      }
      case "check":
        noArg()
        if (o.adv && o.dis) throw new UsageError("--adv and --dis cannot both be given")
        request = {
          kind: "check",
          ability: need(o.ability, "--ability", "ability"),
          dr: need(o.dr, "--dr", "dr"),
          advantage: o.adv ? "advantage" : o.dis ? "disadvantage" : "none",
          nuanced: o.nuanced ?? false,
        }
        break
      case "step":
        if (arg === undefined) throw new UsageError("which step die? e.g. `blight odds step d6`")
        request = { kind: "step", die: StepDie.stepDie(arg) }
        break
      case undefined:
        throw new UsageError("odds of what? pool, test, shoot, fight, check or step")
      default:
        throw new UsageError(`unknown odds ${JSON.stringify(what)}: pool, test, shoot, fight, check or step`)
    }
    const json = Report.oddsReport(request)
    const text = describe(request, json)
    if (o.json) writeJson(io, json)
    else io.stdout.write(`${text}\n`)
    return EXIT.ok
  },
}

type Dist = Distribution.Distribution

/** An Ability score as written: +2, 0, −1 (not "+-1"). */
const signed = (n: number): string => (n > 0 ? `+${n}` : n < 0 ? `−${-n}` : "+0")

/** " +2 Blight" after a pool that adds Blight dice, nothing when it adds none. */
const withBlight = (b: number | undefined): string => (b ? ` +${b} Blight` : "")

/** A readable table (with histograms) for an odds report. */
// biome-ignore lint/suspicious/noExplicitAny: reports are plain JSON
const describe = (r: Report.OddsRequest, j: Record<string, any>): string => {
  switch (r.kind) {
    case "pool": {
      const b = r.blightDice ?? 0
      return [
        `pool ${r.dice}${withBlight(b)}${j.desperate ? " (desperate: one die, 6 only)" : ""}: mean ${j.mean.successes.toFixed(3)} successes, ${j.mean.crits.toFixed(3)} Crits`,
        histogram("successes", j.successes as Dist),
        histogram("Crits", j.crits as Dist),
        ...(b > 0 ? [histogram("Blight gained", j.blight as Dist)] : []),
      ].join("\n")
    }
    case "test":
      return `test ${r.dice} (${r.target ?? 1})${withBlight(r.blightDice)}${Math.max(0, r.dice) + (r.blightDice ?? 0) < 1 ? " (desperate: one die, 6 only)" : ""}: ${percent(j.probability).trim()} to pass`
    case "shoot":
      return `shoot ${r.dice} dice${withBlight(r.blightDice)} vs Armour ${r.armour}${r.helmet ? " + Helmet" : ""}, Damage ${r.damage ?? 1}: mean ${j.mean.toFixed(3)}${j.meanBlight === undefined ? "" : `, Blight gained ${j.meanBlight.toFixed(3)} on average`}\n${histogram("damage", j.damage as Dist)}`
    case "fight": {
      const blight =
        j.meanBlight === undefined
          ? ""
          : `\nBlight gained on average: attacker ${j.meanBlight.attacker.toFixed(3)}${r.defenderDown ? "" : `, defender ${j.meanBlight.defender.toFixed(3)}`}`
      return r.defenderDown
        ? `fight ${r.attacker}${withBlight(r.attackerBlight)} vs a Down defender: it does not roll and is Finished whatever the attacker shows (B-FIGHT-05, B-FIGHT-06, R-DICE-05)${blight}\n${histogram("attacker's successes", j.margin as Dist, { atLeast: false })}`
        : `fight ${r.attacker}${withBlight(r.attackerBlight)} vs ${r.defender}${withBlight(r.defenderBlight)}: attacker wins ${percent(j.attackerWins).trim()}, tie ${percent(j.tie).trim()}, defender wins ${percent(j.defenderWins).trim()}${blight}\n${histogram("margin (attacker − defender)", j.margin as Dist, { atLeast: false })}`
    }
    case "check":
      return r.nuanced
        ? `Nuanced check ${signed(r.ability)} vs DR ${r.dr} (${r.advantage}): strong ${percent(j.strong).trim()}, weak ${percent(j.weak).trim()}, failure ${percent(j.failure).trim()}`
        : `check ${signed(r.ability)} vs DR ${r.dr} (${r.advantage}): ${percent(j.probability).trim()}`
    case "step":
      return `${r.die.toUpperCase()} lasts ${j.mean.toFixed(3)} rolls on average\n${histogram(
        "spent on roll",
        (j.rolls as Dist).filter((x) => x.probability > 0.0005),
        { atLeast: false },
      )}`
  }
}
