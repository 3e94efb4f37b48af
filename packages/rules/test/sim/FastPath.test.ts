import { Either } from "effect"
import { describe, expect, it } from "vitest"
import { create, envOf, hash } from "../../src/battle/Battle.js"
import { applyInPlaceTo } from "../../src/battle/Decide.js"
import { copy } from "../../src/battle/Evolve.js"
import { played, type Spec } from "../../src/sim/Raid.js"
import { exampleRefuges, core as registry } from "../battle/fixtures.js"

const refuges = exampleRefuges()
const SCENARIOS = registry.list("scenarios").map((s) => s.id as string)

/** The raid on the fast path and through the audited engine: the same final state and summary. */
const same = (spec: Spec, i: number) => {
  const fast = Either.getOrThrow(played(spec, registry, i))
  const audited = Either.getOrThrow(played({ ...spec, audited: true }, registry, i))
  expect(hash(fast.state)).toBe(hash(audited.state))
  expect(JSON.parse(JSON.stringify(fast.state))).toEqual(JSON.parse(JSON.stringify(audited.state)))
  expect(JSON.stringify(fast.summary)).toBe(JSON.stringify(audited.summary))
  return fast
}

describe("the simulation's fast path (issue 15: state changed in place, no event log)", () => {
  it("has the core scenarios to check", () => {
    expect(SCENARIOS).toEqual(expect.arrayContaining(["cache", "night-raid", "the-planting"]))
    expect(SCENARIOS.length).toBeGreaterThanOrEqual(7)
  })

  for (const scenario of SCENARIOS)
    it(`R-SIM-01 ${scenario} on the declared table: fast and audited end in the same state and summary`, () => {
      for (const [seed, i] of [
        [1, 0],
        [7, 3],
      ] as const) {
        const fast = same({ refuges, scenario, table: "declared", policies: ["sensible"], seed }, i)
        expect(fast.summary.commands).toBeGreaterThan(20)
      }
    })

  it("R-SIM-02 random and aggressive policies on the declared table: the same state and summary", () => {
    same({ refuges, scenario: "cache", table: "declared", policies: ["random", "aggressive"], seed: 5 }, 1)
    same({ refuges, scenario: "bloom-heart", table: "declared", policies: ["odds"], seed: 9 }, 2)
  })

  it("R-BOARD-06 seeded 2-D boards: fast and audited end in the same state and summary", () => {
    for (const [scenario, i] of [
      ["cache", 0],
      ["the-planting", 1],
    ] as const) {
      const fast = same({ refuges, scenario, table: "board", policies: ["sensible"], seed: 1 }, i)
      expect(fast.state.board).toBeDefined()
      expect(fast.summary.over).toBe(true)
    }
  }, 120_000)

  it("R-BATTLE-15 in place, a refused command leaves the state as it was, and undo is refused", () => {
    const env = envOf(registry)
    const battle = Either.getOrThrow(create({ refuges, dice: { seed: 4 } }, env))
    const state = copy(battle.state)
    const before = hash(state)
    // Nobody is activating yet: moving is refused outright.
    const moved = applyInPlaceTo(state, { type: "move", model: state.models[0]!.id }, env)
    expect(Either.isLeft(moved)).toBe(true)
    expect(hash(state)).toBe(before)
    const undo = applyInPlaceTo(state, { type: "undo" }, env)
    expect(Either.isLeft(undo) && undo.left.clause).toBe("R-BATTLE-15")
    expect(hash(state)).toBe(before)
  })
})
