/**
 * Dropping a die onto the map and spreading outward from where it lands (N-REGION-03, N-REGION-04,
 * N-FACTION-03, N-FACTION-04), as seeded rolls.
 *
 * Ruling R-N-WORLD-02 (GAP-N-11): "drop the die onto the map" is a roll of the smallest common die
 * with at least as many faces as the map has hexes (a D20 for the 19-hex Land); the face is the hex
 * number, and a face past the last hex has landed off the map and is rerolled. The dropped die's
 * own result (the Spread or Influence Die) is rolled separately.
 *
 * Ruling R-N-WORLD-03 (AMB-N-28): the start hex counts as the first hex coloured or claimed. Spreading
 * outward takes, one hex at a time, a free hex next to those already taken, the nearest to the start
 * hex first; boxed in, it continues from the free hex nearest the start. Every tie — equally near
 * hexes — is broken by a roll of a die with one face per tied hex, in reading order.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { type HexId, type HexMap, hexDistance } from "./Hex.js"

const COMMON_DICE = [4, 6, 8, 10, 12, 20, 100] as const

/** The die dropped onto a map of `hexes` hexes (R-N-WORLD-02). */
export const dropDieSides = (hexes: number): number => COMMON_DICE.find((s) => s >= hexes) ?? hexes

/** Where a dropped die landed: every throw (off-map ones included) and the hex. */
export interface Landing {
  readonly throws: readonly number[]
  readonly hex: HexId
}

/** Drops a die onto the map: rerolled while it lands off the map (N-REGION-03, N-FACTION-03; R-N-WORLD-02). */
export const drop = (source: DiceSource, map: HexMap, label: string): Landing => {
  const sides = dropDieSides(map.cells.length)
  const throws: number[] = []
  for (;;) {
    const face = source.die(sides, label)
    throws.push(face)
    if (face <= map.cells.length) return { throws, hex: face as HexId }
  }
}

/** Picks one of several equally good hexes with a die of that many faces; no roll for a single one. */
export const breakTie = (source: DiceSource, candidates: readonly HexId[], label: string): HexId => {
  const sorted = [...candidates].sort((a, b) => a - b)
  return sorted.length === 1 ? sorted[0]! : sorted[source.die(sorted.length, label) - 1]!
}

/** The hexes passing `ok` that are nearest `from`, or none. */
export const nearest = (map: HexMap, from: HexId, ok: (h: HexId) => boolean): HexId[] => {
  let best = Number.POSITIVE_INFINITY
  let found: HexId[] = []
  for (const c of map.cells) {
    if (!ok(c.id)) continue
    const d = hexDistance(map, from, c.id)
    if (d < best) {
      best = d
      found = [c.id]
    } else if (d === best) found.push(c.id)
  }
  return found
}

/** Moves a landing on a taken hex to the nearest free hex, if there is one (N-REGION-03, N-FACTION-03). */
export const settle = (
  source: DiceSource,
  map: HexMap,
  landed: HexId,
  free: (h: HexId) => boolean,
  label: string,
): HexId => {
  if (free(landed)) return landed
  const options = nearest(map, landed, free)
  return options.length === 0 ? landed : breakTie(source, options, label)
}

/**
 * Takes up to `count` hexes spreading outward from `start` (N-REGION-04, N-FACTION-04; R-N-WORLD-03).
 * Only hexes passing `free` are taken (the start hex may be a taken one, R-N-FACTION-01); with no
 * free hex left, fewer than `count` are returned.
 */
export const spread = (
  source: DiceSource,
  map: HexMap,
  start: HexId,
  count: number,
  free: (h: HexId) => boolean,
  label: string,
): HexId[] => {
  const taken: HexId[] = [start]
  const has = new Set<HexId>(taken)
  const closest = (cands: readonly HexId[]): HexId[] => {
    const best = Math.min(...cands.map((h) => hexDistance(map, start, h)))
    return cands.filter((h) => hexDistance(map, start, h) === best)
  }
  while (taken.length < count) {
    const frontier = new Set<HexId>()
    for (const h of taken) for (const n of map.neighbours.get(h) ?? []) if (!has.has(n)) frontier.add(n)
    let options = [...frontier].filter(free)
    if (options.length === 0) options = nearest(map, start, (h) => !has.has(h) && free(h))
    else options = closest(options)
    if (options.length === 0) break
    const pick = breakTie(source, options, label)
    taken.push(pick)
    has.add(pick)
  }
  return taken
}
