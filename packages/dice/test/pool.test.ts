import { describe, expect, it } from "vitest"
import { isCrit, isSuccess, judge, reroll, rollPool, rollTest } from "../src/blight/Pool.js"
import { blightDiceAllowance, callTheBlight, tierOf } from "../src/blight/Tier.js"
import { DiceRuleViolation } from "../src/Errors.js"
import { manual, seeded } from "../src/Source.js"

describe("The Blight's pools", () => {
  it("B-DICE-01 every 4, 5 or 6 is a success and every 6 also a Crit", () => {
    const p = rollPool(manual([1, 2, 3, 4, 5, 6]), { dice: 6 })
    expect(p.successes).toBe(3)
    expect(p.crits).toBe(1)
    expect([1, 2, 3, 4, 5, 6].map((f) => isSuccess(f))).toEqual([false, false, false, true, true, true])
  })

  it("B-DICE-02 a Crit counts as a success too", () => {
    const p = rollPool(manual([6, 6, 1]), { dice: 3 })
    expect(p).toMatchObject({ successes: 2, crits: 2 })
    expect(isCrit(6) && isSuccess(6)).toBe(true)
  })

  it("B-DICE-05 a pool rolls as many dice as the stat plus modifiers and counts successes", () => {
    const p = rollPool(seeded(3), { dice: 5 })
    expect(p.dice).toHaveLength(5)
    expect(p.successes).toBe(p.dice.filter((d) => d.face >= 4).length)
  })

  it("B-DICE-06 modifiers change the number of dice, never the 4+", () => {
    // a pool of 2 after −1: one die fewer, the same faces still succeed on 4+
    const p = rollPool(manual([4, 5]), { dice: 3 - 1 })
    expect(p.dice).toHaveLength(2)
    expect(p.successes).toBe(2)
  })

  it("B-DICE-07 a pool below 1 die rolls one desperate die that succeeds only on a 6", () => {
    for (const dice of [0, -1, -3]) {
      const five = rollPool(manual([5]), { dice })
      expect(five).toMatchObject({ desperate: true, successes: 0, crits: 0 })
      expect(five.dice).toHaveLength(1)
      expect(rollPool(manual([6]), { dice })).toMatchObject({ desperate: true, successes: 1, crits: 1 })
    }
  })

  it("R-DICE-01 Blight dice count towards the pool's size: 0 dice + 1 Blight die is not desperate", () => {
    const p = rollPool(manual([4]), { dice: 0, blightDice: 1 })
    expect(p).toMatchObject({ desperate: false, successes: 1 })
    expect(p.dice[0]!.blight).toBe(true)
  })

  it("B-TEST-01 a test passes only with at least its target in successes", () => {
    expect(rollTest(manual([4, 5, 1]), { dice: 3, target: 2 }).passed).toBe(true)
    expect(rollTest(manual([4, 1, 1]), { dice: 3, target: 2 }).passed).toBe(false)
  })

  it("B-TEST-02 a test with no number needs 1 success", () => {
    const t = rollTest(manual([1, 4]), { dice: 2 })
    expect(t.target).toBe(1)
    expect(t.passed).toBe(true)
    expect(judge(rollPool(manual([1, 2]), { dice: 2 })).passed).toBe(false)
    expect(() => rollTest(manual([1]), { dice: 1, target: 0 })).toThrow(DiceRuleViolation)
  })

  it("B-REROLL-01 a die can be re-rolled once, never twice", () => {
    const src = manual([1, 2, 6, 5])
    const p = rollPool(src, { dice: 2 })
    const once = reroll(src, p, [0])
    expect(once.dice[0]).toMatchObject({ face: 6, rerolled: true, history: [1] })
    expect(once.successes).toBe(1)
    expect(() => reroll(src, once, [0])).toThrow(/already been re-rolled/)
    // refusing changed nothing and consumed no die: the other die can still be re-rolled
    const other = reroll(src, once, [1])
    expect(other.dice[1]).toMatchObject({ face: 5, rerolled: true })
  })

  it("B-REROLL-01 the same die twice in one request is refused, and bad indices are named", () => {
    const src = manual([1, 1, 6, 6])
    const p = rollPool(src, { dice: 2 })
    expect(() => reroll(src, p, [1, 1])).toThrow(/indices\[1\]/)
    expect(() => reroll(src, p, [5])).toThrow(/no die 5/)
  })

  it("B-BLIGHTDICE-01 Blight dice are rolled with the pool and kept apart", () => {
    const p = rollPool(manual([4, 4, 1, 5]), { dice: 2, blightDice: 2 })
    expect(p.dice.map((d) => d.blight)).toEqual([false, false, true, true])
    expect(() => rollPool(manual([]), { dice: 1, blightDice: -1 })).toThrow(DiceRuleViolation)
  })

  it("B-BLIGHTDICE-02 Blight dice succeed on 4+ and Crit on 6 like any die", () => {
    const p = rollPool(manual([1, 6, 4]), { dice: 1, blightDice: 2 })
    expect(p).toMatchObject({ successes: 2, crits: 1 })
  })

  it("B-BLIGHTDICE-03 every 1 on a Blight die gives +1 Blight; 1s on ordinary dice do not", () => {
    const p = rollPool(manual([1, 1, 1, 1, 3]), { dice: 2, blightDice: 3 })
    expect(p.blightGained).toBe(2)
  })

  it("R-DICE-02 a Blight-die 1 that is re-rolled still gave its Blight; a re-rolled 1 adds another", () => {
    const src = manual([5, 1, 1])
    const p = rollPool(src, { dice: 1, blightDice: 1 })
    expect(p.blightGained).toBe(1)
    expect(reroll(src, p, [1]).blightGained).toBe(2)
  })

  it("B-BLIGHTDICE-04 Call the Blight rolls only Blight dice, as many as the tier allows, needing 1 success", () => {
    const t = callTheBlight(manual([1, 1, 4]), "overgrown")
    expect(t.pool.dice).toHaveLength(3)
    expect(t.pool.dice.every((d) => d.blight)).toBe(true)
    expect(t.target).toBe(1)
    expect(t.passed).toBe(true)
    expect(t.pool.blightGained).toBe(2)
    expect(callTheBlight(manual([3]), "touched").passed).toBe(false)
    expect(() => callTheBlight(manual([]), "clean")).toThrow(/no Blight dice/)
  })

  it("B-TIER-01 B-TIER-02 B-TIER-03 B-TIER-04 B-TIER-05 tiers and their Blight dice", () => {
    const tiers = Array.from({ length: 13 }, (_, b) => tierOf(b))
    expect(tiers).toEqual([
      "clean",
      "clean",
      "clean",
      "touched",
      "touched",
      "touched",
      "bloomed",
      "bloomed",
      "bloomed",
      "overgrown",
      "overgrown",
      "overgrown",
      "turned",
    ])
    expect(tiers.map(blightDiceAllowance)).toEqual([0, 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, 0])
    expect(() => tierOf(13)).toThrow(/0 to 12/)
  })
})
