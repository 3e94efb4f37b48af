import { manual, SchemaJson, seeded } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { EffectiveProfile, Founding, Profile, Refuge, Survivor } from "../src/index.js"
import { recruit } from "../src/refuge/Recruit.js"
import { congregationRoster, content, validRoster } from "./fixtures/refuge-content.js"

const founded = (roster: unknown, source = seeded(7)) =>
  Result.getOrThrow(Founding.found(roster, content, { source }))
const congregation = congregationRoster
/** What the published Profile schema tells an editor or a UI about each stat. */
const described = (
  SchemaJson.document(Profile.Profile) as {
    $defs: { Profile: { properties: Record<string, { description?: string }> } }
  }
).$defs.Profile.properties
const EIGHT = ["move", "fight", "shoot", "wits", "nerve", "health", "armour", "blight"]

describe("the survivor profile", () => {
  it("B-PROFILE-01 a profile has eight entries, M F S W N H A and Blight, and no other", () => {
    const p = EffectiveProfile.effectiveProfile(founded(validRoster()).survivors[0]!, content).profile
    expect(Object.keys(p).sort()).toEqual([...EIGHT].sort())
    expect(Object.keys(described).sort()).toEqual([...EIGHT].sort())
    const decode = Schema.decodeUnknownResult(Profile.Profile, { onExcessProperty: "error" })
    expect(Result.isSuccess(decode(p))).toBe(true)
    const { blight: _, ...seven } = p
    expect(Result.isFailure(decode(seven))).toBe(true)
    expect(Result.isFailure(decode({ ...p, luck: 1 }))).toBe(true)
  })

  it("B-PROFILE-02 M is inches per Move action, F close-combat dice, S shooting and throwing dice", () => {
    expect(described.move!.description).toMatch(/^Move \(M\): inches moved by a Move action/)
    expect(described.fight!.description).toMatch(/^Fight \(F\): dice in close combat/)
    expect(described.shoot!.description).toMatch(/^Shoot \(S\): dice when shooting or throwing/)
    // The effective profile carries them as whole numbers from the base M5 F2 S2, changed by the
    // background: a Labourer (F+1) fights with 3 dice.
    const ash = founded(validRoster()).survivors.find((s) => s.background === "labourer")!
    expect(EffectiveProfile.effectiveProfile(ash, content).profile).toMatchObject({
      move: 5,
      fight: 3,
      shoot: 2,
    })
  })

  it("B-PROFILE-03 W is the dice for Initiative, Searching and using things; N the dice against horror", () => {
    expect(described.wits!.description).toMatch(
      /^Wits \(W\): dice for Initiative, Searching and using things/,
    )
    expect(described.nerve!.description).toMatch(/^Nerve \(N\): dice against horror and pressure/)
    // An Office Worker (W+1) rolls 3 dice for Initiative; nerve stays at the base 2.
    const priya = founded(validRoster()).survivors.find((s) => s.background === "office-worker")!
    expect(EffectiveProfile.effectiveProfile(priya, content).profile).toMatchObject({ wits: 3, nerve: 2 })
  })

  it("B-PROFILE-05 Blight is a track from 0 to 12, carried into the effective profile", () => {
    const base = founded(validRoster()).survivors[0]!
    const decode = Schema.decodeUnknownResult(Survivor.Survivor)
    for (const blight of [0, 5, 12]) {
      const s = Result.getOrThrow(decode({ ...base, blight }))
      expect(EffectiveProfile.effectiveProfile(s, content).profile.blight).toBe(blight)
    }
    for (const blight of [-1, 13, 2.5])
      expect(Result.isFailure(decode({ ...base, blight })), String(blight)).toBe(true)
    expect(described.blight!.description).toBe("Blight: 0 to 12")
  })
})

describe("a Congregation", () => {
  it("B-CONGREGATION-01 founds like a Refuge (same shape, budget, Leader-like head) under its own rules", () => {
    const c = founded(congregation())
    const r = founded(validRoster())
    // The same Refuge value, so everything that takes a Refuge to a raid takes a Congregation.
    expect(Result.isSuccess(Schema.decodeUnknownResult(Refuge.Refuge)(c))).toBe(true)
    expect(Object.keys(c).sort()).toEqual(Object.keys(r).sort())
    expect([c.kind, r.kind]).toEqual(["congregation", "refuge"])
    for (const x of [c, r])
      expect(x.ledger[0]).toMatchObject({ store: "salvage", amount: 150, clause: "B-FOUNDING-01" })
    // One member heads it, as a Leader heads a Refuge, but she is the Verdant Mother.
    expect(Refuge.leaderOf(c)?.role).toBe("verdantMother")
    expect(Refuge.leaderOf(r)?.role).toBe("leader")
    // Its own rules: the Grove, and every member Touched.
    expect(c.home).toBe("the-grove")
    expect(c.survivors.map((s) => EffectiveProfile.effectiveProfile(s, content).tier)).toEqual(
      Array(4).fill("touched"),
    )
    expect(r.survivors.map((s) => s.blight)).toEqual([0, 0, 0, 0])
  })

  it("B-CONGREGATION-09 a member who joins later is Touched: 3 Blight, a Gift and a Mark rolled on the tables", () => {
    const c = founded(congregation())
    // manual dice: Gift half 1, row 2 → key 2 (gift-2); Mark half 2, row 4 → key 10 (mark-2)
    const joined = Result.getOrThrow(
      recruit(c, { name: "Wren", background: "student" }, content, manual([1, 2, 4, 4])),
    )
    expect(joined.survivors).toHaveLength(5)
    expect(joined.survivors[4]).toMatchObject({
      id: "survivor-5",
      name: "Wren",
      blight: 3,
      gifts: ["gift-2"],
      marks: ["mark-2"],
    })
    expect(EffectiveProfile.effectiveProfile(joined.survivors[4]!, content).tier).toBe("touched")
    expect(c.survivors).toHaveLength(4) // the Congregation given is unchanged
    // A Refuge's recruit starts clean; a Congregation's needs dice.
    const refuge = founded(validRoster())
    const plain = Result.getOrThrow(recruit(refuge, { name: "Wren", background: "student" }, content))
    expect(plain.survivors[4]).toMatchObject({ blight: 0, gifts: [], marks: [] })
    const noDice = recruit(c, { name: "Wren", background: "student" }, content)
    expect(Result.isFailure(noDice) && noDice.failure.violations).toEqual([
      {
        path: "(root)",
        message: "a new member's Gift and Mark are rolled: dice are needed",
        clause: "B-CONGREGATION-09",
      },
    ])
    const unknown = recruit(c, { name: "Wren", background: "astronaut" }, content, seeded(1))
    expect(Result.isFailure(unknown) && unknown.failure.violations.map((v) => v.path)).toEqual(["background"])
  })
})
