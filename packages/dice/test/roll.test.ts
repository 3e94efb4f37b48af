import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import {
  DICE_PATTERN,
  DiceExpressionFromString,
  expression,
  formatExpression,
  outcomes,
  parseExpression,
  rollExpression,
} from "../src/Expression.js"
import { d3, d3FromD6, d66Band, d66Key, d66Keys, halfOfRow, halfRow, parseD66Key } from "../src/Roll.js"
import { manual, seeded } from "../src/Source.js"

describe("single dice and two-dice readings", () => {
  it("B-DICE-03 a d3 is a d6 halved, rounded up", () => {
    expect([1, 2, 3, 4, 5, 6].map(d3FromD6)).toEqual([1, 1, 2, 2, 3, 3])
    expect(d3(manual([5]))).toBe(3)
  })

  it("B-DICE-04 B-ENCOUNTER-03 B-GIFT-04 a half roll: first die 1–3 → rows 1–6, 4–6 → rows 7–12", () => {
    expect(halfRow(1, 1)).toBe(1)
    expect(halfRow(3, 6)).toBe(6)
    expect(halfRow(4, 1)).toBe(7)
    expect(halfRow(6, 6)).toBe(12)
    expect(halfOfRow(9)).toEqual({ half: 2, entry: 3 })
    expect(() => halfRow(7, 1)).toThrow(/first/)
    // every row has the same chance: 3 of 36 combinations each
    const counts = new Map<number, number>()
    for (let a = 1; a <= 6; a++)
      for (let b = 1; b <= 6; b++) counts.set(halfRow(a, b), (counts.get(halfRow(a, b)) ?? 0) + 1)
    expect([...counts.values()].every((c) => c === 3)).toBe(true)
    expect(counts.size).toBe(12)
  })

  it("N-TABLE-01 a 1D66 key: first die picks the band 1·2, 3·4, 5·6; the second the row", () => {
    expect(d66Key(3, 5)).toBe("3·4/5")
    expect(d66Key(1, 1)).toBe("1·2/1")
    expect(d66Key(6, 6)).toBe("5·6/6")
    expect(d66Band(4)).toBe("3·4")
    expect(parseD66Key("3·4/5")).toEqual({ band: 1, entry: 5 })
    expect(parseD66Key("5.6/2")).toEqual({ band: 2, entry: 2 })
    expect(() => parseD66Key("3·5/1")).toThrow(/1D66 key/)
    expect(d66Keys).toHaveLength(18)
    expect(d66Keys[0]).toBe("1·2/1")
    expect(d66Keys[17]).toBe("5·6/6")
  })
})

describe("dice expressions", () => {
  it("reads and writes expressions as typed values", () => {
    expect(expression("2d6+1")).toEqual({ kind: "sum", count: 2, sides: 6, modifier: 1, multiplier: 1 })
    expect(expression("3D6x10")).toEqual({ kind: "sum", count: 3, sides: 6, modifier: 0, multiplier: 10 })
    expect(expression("d%")).toEqual({ kind: "percent" })
    expect(expression("1D66")).toEqual({ kind: "d66" })
    expect(expression("half")).toEqual({ kind: "half" })
    expect(formatExpression(expression("d20-2"))).toBe("1d20-2")
    const bad = parseExpression("2x6")
    expect(Result.isFailure(bad) && bad.failure.message).toMatch(
      /dice expression "2x6": expected something like/,
    )
    expect(() => expression("0d6")).toThrow(/1 to 100/)
    expect(() => expression("d1")).toThrow(/2 to 1000 sides/)
  })

  it("accepts exactly what its JSON Schema pattern accepts: one grammar, no spaces", () => {
    const pattern = new RegExp(DICE_PATTERN, "u")
    const samples = [
      "d6",
      "2d6+1",
      "3D6x10",
      "3d6X10",
      "3d6×10",
      "d20-2",
      "d%",
      "1d%",
      "d100%",
      "d3",
      "1D3",
      "d66",
      "1D66",
      "half",
      "2d6half",
      "d30",
      "2d6 + 1",
      "D 6",
      " d6",
      "d6 ",
      "2x6",
      "d",
      "HALF",
      "d6+",
      "1d6half",
      "12",
    ]
    for (const text of samples)
      expect([text, Result.isSuccess(parseExpression(text))]).toEqual([text, pattern.test(text)])
    const spaced = parseExpression("2d6 + 1")
    expect(Result.isFailure(spaced) && spaced.failure.reason).toMatch(/with no spaces$/)
  })

  it("decodes from data and rejects bad dice with the reason", () => {
    const decode = Schema.decodeUnknownResult(DiceExpressionFromString)
    expect(Result.getOrThrow(decode("1D20"))).toEqual({
      kind: "sum",
      count: 1,
      sides: 20,
      modifier: 0,
      multiplier: 1,
    })
    const bad = decode("d")
    expect(Result.isFailure(bad)).toBe(true)
    expect(Schema.encodeSync(DiceExpressionFromString)(expression("2d6"))).toBe("2d6")
  })

  it("N-CREATE: 3D6 × 10 coins rolls three dice and multiplies", () => {
    const r = rollExpression(manual([1, 2, 3]), expression("3d6x10"))
    expect(r).toEqual({ expression: "3d6x10", dice: [1, 2, 3], value: 60 })
  })

  it("N-TABLE-01 a d66 roll carries its key and its row index 1–18", () => {
    const r = rollExpression(manual([4, 2]), expression("d66"))
    expect(r).toMatchObject({ key: "3·4/2", value: 8 })
  })

  it("outcome distributions sum to 1 and cover the range", () => {
    const o = outcomes(expression("2d6"))
    expect(o.map((x) => x.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    expect(o.reduce((a, x) => a + x.probability, 0)).toBeCloseTo(1, 12)
    expect(o[5]!.probability).toBeCloseTo(6 / 36, 12)
    expect(outcomes(expression("d66"))).toHaveLength(18)
  })

  it("a seeded expression roll replays", () => {
    expect(rollExpression(seeded(9), expression("4d6"))).toEqual(rollExpression(seeded(9), expression("4d6")))
  })
})
