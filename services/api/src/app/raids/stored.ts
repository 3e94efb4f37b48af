/**
 * What is stored with a raid: its row (seats, set-up, version) and its log of the engine's events.
 * The set-up is the server's own (the dice's seed never leaves it).
 */
import type { Prng } from "@blight/dice"
import { Battle, type BattleOptions, type BattleState, type Board, type Refuge } from "@blight/rules"
import * as Repo from "../../db/repositories.js"
import { loader, logDecoder } from "../stream/index.js"

export interface Setup {
  readonly scenario: string
  readonly options: BattleOptions.OptionsInput
  readonly packs: ReadonlyArray<string>
  readonly dice: { readonly seed: Prng.Seed } | "manual"
  readonly board?: "random" | Board.Board
  /** Each seat's Refuge, once in (null: waiting for its player). */
  readonly refuges: ReadonlyArray<Refuge.Refuge | null>
  /** A campaign's raid: the campaign (its record is folded in when the raid ends), Season and memory. */
  readonly campaignId?: string
  readonly season?: string
  readonly campaign?: BattleState.State["campaign"]
}

export type RaidSetup = Setup

export const setupOf = (r: Repo.StoredRaid) => r.setup as Setup

export const decodeLog = logDecoder(Battle.decodeEvents, "events")

export const statusOf = (state: BattleState.State): Repo.StoredRaid["status"] =>
  state.phase === "over" ? "over" : "playing"

/** A raid's row (404 when there is none). */
export const load = loader("raid", Repo.raidById)
