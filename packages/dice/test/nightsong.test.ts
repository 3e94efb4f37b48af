import { describe, expect, it } from "vitest"
import { DR, keepTwo, rollCheck, rollNuanced, rollOpposed } from "../src/nightsong/Check.js"
import { rollFate } from "../src/nightsong/Fate.js"
import { rollStepDie, STEP_CHAIN, step, stepDie, stepsForFace } from "../src/nightsong/StepDie.js"
import { manual } from "../src/Source.js"

describe("Nightsong dice", () => {
  it("N-STEPDIE-01 the chain runs D12 → D10 → D8 → D6 → D4 → D0", () => {
    expect(STEP_CHAIN).toEqual(["d12", "d10", "d8", "d6", "d4", "d0"])
    expect(stepDie("D8")).toBe("d8")
    expect(stepDie(12)).toBe("d12")
    expect(() => stepDie("d7")).toThrow(/N-STEPDIE-01/)
  })

  it("N-STEPDIE-02 N-STEPDIE-03 a 1 steps down two, a 2–3 one, a 4+ stays", () => {
    expect([1, 2, 3, 4, 8].map(stepsForFace)).toEqual([2, 1, 1, 0, 0])
    expect(rollStepDie(manual([1]), "d8")).toEqual({ before: "d8", face: 1, after: "d4", ended: false })
    expect(rollStepDie(manual([3]), "d8").after).toBe("d6")
    expect(rollStepDie(manual([4]), "d8").after).toBe("d8")
  })

  it("N-STEPDIE-04 at D0 the thing ends; a D0 cannot be rolled; a drop past D0 stops there (AMB-N-12)", () => {
    expect(rollStepDie(manual([1]), "d4")).toMatchObject({ after: "d0", ended: true })
    expect(rollStepDie(manual([2]), "d4")).toMatchObject({ after: "d0", ended: true })
    expect(step("d4", 2)).toBe("d0")
    expect(() => rollStepDie(manual([1]), "d0")).toThrow(/spent/)
  })

  it("N-CHECK-01 Difficulty Ratings are 6, 9, 12, 15, 18", () => {
    expect(DR).toEqual({ routine: 6, easy: 9, normal: 12, difficult: 15, extreme: 18 })
  })

  it("N-CHECK-02 a Check is 1D20 + Ability, succeeding on meeting the DR", () => {
    expect(rollCheck(manual([10]), { ability: 2, dr: 12 })).toMatchObject({ total: 12, success: true })
    expect(rollCheck(manual([9]), { ability: 2, dr: 12 })).toMatchObject({ total: 11, success: false })
  })

  it("N-ADV-01 Advantage keeps the higher of 2D20, Disadvantage the lower", () => {
    expect(rollCheck(manual([3, 17]), { ability: 0, dr: 12, advantage: "advantage" })).toMatchObject({
      kept: 17,
      success: true,
    })
    expect(rollCheck(manual([3, 17]), { ability: 0, dr: 12, advantage: "disadvantage" })).toMatchObject({
      kept: 3,
      success: false,
    })
  })

  it("N-NUANCED-01 N-NUANCED-02 two totals against the DR: strong, weak or failure", () => {
    expect(rollNuanced(manual([12, 15]), { ability: 0, dr: 12 }).outcome).toBe("strong")
    expect(rollNuanced(manual([11, 15]), { ability: 0, dr: 12 }).outcome).toBe("weak")
    expect(rollNuanced(manual([9, 10]), { ability: 1, dr: 12 })).toMatchObject({
      totals: [10, 11],
      outcome: "failure",
    })
  })

  it("N-NUANCED-04 with Advantage 3D20 keep the highest two; with Disadvantage the lowest two", () => {
    expect(keepTwo([5, 18, 12], "advantage")).toEqual([12, 18])
    expect(keepTwo([5, 18, 12], "disadvantage")).toEqual([5, 12])
    expect(rollNuanced(manual([5, 18, 12]), { ability: 0, dr: 12, advantage: "advantage" }).outcome).toBe(
      "strong",
    )
    expect(rollNuanced(manual([5, 18, 12]), { ability: 0, dr: 12, advantage: "disadvantage" }).outcome).toBe(
      "weak",
    )
  })

  it("N-CHECK-06 opposed Checks: the higher total wins, a tie rolls again", () => {
    const r = rollOpposed(manual([10, 10, 4, 15]), { ability: 1 }, { ability: 1 })
    expect(r.rounds).toEqual([
      { a: 11, b: 11 },
      { a: 5, b: 16 },
    ])
    expect(r.winner).toBe("b")
  })

  it("N-FATE-01 R-N-FATE-01 the Die of Fate: at or below the threshold is yes (default 50)", () => {
    expect(rollFate(manual([50]))).toEqual({ roll: 50, threshold: 50, yes: true })
    expect(rollFate(manual([51])).yes).toBe(false)
    expect(rollFate(manual([55])).yes).toBe(false)
  })

  it("N-FATE-02 N-FATE-03 the threshold moves: 70 for likely, 30 for unlikely", () => {
    expect(rollFate(manual([65]), 70).yes).toBe(true)
    expect(rollFate(manual([31]), 30).yes).toBe(false)
    expect(() => rollFate(manual([1]), 120)).toThrow(/0 to 100/)
  })
})
