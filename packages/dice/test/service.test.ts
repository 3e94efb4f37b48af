import { describe, expect, it } from "@effect/vitest"
import { Effect, Result } from "effect"
import { expression } from "../src/Expression.js"
import { Dice } from "../src/Service.js"

describe("the Dice service (Effect API)", () => {
  it.effect("B-DICE-01 a seeded Layer rolls pools and records every die", () =>
    Effect.gen(function* () {
      const dice = yield* Dice
      const pool = yield* dice.pool({ dice: 4, blightDice: 1 })
      const log = yield* dice.log
      expect(log).toHaveLength(5)
      expect(log.map((r) => r.value)).toEqual(pool.dice.map((d) => d.face))
      const snap = yield* dice.snapshot
      expect(snap?.algorithm).toBe("xoshiro128**")
    }).pipe(Effect.provide(Dice.seeded(7))),
  )

  it.effect("the same seed gives the same rolls through the service", () =>
    Effect.gen(function* () {
      const a = yield* Effect.provide(Dice.pipe(Effect.flatMap((d) => d.roll("3d6"))), Dice.seeded(12))
      const b = yield* Effect.provide(Dice.pipe(Effect.flatMap((d) => d.roll("3d6"))), Dice.seeded(12))
      expect(a).toEqual(b)
    }),
  )

  it.effect("a restored Layer continues the stream", () =>
    Effect.gen(function* () {
      const [snap, next] = yield* Effect.provide(
        Effect.gen(function* () {
          const d = yield* Dice
          yield* d.roll("5d6")
          const s = (yield* d.snapshot)!
          const n = yield* d.roll("4d6")
          return [s, n] as const
        }),
        Dice.seeded(3),
      )
      const again = yield* Effect.provide(
        Dice.pipe(Effect.flatMap((d) => d.roll("4d6"))),
        Dice.restored(snap),
      )
      expect(again).toEqual(next)
    }),
  )

  it.effect("a manual Layer fails with typed errors: out of range and run out", () =>
    Effect.gen(function* () {
      const d = yield* Dice
      const first = yield* d.die(6)
      expect(first).toBe(4)
      const bad = yield* Effect.result(d.die(6))
      expect(Result.isFailure(bad) && bad.failure._tag).toBe("DieOutOfRange")
      const out = yield* Effect.result(
        Effect.provide(Dice.pipe(Effect.flatMap((x) => x.pool({ dice: 3 }))), Dice.manual([1])),
      )
      expect(Result.isFailure(out) && out.failure._tag).toBe("ManualDiceExhausted")
    }).pipe(Effect.provide(Dice.manual([4, 9]))),
  )

  it.effect("B-REROLL-01 the service refuses a second re-roll with a typed failure", () =>
    Effect.gen(function* () {
      const d = yield* Dice
      const p = yield* d.pool({ dice: 2 })
      const once = yield* d.reroll(p, [0])
      const twice = yield* Effect.result(d.reroll(once, [0]))
      expect(Result.isFailure(twice) && twice.failure._tag).toBe("DiceRuleViolation")
    }).pipe(Effect.provide(Dice.manual([1, 2, 3, 4]))),
  )

  it.effect("tables, checks, fate and step dice are available as effects", () =>
    Effect.gen(function* () {
      const d = yield* Dice
      const t = yield* d.table({
        die: expression("d6"),
        rows: [
          { key: [1, 3], result: "a" },
          { key: [4, 6], result: "b" },
        ],
      })
      expect(t.result).toBe("b")
      expect((yield* d.check({ ability: 1, dr: 12 })).total).toBe(12)
      expect((yield* d.nuanced({ ability: 0, dr: 10 })).outcome).toBe("weak")
      expect((yield* d.fate(50)).yes).toBe(true)
      expect((yield* d.stepDie("d6")).after).toBe("d4")
      const bad = yield* Effect.result(d.roll("2x6"))
      expect(Result.isFailure(bad) && bad.failure._tag).toBe("InvalidDiceExpression")
    }).pipe(Effect.provide(Dice.manual([5, 11, 12, 3, 40, 3]))),
  )
})
