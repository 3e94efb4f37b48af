/**
 * A simple seeded policy to play a campaign without players (`blight campaign raid --auto`): the
 * raid is played by shuffling the legal commands with a seeded source and taking the first that
 * is not a withdrawal (facts and choices are picked the same way, so a seed replays); the
 * Aftermath's choices take the helper and the Meds re-roll when offered and otherwise a seeded
 * pick; Errands follow a fixed preference (recruit an empty roster, when food is short the table
 * Errand expected to bring most Rations (Scavenge, in the core pack), recruit when the roster is
 * small, build with Salvage to spare, sell Amber, else the table Errand expected to bring most). A
 * Refuge with nobody fit to raid forfeits (R-CAMPAIGN-12). Every die comes from `@blight/dice`.
 * Campaign runs (`blight sim --campaign`) play the same raids on the simulation's fast path
 * ({@link playRaidInPlace}).
 *
 * @since 0.3.0
 */
import { Prng } from "@blight/dice"
import type { Keep } from "@blight/engine"
import { Result } from "effect"
import {
  type Battle,
  command as battleCommand,
  envOf as battleEnv,
  create as createBattle,
} from "../battle/Battle.js"
import type { Command as BattleCommand, CommandOf } from "../battle/Command.js"
import type { Env as BattleEnv } from "../battle/Context.js"
import { applyInPlaceTo, startInPlace } from "../battle/Decide.js"
import type { Event as BattleEvent } from "../battle/Event.js"
import { fold as foldBattle } from "../battle/Evolve.js"
import { legalCommands as battleLegal, promptCandidates } from "../battle/Legal.js"
import { setup as battleSetup, type SetupInput } from "../battle/Setup.js"
import type { State as BattleState, Prompt } from "../battle/State.js"
import type { EntryOf } from "../content/schema/Entries.js"
import { freeWeaponIds } from "../refuge/Founding.js"
import { storesOf } from "../refuge/Ledger.js"
import { at, last } from "../terms/Indexed.js"
import { type Campaign, command, raidSeed, raidSetup } from "./Campaign.js"
import type { Command } from "./Command.js"
import type { Env } from "./Context.js"
import { unfit } from "./Decide.js"
import { dinByRound, dinTally, type RoundDin } from "./DinStatistics.js"
import { KINDS as EQUIP_KINDS, LIMIT as EQUIP_LIMIT } from "./Equip.js"
import { legalCommands } from "./Legal.js"

const MAX_STEPS = 20_000

/** Plays a raid to its end with the seeded policy. */
export const playRaid = (battle: Battle, env: Env, seed: Prng.Seed): Result.Result<Battle, string> => {
  let b = battle
  const benv = battleEnv(env.content)
  const tryCommand = (c: BattleCommand) => {
    const r = battleCommand(b, c, benv)
    if (Result.isFailure(r)) return r.failure.reason
    b = r.success
    return undefined
  }
  const done = policyLoop(() => b.state, tryCommand, benv, Prng.Prng.fromSeed(seed))
  return done === undefined ? Result.succeed(b) : Result.fail(done)
}

/** Why {@link playRaidInPlace} stopped short: the policy took back a command (undo is audited only). */
export const UNDO = "undo"

/**
 * {@link playRaid} on the simulation's fast path (`Decide.applyInPlaceTo`): the state, which the
 * caller owns, changed in place, each command's events handed to `onEvents` and dropped. The same
 * commands and the same final state as {@link playRaid}, but for the policy's undo (a state changed
 * in place keeps nothing to go back to): then Left {@link UNDO}, and the raid is to be played again
 * audited.
 */
export const playRaidInPlace = (
  state: BattleState,
  env: Env,
  seed: Prng.Seed,
  onEvents: (events: ReadonlyArray<BattleEvent>) => void,
  /** Which events to build for `onEvents` (`Keep`, default all: the kinds it reads are enough). */
  keep: Keep<BattleEvent> = true,
): Result.Result<BattleState, string> => {
  const benv = battleEnv(env.content)
  const rng = Prng.Prng.fromSeed(seed)
  // The table's facts and the players' choices are answered as the rules ask them, each as the
  // loop would answer it when it waits (the same draws in the same order), so no command waits
  // and runs again; each is counted as the step it would have been.
  let answered = 0
  const answerOf = (prompt: Prompt): BattleCommand => {
    answered++
    return at(orderOf(promptLegal(prompt), rng, state), 0)
  }
  const answering: BattleEnv = {
    ...benv,
    space: {
      ...benv.space,
      answer: (_state, _query, prompt) => at((answerOf(prompt) as CommandOf<"state">).facts, 0).value,
    },
    choose: (prompt) => (answerOf(prompt) as CommandOf<"choose">).option,
  }
  const tryCommand = (c: BattleCommand) => {
    if (c.type === "undo") return UNDO
    answered = 0
    const r = applyInPlaceTo(state, c, answering, "any", keep)
    if (Result.isFailure(r)) return r.failure.reason
    onEvents(r.success.events)
    return undefined
  }
  const done = policyLoop(
    () => state,
    tryCommand,
    benv,
    rng,
    () => answered,
  )
  return done === undefined ? Result.succeed(state) : Result.fail(done)
}

/**
 * The answers the policy picks among at a prompt: each answer offered (as `Legal.candidates` lists
 * them, all legal), but a model is said not to stand in Spore terrain when that is offered: a coin
 * toss walks every model through the spores every round.
 */
const promptLegal = (prompt: Prompt): BattleCommand[] => {
  const legal = promptCandidates(prompt)
  if (prompt.kind === "fact" && prompt.query.q === "in" && prompt.query.terrain === "spore") {
    const clear = legal.filter((c) => c.type === "state" && c.facts.some((f) => f.value === false))
    if (clear.length > 0) return clear
  }
  return legal
}

/**
 * The policy's order of the commands: shuffled with its source; a side that has lost half its
 * survivors withdraws (as a player would, to keep the rest), otherwise non-withdrawals first.
 */
const orderOf = (legal: ReadonlyArray<BattleCommand>, rng: Prng.Prng, s: BattleState): BattleCommand[] => {
  const shuffled = [...legal]
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = rng.die(i + 1) - 1
    const was = at(shuffled, i)
    shuffled[i] = at(shuffled, j)
    shuffled[j] = was
  }
  const beaten = (side: string) => {
    const mine = s.models.filter((m) => m.side === side && m.kind === "survivor")
    return mine.filter((m) => m.status === "active").length * 2 <= mine.length
  }
  const retreat = shuffled.find((c) => c.type === "withdraw" && beaten(c.side))
  return retreat
    ? [retreat, ...shuffled.filter((c) => c !== retreat)]
    : [...shuffled.filter((c) => c.type !== "withdraw"), ...shuffled.filter((c) => c.type === "withdraw")]
}

/**
 * The seeded policy's decisions: `tryCommand` applies a command (undefined) or says why not; the
 * loop stops with undefined when the raid is over, else why it is stuck (or {@link UNDO} when an
 * undo was refused as such). `answered`: the prompts the last command's rules had answered as
 * they asked them, each a step.
 */
const policyLoop = (
  now: () => BattleState,
  tryCommand: (c: BattleCommand) => string | undefined,
  benv: BattleEnv,
  rng: Prng.Prng,
  answered: () => number = () => 0,
): string | undefined => {
  // Commands the engine listed, suspended on a fact, then refused whatever the answer: undone and
  // not tried again this round.
  let banned = new Set<string>()
  let round = now().round
  for (let step = 0; now().phase !== "over"; step++) {
    const s = now()
    if (step >= MAX_STEPS) return `the raid did not end within ${MAX_STEPS} commands`
    if (s.round !== round) {
      round = s.round
      banned = new Set()
    }
    const prompt = s.pending?.prompt
    // A prompt's answers are all legal, and never an undone command.
    const legal =
      prompt !== undefined && prompt.kind !== "dice"
        ? promptLegal(prompt)
        : battleLegal(s, benv).filter((c) => !banned.has(JSON.stringify(c)))
    if (legal.length === 0) return "the raid is stuck: no legal command"
    // A listed command the engine still refuses is skipped.
    let accepted = false
    let why = ""
    for (const pick of orderOf(legal, rng, s)) {
      const refused = tryCommand(pick)
      if (refused === undefined) {
        accepted = true
        step += answered()
        break
      }
      why ||= `${pick.type}: ${refused}`
    }
    const pending = s.pending
    if (!accepted && pending !== undefined) {
      const refused = tryCommand({ type: "undo" })
      if (refused === UNDO) return UNDO
      if (refused === undefined) {
        banned.add(JSON.stringify(pending.command))
        accepted = true
      }
    }
    if (!accepted) return `the raid is stuck: every listed command was refused (${why})`
  }
  return undefined
}

/** The policy's answer to a waiting campaign prompt. */
export const answer = (c: Campaign, rng: Prng.Prng): Command | undefined => {
  const p = c.state.pending?.prompt
  if (p === undefined || p.kind === "dice") return undefined
  const key = p.key.split(":")[0]
  if (key === "doctor" || key === "meds") return { type: "choose", option: last(p.options) }
  return { type: "choose", option: at(p.options, rng.die(p.options.length) - 1) }
}

/** Answers every waiting choice with the policy. */
export const answerAll = (c: Campaign, env: Env, rng: Prng.Prng): Result.Result<Campaign, string> => {
  let cur = c
  for (let guard = 0; cur.state.pending?.prompt; guard++) {
    const a = answer(cur, rng)
    if (a === undefined || guard > 10_000)
      return Result.fail("dice are waiting to be typed in (a manual campaign cannot be played --auto)")
    const r = command(cur, a, env)
    if (Result.isFailure(r)) return Result.fail(r.failure.reason)
    cur = r.success
  }
  return Result.succeed(cur)
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
  const r = at(c.state.refuges, refuge)
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

/**
 * The policy's use of `equip` (R-CAMPAIGN-27): gear waiting in the stash (a firearm from the Loot
 * table, a fallen survivor's kit) goes to whoever has room, in roster order, stash order, nothing
 * taken from anyone. Every Molotov and bomb is counted against the weapon limit here, so a hand-out
 * is never one the rules refuse; should one be refused all the same, it changes nothing.
 */
export const handOut = (c: Campaign, refuge: number, env: Env): Campaign => {
  const free = new Set(freeWeaponIds(env.content))
  let cur = c
  for (const s of at(c.state.refuges, refuge).refuge.survivors) {
    const r = at(cur.state.refuges, refuge).refuge
    const gear = { weapons: [] as string[], armour: [] as string[], kit: [] as string[] }
    let added = false
    for (const kind of EQUIP_KINDS) {
      gear[kind] = s.equipment[kind].filter((id) => !free.has(id))
      for (const id of r.stash[kind])
        if (!free.has(id) && gear[kind].length < EQUIP_LIMIT[kind]) {
          gear[kind].push(id)
          added = true
        }
    }
    if (!added) continue
    const done = command(cur, { type: "equip", refuge, survivor: s.id, ...gear }, env)
    if (Result.isSuccess(done)) cur = done.success
  }
  return cur
}

/**
 * Runs the remaining Errands of every Refuge (or of those given) by the policy, each Refuge's gear
 * handed out first.
 */
export const runErrands = (
  c: Campaign,
  env: Env,
  rng: Prng.Prng,
  refuges: ReadonlyArray<number> = c.state.refuges.map((_, i) => i),
): Result.Result<Campaign, string> => {
  let cur = c
  for (const refuge of refuges) {
    cur = handOut(cur, refuge, env)
    for (let guard = 0; guard < 10; guard++) {
      const e = errandFor(cur, refuge, env)
      if (e === undefined) break
      const r = command(cur, e, env)
      if (Result.isFailure(r)) return Result.fail(`${e.type}: ${r.failure.reason}`)
      const answered = answerAll(r.success, env, rng)
      if (Result.isFailure(answered)) return answered
      cur = answered.success
    }
  }
  return Result.succeed(cur)
}

/** A raid of a campaign played by the policy. */
export interface AutoRaid {
  readonly campaign: Campaign
  /** The raid, every event kept (played audited; none if a Refuge forfeited). */
  readonly battle?: Battle
  /** The raid's final state and its Din, on either path (none if a Refuge forfeited). */
  readonly raid?: { readonly state: BattleState; readonly din: ReadonlyArray<RoundDin> }
}

/**
 * Errands, the next raid played by the policy, its Aftermath with the policy's choices. With
 * `fast` (simulation) the raid is played in place ({@link playRaidInPlace}) and no `battle` is
 * kept; a raid the policy undoes in is played again audited from its start. Either way the same
 * raid, the same campaign after it.
 */
export const autoRaid = (
  c: Campaign,
  env: Env,
  scenario?: string,
  options: { readonly fast?: boolean } = {},
): Result.Result<AutoRaid, string> => {
  const seed = raidSeed(c.state)
  const rng = Prng.Prng.fromSeed(`${seed}:policy`)
  const before = answerAll(c, env, rng)
  if (Result.isFailure(before)) return Result.fail(before.failure)
  const errands = runErrands(before.success, env, rng)
  if (Result.isFailure(errands)) return Result.fail(errands.failure)
  const out = errands.success.state.refuges.findIndex((_, i) => unfit(errands.success.state, i))
  if (out >= 0) {
    const f = command(errands.success, { type: "forfeit", refuge: out }, env)
    if (Result.isFailure(f)) return Result.fail(f.failure.reason)
    const after = answerAll(f.success, env, rng)
    if (Result.isFailure(after)) return Result.fail(after.failure)
    return Result.succeed({ campaign: after.success })
  }
  const setup = raidSetup(errands.success.state, { seed }, scenario, env.content)
  if (Result.isFailure(setup)) return Result.fail(`${setup.failure.reason} (${setup.failure.clause})`)
  const played = playSetUp(setup.success, env, seed, options.fast === true)
  if (Result.isFailure(played)) return Result.fail(played.failure)
  const { raid, battle } = played.success
  const recorded = command(errands.success, { type: "recordRaid", battle: raid.state }, env)
  if (Result.isFailure(recorded)) return Result.fail(recorded.failure.reason)
  const after = answerAll(recorded.success, env, rng)
  if (Result.isFailure(after)) return Result.fail(after.failure)
  return Result.succeed({ campaign: after.success, raid, ...(battle ? { battle } : {}) })
}

/**
 * A raid set up from the campaign, played by the policy: in place with `fast` (simulation), or
 * audited with every event kept (`battle`); a raid the policy undoes in is played again audited.
 */
export const playSetUp = (
  setup: SetupInput,
  env: Env,
  seed: string,
  inPlaceFirst: boolean,
): Result.Result<{ readonly raid: NonNullable<AutoRaid["raid"]>; readonly battle?: Battle }, string> => {
  const benv = battleEnv(env.content)
  const fast = inPlaceFirst ? inPlace(setup, env, seed) : undefined
  let raid: { state: BattleState; din: ReadonlyArray<RoundDin> }
  let battle: Battle | undefined
  if (fast !== undefined && !(Result.isFailure(fast) && fast.failure === UNDO)) {
    if (Result.isFailure(fast)) return Result.fail(fast.failure)
    raid = fast.success
  } else {
    const created = createBattle(setup, benv)
    if (Result.isFailure(created))
      return Result.fail(created.failure.map((p) => `${p.path}: ${p.message}`).join("; "))
    const played = playRaid(created.success, env, `${seed}:play`)
    if (Result.isFailure(played)) return Result.fail(played.failure)
    battle = played.success
    raid = { state: battle.state, din: dinByRound(battle.events) }
  }
  return Result.succeed({ raid, ...(battle ? { battle } : {}) })
}

/** A raid set up and played in place (Left {@link UNDO}: to be played again audited). */
const inPlace = (
  input: SetupInput,
  env: Env,
  seed: string,
): Result.Result<{ state: BattleState; din: ReadonlyArray<RoundDin> }, string> => {
  const initial = battleSetup(input, env.content)
  if (Result.isFailure(initial))
    return Result.fail(initial.failure.map((p) => `${p.path}: ${p.message}`).join("; "))
  const tally = dinTally()
  const add = (events: ReadonlyArray<BattleEvent>) => {
    for (const e of events) tally.add(e)
  }
  const started = startInPlace(
    foldBattle([{ type: "battle.setup", state: initial.success }]),
    battleEnv(env.content),
    tally.wants,
  )
  add(started.events)
  return Result.map(playRaidInPlace(started.state, env, `${seed}:play`, add, tally.wants), (state) => ({
    state,
    din: tally.din,
  }))
}
