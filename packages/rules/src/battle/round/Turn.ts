/**
 * Whose turn it is (B-ACT-01..06): starting at the top of the initiative order, each side in
 * turn activates one model, cycling, skipping a side with nothing left to activate, until every
 * model has activated. Down survivors don't activate (B-ACT-06); creatures that arrived this round
 * act from the next (B-CREATURE-07); a brood activates one creature per pass (R-BATTLE-21, AMB-B-08).
 *
 * @since 0.2.0
 */
import type { Model, Side, State } from "../State.js"

/** Can this model activate now? */
export const canActivate = (state: State, m: Model): boolean =>
  m.status === "active" &&
  !m.activated &&
  (m.kind === "survivor" || m.arrived < state.round || (state.round === 1 && m.arrived === 0))

const sideDone = (state: State, side: Side): boolean =>
  side.routed || !state.models.some((m) => m.side === side.id && canActivate(state, m))

/** The side to activate next, or undefined when every model has activated (B-ACT-03). */
export const sideOnTurn = (state: State): Side | undefined => {
  const n = state.order.length
  for (let k = 0; k < n; k++) {
    const id = state.order[(state.turn + k) % n]
    const side = state.sides.find((s) => s.id === id)
    if (side && !sideDone(state, side)) return side
  }
  return undefined
}

/** Is this a side players command (a Refuge or a Congregation)? */
export const isPlayerSide = (side: Side | undefined): boolean =>
  side !== undefined && (side.kind === "refuge" || side.kind === "congregation")

/** A side's models. */
export const modelsOf = (state: State, side: string): ReadonlyArray<Model> =>
  state.models.filter((m) => m.side === side)

/** Survivors still standing on the table. */
export const standing = (m: Model): boolean => m.status === "active"

/** Enemies of a model: survivors of other sides, and creatures (B-CREATURE-02). */
export const areEnemies = (a: Model, b: Model): boolean =>
  a.side !== b.side && !(a.kind === "creature" && b.kind === "creature")
