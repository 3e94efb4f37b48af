/**
 * The four Abilities (N-ABILITY-01) and the two ways to set them at creation: the array
 * (+2, +1, 0, −1, N-ABILITY-04) and 2D6 per Ability (N-ABILITY-05), rerolling all four while
 * none is +1 or higher (N-ABILITY-06).
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"

/** Ability keys, in the text's order: Strength, Dexterity, Presence, Constitution. */
export const ABILITIES = ["STR", "DEX", "PRE", "CON"] as const

/** An Ability key. */
export const AbilityName = Schema.Literals(ABILITIES).annotate({ identifier: "AbilityName" })
export type AbilityName = typeof AbilityName.Type

/** The full name of each Ability, as the text writes it. */
export const abilityTitle: Readonly<Record<AbilityName, string>> = {
  STR: "Strength",
  DEX: "Dexterity",
  PRE: "Presence",
  CON: "Constitution",
}

/** An Ability score: −3 to +3 at creation (N-ABILITY-05), up to +6 through Advancement. */
export const AbilityScore = Schema.Int.check(Schema.isBetween({ minimum: -3, maximum: 6 })).annotate({
  identifier: "AbilityScore",
})

/** The four scores. */
export const Abilities = Schema.Struct({
  STR: AbilityScore,
  DEX: AbilityScore,
  PRE: AbilityScore,
  CON: AbilityScore,
}).annotate({ identifier: "Abilities" })
export type Abilities = typeof Abilities.Type

/** The array to distribute (N-ABILITY-04). */
export const ARRAY = [2, 1, 0, -1] as const

/** Reads an Ability name in any common spelling ("str", "Strength", "PRE"); undefined if none. */
export const abilityFrom = (text: string): AbilityName | undefined => {
  const t = text.trim().toLowerCase()
  return ABILITIES.find((a) => a.toLowerCase() === t || abilityTitle[a].toLowerCase() === t)
}

/** The score a 2D6 total gives (N-ABILITY-05, TBL-N-01). */
export const scoreFor2d6 = (total: number): number => {
  if (!Number.isInteger(total) || total < 2 || total > 12)
    throw new RangeError(`2D6 totals 2 to 12, got ${total}`)
  if (total === 2) return -3
  if (total === 3) return -2
  if (total <= 5) return -1
  if (total <= 8) return 0
  if (total <= 10) return 1
  return total === 11 ? 2 : 3
}

/** Whether a set of scores may stand: at least one is +1 or higher (N-ABILITY-06). */
export const standsAsRolled = (a: Abilities): boolean => ABILITIES.some((k) => a[k] >= 1)

/** One 2D6 pass over the four Abilities, with the dice it took. */
export interface AbilityRoll {
  readonly dice: Readonly<Record<AbilityName, readonly [number, number]>>
  readonly scores: Abilities
}

/**
 * Rolls 2D6 for each Ability in order (N-ABILITY-05) and rerolls all four while none is +1 or
 * higher (N-ABILITY-06, AMB-N-05: all four, never one at a time). Every pass is returned.
 */
export const rollAbilities = (
  source: DiceSource,
): { readonly passes: readonly AbilityRoll[]; readonly scores: Abilities } => {
  const passes: AbilityRoll[] = []
  for (;;) {
    const dice = {} as Record<AbilityName, readonly [number, number]>
    const scores = {} as Record<AbilityName, number>
    for (const a of ABILITIES) {
      const pair = [source.die(6, `${a} 2d6`), source.die(6, `${a} 2d6`)] as const
      dice[a] = pair
      scores[a] = scoreFor2d6(pair[0] + pair[1])
    }
    passes.push({ dice, scores })
    if (standsAsRolled(scores)) return { passes, scores }
  }
}

/** Is this an assignment of exactly +2, +1, 0 and −1 (N-ABILITY-04)? */
export const isArray = (a: Abilities): boolean =>
  ABILITIES.map((k) => a[k])
    .sort((x, y) => y - x)
    .every((v, i) => v === ARRAY[i])

/**
 * The array in a rolled order: +2 goes to one of the four Abilities by a d4, +1 to one of the
 * three left by a d3, 0 to one of the last two by a d2, and −1 to the last: a fair shuffle.
 */
export const rollArrayOrder = (source: DiceSource): Abilities => {
  const open: AbilityName[] = [...ABILITIES]
  const out = {} as Record<AbilityName, number>
  for (const value of ARRAY) {
    const i = open.length === 1 ? 0 : source.die(open.length, "array order") - 1
    out[open[i]!] = value
    open.splice(i, 1)
  }
  return { STR: out.STR, DEX: out.DEX, PRE: out.PRE, CON: out.CON }
}

/** The highest score and the Abilities that share it, in the text's order. */
export const highest = (
  a: Abilities,
): { readonly score: number; readonly abilities: readonly AbilityName[] } => {
  const score = Math.max(...ABILITIES.map((k) => a[k]))
  return { score, abilities: ABILITIES.filter((k) => a[k] === score) }
}
