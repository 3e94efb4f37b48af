import { Dice } from "@blight/dice"
import { Effect, Result } from "effect"
import { describe, expect, it } from "vitest"
import { check } from "../../src/procedures/checks/Check.js"
import { gear, use } from "../../src/procedures/items/Gear.js"
import { withDice } from "../../src/procedures/Run.js"
import { generate, generateWorld } from "../../src/world/World.js"

describe("the Effect boundary", () => {
  it("N-CHECK-02 a procedure runs on the Dice service and its rolls land in the service's log", () => {
    const program = Effect.gen(function* () {
      const r = yield* withDice((s) => check(s, { ability: 1, dr: 12 }))
      const log = yield* Effect.flatMap(Dice, (d) => d.log)
      return { r, log }
    })
    const { r, log } = Effect.runSync(program.pipe(Effect.provide(Dice.manual([11]))))
    expect(r.outcome).toBe("success")
    expect(log.map((d) => d.value)).toEqual([11])
  })

  it("N-STEPDIE-04 a broken rule is a typed failure, not a throw", () => {
    const spent = { ...gear("Torches", "supply", "d6"), die: "d0" as const }
    const result = Effect.runSync(
      Effect.result(withDice((s) => use(s, spent))).pipe(Effect.provide(Dice.manual([]))),
    )
    expect(Result.isFailure(result) && result.failure._tag).toBe("ProcedureError")
  })

  it("running out of table dice is the dice core's typed failure", () => {
    const result = Effect.runSync(
      Effect.result(withDice((s) => check(s, { ability: 0 }))).pipe(Effect.provide(Dice.manual([]))),
    )
    expect(Result.isFailure(result) && result.failure._tag).toBe("ManualDiceExhausted")
  })

  it("N-WORLD-01 the world generator runs on seeded service dice exactly as on a seeded source", () => {
    const w = Effect.runSync(withDice((s) => generateWorld(s)).pipe(Effect.provide(Dice.seeded(7))))
    expect(w).toEqual({ ...generate(7), seed: undefined })
  })
})
