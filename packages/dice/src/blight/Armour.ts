/**
 * Armour against hits (B-ARMOUR-*): each 4+ blocks an ordinary hit; a Crit only a 6, or a 5+
 * with a Helmet. The defender assigns its dice as well as it can.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "../Source.js"

/** Hits to resolve: how many, and how many of them are Crits. */
export interface Hits {
  readonly hits: number
  readonly crits: number
}

/** What an Armour roll can block: dice good against Crits, and dice good only against ordinary hits. */
export interface ArmourBlocks {
  readonly critBlockers: number
  readonly ordinaryBlockers: number
}

/** Sorts armour faces into Crit blockers (6, or 5+ with a Helmet) and ordinary-only blockers (4+). */
export const armourBlocks = (faces: readonly number[], helmet: boolean): ArmourBlocks => {
  const critFace = helmet ? 5 : 6
  let critBlockers = 0
  let ordinaryBlockers = 0
  for (const f of faces) {
    if (f >= critFace) critBlockers++
    else if (f >= 4) ordinaryBlockers++
  }
  return { critBlockers, ordinaryBlockers }
}

/**
 * How many hits get through when the defender assigns optimally: ordinary-only blockers go on
 * ordinary hits, and Crit blockers take whatever is left, Crits first.
 */
export const unblocked = (
  hits: Hits,
  blocks: ArmourBlocks,
): { readonly hits: number; readonly crits: number } => {
  const ordinary = hits.hits - hits.crits
  const ordinaryLeft = ordinary - Math.min(blocks.ordinaryBlockers, ordinary)
  const critsLeft = hits.crits - Math.min(blocks.critBlockers, hits.crits)
  const spare = blocks.critBlockers - (hits.crits - critsLeft)
  const ordinaryThrough = ordinaryLeft - Math.min(spare, ordinaryLeft)
  return { hits: critsLeft + ordinaryThrough, crits: critsLeft }
}

/** A rolled Armour save. */
export interface ArmourRoll {
  readonly faces: readonly number[]
  readonly helmet: boolean
  readonly blocked: number
  readonly through: number
  readonly critsThrough: number
  readonly damage: number
}

/** Rolls `armour` dice against the hits; each hit through deals `damage` Health (B-SHOOT-08, B-ARMOUR-03). */
export const rollArmour = (
  source: DiceSource,
  spec: { readonly armour: number; readonly helmet?: boolean; readonly damage?: number },
  hits: Hits,
): ArmourRoll => {
  const helmet = spec.helmet ?? false
  const faces: number[] = []
  // Ruling R-DICE-03: Armour is not a pool; Armour 0 rolls nothing (no desperate die).
  for (let i = 0; i < Math.max(0, spec.armour); i++) faces.push(source.die(6, "armour"))
  const through = unblocked(hits, armourBlocks(faces, helmet))
  return {
    faces,
    helmet,
    blocked: hits.hits - through.hits,
    through: through.hits,
    critsThrough: through.crits,
    damage: through.hits * (spec.damage ?? 1),
  }
}
