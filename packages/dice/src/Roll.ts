/**
 * Single dice and the two two-dice readings: The Blight's "half" tables and Nightsong's 1D66.
 *
 * @since 0.1.0
 */
import { InvalidTable } from "./Errors.js"
import type { DiceSource } from "./Source.js"

/** A dN: 1 to `sides`. */
export const d = (source: DiceSource, sides: number, label?: string): number => source.die(sides, label)

/** A d6. */
export const d6 = (source: DiceSource, label?: string): number => source.die(6, label)

/** Reads a d6 as a d3: halved, rounded up (1–2 → 1, 3–4 → 2, 5–6 → 3). B-DICE-03 */
export const d3FromD6 = (face: number): number => Math.ceil(face / 2)

/** A d3: a d6 halved, rounded up (B-DICE-03). */
export const d3 = (source: DiceSource, label?: string): number => d3FromD6(source.die(6, label))

/** A d% (1–100). */
export const dPercent = (source: DiceSource, label?: string): number => source.die(100, label)

/** `count` dice of `sides` each, in the order rolled. */
export const roll = (source: DiceSource, count: number, sides: number, label?: string): number[] => {
  const out = new Array<number>(count)
  for (let i = 0; i < count; i++) out[i] = source.die(sides, label)
  return out
}

/** Two d6 in order (first, second), as used by every d66-style reading. */
export interface TwoD6 {
  readonly first: number
  readonly second: number
}

/** Rolls the two ordered d6 of a d66-style roll. */
export const twoD6 = (source: DiceSource, label?: string): TwoD6 => ({
  first: source.die(6, label),
  second: source.die(6, label),
})

const checkFace = (face: number, path: string): void => {
  if (!Number.isInteger(face) || face < 1 || face > 6) {
    throw new InvalidTable({ path, reason: `a d6 shows 1 to 6, got ${String(face)}` })
  }
}

/**
 * The Blight's two-dice "half" reading (B-DICE-04, B-ENCOUNTER-03, B-GIFT-04): the first die
 * picks the half (1–3 → rows 1–6, 4–6 → rows 7–12), the second die the row in that half.
 */
export const halfRow = (first: number, second: number): number => {
  checkFace(first, "first")
  checkFace(second, "second")
  return (first <= 3 ? 0 : 6) + second
}

/** The two dice that name a half-table row are not unique; this gives the half and entry of a row 1–12. */
export const halfOfRow = (row: number): { readonly half: 1 | 2; readonly entry: number } => {
  if (!Number.isInteger(row) || row < 1 || row > 12) {
    throw new InvalidTable({ path: "row", reason: `a half table has rows 1 to 12, got ${String(row)}` })
  }
  return row <= 6 ? { half: 1, entry: row } : { half: 2, entry: row - 6 }
}

/** Nightsong's 1D66 band for a first die: 1–2 → "1·2", 3–4 → "3·4", 5–6 → "5·6" (N-TABLE-01). */
export const d66Band = (first: number): "1·2" | "3·4" | "5·6" => {
  checkFace(first, "first")
  return first <= 2 ? "1·2" : first <= 4 ? "3·4" : "5·6"
}

/** Nightsong's 1D66 key, e.g. first 3, second 5 → "3·4/5" (N-TABLE-01). */
export const d66Key = (first: number, second: number): string => {
  checkFace(second, "second")
  return `${d66Band(first)}/${second}`
}

const D66_KEY = /^([135])[·.]([246])\/([1-6])$/

/** Reads a 1D66 key ("3·4/5", or "3.4/5") into its band (0–2) and entry (1–6); throws on a bad key. */
export const parseD66Key = (key: string): { readonly band: 0 | 1 | 2; readonly entry: number } => {
  const m = D66_KEY.exec(key)
  if (!m || Number(m[2]) !== Number(m[1]) + 1) {
    throw new InvalidTable({
      path: "key",
      reason: `a 1D66 key looks like "3·4/5", got ${JSON.stringify(key)}`,
    })
  }
  return { band: ((Number(m[1]) - 1) / 2) as 0 | 1 | 2, entry: Number(m[3]) }
}

/** All 18 1D66 keys in table order: "1·2/1" … "5·6/6". */
export const d66Keys: readonly string[] = ["1·2", "3·4", "5·6"].flatMap((band) =>
  [1, 2, 3, 4, 5, 6].map((e) => `${band}/${e}`),
)
