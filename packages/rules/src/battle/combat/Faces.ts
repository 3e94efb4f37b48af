/**
 * Scoring a rolled pool's faces (B-DICE-01, B-DICE-07): 4+ succeeds and a 6 is a Crit; a desperate
 * die (a pool below 1 die) succeeds only on a 6, so it fails on anything else.
 *
 * @since 0.2.0
 */
import type { RolledPool } from "../Event.js"

/** Did this face fail? A desperate die fails on 1–5, any other on 1–3. */
export const failedFace = (f: number, desperate: boolean): boolean => (desperate ? f !== 6 : f < 4)

/** Scores faces: 4+ succeeds, 6 Crits; a desperate die only on a 6 (B-DICE-01, B-DICE-07). */
export const score = (
  dice: ReadonlyArray<number>,
  blight: ReadonlyArray<number>,
  desperate: boolean,
): RolledPool => {
  let successes = 0
  let crits = 0
  for (const f of [...dice, ...blight]) {
    if (!failedFace(f, desperate)) successes++
    if (f === 6) crits++
  }
  return { dice: [...dice], blight: [...blight], desperate, successes, crits }
}
