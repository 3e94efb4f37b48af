/**
 * "The same seed gives the same rolls": the plain functions, the Effect service and a restored
 * snapshot roll the same dice for one seed (the CLI and HTTP sides are checked in their own tests
 * against `Pool.rollPool(seeded(7), …)`).
 */
import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { rollPool, rollTest } from "../src/blight/Pool.js"
import { Dice } from "../src/Service.js"
import { restore, seeded } from "../src/Source.js"

describe("seeded determinism", () => {
  it("B-DICE-01 B-BLIGHTDICE-03 seed 7: rollPool, the Dice service and a restored snapshot roll the same pool", () => {
    const plain = rollPool(seeded(7), { dice: 5, blightDice: 2 })
    // The faces the README's `npx blight roll pool 5 --blight 2 --seed 7` prints.
    expect(plain.dice.map((d) => d.face)).toEqual([2, 4, 3, 2, 4, 3, 4])
    const viaService = Effect.runSync(
      Effect.provide(
        Effect.flatMap(Dice, (d) => d.pool({ dice: 5, blightDice: 2 })),
        Dice.seeded(7),
      ),
    )
    expect(viaService).toEqual(plain)
    const src = seeded(7)
    rollPool(src, { dice: 2 })
    const saved = src.snapshot()
    const next = rollTest(src, { dice: 3, target: 2 })
    expect(rollTest(restore(saved), { dice: 3, target: 2 })).toEqual(next)
  })
})
