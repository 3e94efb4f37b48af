/**
 * The faces a roll of one die or of two dice gave, as a number or a pair. The dice source answers
 * as many faces as it is asked for, so fewer is a bug in the engine, not a rule broken.
 *
 * @since 0.6.0
 */

const short = (asked: number, faces: ReadonlyArray<number>): Error =>
  new Error(`${asked === 1 ? "a die was" : `${asked} dice were`} rolled, ${faces.length} answered`)

/** The face of a roll of one die. */
export const faceOf = (faces: ReadonlyArray<number>): number => {
  const [a] = faces
  if (a === undefined) throw short(1, faces)
  return a
}

/** The faces of two dice rolled together (a half and an entry, a roll-off), as a pair. */
export const pairOf = (faces: ReadonlyArray<number>): readonly [number, number] => {
  const [a, b] = faces
  if (a === undefined || b === undefined) throw short(2, faces)
  return [a, b]
}
