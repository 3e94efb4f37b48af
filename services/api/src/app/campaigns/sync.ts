/**
 * Bringing a campaign up to date before it is read: the creation events a stopped process left
 * unstored, and the record of its raid once that raid has ended (`recordRaid`, by the server, then
 * the Aftermath's steps until a member must choose).
 */
import { applyCampaign, Campaign, type Refuge } from "@blight/rules"
import { Effect, Result } from "effect"
import type * as CampaignRepo from "../../db/campaigns.js"
import * as Repo from "../../db/repositories.js"
import { contentWith, type Deps, type Player } from "../App.js"
import * as Raids from "../Raids.js"
import { append, stateAt } from "../stream/index.js"
import { campaignEngine } from "./engine.js"
import { foldLeagueRaid } from "./league.js"
import { cannot, envOf, load, reader, type Setup, setupOf } from "./stored.js"

/** The engine's creation events once every member's Refuge is in (422 when the engine refuses). */
export const created = (deps: Deps, setup: Setup) =>
  Effect.gen(function* () {
    const content = yield* contentWith(deps, setup.packs)
    const made = Campaign.create(
      setup.refuges as Refuge.Refuge[],
      setup.dice,
      Campaign.envOf(content),
      undefined,
      setup.options ?? {},
    )
    if (Result.isFailure(made))
      return yield* Effect.fail(cannot("the campaign cannot be made", "members", made.failure))
    return made.success
  })

/**
 * Stores the engine's creation events at version 0. Of two writers (the last joiner, and a reader
 * finishing a join a stopped process left undone) one stores them; the events are the same either
 * way (the set-up and its seed decide them), so the other has nothing to do.
 */
export const begin = (deps: Deps, c: CampaignRepo.StoredCampaign, made: Campaign.Campaign) =>
  Effect.asVoid(append(campaignEngine, deps, { row: c, expected: 0, decided: made }))

/**
 * Folds the campaign's raid in if it has ended. Idempotent: the append names the version and
 * clears the link in one transaction, so of two folders one stores it and the other re-reads.
 */
const sync = (deps: Deps, c: CampaignRepo.StoredCampaign) =>
  Effect.gen(function* () {
    // Every Refuge in but not begun: the last join was stored and the process stopped before the
    // creation events were; they are stored now.
    if (c.status === "waiting" && setupOf(c).refuges.every((r) => r !== null)) {
      yield* begin(deps, c, yield* created(deps, setupOf(c)))
      return yield* load(deps, c.id)
    }
    if (c.status === "waiting") return c
    if (c.raidId === undefined) return yield* foldLeague(deps, c)
    const raid = yield* Effect.promise(() => Repo.raidById(deps.db, c.raidId!))
    if (raid?.status !== "over") return c
    const battle = yield* Raids.raidStateOf(deps, raid)
    const state = yield* stateAt(campaignEngine, deps, c)
    const env = yield* envOf(deps, c)
    const folded = applyCampaign(state, { type: "recordRaid", battle }, env, "engine")
    // The raid was set up from this campaign, so its record fits: a refusal is a defect.
    if (Result.isFailure(folded))
      return yield* Effect.die(
        new Error(`campaign ${c.id}: raid ${raid.id} does not fold in: ${folded.failure.reason}`),
      )
    yield* append(campaignEngine, deps, {
      row: c,
      expected: c.version,
      decided: folded.success,
      extra: { unlinkRaid: true },
    })
    return yield* load(deps, c.id)
  })

/** Folds in the league's ended raids, one at a time, while the campaign is between raids. */
const foldLeague = (deps: Deps, row: CampaignRepo.StoredCampaign) =>
  Effect.gen(function* () {
    let c = row
    for (let guard = 0; guard < 16; guard++) {
      const state = yield* stateAt(campaignEngine, deps, c)
      const folded = yield* foldLeagueRaid(deps, c, state)
      if (folded === undefined) return c
      c = yield* load(deps, c.id)
    }
    return c
  })

/** Folds a campaign's ended raid in (run when its raid's last command is stored). */
const foldEnded = (deps: Deps, campaignId: string): Effect.Effect<void> =>
  Effect.gen(function* () {
    const c = yield* load(deps, campaignId)
    yield* sync(deps, c)
  }).pipe(Effect.catchCause(() => Effect.void))

Raids.whenCampaignRaidEnds(foldEnded)

/** A campaign read for the caller, with an ended raid folded in first. */
export const readable = (deps: Deps, player: Player, id: string) =>
  Effect.gen(function* () {
    const c = yield* load(deps, id)
    yield* reader(c, player)
    return yield* sync(deps, c)
  })
