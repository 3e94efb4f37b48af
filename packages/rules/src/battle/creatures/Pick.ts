/**
 * Picking one of several "at random" with the raid's six-sided dice (B-HOLLOWED-03 "picked at
 * random"; a behaviour's `random` rank): every one must be as likely, so a face that would favour
 * some (a 5 or 6 among four) is rolled again, and more than six are picked with two dice (1–36).
 *
 * @since 0.3.0
 */
import type { Ctx } from "../Context.js"
import { faceOf, pairOf } from "../Faces.js"

/** Re-rolls a raid gives a fair pick before it settles for the last face (it never needs them). */
const MAX_ROLLS = 100

/** The index (0 … n − 1) of the one picked, every one equally likely. */
export const pickAtRandom = (ctx: Ctx, n: number, purpose: string): number => {
  if (n <= 1) return 0
  const two = n > 6
  const sides = two ? 36 : 6
  const fair = sides - (sides % n) // faces above this would favour the first few
  let face = 0
  for (let i = 0; i < MAX_ROLLS; i++) {
    if (two) {
      const [a, b] = pairOf(ctx.dice(2, purpose))
      face = (a - 1) * 6 + b
    } else face = faceOf(ctx.dice(1, purpose))
    if (face <= fair) break
  }
  return (face - 1) % n
}
