/**
 * The dice of a seeded game: the PRNG's four words live in the game's state, so a replay rolls
 * nothing. A rule rolls from the words; the `answered` event then moves the words on by the same
 * dice. The last roll is remembered (its words before and after), so applying its answer reuses
 * the words instead of rolling the same dice twice.
 *
 * @since 0.1.0
 */
import { restore } from "@blight/dice"
import { Schema } from "effect"

/** The PRNG's state: four uint32 words of xoshiro128**. */
export type Words = [number, number, number, number]

const Word = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 0xffffffff }))

/** How a game's dice are rolled: from its seeded PRNG, or typed in at the table. */
export const DiceState = Schema.Struct({
  mode: Schema.Literals(["seeded", "manual"]),
  /** The seeded PRNG's words (hidden from players' views). */
  prng: Schema.optional(Schema.Tuple([Word, Word, Word, Word])),
})
export type DiceState = typeof DiceState.Type

/** The last roll: the words it started from (the same array), its dice and the words it left. */
let lastRoll:
  | {
      readonly from: ReadonlyArray<number>
      readonly dice: number
      readonly sides: number
      readonly to: Words
    }
  | undefined

const source = (words: ReadonlyArray<number>) => restore({ algorithm: "xoshiro128**", state: words as Words })

/** Rolls `n` d`sides` from the words (which stay as they are); remembers the words it leaves. */
export const roll = (words: ReadonlyArray<number>, n: number, sides = 6): number[] => {
  const s = source(words)
  const faces: number[] = []
  for (let i = 0; i < n; i++) faces.push(s.die(sides))
  lastRoll = { from: words, dice: n, sides, to: [...s.snapshot().state] as Words }
  return faces
}

/** The words after `n` d`sides` are rolled from `words` (the last roll's, when it is that roll). */
export const advance = (words: ReadonlyArray<number>, n: number, sides = 6): Words => {
  const last = lastRoll
  if (last !== undefined && last.from === words && last.dice === n && last.sides === sides)
    return [...last.to] as Words
  const s = source(words)
  for (let i = 0; i < n; i++) s.die(sides)
  return [...s.snapshot().state] as Words
}
