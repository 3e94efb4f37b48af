/**
 * Which campaign state a raid was set up from (R-CAMPAIGN-40): a raid set up at the table from a
 * campaign (`blight raid new --campaign`) carries a marker — the raid's number, the campaign's
 * event count and the hash of its state then — and a `recordRaid` that gives it is refused unless
 * the campaign is still in that state and the raid carries the campaign's context (its Season, the
 * Hollowed it remembers, each Refuge's clean street and trophies, its packs). So a raid set up
 * without the campaign, from an older state of it (a raid already recorded, an Errand run since)
 * or from another campaign is refused, saying which.
 *
 * @since 0.5.0
 */
import { hash as hashOf } from "@blight/engine"
import { Result, Schema } from "effect"
import type { State as BattleState } from "../battle/State.js"
import { campaignContext } from "./NextRaid.js"
import type { CampaignState } from "./State.js"

/** The campaign state a raid was set up from. */
export const RaidMarker = Schema.Struct({
  /** The campaign raid it is: the raids recorded at set-up, plus one. */
  raid: Schema.Int.check(Schema.isGreaterThanOrEqualTo(1)),
  /** The campaign's events applied at set-up. */
  seq: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** The hash of the campaign's state at set-up. */
  state: Schema.String.check(Schema.isMaxLength(64)),
}).annotate({
  identifier: "RaidMarker",
  description: "The campaign state a raid was set up from (R-CAMPAIGN-40)",
})
export type RaidMarker = typeof RaidMarker.Type

/**
 * The marker for a raid set up from this state. Its hash leaves out the dice state, which players
 * never see (a marker may be shown to them); every roll is an event, so `seq` moves with it.
 */
export const markerOf = (state: CampaignState, refuges?: ReadonlyArray<number>): RaidMarker => ({
  raid: state.raids.length + 1,
  seq: state.seq,
  state: hashOf(
    refuges === undefined || refuges.length === state.refuges.length
      ? { ...state, dice: { mode: state.dice.mode } }
      : partOf(state, refuges),
  ),
})

/**
 * R-CAMPAIGN-42: a league raid between some of the Refuges is set up from their part of the
 * campaign only — those Refuges, the Season, the Hollowed, the packs and options — so a raid of
 * other Refuges recorded meanwhile does not make it stale unless it changes that part.
 */
const partOf = (state: CampaignState, refuges: ReadonlyArray<number>) => ({
  refuges: refuges.map((i) => state.refuges[i]),
  season: state.season,
  hollowed: state.hollowed,
  packs: state.packs,
  options: state.options,
  open: (state.open ?? []).filter((o) => o.refuges.some((r) => refuges.includes(r))),
})

/** The campaign indices of a raid's Refuge sides, found by name (unknown names left out). */
const refugesOf = (state: CampaignState, battle: BattleState): number[] =>
  battle.sides
    .filter((s) => s.kind === "refuge" || s.kind === "congregation")
    .map((s) => state.refuges.findIndex((r) => r.refuge.name === s.name))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b)

const where = (m: { readonly raid: number; readonly seq: number }) => `raid ${m.raid}, after event ${m.seq}`

/** Does the marker name this state? Left: why not, in words. */
const sameState = (
  state: CampaignState,
  marker: RaidMarker,
  refuges: ReadonlyArray<number>,
): Result.Result<void, string> => {
  const now = markerOf(state, refuges)
  if (now.state === marker.state) return Result.void
  const why =
    marker.seq > now.seq || (marker.seq === now.seq && marker.raid === now.raid)
      ? "another campaign (or a line of this one since undone)"
      : "an older state of this campaign"
  return Result.fail(
    `setUp: the raid was set up from ${why} (${where(marker)}); the campaign is now at ${where(now)}: set the raid up again from the campaign (blight raid new --campaign)`,
  )
}

/** Does the raid carry the campaign's context, as its set-up would give it now? Left: what differs. */
const sameContext = (
  state: CampaignState,
  battle: BattleState,
  refuges: ReadonlyArray<number>,
): Result.Result<void, string> => {
  if (battle.campaign === undefined)
    return Result.fail(
      "battle: the raid was set up without the campaign (no Hollowed, clean street or trophies in it)",
    )
  if ((battle.season ?? "") !== state.season)
    return Result.fail(
      `battle.season: the raid was set up in ${battle.season ?? "no Season"}; the campaign is in ${state.season}`,
    )
  const missing = state.packs.filter((p) => !battle.packs.includes(p))
  if (missing.length > 0)
    return Result.fail(`battle.packs: the raid was set up without the campaign's ${missing.join(", ")}`)
  const want = campaignContext(state, refuges.length === state.refuges.length ? undefined : refuges)
  if (hashOf(battle.campaign.hollowed) !== hashOf(want.hollowed))
    return Result.fail(
      "battle.campaign.hollowed: the raid's Hollowed are not the ones the campaign remembers",
    )
  if (hashOf(battle.campaign.refuges ?? []) !== hashOf(want.refuges))
    return Result.fail("battle.campaign.refuges: the raid's clean streets or trophies are not the campaign's")
  return Result.void
}

/**
 * Was the raid set up from the campaign's current state (R-CAMPAIGN-40)? Left: why not, naming the
 * path; the marker is checked first, so a stale raid says how far the campaign has moved on.
 */
export const checkSetUp = (
  state: CampaignState,
  battle: BattleState,
  marker: RaidMarker,
): Result.Result<void, string> => {
  const refuges = refugesOf(state, battle)
  return Result.flatMap(sameState(state, marker, refuges), () => sameContext(state, battle, refuges))
}
