/**
 * A simple seeded policy to play a campaign without players (`blight campaign raid --auto`): the
 * raid is played by shuffling the legal commands with a seeded source and taking the first that
 * is not a withdrawal (facts and choices are picked the same way, so a seed replays); the
 * Aftermath's choices take the helper and the Meds re-roll when offered and otherwise a seeded
 * pick; Errands follow a fixed preference (recruit an empty roster, when food is short the table
 * Errand expected to bring most Rations (Scavenge, in the core pack), recruit when the roster is
 * small, build with Salvage to spare, sell Amber, else the table Errand expected to bring most). A
 * Refuge with nobody fit to raid forfeits (R-CAMPAIGN-12). Every die comes from `@blight/dice`.
 *
 * @since 0.3.0
 */
import { Prng } from "@blight/dice"
import { Either } from "effect"
import {
  type Battle,
  command as battleCommand,
  envOf as battleEnv,
  create as createBattle,
} from "../battle/Battle.js"
import type { Command as BattleCommand } from "../battle/Command.js"
import { legalCommands as battleLegal } from "../battle/Legal.js"
import type { EntryOf } from "../content/schema/Entries.js"
import { storesOf } from "../refuge/Ledger.js"
import { type Campaign, command, raidSeed, raidSetup } from "./Campaign.js"
import type { Command } from "./Command.js"
import type { Env } from "./Context.js"
import { unfit } from "./Decide.js"
import { legalCommands } from "./Legal.js"

const MAX_STEPS = 20_000

/** Plays a raid to its end with the seeded policy. */
export const playRaid = (battle: Battle, env: Env, seed: Prng.Seed): Either.Either<Battle, string> => {
  const rng = Prng.Prng.fromSeed(seed)
  const benv = battleEnv(env.content)
  let b = battle
  // Commands the engine listed, suspended on a fact, then refused whatever the answer: undone and
  // not tried again this round.
  let banned = new Set<string>()
  let round = b.state.round
  for (let step = 0; b.state.phase !== "over"; step++) {
    if (step >= MAX_STEPS) return Either.left(`the raid did not end within ${MAX_STEPS} commands`)
    if (b.state.round !== round) {
      round = b.state.round
      banned = new Set()
    }
    let legal = battleLegal(b.state, benv).filter((c) => !banned.has(JSON.stringify(c)))
    // Asked whether a model stands in Spore terrain, the policy says no: a coin toss walks
    // every model through the spores every round.
    const prompt = b.state.pending?.prompt
    if (prompt?.kind === "fact" && prompt.query.q === "in" && prompt.query.terrain === "spore") {
      const clear = legal.filter((c) => c.type === "state" && c.facts.some((f) => f.value === false))
      if (clear.length > 0) legal = clear
    }
    if (legal.length === 0) return Either.left("the raid is stuck: no legal command")
    const shuffled = [...legal]
    for (let i = shuffled.length - 1; i > 0; i--) {
      const j = rng.die(i + 1) - 1
      ;[shuffled[i], shuffled[j]] = [shuffled[j]!, shuffled[i]!]
    }
    // A side that has lost half its survivors withdraws (as a player would, to keep the rest);
    // otherwise non-withdrawals first. A listed command the engine still refuses is skipped.
    const beaten = (side: string) => {
      const mine = b.state.models.filter((m) => m.side === side && m.kind === "survivor")
      return mine.filter((m) => m.status === "active").length * 2 <= mine.length
    }
    const retreat = shuffled.find((c) => c.type === "withdraw" && beaten(c.side))
    const order: BattleCommand[] = retreat
      ? [retreat, ...shuffled.filter((c) => c !== retreat)]
      : [...shuffled.filter((c) => c.type !== "withdraw"), ...shuffled.filter((c) => c.type === "withdraw")]
    let next: Battle | undefined
    let why = ""
    for (const pick of order) {
      const r = battleCommand(b, pick, benv)
      if (Either.isRight(r)) {
        next = r.right
        break
      }
      why ||= `${pick.type}: ${r.left.reason}`
    }
    if (next === undefined && b.state.pending !== undefined) {
      const undone = battleCommand(b, { type: "undo" }, benv)
      if (Either.isRight(undone)) {
        banned.add(JSON.stringify(b.state.pending.command))
        next = undone.right
      }
    }
    if (next === undefined) return Either.left(`the raid is stuck: every listed command was refused (${why})`)
    b = next
  }
  return Either.right(b)
}

/** The policy's answer to a waiting campaign prompt. */
export const answer = (c: Campaign, rng: Prng.Prng): Command | undefined => {
  const p = c.state.pending?.prompt
  if (p === undefined || p.kind === "dice") return undefined
  const key = p.key.split(":")[0]
  if (key === "doctor" || key === "meds") return { type: "choose", option: p.options.at(-1)! }
  return { type: "choose", option: p.options[rng.die(p.options.length) - 1]! }
}

/** Answers every waiting choice with the policy. */
export const answerAll = (c: Campaign, env: Env, rng: Prng.Prng): Either.Either<Campaign, string> => {
  let cur = c
  for (let guard = 0; cur.state.pending?.prompt; guard++) {
    const a = answer(cur, rng)
    if (a === undefined || guard > 10_000)
      return Either.left("dice are waiting to be typed in (a manual campaign cannot be played --auto)")
    const r = command(cur, a, env)
    if (Either.isLeft(r)) return Either.left(r.left.reason)
    cur = r.right
  }
  return Either.right(cur)
}

/** The faces of a d6 each find covers, times what it brings of the stores that count. */
const expected = (e: EntryOf["errands"], counts: (store: string) => boolean): number =>
  e.does.kind !== "roll"
    ? 0
    : e.does.rows.reduce((sum, row) => {
        const [lo, hi] =
          typeof row.key === "number" ? [row.key, row.key] : Array.isArray(row.key) ? row.key : [0, -1]
        const g = row.result.gives
        return sum + (g && counts(g.store) ? (hi - lo + 1) * g.amount : 0)
      }, 0)

/** Of the legal table Errands, the one expected to bring most of the stores that count (ties: the first loaded). */
const best = (
  legal: ReadonlyArray<Command>,
  env: Env,
  counts: (store: string) => boolean,
): Command | undefined => {
  let pick: { c: Command; v: number } | undefined
  for (const c of legal) {
    if (c.type !== "errand") continue
    const e = env.content.get("errands", c.errand)
    const v = e ? expected(e, counts) : 0
    if (v > 0 && (pick === undefined || v > pick.v)) pick = { c, v }
  }
  return pick?.c
}

/** The policy's next Errand for a Refuge, or `pass`: food first, then people, then improvements. */
const errandFor = (c: Campaign, refuge: number, env: Env): Command | undefined => {
  const r = c.state.refuges[refuge]!
  if (r.errands === 0) return undefined
  const legal = legalCommands(c.state, env).filter((x) => "refuge" in x && x.refuge === refuge)
  const stores = storesOf(r.refuge.ledger)
  const cost = (x: Command) =>
    x.type === "recruit" ? (env.content.get("backgrounds", x.background)?.cost ?? 99) : 99
  const recruit = legal.filter((x) => x.type === "recruit").sort((a, b) => cost(a) - cost(b))[0]
  const n = r.refuge.survivors.length
  if (n === 0 && recruit) return recruit
  const rations = best(legal, env, (store) => store === "rations")
  if (stores.rations < n + 1 && rations) return rations
  if (n < 4 && recruit) return recruit
  const build = legal.find(
    (x) =>
      x.type === "build" &&
      (env.content.get("improvements", x.improvement)?.cost ?? 99) + 15 <= stores.salvage,
  )
  if (build) return build
  const sell = legal.find((x) => x.type === "trade" && x.orders.some((o) => "sellAmber" in o))
  if (sell) return sell
  return best(legal, env, () => true) ?? legal.find((x) => x.type === "pass")
}

/** Runs every Refuge's remaining Errands by the policy. */
export const runErrands = (c: Campaign, env: Env, rng: Prng.Prng): Either.Either<Campaign, string> => {
  let cur = c
  for (let refuge = 0; refuge < cur.state.refuges.length; refuge++) {
    for (let guard = 0; guard < 10; guard++) {
      const e = errandFor(cur, refuge, env)
      if (e === undefined) break
      const r = command(cur, e, env)
      if (Either.isLeft(r)) return Either.left(`${e.type}: ${r.left.reason}`)
      const answered = answerAll(r.right, env, rng)
      if (Either.isLeft(answered)) return answered
      cur = answered.right
    }
  }
  return Either.right(cur)
}

/** Errands, the next raid played by the policy, its Aftermath with the policy's choices. */
export const autoRaid = (
  c: Campaign,
  env: Env,
  scenario?: string,
): Either.Either<{ readonly campaign: Campaign; readonly battle?: Battle }, string> => {
  const seed = raidSeed(c.state)
  const rng = Prng.Prng.fromSeed(`${seed}:policy`)
  const before = answerAll(c, env, rng)
  if (Either.isLeft(before)) return Either.left(before.left)
  const errands = runErrands(before.right, env, rng)
  if (Either.isLeft(errands)) return Either.left(errands.left)
  const out = errands.right.state.refuges.findIndex((_, i) => unfit(errands.right.state, i))
  if (out >= 0) {
    const f = command(errands.right, { type: "forfeit", refuge: out }, env)
    if (Either.isLeft(f)) return Either.left(f.left.reason)
    const after = answerAll(f.right, env, rng)
    if (Either.isLeft(after)) return Either.left(after.left)
    return Either.right({ campaign: after.right })
  }
  const setup = raidSetup(errands.right.state, { seed }, scenario, env.content)
  if (Either.isLeft(setup)) return Either.left(`${setup.left.reason} (${setup.left.clause})`)
  const created = createBattle(setup.right, battleEnv(env.content))
  if (Either.isLeft(created))
    return Either.left(created.left.map((p) => `${p.path}: ${p.message}`).join("; "))
  const played = playRaid(created.right, env, `${seed}:play`)
  if (Either.isLeft(played)) return Either.left(played.left)
  const recorded = command(errands.right, { type: "recordRaid", battle: played.right.state }, env)
  if (Either.isLeft(recorded)) return Either.left(recorded.left.reason)
  const after = answerAll(recorded.right, env, rng)
  if (Either.isLeft(after)) return Either.left(after.left)
  return Either.right({ campaign: after.right, battle: played.right })
}
