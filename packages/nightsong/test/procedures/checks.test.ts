import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { check, DR, drFor, netAdvantage, opposed, resolveAction } from "../../src/procedures/checks/Check.js"
import { ask, chance, THRESHOLDS } from "../../src/procedures/checks/Fate.js"
import { endSession, spendOnCheck, startSession } from "../../src/procedures/checks/Focus.js"
import { npcSave, save } from "../../src/procedures/checks/Save.js"
import { hero } from "./fixtures.js"

describe("Actions and Checks", () => {
  it("N-ACTION-01 N-ACTION-02 assured actions happen and impossible ones fail, with no dice", () => {
    expect(resolveAction(manual([]), "assured")).toMatchObject({ succeeded: true, dice: [] })
    expect(resolveAction(manual([]), "impossible", undefined, "the wall is sheer glass")).toMatchObject({
      succeeded: false,
      reason: "the wall is sheer glass",
    })
    expect(resolveAction(manual([15]), "uncertain", { ability: 0 })).toMatchObject({
      succeeded: true,
      dr: 12,
    })
    expect(() => resolveAction(manual([]), "uncertain")).toThrow(/N-ACTION-01/)
  })

  it("N-CHECK-01 the DR ladder is 6, 9, 12, 15, 18", () => {
    expect(["routine", "easy", "normal", "difficult", "extreme"].map((d) => drFor(d as "easy"))).toEqual([
      6, 9, 12, 15, 18,
    ])
  })

  it("N-CHECK-02 1D20 + Ability meeting the DR succeeds; below it fails", () => {
    expect(check(manual([13]), { ability: 2, dr: 15 })).toMatchObject({ outcome: "success", succeeded: true })
    expect(check(manual([12]), { ability: 2, dr: 15 })).toMatchObject({
      outcome: "failure",
      succeeded: false,
    })
  })

  it("N-CHECK-03 solo play defaults to DR 12", () => {
    expect(check(manual([10, 10]), { ability: 2, solo: true }).dr).toBe(DR.normal)
  })

  it("N-ADV-01 N-ADV-02 Advantage keeps the higher of 2D20, Disadvantage the lower", () => {
    expect(check(manual([3, 17]), { ability: 0, advantage: true }).roll).toMatchObject({ kept: 17 })
    expect(check(manual([3, 17]), { ability: 0, disadvantage: true }).roll).toMatchObject({ kept: 3 })
  })

  it("R-N-ADV-01 GAP-N-10 Advantage and Disadvantage cancel; several Advantages do not stack", () => {
    expect(netAdvantage(true, true)).toBe("none")
    const r = check(manual([8]), {
      ability: 0,
      advantage: true,
      disadvantage: true,
      helpers: [{ name: "Ash", present: true, able: true }],
    })
    expect(r.roll.rolls).toEqual([8])
  })

  it("N-CHECK-04 one present, able ally may help and grants Advantage; never two", () => {
    const ally = { name: "Ash", present: true, able: true }
    expect(check(manual([2, 19]), { ability: 0, helpers: [ally] })).toMatchObject({
      advantage: "advantage",
      outcome: "success",
    })
    expect(() => check(manual([]), { ability: 0, helpers: [ally, ally] })).toThrow(
      /only one ally.*N-CHECK-04/,
    )
    expect(() => check(manual([]), { ability: 0, helpers: [{ ...ally, present: false }] })).toThrow(/present/)
  })

  it("N-CHECK-05 a helper shares the consequences and, in combat, spends their action", () => {
    const ally = { name: "Ash", present: true, able: true }
    expect(check(manual([2, 3]), { ability: 0, helpers: [ally], inCombat: true }).helper).toEqual({
      name: "Ash",
      sharesConsequences: true,
      spendsAction: true,
    })
  })

  it("N-CHECK-06 R-N-CHECK-01 opposed Checks: the higher total wins, ties roll again, no DR", () => {
    const r = opposed(manual([10, 11, 12, 5]), { ability: 1 }, { ability: 0 })
    expect(r.rounds).toEqual([
      { a: 11, b: 11 },
      { a: 13, b: 5 },
    ])
    expect(r.winner).toBe("a")
  })

  it("N-NUANCED-01 N-NUANCED-02 both totals → strong, one → weak, none → failure", () => {
    expect(check(manual([12, 15]), { ability: 0, nuanced: true }).outcome).toBe("strong")
    expect(check(manual([11, 15]), { ability: 0, nuanced: true }).outcome).toBe("weak")
    expect(check(manual([11, 2]), { ability: 0, nuanced: true }).outcome).toBe("failure")
  })

  it("N-NUANCED-03 in solo play every Check is Nuanced", () => {
    expect(check(manual([11, 15]), { ability: 1, solo: true })).toMatchObject({
      kind: "nuanced",
      outcome: "strong",
    })
  })

  it("N-NUANCED-04 Nuanced Advantage keeps the highest two of 3D20, Disadvantage the lowest two", () => {
    expect(check(manual([4, 18, 12]), { ability: 0, solo: true, advantage: true }).roll).toMatchObject({
      kept: [12, 18],
    })
    expect(check(manual([4, 18, 12]), { ability: 0, solo: true, disadvantage: true }).roll).toMatchObject({
      kept: [4, 12],
    })
  })
})

describe("Focus", () => {
  it("N-FOCUS-01 R-N-CHAR-01 a session starts with Focus = Dexterity, up to 3, never below 0", () => {
    expect(startSession(hero({ focus: 0 }, { dexterity: 2 })).focus).toBe(2)
    expect(startSession(hero({ focus: 0 }, { dexterity: 5 })).focus).toBe(3)
    expect(startSession(hero({ focus: 0 }, { dexterity: -1 })).focus).toBe(0)
  })

  it("N-FOCUS-02 R-N-FOCUS-03 spending 1 Focus after a failed Check adds a d20 and keeps the best", () => {
    const failed = check(manual([4]), { ability: 1, dr: 12 })
    const r = spendOnCheck(manual([16]), hero({ focus: 2 }), failed)
    expect(r.adventurer.focus).toBe(1)
    expect(r.check).toMatchObject({ advantage: "advantage", outcome: "success", focusSpent: true })
    expect(r.check.roll.rolls).toEqual([4, 16])
    expect(r.dice).toEqual([{ sides: 20, value: 16, label: "d20" }])
  })

  it("N-FOCUS-02 R-N-FOCUS-03 on a Nuanced Check Focus rolls the third d20 (N-NUANCED-04)", () => {
    const weak = check(manual([5, 14]), { ability: 0, solo: true })
    const r = spendOnCheck(manual([13]), hero({ focus: 1 }), weak)
    expect(r.check).toMatchObject({ outcome: "strong", roll: { kept: [13, 14] } })
  })

  it("N-FOCUS-02 R-N-FOCUS-03 one Focus per roll, none without Focus, and none on a roll with Advantage", () => {
    const rolled = check(manual([4]), { ability: 0 })
    const once = spendOnCheck(manual([5]), hero({ focus: 3 }), rolled)
    expect(() => spendOnCheck(manual([6]), once.adventurer, once.check)).toThrow(/only 1 Focus/)
    expect(() => spendOnCheck(manual([6]), hero({ focus: 0 }), rolled)).toThrow(/no Focus left/)
    const advantaged = check(manual([4, 5]), { ability: 0, advantage: true })
    expect(() => spendOnCheck(manual([6]), hero(), advantaged)).toThrow(/already has Advantage/)
  })

  it("R-N-FOCUS-03 R-N-ADV-01 Focus on a Disadvantaged roll cancels it: the higher die counts, whichever came first, and nothing is rolled", () => {
    for (const dice of [
      [15, 3],
      [3, 15],
    ]) {
      const r = spendOnCheck(manual([]), hero(), check(manual(dice), { ability: 0, disadvantage: true }))
      expect(r.check).toMatchObject({
        advantage: "none",
        outcome: "success",
        roll: { rolls: dice, kept: 15 },
      })
      expect(r.dice).toEqual([])
    }
  })

  it("R-N-FOCUS-03 N-NUANCED-04 Focus on a Disadvantaged Nuanced Check keeps the higher two of its three dice, in any order", () => {
    for (const dice of [
      [4, 18, 12],
      [18, 12, 4],
      [12, 4, 18],
    ]) {
      const low = check(manual(dice), { ability: 0, solo: true, disadvantage: true })
      const r = spendOnCheck(manual([]), hero(), low)
      expect(r.check).toMatchObject({ advantage: "none", outcome: "strong", roll: { kept: [12, 18] } })
    }
  })

  it("N-FOCUS-03 unspent Focus is lost at the end of the session", () => {
    expect(endSession(hero({ focus: 2 })).focus).toBe(0)
  })
})

describe("Die of Fate and saves", () => {
  it("N-FATE-01 R-N-FATE-01 50 or lower is positive by default; above is negative", () => {
    expect(ask(manual([50])).answer).toBe("positive")
    expect(ask(manual([51])).answer).toBe("negative")
  })

  it("N-FATE-02 the threshold moves to 70 for very likely and 30 for unlikely", () => {
    expect(THRESHOLDS).toEqual({ unlikely: 30, even: 50, likely: 70 })
    expect(ask(manual([65]), "likely").answer).toBe("positive")
    expect(ask(manual([35]), "unlikely").answer).toBe("negative")
    expect(() => ask(manual([1]), 120)).toThrow(/N-FATE-02/)
  })

  it("N-FATE-03 an “X% chance of ___” happens when the d% falls within 1–X", () => {
    expect(chance(manual([25]), 25).happens).toBe(true)
    expect(chance(manual([26]), 25).happens).toBe(false)
  })

  it("N-SAVE-01 a save is a DR 12 Check, moved for the threat's severity", () => {
    expect(save(manual([10]), 2)).toMatchObject({ dr: 12, succeeded: true })
    expect(save(manual([10]), 2, 3)).toMatchObject({ dr: 15, succeeded: false })
  })

  it("N-SAVE-01 N-NUANCED-03 a save is a Check: in solo play it is Nuanced, and Advantage applies", () => {
    expect(save(manual([9, 11]), 2, 0, { solo: true })).toMatchObject({
      kind: "nuanced",
      dr: 12,
      outcome: "weak",
    })
    expect(save(manual([3, 10]), 2, 0, { advantage: true })).toMatchObject({ kind: "plain", succeeded: true })
  })

  it("N-SAVE-02 an NPC's save is the Die of Fate", () => {
    expect(npcSave(manual([40]), 50).yes).toBe(true)
  })
})
