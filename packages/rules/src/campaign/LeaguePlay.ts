/**
 * A league raid played by the campaign's policy (R-CAMPAIGN-41/42): the raid opened between the
 * Refuges named (or the schedule's next pairing), set up from their part of the campaign, played,
 * recorded, its Aftermath answered, and then the Errands of its own Refuges for their next raid
 * (B-ERRAND-02: after the Aftermath). A Refuge with nobody fit forfeits the raid (R-CAMPAIGN-12).
 *
 * @since 0.7.0
 */
import { Prng } from "@blight/dice"
import { Result } from "effect"
import { at, known, last } from "../terms/Indexed.js"
import { type AutoRaid, answerAll, playSetUp, runErrands } from "./AutoPlay.js"
import { type Campaign, command, raidSeed, raidSetup } from "./Campaign.js"
import type { Env } from "./Context.js"
import { unfit } from "./Decide.js"
import { openRaidOf } from "./League.js"

/** How the raid is chosen: its Refuges by index, or the schedule's next pairing. */
export type Pick = { readonly refuges: ReadonlyArray<number> } | { readonly next: true }

/** Opens the raid (unless its Refuges' raid is open already); Right: the campaign and the raid's Refuges. */
export const openFor = (
  c: Campaign,
  env: Env,
  pick: Pick,
): Result.Result<readonly [Campaign, number[]], string> => {
  if ("refuges" in pick) {
    const sorted = [...pick.refuges].sort((a, b) => a - b)
    const open = openRaidOf(c.state, at(sorted, 0))
    if (open !== undefined && open.refuges.join(",") === sorted.join(",")) return Result.succeed([c, sorted])
  }
  const opened = command(
    c,
    { type: "openRaid", ...("refuges" in pick ? { refuges: [...pick.refuges] } : {}) },
    env,
  )
  if (Result.isFailure(opened)) return Result.fail(`${opened.failure.reason} (${opened.failure.clause})`)
  return Result.succeed([opened.success, [...last(known(opened.success.state.open, "open raids")).refuges]])
}

/** One league raid by the policy, from opening to its Refuges' Errands after it. */
export const autoLeagueRaid = (
  c: Campaign,
  env: Env,
  pick: Pick,
  options: { readonly scenario?: string; readonly fast?: boolean } = {},
): Result.Result<AutoRaid, string> => {
  const opened = openFor(c, env, pick)
  if (Result.isFailure(opened)) return Result.fail(opened.failure)
  const [cur, refuges] = opened.success
  const seed = raidSeed(cur.state, refuges)
  const rng = Prng.Prng.fromSeed(`${seed}:policy`)
  const finish = (after: Campaign, raid?: AutoRaid["raid"], battle?: AutoRaid["battle"]) => {
    const answered = answerAll(after, env, rng)
    if (Result.isFailure(answered)) return Result.fail(answered.failure)
    const errands = runErrands(answered.success, env, rng, refuges)
    if (Result.isFailure(errands)) return Result.fail(errands.failure)
    return Result.succeed({
      campaign: errands.success,
      ...(raid ? { raid } : {}),
      ...(battle ? { battle } : {}),
    })
  }
  const out = refuges.find((i) => unfit(cur.state, i))
  if (out !== undefined) {
    const f = command(cur, { type: "forfeit", refuge: out }, env)
    return Result.isFailure(f) ? Result.fail(f.failure.reason) : finish(f.success)
  }
  const setup = raidSetup(cur.state, { seed }, options.scenario, env.content, refuges)
  if (Result.isFailure(setup)) return Result.fail(`${setup.failure.reason} (${setup.failure.clause})`)
  const played = playSetUp(setup.success, env, seed, options.fast === true)
  if (Result.isFailure(played)) return Result.fail(played.failure)
  const recorded = command(cur, { type: "recordRaid", battle: played.success.raid.state }, env)
  if (Result.isFailure(recorded)) return Result.fail(recorded.failure.reason)
  return finish(recorded.success, played.success.raid, played.success.battle)
}
