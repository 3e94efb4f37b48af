/**
 * A Market trip as its orders build it: what every order reads (the Refuge, the crew, the dice)
 * and adds to (violations, Ledger lines, the stash, what happened). One module per kind of order
 * fills it; `Market.ts` posts it, all or nothing.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import type { ContentView } from "../Content.js"
import type { LedgerDraft, RecordedDie } from "../Ledger.js"
import type { Crew, Rolled } from "../MarketCrew.js"
import type { Refuge } from "../Refuge.js"
import type { Violation } from "../Violation.js"

/** What happened on the trip, order by order. */
export interface TripLine {
  readonly order: number
  readonly what: string
  readonly done: boolean
  readonly availability?: Availability
  /** Why something the order asked for did not happen (no re-roll left). */
  readonly note?: string
}

/** An availability roll (B-MARKET-02) of an item of some rarity. */
export interface Availability extends Rolled {
  readonly rarity: string
}

/** An item kind's availability roll, kept for the rest of the trip (R-MARKET-01). */
export interface Looked {
  readonly a: Availability
  readonly dice: RecordedDie[]
  /** The order that rolled it. */
  readonly order: number
}

/** The Refuge's stash as the trip changes it. */
export type Stash = { -readonly [K in keyof Refuge["stash"]]: Array<Refuge["stash"][K][number]> }

/** The trip so far. */
export interface TripDraft {
  readonly refuge: Refuge
  readonly content: ContentView
  readonly congregation: boolean
  readonly crew: Crew
  readonly dice: DiceSource
  /** Every rule broken so far, in order. */
  readonly violations: Violation[]
  /** The Ledger lines to post, and the path of the order each came from. */
  readonly drafts: LedgerDraft[]
  readonly draftPath: string[]
  readonly lines: TripLine[]
  /** Availability by `kind:id`. */
  readonly availability: Map<string, Looked>
  readonly stash: Stash
}

/** Adds a Ledger line for the order at `path`. */
export const draft = (t: TripDraft, path: string, d: LedgerDraft): void => {
  t.drafts.push(d)
  t.draftPath.push(path)
}
