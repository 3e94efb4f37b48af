/**
 * Resolve from the source system's morale, WIL or temperament (N-CONVERSION-02, -04, -08).
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** A Morale score 2–12 (MÖRK BORG, Knave, OSE). Outside it the text gives no mapping (GAP-N-16, R-N-CONV-06). */
export const Morale = Schema.Int.check(
  Schema.isBetween(
    { minimum: 2, maximum: 12 },
    { message: "Morale converts from 2 to 12 (N-CONVERSION-02)" },
  ),
)

/** A Cairn WIL score 3–18 (R-N-CONV-06). */
export const Wil = Schema.Int.check(
  Schema.isBetween({ minimum: 3, maximum: 18 }, { message: "WIL converts from 3 to 18 (N-CONVERSION-04)" }),
)

/** Morale 2–5 → 30%, 6–7 → 50%, 8–9 → 70%, 10–12 → 90% (N-CONVERSION-02). */
export const resolveFromMorale = (morale: number): number =>
  morale <= 5 ? 30 : morale <= 7 ? 50 : morale <= 9 ? 70 : 90

/** Cairn WIL 3–6 → 30%, 7–11 → 50%, 12–15 → 70%, 16–18 → 90% (N-CONVERSION-04). */
export const resolveFromWil = (wil: number): number => (wil <= 6 ? 30 : wil <= 11 ? 50 : wil <= 15 ? 70 : 90)

/** DCC temperaments, grouped as the text groups them (N-CONVERSION-08). */
export const TEMPERAMENTS = {
  30: ["skittish", "hungry", "pressed", "weak-willed"],
  50: ["soldier", "bandit", "beast", "guard"],
  70: ["elite", "cultist", "undead", "construct", "fanatic"],
  90: ["mindless-horror", "holy-guardian", "fearless"],
} as const

/** A DCC creature's temperament (N-CONVERSION-08). */
export const Temperament = Schema.Literals(Object.values(TEMPERAMENTS).flat()).annotate({
  identifier: "Temperament",
})
export type Temperament = typeof Temperament.Type

/** Resolve for a DCC temperament: 30%, 50%, 70% or 90% (N-CONVERSION-08). */
export const resolveFromTemperament = (t: Temperament): number =>
  Number(Object.entries(TEMPERAMENTS).find(([, ts]) => (ts as readonly string[]).includes(t))![0])
