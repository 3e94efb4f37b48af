/**
 * Who goes on a Market trip, and what their rules do to the availability rolls (B-MARKET-02 with
 * the content's `dieModifier` / `reroll` effects on `market.availability`).
 *
 * Ruling R-MARKET-04: a trip names the survivors who go (`by`); only their rules count: "+1 to
 * Market availability rolls on a trip it makes" (the Office Worker), "−1 … on its trips" (Pale
 * Shoots). Modifiers of everyone going add up, and each re-roll rule gives its own re-rolls; no die
 * is re-rolled twice (B-REROLL-01). A trip that names nobody gets no one's rules.
 * Ruling R-MARKET-05: a re-roll's `uses` per raid (or per Aftermath) are counted per trip: one
 * Trade Errand falls between two raids (B-ERRAND-03, the Shopkeeper's "on each trip").
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import type { Effect } from "../vocabulary/Effect.js"
import { type Interpretation, SURVIVOR_KINDS } from "../vocabulary/Interpreters.js"
import type { Store, Uses } from "../vocabulary/Vocabulary.js"
import type { ContentView } from "./Content.js"
import type { RecordedDie, RollModifier } from "./Ledger.js"
import type { Survivor } from "./Survivor.js"
import { survivorEffects } from "./SurvivorEffects.js"

/** The Market's single die. */
export const AVAILABILITY = "market.availability"

/** `uses.per` values that fit in one trip (R-MARKET-05). */
const PER_TRIP: ReadonlyArray<Uses["per"]> = ["raid", "aftermath"]

/** What the Market reads from the content (checked by the interpreters test). */
export const interprets: ReadonlyArray<Interpretation> = [
  {
    area: "market",
    kind: "dieModifier",
    selects: AVAILABILITY,
    unconditional: true,
    scopes: ["self"],
    from: SURVIVOR_KINDS,
    by: "marketTrip (R-MARKET-04)",
  },
  {
    area: "market",
    kind: "reroll",
    selects: AVAILABILITY,
    unconditional: true,
    scopes: ["self"],
    uses: PER_TRIP,
    from: SURVIVOR_KINDS,
    by: "marketTrip (R-MARKET-04, R-MARKET-05)",
  },
]

/** A re-roll someone on the trip may make, and how many are left on this trip. */
export interface TripReroll {
  readonly source: string
  left: number
  readonly cost?: { readonly store: Store; readonly amount: number } | undefined
}

/** What the people going bring to the availability rolls; `rerolls` count down as they are spent. */
export interface Crew {
  readonly modifiers: ReadonlyArray<RollModifier>
  readonly bonus: number
  readonly rerolls: ReadonlyArray<TripReroll>
}

/** An availability roll: the die that counts, what was added, and any re-roll. */
export interface Rolled {
  /** The die that counts (after a re-roll, the new one). */
  readonly roll: number
  readonly modifiers: ReadonlyArray<RollModifier>
  /** The die plus the modifiers. */
  readonly total: number
  readonly needs: number
  readonly available: boolean
  /** The first die, when it was re-rolled, and whose rule re-rolled it. */
  readonly rerolled?: { readonly roll: number; readonly by: string }
}

/**
 * Rolls an item's availability (B-MARKET-02) with the crew's modifiers; if it misses and
 * `reroll` was asked, spends the first re-roll left (B-REROLL-01: the new die stands).
 */
export const rollAvailability = (
  dice: DiceSource,
  item: string,
  needs: number,
  crew: Crew,
  reroll: boolean,
): { availability: Rolled; dice: RecordedDie[]; spent?: TripReroll; note?: string } => {
  const label = `market: ${item}`
  const first = dice.die(6, label)
  const recorded: RecordedDie[] = [{ sides: 6, value: first, label }]
  const read = (roll: number) => ({ roll, total: roll + crew.bonus, available: roll + crew.bonus >= needs })
  const availability: Rolled = { modifiers: crew.modifiers, needs, ...read(first) }
  if (availability.available || !reroll) return { availability, dice: recorded }
  const spent = crew.rerolls.find((r) => r.left > 0)
  if (!spent) return { availability, dice: recorded, note: "no re-roll left on this trip" }
  spent.left -= 1
  const again = `${label}, re-rolled (${spent.source})`
  const second = dice.die(6, again)
  recorded.push({ sides: 6, value: second, label: again })
  return {
    availability: { ...availability, ...read(second), rerolled: { roll: first, by: spent.source } },
    dice: recorded,
    spent,
  }
}

const mine = (e: Effect) => e.when === undefined && (e.scope === undefined || e.scope === "self")

/** The modifiers and re-rolls of the survivors going, each named "Priya's Knack: …". */
export const crewOf = (going: ReadonlyArray<Survivor>, content: ContentView): Crew => {
  const modifiers: RollModifier[] = []
  const rerolls: TripReroll[] = []
  for (const s of going)
    for (const src of survivorEffects(s, content))
      for (const e of src.effects) {
        if (!mine(e)) continue
        const source = `${s.name}'s ${src.source}`
        if (e.kind === "dieModifier" && e.die === AVAILABILITY) modifiers.push({ value: e.value, source })
        if (e.kind === "reroll" && e.roll === AVAILABILITY && (!e.uses || PER_TRIP.includes(e.uses.per)))
          rerolls.push({ source, left: e.uses?.times ?? Number.POSITIVE_INFINITY, cost: e.cost })
      }
  return { modifiers, bonus: modifiers.reduce((n, m) => n + m.value, 0), rerolls }
}
