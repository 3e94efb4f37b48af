import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { expression, parseExpression } from "../src/Expression.js"
import {
  formatMultipleAttack,
  parseMultipleAttack,
  rollAny,
  rollExpressionOf,
  rollMultipleAttack,
} from "../src/nightsong/MultipleAttack.js"
import { rollReport } from "../src/Report.js"
import { manual, seeded } from "../src/Source.js"

describe("multiple attack dice (N-COMBAT-12)", () => {
  it("N-COMBAT-12 D8 + D8 is read, written and rolled: every die, the single highest kept", () => {
    const e = rollExpressionOf("D8+D8")
    expect(e).toEqual({ kind: "highest", sides: [8, 8] })
    expect(formatMultipleAttack(e as never)).toBe("d8+d8")
    expect(rollAny(manual([2, 7]), e)).toEqual({ expression: "d8+d8", dice: [2, 7], value: 7 })
    expect(rollMultipleAttack(manual([5, 5, 1]), { kind: "highest", sides: [12, 12, 12] }).value).toBe(5)
    expect(rollExpressionOf("1d6+1d10")).toEqual({ kind: "highest", sides: [6, 10] })
    expect(rollReport(manual([3, 6]), { kind: "dice", expression: "d6+d6" })).toEqual({
      kind: "dice",
      expression: "d6+d6",
      dice: [3, 6],
      value: 6,
    })
  })

  it("N-COMBAT-12 over every face pair, d6+d6 is the higher die: 11 of 36 rolls show a 6", () => {
    const values: number[] = []
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) values.push(rollAny(manual([a, b]), rollExpressionOf("d6+d6")).value)
    expect(values.filter((v) => v === 6)).toHaveLength(11)
    expect(values.filter((v) => v === 1)).toHaveLength(1)
  })

  it("N-COMBAT-12 every expression the core grammar reads keeps its meaning", () => {
    for (const text of ["d8+8", "2d6+1", "d20-2", "3d6x10", "d%", "d3", "d66", "half", "1D66", "d6", "4d6"]) {
      expect(parseMultipleAttack(text)).toBeUndefined()
      expect(rollExpressionOf(text)).toEqual(expression(text))
      expect(rollAny(seeded(3), rollExpressionOf(text))).toEqual(rollAny(seeded(3), expression(text)))
    }
    // The content grammar itself is unchanged: packs do not take the Nightsong form.
    expect(Result.isFailure(parseExpression("d8+d8"))).toBe(true)
  })

  it("N-COMBAT-12 N-WEAPON-01 a die that is no Damage die, too many dice, spaces or a dangling plus are refused with the reason", () => {
    expect(() => rollExpressionOf("d8+d20")).toThrow(/Damage dice D4 to D12 \(N-COMBAT-12\), got D20/)
    expect(() => rollExpressionOf(Array(11).fill("d6").join("+"))).toThrow(/at most 10 dice/)
    expect(() => rollExpressionOf("d8 + d8")).toThrow(/with no spaces/)
    expect(() => rollExpressionOf("d8+")).toThrow(/or "d8\+d8" \(a multiple attack, highest kept\)/)
    expect(() => rollExpressionOf("2d8+d8")).toThrow(/dice expression "2d8\+d8"/)
  })
})
