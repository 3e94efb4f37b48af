/**
 * `blight odds …`: exact probability distributions (enumerated, not sampled) for Blight pools,
 * tests, Shoots against Armour and Fights, and for Nightsong Checks and step dice.
 */
import { CombatOdds, NightsongOdds, PoolOdds, StepDie } from "@blight/dice"
import { type Command, EXIT, intArg, parse, UsageError, writeJson } from "../Command.js"
import { histogram, percent } from "../Histogram.js"

const usage = `usage:
  blight odds pool N [--blight B]                     successes and Crits of a pool
  blight odds test N --target T [--blight B]          chance a test passes
  blight odds shoot --dice D --armour A [--helmet] [--damage X] [--blight B]
                                                      damage after Armour (defender blocks optimally)
  blight odds fight --attacker A --defender D [--defender-down]
                                                      attacker successes minus defender's
  blight odds check --ability A --dr D [--adv|--dis] [--nuanced]   a Nightsong Check
  blight odds step d6                                 how many rolls a step die lasts
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
  ability: { type: "string" },
  dr: { type: "string" },
  adv: { type: "boolean" },
  dis: { type: "boolean" },
  nuanced: { type: "boolean" },
} as const

const POOL = { min: -20, max: 60 }

export const odds: Command = {
  name: "odds",
  summary: "exact odds: pools, tests, Shoot vs Armour, Fight margins, Nightsong checks, step dice",
  usage,
  run: async (args, io) => {
    const { values: o, positionals } = parse(args, options)
    const [what, arg, extra] = positionals
    if (extra !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(extra)}`)
    if (o.seed !== undefined) intArg(o.seed, "--seed", { min: 0 })
    const blightDice = o.blight === undefined ? 0 : intArg(o.blight, "--blight", { min: 0, max: 3 })
    const need = (v: string | undefined, name: string, range = POOL) => {
      if (v === undefined) throw new UsageError(`${name} is required`)
      return intArg(v, name, range)
    }
    const noArg = () => {
      if (arg !== undefined) throw new UsageError(`unexpected argument ${JSON.stringify(arg)}`)
    }
    let json: unknown
    let text: string
    switch (what) {
      case "pool": {
        const n = intArg(arg, "pool size", POOL)
        const r = PoolOdds.poolOdds(n, blightDice)
        json = {
          dice: n,
          blightDice,
          desperate: r.desperate,
          successes: r.successes,
          crits: r.crits,
          joint: r.joint,
          ...(blightDice > 0 ? { blight: r.blight } : {}),
          mean: blightDice > 0 ? r.mean : { successes: r.mean.successes, crits: r.mean.crits },
        }
        text = [
          `pool ${n}${blightDice ? ` +${blightDice} Blight` : ""}${r.desperate ? " (desperate: one die, 6 only)" : ""}: mean ${r.mean.successes.toFixed(3)} successes, ${r.mean.crits.toFixed(3)} Crits`,
          histogram("successes", r.successes),
          histogram("Crits", r.crits),
          ...(blightDice > 0 ? [histogram("Blight gained", r.blight)] : []),
        ].join("\n")
        break
      }
      case "test": {
        const n = intArg(arg, "pool size", POOL)
        const target = o.target === undefined ? 1 : intArg(o.target, "--target", { min: 1, max: 100 })
        const p = PoolOdds.testChance(n, target, blightDice)
        json = { probability: p }
        text = `test ${n} (${target})${blightDice ? ` +${blightDice} Blight` : ""}: ${percent(p).trim()} to pass`
        break
      }
      case "shoot": {
        noArg()
        const dice = need(o.dice, "--dice")
        const armour = need(o.armour, "--armour", { min: 0, max: 20 })
        const damage = o.damage === undefined ? 1 : intArg(o.damage, "--damage", { min: 0, max: 20 })
        const r = CombatOdds.shootOdds({ dice, armour, helmet: o.helmet ?? false, damage, blightDice })
        json = { damage: r.damage, mean: r.mean }
        text = `shoot ${dice} dice vs Armour ${armour}${o.helmet ? " + Helmet" : ""}, Damage ${damage}: mean ${r.mean.toFixed(3)}\n${histogram("damage", r.damage)}`
        break
      }
      case "fight": {
        noArg()
        const attacker = need(o.attacker, "--attacker")
        const defender = o["defender-down"] ? 0 : need(o.defender, "--defender")
        const r = CombatOdds.fightOdds({ attacker, defender, defenderDown: o["defender-down"] ?? false })
        json = {
          margin: r.margin,
          attackerWins: r.attackerWins,
          defenderWins: r.defenderWins,
          tie: r.tie,
          mean: r.mean,
        }
        text = `fight ${attacker} vs ${o["defender-down"] ? "a Down defender" : defender}: attacker wins ${percent(r.attackerWins).trim()}, tie ${percent(r.tie).trim()}, defender wins ${percent(r.defenderWins).trim()}\n${histogram("margin (attacker − defender)", r.margin, { atLeast: false })}`
        break
      }
      case "check": {
        noArg()
        if (o.adv && o.dis) throw new UsageError("--adv and --dis cannot both be given")
        const ability = need(o.ability, "--ability", { min: -10, max: 30 })
        const dr = need(o.dr, "--dr", { min: 0, max: 60 })
        const advantage = o.adv ? "advantage" : o.dis ? "disadvantage" : "none"
        if (o.nuanced) {
          const r = NightsongOdds.nuancedOdds(ability, dr, advantage)
          json = { ability, dr, advantage, nuanced: true, ...r }
          text = `Nuanced check +${ability} vs DR ${dr} (${advantage}): strong ${percent(r.strong).trim()}, weak ${percent(r.weak).trim()}, failure ${percent(r.failure).trim()}`
        } else {
          const p = NightsongOdds.checkChance(ability, dr, advantage)
          json = { ability, dr, advantage, probability: p }
          text = `check +${ability} vs DR ${dr} (${advantage}): ${percent(p).trim()}`
        }
        break
      }
      case "step": {
        if (arg === undefined) throw new UsageError("which step die? e.g. `blight odds step d6`")
        const r = NightsongOdds.stepDieLifetime(StepDie.stepDie(arg))
        json = r
        text = `${r.die.toUpperCase()} lasts ${r.mean.toFixed(3)} rolls on average\n${histogram(
          "spent on roll",
          r.rolls.filter((x) => x.probability > 0.0005),
          { atLeast: false },
        )}`
        break
      }
      case undefined:
        throw new UsageError("odds of what? pool, test, shoot, fight, check or step")
      default:
        throw new UsageError(`unknown odds ${JSON.stringify(what)}: pool, test, shoot, fight, check or step`)
    }
    if (o.json) writeJson(io, json)
    else io.stdout.write(`${text}\n`)
    return EXIT.ok
  },
}
