/**
 * A table's corrections (R-BATTLE-76): `adjust` reaches what a table loses track of — whether a
 * model has activated, its ammunition and weapons, the Loot it carries, where it stands on a board —
 * and refuses a bad value naming its path and the rule, changing nothing.
 */
import { describe, expect, it } from "vitest"
import { board } from "../board/fixtures.js"
import { onBoard, plain, refuge, started } from "./fixtures.js"

const fix = { type: "adjust", reason: "the table agrees" } as const

describe("adjust: activation (B-ACT-03, R-BATTLE-76)", () => {
  it("B-ACT-03 R-BATTLE-76 a model the table forgot had activated is marked so, and is no longer offered", () => {
    const t = started()
    expect(t.legal().some((c) => c.type === "activate" && c.model === "a.2")).toBe(true)
    t.do({ ...fix, model: "a.2", activated: true })
    expect(t.model("a.2").activated).toBe(true)
    expect(t.legal().some((c) => c.type === "activate" && c.model === "a.2")).toBe(false)
    t.do({ ...fix, model: "a.2", activated: false })
    expect(t.legal().some((c) => c.type === "activate" && c.model === "a.2")).toBe(true)
  })

  it("R-BATTLE-76 the model activating now cannot be marked as not activated", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ ...fix, model: "a.1", activated: false })).toMatchObject({
      reason: expect.stringMatching(/^activated: /),
      clause: "R-BATTLE-76",
    })
  })
})

describe("adjust: ammunition and weapons (B-AMMO-01, B-AMMO-05, B-JAM-02, R-BATTLE-76)", () => {
  it("B-AMMO-01 B-JAM-02 R-BATTLE-76 a pistol's shots loaded and its Jam are corrected; Arrows and Bolts carried too", () => {
    const t = started()
    t.do({
      ...fix,
      model: "a.1",
      weapons: [{ weapon: "pistol", loaded: 2, jammed: true }],
      arrows: 3,
      bolts: 1,
    })
    expect(t.model("a.1").weapons.find((w) => w.weapon === "pistol")).toMatchObject({
      loaded: 2,
      jammed: true,
    })
    expect(t.model("a.1")).toMatchObject({ arrows: 3, bolts: 1 })
    // A Jammed pistol cannot fire (B-JAM-02): the correction holds for the rules that follow.
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe("B-JAM-02")
  })

  it("B-AMMO-05 R-BATTLE-76 a bow is nocked (1 Arrow loaded) and holds no more", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["bow"] }, {}], { arrows: 2 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ ...fix, model: "a.1", weapons: [{ weapon: "bow", loaded: 1 }] })
    expect(t.model("a.1").weapons.find((w) => w.weapon === "bow")?.loaded).toBe(1)
    expect(t.reject({ ...fix, model: "a.1", weapons: [{ weapon: "bow", loaded: 2 }] })).toMatchObject({
      reason: expect.stringMatching(/^weapons\.0\.loaded: .* at most 1/),
      clause: "B-AMMO-05",
    })
  })

  it("B-AMMO-01 R-BATTLE-76 bad weapon corrections are refused at their path, and nothing changes", () => {
    const t = started()
    const before = t.s
    expect(t.reject({ ...fix, model: "a.1", weapons: [{ weapon: "shotgun", jammed: false }] })).toMatchObject(
      {
        reason: expect.stringMatching(/^weapons\.0\.weapon: .*"shotgun"/),
        clause: "R-BATTLE-76",
      },
    )
    expect(t.reject({ ...fix, model: "a.1", weapons: [{ weapon: "pistol", loaded: 30 }] })).toMatchObject({
      reason: expect.stringMatching(/^weapons\.0\.loaded: /),
      clause: "B-AMMO-01",
    })
    expect(
      t.reject({ ...fix, model: "a.2", weapons: [{ weapon: "baseball-bat", loaded: 1 }] }),
    ).toMatchObject({
      reason: expect.stringMatching(/^weapons\.0\.loaded: .*no ammunition/),
      clause: "B-AMMO-01",
    })
    expect(t.s).toBe(before)
  })
})

describe("adjust: Loot carried (B-ACTION-SEARCH-02, B-ACTION-SEARCH-04, R-BATTLE-76)", () => {
  const withLoot = () => {
    const t = started({ scenario: "cache" })
    const loot = t.s.tokens.filter((x) => x.kind === "loot").map((x) => x.id)
    expect(loot.length).toBeGreaterThan(1)
    return { t, loot }
  }

  it("B-ACTION-SEARCH-02 R-BATTLE-76 a Loot token the table forgot to pick up is carried; left out again, it is dropped where the model stands", () => {
    const { t, loot } = withLoot()
    const [first] = loot
    t.do({ ...fix, model: "a.2", carrying: [first!] })
    expect(t.model("a.2").carrying.map((c) => c.token)).toEqual([first])
    expect(t.s.tokens.some((x) => x.id === first)).toBe(false)
    expect(t.of("adjusted")).toEqual([expect.objectContaining({ model: "a.2", reason: "the table agrees" })])
    t.do({ ...fix, model: "a.2", carrying: [] })
    expect(t.model("a.2").carrying).toEqual([])
    expect(t.s.tokens.find((x) => x.id === first)).toMatchObject({ kind: "loot", rich: 0 })
  })

  it("B-ACTION-SEARCH-02 R-BATTLE-76 two Loot, a token carried by another, or no such token: refused at the path", () => {
    const { t, loot } = withLoot()
    const [first, second] = loot
    expect(t.reject({ ...fix, model: "a.2", carrying: [first!, second!] }).clause).toBe("B-ACTION-SEARCH-02")
    t.do({ ...fix, model: "a.2", carrying: [first!] })
    expect(t.reject({ ...fix, model: "b.2", carrying: [first!] })).toMatchObject({
      reason: expect.stringMatching(/^carrying\.0: .* carried by /),
      clause: "R-BATTLE-76",
    })
    expect(t.reject({ ...fix, model: "b.2", carrying: ["t99"] })).toMatchObject({
      reason: expect.stringMatching(/^carrying\.0: t99 is not a Loot token/),
      clause: "R-BATTLE-76",
    })
  })
})

describe("adjust: a position on a board (B-SETUP-01, R-BATTLE-76)", () => {
  it("B-SETUP-01 R-BATTLE-76 a model knocked out of place is put back; off the table is refused", () => {
    const t = onBoard(plain(), board())
    t.do({ ...fix, model: "a.1", position: { x: 10, y: 12.5 } })
    expect(t.model("a.1").position).toEqual({ x: 10, y: 12.5 })
    expect(t.reject({ ...fix, model: "a.1", position: { x: 40, y: 3 } })).toMatchObject({
      reason: expect.stringMatching(/^position: .*off the 36" × 36" table/),
      clause: "B-SETUP-01",
    })
  })

  it("R-BATTLE-76 on a declared table there is no position to correct: state facts instead", () => {
    const t = started()
    expect(t.reject({ ...fix, model: "a.1", position: { x: 1, y: 1 } })).toMatchObject({
      reason: expect.stringMatching(/^position: this raid has no board/),
      clause: "R-BATTLE-76",
    })
  })
})
