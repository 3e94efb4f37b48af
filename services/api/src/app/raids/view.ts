/** A raid and its events as a player sees them: everything but the dice state. */
import { Auto, Battle, type BattleEvent, type BattleState, sideOnTurn } from "@blight/rules"
import type * as Repo from "../../db/repositories.js"
import type { Player } from "../App.js"
import type { RaidEvent, RaidView } from "./schemas.js"
import { sidesOf } from "./seats.js"
import { setupOf } from "./stored.js"

export const viewOf = (raid: Repo.StoredRaid, player: Player, state?: BattleState.State): RaidView => {
  const s = setupOf(raid)
  const turn = state ? sideOnTurn(state)?.id : undefined
  return {
    id: raid.id,
    owner: raid.ownerId,
    status: raid.status,
    version: raid.version,
    scenario: s.scenario,
    packs: s.packs,
    seats: raid.seats.map((seat, i) => ({
      player: seat.player,
      ...(seat.side ? { side: seat.side } : {}),
      joined: s.refuges[i] !== null,
    })),
    you: sidesOf(raid, player),
    ...(s.campaignId !== undefined ? { campaign: s.campaignId } : {}),
    createdAt: raid.createdAt,
    updatedAt: raid.updatedAt,
    ...(state
      ? {
          round: state.round,
          phase: state.phase,
          ...(turn ? { turn } : {}),
          decider: Auto.decider(state),
          ...(state.pending?.prompt ? { pending: state.pending.prompt } : {}),
          ...(state.result ? { result: state.result } : {}),
          state: Battle.view(state) as RaidView["state"] & object,
        }
      : {}),
  }
}

/** Events as a player sees them, numbered from `first`. */
export const viewed = (events: ReadonlyArray<BattleEvent.Event>, first: number): RaidEvent[] =>
  Battle.viewEvents(events).map((event, i) => ({ seq: first + i, event }))
