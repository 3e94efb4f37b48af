/**
 * Fidelity, scripted: the Pharmacy's set-up (B-SCENARIO-02; its set-up text: "the Pharmacy (a
 * building at the centre) holds the 2 Meds tokens, and a Strangler Vine is placed at its door").
 * Its "here" is the Pharmacy, not the survivor listed first: on a declared table the Vine arrives
 * beside the Pharmacy's shelves; on a 2-D board the Meds tokens lie at the centre, not under Ash Lead,
 * and the Vine stands beside them, not at a Lair.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, create, envOf } from "../../src/battle/Battle.js"
import { random as randomBoard } from "../../src/battle/table/board/Board.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { exampleRefuges, core as registry } from "../battle/fixtures.js"
import { couriers, raid } from "../scenarios/script.js"

describe("the Pharmacy's set-up (B-SCENARIO-02)", () => {
  it("B-SCENARIO-02 the Strangler Vine is placed at the Pharmacy's door, not beside the first survivor", () => {
    const t = raid("the-pharmacy", [couriers("Ash"), couriers("Birch")])
    t.settle([3, 5, 3, 5], () => false) // the two lurkers; the Vine at the door is not rolled
    t.initiative("ash") // set-up ends with round 1's Initiative
    const placed = t.of("creature.arrives", true).filter((e) => e.at.startsWith("beside"))
    expect(placed.map((e) => [e.model.ref, e.at])).toEqual([
      ["strangler-vine", "beside The Pharmacy's shelves"],
    ])
  })

  it("B-SCENARIO-02 on a 2-D board the two Meds tokens lie at the Pharmacy, at the centre, and the Vine at its door", () => {
    const refuges = exampleRefuges()
    const env = envOf(registry, make(registry))
    const board = randomBoard(1, registry, { refuges })
    let b = Result.getOrThrow(create({ refuges, scenario: "the-pharmacy", dice: "manual", board }, env))
    // The lurkers are Strangler Vines (3, 5); every other die a 1 (the
    // first Refuge wins the roll-off), up to round 1's activations.
    // No Blight dice are added to the Initiative pools.
    for (let guard = 0; guard < 20 && b.state.pending !== undefined; guard++) {
      const p = b.state.pending.prompt
      const next =
        p.kind === "choice"
          ? ({ type: "choose", option: "0" } as const)
          : p.kind === "dice"
            ? {
                type: "roll" as const,
                faces: /Encounter/.test(p.purpose)
                  ? [3, 5]
                  : Array.from({ length: p.dice }, (_, i) => (i === 0 && /roll-off/.test(p.purpose) ? 6 : 1)),
              }
            : undefined
      if (!next) break
      b = Result.getOrThrow(command(b, next, env))
    }
    expect(b.state.phase, JSON.stringify(b.state.pending?.prompt)).toBe("activations")
    const pharmacy = b.state.tokens.find((x) => x.objective === "pharmacy-meds")!.position!
    const meds = b.state.tokens.filter((x) => x.contents === "meds")
    expect(meds).toHaveLength(2)
    for (const m of meds) expect(m.position).toEqual(pharmacy)
    expect(pharmacy).toEqual({ x: board.width / 2, y: board.height / 2 })
    // The Vine at its door: beside the Pharmacy, where it was placed (its Guardian leash, B-BEHAVIOUR-08).
    const vines = b.state.models.filter((m) => m.ref === "strangler-vine" && m.position)
    const door = vines.filter((m) => Math.hypot(m.position!.x - pharmacy.x, m.position!.y - pharmacy.y) < 2)
    expect(door).toHaveLength(1)
    expect(door[0]!.placed).toEqual(door[0]!.position)
  })
})
