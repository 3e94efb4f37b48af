/** A campaign and its log as a member sees them: everything but the dice state. */
import type { CampaignState } from "@blight/rules"
import type * as CampaignRepo from "../../db/campaigns.js"
import type * as Repo from "../../db/repositories.js"
import type { Player } from "../App.js"
import { type CampaignLogEntry, type CampaignView, viewEvent, viewState } from "./schemas.js"
import { decodeLog, playsOf, setupOf } from "./stored.js"

export const viewOf = (
  c: CampaignRepo.StoredCampaign,
  player: Player,
  state?: CampaignState.CampaignState,
): CampaignView => {
  const s = setupOf(c)
  return {
    id: c.id,
    organiser: c.ownerId,
    status: c.status,
    version: c.version,
    packs: [...s.packs],
    dice: s.dice === "manual" ? "manual" : "seeded",
    members: c.members.map((m, i) => ({
      player: m.player,
      refuge: i,
      ...(s.refuges[i] ? { name: s.refuges[i]!.name } : {}),
      joined: s.refuges[i] !== null,
    })),
    you: playsOf(c, player),
    organising: c.ownerId === player.id,
    ...(c.raidId !== undefined ? { raid: c.raidId } : {}),
    raids: [...c.raids],
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    ...(state
      ? {
          season: state.season,
          ...(state.pending?.prompt ? { pending: state.pending.prompt } : {}),
          state: viewState(state),
        }
      : {}),
  }
}

/** Stored rows as a member sees them. */
export const viewed = (rows: ReadonlyArray<Repo.StoredEvent>): CampaignLogEntry[] =>
  decodeLog(rows).map((event, i) => ({ seq: rows[0]!.seq + i, event: viewEvent(event) }))
