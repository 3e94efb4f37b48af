/**
 * Fidelity, scripted: founding a Refuge against the text's numbers at their exact limits
 * ("Start with 150 Salvage", "Recruit 4–8 survivors … No more than 2 of any one background", "at
 * most 2 Uncommon items", "Reloads at 4 Salvage each", "1 Ration per survivor and 1 Meds, plus
 * anything from your Home"), on the core pack.
 */
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { found } from "../../src/refuge/Founding.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import type { Violation } from "../../src/refuge/Violation.js"
import { registry } from "../campaign/helpers.js"

type S = {
  name: string
  background: string
  leader?: boolean
  weapons?: string[]
  armour?: string[]
  kit?: string[]
}
const roster = (survivors: S[], extra: Record<string, unknown> = {}, home = "church") => ({
  name: "Fidelity",
  home,
  survivors,
  ...extra,
})
const foundIt = (r: unknown) => found(r, registry, { source: seeded(1) })
const violations = (r: unknown): readonly Violation[] => {
  const f = foundIt(r)
  if (Result.isSuccess(f)) throw new Error("expected the roster to be refused")
  return f.failure.violations
}

// Soldier 25 + Soldier 25 + Firefighter 24 + Doctor 23 = 97; a shotgun 16 → 113.
const four = (): S[] => [
  { name: "A", background: "soldier", leader: true, weapons: ["shotgun"] },
  { name: "B", background: "soldier" },
  { name: "C", background: "firefighter" },
  { name: "D", background: "doctor" },
]

describe("the founding budget (B-FOUNDING-01, B-FOUNDING-09, B-AMMO-08)", () => {
  it("B-FOUNDING-01 B-FOUNDING-09 spending exactly 150 founds the Refuge with 0 Salvage left", () => {
    // 113 + 9 Reloads at 4 (36) + 5 Arrows for 1 = 150.
    const r = Result.getOrThrow(foundIt(roster(four(), { reloads: 9, arrows: 5 })))
    expect(storesOf(r.ledger)).toMatchObject({ salvage: 0, reloads: 9, arrows: 5 })
  })

  it("B-FOUNDING-01 one Salvage over (151) is refused, naming the rule, and nothing is founded", () => {
    expect(violations(roster(four(), { reloads: 9, arrows: 10 }))).toEqual([
      {
        path: "(root)",
        message: "this refuge costs 151 Salvage; the founding budget is 150 (1 over)",
        clause: "B-FOUNDING-01",
      },
    ])
  })
})

describe("who founds it (B-FOUNDING-03, B-HOME-02)", () => {
  const cheap = (n: number): S[] =>
    Array.from({ length: n }, (_, i) => ({
      name: `S${i + 1}`,
      background: ["student", "office-worker", "rough-sleeper", "labourer", "waitress"][Math.floor(i / 2)]!,
      ...(i === 0 ? { leader: true } : {}),
    }))

  it("B-FOUNDING-03 4 and 8 survivors found (the Church holds 8); 3 and 9 are refused", () => {
    expect(Result.isSuccess(foundIt(roster(cheap(4))))).toBe(true)
    const eight = Result.getOrThrow(foundIt(roster(cheap(8))))
    expect(eight.survivors).toHaveLength(8)
    // B-FOUNDING-10: 1 Ration per survivor and 1 Meds (the Church adds nothing).
    expect(storesOf(eight.ledger)).toMatchObject({ rations: 8, meds: 1 })
    expect(violations(roster(cheap(3))).map((v) => v.clause)).toEqual(["B-FOUNDING-03"])
    expect(violations(roster(cheap(9))).map((v) => [v.clause, v.path])).toEqual([
      ["B-FOUNDING-03", "survivors"],
      ["B-HOME-02", "survivors"],
    ])
  })

  it("B-HOME-02 a Home holding 5 founds with 5 and refuses 6, though 6 is within 4–8", () => {
    expect(Result.isSuccess(foundIt(roster(cheap(5), {}, "corner-shop")))).toBe(true)
    expect(violations(roster(cheap(6), {}, "corner-shop"))).toEqual([
      { path: "survivors", message: "The Corner Shop holds 5 survivors, got 6", clause: "B-HOME-02" },
    ])
  })
})

describe("what they buy (B-FOUNDING-06, B-FOUNDING-08)", () => {
  it("B-FOUNDING-08 exactly 2 Uncommon items across the Refuge found; a third is refused at its path", () => {
    const two = four()
    two[1] = { ...two[1]!, weapons: ["fire-axe"] }
    two[2] = { ...two[2]!, kit: ["gas-mask"] }
    expect(Result.isSuccess(foundIt(roster(two)))).toBe(true)
    const three = structuredClone(two)
    three[0] = { ...three[0]!, weapons: [] } // within budget: only the third Uncommon is wrong
    three[3] = { ...three[3]!, weapons: ["crossbow"] }
    expect(violations(roster(three))).toEqual([
      expect.objectContaining({ path: "survivors[3].weapons[0]", clause: "B-FOUNDING-08" }),
    ])
  })

  it("B-FOUNDING-06 two weapons plus a Molotov and a pipe bomb is within the limit; a third weapon is not", () => {
    const ok = four()
    ok[1] = { ...ok[1]!, weapons: ["knife", "crowbar", "molotov", "pipe-bomb"] }
    expect(Result.isSuccess(foundIt(roster(ok)))).toBe(true)
    const over = structuredClone(ok)
    over[1] = { ...over[1]!, weapons: ["knife", "crowbar", "baseball-bat"] }
    expect(violations(roster(over)).map((v) => [v.path, v.clause])).toEqual([
      ["survivors[1].weapons", "B-FOUNDING-06"],
    ])
  })
})
