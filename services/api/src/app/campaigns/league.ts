/**
 * A league's raids over HTTP (R-CAMPAIGN-41/42): the organiser starts a raid between some of the
 * campaign's Refuges (named, or the schedule's next pairing). Its opening is a campaign command
 * (`openRaid`), stored with the raid in one transaction; the campaign is not held while it plays,
 * so raids of other Refuges start and the other members command meanwhile. Each member is seated
 * at their own Refuge's side. When a raid ends its record is folded in (by the server) once the
 * campaign is between raids, one at a time.
 */
import { applyCampaign, Campaign, type CampaignState } from "@blight/rules"
import { Effect, Result } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import * as Repo from "../../db/repositories.js"
import { conflict } from "../ApiError.js"
import type { Deps } from "../App.js"
import * as Raids from "../Raids.js"
import { append, appendedAt, appendRow } from "../stream/index.js"
import { campaignEngine } from "./engine.js"
import type { StartRaidRequest } from "./requests.js"
import { cannot, envOf, linkedSetup } from "./stored.js"

type State = CampaignState.CampaignState
type Start = typeof StartRaidRequest.Type

/** Is the raid to start a league's (Refuges named, `next`, or a campaign that needs them named)? */
export const isLeagueStart = (state: State, input: Pick<Start, "refuges" | "next">) =>
  input.refuges !== undefined ||
  input.next === true ||
  state.refuges.length > 4 ||
  state.options.schedule !== undefined

/** Starts a league raid for the organiser; the raid's id, or undefined when the campaign moved. */
export const startLeagueRaid = (deps: Deps, c: CampaignRepo.StoredCampaign, state: State, input: Start) =>
  Effect.gen(function* () {
    const env = yield* envOf(deps, c)
    const open = applyCampaign(
      state,
      { type: "openRaid", ...(input.refuges !== undefined ? { refuges: [...input.refuges] } : {}) },
      env,
      "any",
    )
    if (Result.isFailure(open))
      return yield* Effect.fail(cannot("the campaign cannot raid now", "refuges", open.failure))
    const opened = open.success.state
    const refuges = opened.open!.at(-1)!.refuges
    const s = Campaign.raidSetup(
      opened,
      opened.dice.mode === "manual" ? "manual" : { seed: Campaign.raidSeed(opened, refuges) },
      input.scenario,
      env.content,
      refuges,
    )
    if (Result.isFailure(s))
      return yield* Effect.fail(cannot("the campaign cannot raid now", "refuges", s.failure))
    const setup = linkedSetup(c, input, s.success)
    const opening = appendRow(campaignEngine, deps, { row: c, expected: c.version, decided: open.success })
    // Each raid side is seated by the member who plays that Refuge.
    const raidId = yield* Raids.startLinked(
      deps,
      c.ownerId,
      refuges.map((i) => c.members[i]!.player),
      setup,
      (raid, first) => CampaignRepo.startLeagueRaid(deps.db, { ...opening, raids: c.raids }, raid, first),
    )
    if (raidId === undefined)
      return yield* Effect.fail(conflict(`campaign "${c.id}" moved on while starting its raid: reload it`))
    appendedAt(campaignEngine, deps, c.id, c.version + open.success.events.length, opened)
    return raidId
  })

/**
 * The league raid to fold in now, if any: between raids, the latest linked raid of an open raid's
 * Refuges that is over (a Refuge is in one open raid, so its latest raid is that one).
 */
const endedRaid = (deps: Deps, c: CampaignRepo.StoredCampaign, state: State) =>
  Effect.gen(function* () {
    if (state.phase !== "between" || state.pending !== undefined || (state.open ?? []).length === 0)
      return undefined
    const names = (rs: ReadonlyArray<number>) =>
      rs
        .map((i) => state.refuges[i]!.refuge.name)
        .sort()
        .join("|")
    const wanted = new Set((state.open ?? []).map((o) => names(o.refuges)))
    const seen = new Set<string>()
    for (const id of [...c.raids].reverse()) {
      const raid = yield* Effect.promise(() => Repo.raidById(deps.db, id))
      if (raid === undefined || raid.version === 0) continue
      const battle = yield* Raids.raidStateOf(deps, raid)
      const key = battle.sides
        .filter((s) => s.kind === "refuge" || s.kind === "congregation")
        .map((s) => s.name)
        .sort()
        .join("|")
      if (seen.has(key)) continue
      seen.add(key)
      if (wanted.has(key) && raid.status === "over") return battle
      // Every open raid's latest raid seen, none over: nothing to fold (older raids are recorded).
      if ([...wanted].every((k) => seen.has(k))) return undefined
    }
    return undefined
  })

/** Folds one ended league raid in (between raids); the campaign's row after, or undefined when none. */
export const foldLeagueRaid = (deps: Deps, c: CampaignRepo.StoredCampaign, state: State) =>
  Effect.gen(function* () {
    if (c.raidId !== undefined) return undefined
    const battle = yield* endedRaid(deps, c, state)
    if (battle === undefined) return undefined
    const env = yield* envOf(deps, c)
    const folded = applyCampaign(state, { type: "recordRaid", battle }, env, "engine")
    if (Result.isFailure(folded))
      return yield* Effect.die(
        new Error(`campaign ${c.id}: a league raid does not fold in: ${folded.failure.reason}`),
      )
    return yield* append(campaignEngine, deps, { row: c, expected: c.version, decided: folded.success })
  })
