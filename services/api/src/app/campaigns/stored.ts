/**
 * What is stored with a campaign: its row (members, set-up, the raid in play, version) and its log
 * of the campaign engine's events, in the same append-only table as raids.
 */
import { Campaign, CampaignEvent, type CampaignState, type Refuge } from "@blight/rules"
import { Effect, Schema } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import { forbidden, rulesViolated } from "../ApiError.js"
import { contentWith, type Deps, type Player } from "../App.js"
import type * as Raids from "../Raids.js"
import { loader, logDecoder } from "../stream/index.js"

export interface Setup {
  readonly packs: ReadonlyArray<string>
  readonly dice: { readonly seed: number } | "manual"
  /** Each member's Refuge as it came in (null: waiting for its player). */
  readonly refuges: ReadonlyArray<Refuge.Refuge | null>
  /** The group's rulings by name (absent: the defaults; campaigns stored before them have none). */
  readonly options?: Readonly<Record<string, string>>
}

export const setupOf = (c: CampaignRepo.StoredCampaign) => c.setup as Setup

export const decodeLog = logDecoder(
  Schema.decodeUnknownResult(Schema.Array(CampaignEvent.Event)),
  "campaign events",
)

export const statusOf = (state: CampaignState.CampaignState): CampaignRepo.CampaignStatus =>
  state.phase === "aftermath" ? "aftermath" : "between"

/** A campaign's row (404 when there is none). */
export const load = loader("campaign", CampaignRepo.campaignById)

/** The Refuges (indices) a player plays. */
export const playsOf = (c: CampaignRepo.StoredCampaign, player: Player): number[] =>
  c.members.flatMap((m, i) => (m.player === player.id ? [i] : []))

/** Its organiser and members read a campaign; anyone else gets 403. */
export const reader = (c: CampaignRepo.StoredCampaign, player: Player) =>
  c.ownerId === player.id || playsOf(c, player).length > 0
    ? Effect.void
    : Effect.fail(forbidden(`campaign "${c.id}" is played by other players`))

/** The engine's refusal of a campaign's set-up or raid (422), pointing at `path`. */
export const cannot = (
  message: string,
  path: string,
  r: { readonly reason: string; readonly clause?: string | undefined },
) => rulesViolated(message, [{ path, message: r.reason, ...(r.clause ? { clause: r.clause } : {}) }])

export const envOf = (deps: Deps, c: CampaignRepo.StoredCampaign) =>
  Effect.map(contentWith(deps, setupOf(c).packs), (content) => Campaign.envOf(content))

type SetupInput = Extract<ReturnType<typeof Campaign.raidSetup>, { readonly _tag: "Success" }>["success"]

/** A campaign raid's set-up for the raid machinery: the campaign's own (its Season, Hollowed, packs), linked to it. */
export const linkedSetup = (
  c: CampaignRepo.StoredCampaign,
  input: {
    readonly scenario?: string | undefined
    readonly options?: unknown
    readonly board?: "random" | undefined
  },
  s: SetupInput,
): Raids.RaidSetup => ({
  scenario: input.scenario ?? "cache",
  options: (input.options ?? {}) as Raids.RaidSetup["options"],
  packs: setupOf(c).packs,
  dice: s.dice,
  ...(input.board ? { board: input.board } : {}),
  refuges: s.refuges,
  campaignId: c.id,
  ...(s.season !== undefined ? { season: s.season } : {}),
  ...(s.campaign !== undefined ? { campaign: s.campaign } : {}),
})
