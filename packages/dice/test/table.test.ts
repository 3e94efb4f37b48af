import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { expression } from "../src/Expression.js"
import { d66Keys } from "../src/Roll.js"
import { manual, seeded } from "../src/Source.js"
import {
  assertTable,
  lookup,
  RollTable,
  rollOn,
  rollUnique,
  type Table,
  tableProblems,
} from "../src/Table.js"

const gifts: Table<string> = {
  die: expression("half"),
  rows: Array.from({ length: 12 }, (_, i) => ({ key: i + 1, result: `gift-${i + 1}` })),
}

describe("roll tables", () => {
  it("N-TABLE-02 a 1D6 table is keyed by face; ranges cover several faces", () => {
    const t: Table<string> = {
      die: expression("d6"),
      rows: [
        { key: [1, 2], result: "low" },
        { key: [3, 5], result: "mid" },
        { key: 6, result: "high" },
      ],
    }
    expect(tableProblems(t)).toEqual([])
    expect(lookup(t, 2)).toBe("low")
    expect(lookup(t, 6)).toBe("high")
    expect(rollOn(manual([4]), t)).toMatchObject({ index: 1, result: "mid" })
  })

  it("reports every problem at once: gaps, overlaps and impossible keys, with paths", () => {
    const t: Table<string> = {
      die: expression("d6"),
      rows: [
        { key: [1, 3], result: "a" },
        { key: 3, result: "b" },
        { key: 9, result: "c" },
      ],
    }
    const problems = tableProblems(t).map((p) => `${p.path}: ${p.reason}`)
    expect(problems).toEqual([
      "rows[1].key: result 3 is also covered by row 0",
      "rows[2].key: the die cannot roll 9",
    ])
    const gappy: Table<string> = { die: expression("d6"), rows: [{ key: [1, 5], result: "a" }] }
    expect(tableProblems(gappy)[0]!.message).toBe("rows: no row for result 6 (the table has 1 rows)")
    expect(() => assertTable(gappy)).toThrow(/no row for result 6/)
  })

  it("B-DICE-04 a 12-row half table is complete; an 11-row one is not", () => {
    expect(tableProblems(gifts)).toEqual([])
    expect(rollOn(manual([5, 3]), gifts).result).toBe("gift-9")
    const short = { ...gifts, rows: gifts.rows.slice(0, 11) }
    expect(tableProblems(short)[0]!.reason).toMatch(/no row for result 12/)
  })

  it("N-TABLE-01 a 1D66 table has the 18 keys 1·2/1 … 5·6/6", () => {
    const t: Table<string> = { die: expression("d66"), rows: d66Keys.map((key) => ({ key, result: key })) }
    expect(tableProblems(t)).toEqual([])
    expect(lookup(t, "3·4/5")).toBe("3·4/5")
    expect(rollOn(manual([6, 1]), t).result).toBe("5·6/1")
    const mixed: Table<string> = { die: expression("d66"), rows: [{ key: 1, result: "x" }] }
    expect(tableProblems(mixed)[0]!.path).toBe("rows[0].key")
  })

  it("B-GIFT-05 a duplicate result is rolled again, and every roll is kept for the record", () => {
    const src = manual([1, 1, 1, 1, 1, 2])
    const r = rollUnique(src, gifts, new Set([0]))
    expect(r.rolls.map((x) => x.index)).toEqual([0, 0, 1])
    expect(r.final.result).toBe("gift-2")
    expect(() => rollUnique(seeded(1), gifts, new Set(gifts.rows.map((_, i) => i)))).toThrow(
      /every row is already taken/,
    )
  })

  it("tables are data: RollTable decodes a JSON table and rejects bad keys", () => {
    const T = RollTable(Schema.String)
    const ok = Schema.decodeUnknownResult(T)({ die: "1D66", rows: [{ key: "1·2/1", result: "x" }] })
    expect(Result.isSuccess(ok)).toBe(true)
    const bad = Schema.decodeUnknownResult(T)({ die: "1D66", rows: [{ key: "1·3/1", result: "x" }] })
    expect(Result.isFailure(bad)).toBe(true)
  })
})
