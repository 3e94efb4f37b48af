import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { effectiveProfile } from "../src/refuge/EffectiveProfile.js"
import { found } from "../src/refuge/Founding.js"
import { history, storesOf } from "../src/refuge/Ledger.js"
import type { Refuge } from "../src/refuge/Refuge.js"
import type { Violation } from "../src/refuge/Violation.js"
import { congregationRoster, content, validRoster } from "./fixtures/refuge-content.js"

type Roster = ReturnType<typeof validRoster>

const ok = (roster: unknown, options = {}): Refuge => {
  const r = found(roster, content, options)
  if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure.violations, null, 1))
  return r.success
}
const bad = (roster: unknown, options = {}): readonly Violation[] => {
  const r = found(roster, content, options)
  if (Result.isSuccess(r)) throw new Error("expected the roster to be refused")
  return r.failure.violations
}
const edit = (f: (r: Roster) => void): Roster => {
  const r = validRoster()
  f(r)
  return r
}

describe("founding a Refuge", () => {
  it("B-FOUNDING-01 a Refuge starts with 150 Salvage and keeps what it doesn't spend", () => {
    const refuge = ok(validRoster())
    expect(refuge.ledger[0]).toMatchObject({ store: "salvage", amount: 150, clause: "B-FOUNDING-01" })
    expect(storesOf(refuge.ledger).salvage).toBe(150 - 136)
  })

  it("B-FOUNDING-01 a roster over budget is refused, saying by how much", () => {
    const v = bad(edit((r) => (r.reloads = 6))) // +16 → 152
    expect(v).toEqual([
      {
        path: "(root)",
        message: "this refuge costs 152 Salvage; the founding budget is 150 (2 over)",
        clause: "B-FOUNDING-01",
      },
    ])
  })

  it("B-FOUNDING-02 B-HOME-01 the Refuge picks one Home that exists", () => {
    expect(ok(validRoster()).home).toBe("corner-shop")
    expect(bad(edit((r) => (r.home = "corner-shopp")))).toEqual([
      {
        path: "home",
        message: 'there is no Home "corner-shopp" (did you mean "corner-shop"?)',
        clause: "B-FOUNDING-02",
      },
    ])
  })

  it("B-HOME-01 R-BUILDER-08 a Home given as a list is refused under B-HOME-01, with nothing founded", () => {
    const v = bad({ ...validRoster(), home: ["corner-shop", "rv"] })
    expect(v).toEqual([
      {
        path: "home",
        message: "a Refuge has exactly one Home: give one Home id, not a list of 2",
        clause: "B-HOME-01",
      },
    ])
    // other shape errors still come with it
    expect(bad({ ...validRoster(), home: ["rv"], name: "" }).map((x) => [x.path, x.clause])).toEqual([
      ["name", "R-BUILDER-08"],
      ["home", "B-HOME-01"],
    ])
  })

  it("B-FOUNDING-03 recruit 4–8 survivors, paying each background's cost", () => {
    const refuge = ok(validRoster())
    expect(refuge.survivors).toHaveLength(4)
    const recruits = refuge.ledger.filter((e) => e.clause === "B-FOUNDING-03")
    expect(recruits.map((e) => e.amount)).toEqual([-25, -15, -10, -10])
    expect(bad(edit((r) => r.survivors.pop()))[0]).toMatchObject({
      path: "survivors",
      clause: "B-FOUNDING-03",
      message: "a refuge founds with 4 to 8 survivors, got 3",
    })
  })

  it("B-FOUNDING-03 no more than 2 survivors of any one background", () => {
    const two = edit((r) => (r.survivors[2]!.background = "doctor"))
    two.survivors[2]!.weapons = []
    expect(ok(two).survivors.filter((s) => s.background === "doctor")).toHaveLength(2)
    const three = edit((r) => {
      r.survivors[2]!.background = "doctor"
      r.survivors[3]!.background = "doctor"
      r.survivors[2]!.weapons = []
      r.survivors[3]!.weapons = []
      r.arrows = 0
    })
    expect(bad(three)).toEqual([
      {
        path: "survivors[3].background",
        message: "no more than 2 of any one background: 3 are Doctors (survivors 0, 2, 3)",
        clause: "B-FOUNDING-03",
      },
    ])
  })

  it("B-FOUNDING-04 choose exactly one survivor as Leader", () => {
    expect(ok(validRoster()).survivors[0]!.role).toBe("leader")
    expect(bad(edit((r) => delete (r.survivors[0] as { leader?: boolean }).leader))[0]).toMatchObject({
      path: "survivors",
      clause: "B-FOUNDING-04",
    })
    expect(bad(edit((r) => ((r.survivors[1] as { leader?: boolean }).leader = true)))).toEqual([
      {
        path: "survivors[1].leader",
        message: "only one Leader: survivors[0] already is",
        clause: "B-FOUNDING-04",
      },
    ])
  })

  it("B-FOUNDING-05 gear is bought from the Market, and unknown items are named", () => {
    const refuge = ok(validRoster())
    expect(refuge.ledger.filter((e) => e.clause === "B-FOUNDING-05").reduce((a, e) => a + e.amount, 0)).toBe(
      -66,
    )
    expect(bad(edit((r) => r.survivors[0]!.weapons.push("nife")))).toEqual([
      {
        path: "survivors[0].weapons[1]",
        message: 'there is no weapon "nife" (did you mean "knife"?)',
        clause: "B-FOUNDING-05",
      },
    ])
  })

  it("B-FOUNDING-06 at most 2 weapons (Molotovs and bombs don't count), 1 armour, 2 kit", () => {
    // Danny carries a crowbar and two Molotovs: one counted weapon
    expect(ok(validRoster()).survivors[1]!.equipment.weapons).toContain("molotov")
    const v = bad(
      edit((r) => {
        r.survivors[0]!.weapons = ["knife", "crowbar", "knife"]
        r.survivors[1]!.armour = ["padded-jacket", "padded-jacket"]
        r.survivors[2]!.kit = ["lantern", "rope", "rope"]
        r.survivors[2]!.weapons = []
        r.reloads = 0
        r.arrows = 0
      }),
    )
    expect(v.map((x) => [x.path, x.clause])).toEqual([
      ["survivors[0].weapons", "B-FOUNDING-06"],
      ["survivors[1].armour", "B-FOUNDING-06"],
      ["survivors[2].kit", "B-FOUNDING-06"],
    ])
    expect(v[0]!.message).toBe("Ma can carry at most 2 weapons (Molotovs and bombs don't count), got 3")
  })

  it("B-FOUNDING-07 everyone has an Improvised weapon and Thrown junk for free", () => {
    const refuge = ok(validRoster())
    for (const s of refuge.survivors)
      expect(s.equipment.weapons).toEqual(expect.arrayContaining(["improvised-weapon", "thrown-junk"]))
    // listing them costs nothing and doesn't count toward the limit
    const r = edit(
      (x) => (x.survivors[0]!.weapons = ["knife", "crowbar", "improvised-weapon", "thrown-junk"]),
    )
    r.reloads = 0
    expect(storesOf(ok(r).ledger).salvage).toBe(150 - 136 + 8 - 6)
  })

  it("B-FOUNDING-08 no Rare items at founding, and at most 2 Uncommon across the Refuge", () => {
    expect(bad(edit((r) => (r.survivors[2]!.weapons = ["rifle"])))).toContainEqual({
      path: "survivors[2].weapons[0]",
      message: "no Rare items at founding: Rifle is Rare",
      clause: "B-FOUNDING-08",
    })
    const two = edit((r) => {
      r.survivors[2]!.weapons = ["shotgun"]
      r.survivors[3]!.kit = ["med-kit"]
      r.reloads = 0
    })
    expect(ok(two).survivors[3]!.equipment.kit).toEqual(["med-kit"])
    const three = edit((r) => {
      r.survivors[2]!.weapons = ["shotgun"]
      r.survivors[3]!.kit = ["med-kit"]
      r.survivors[0]!.kit = ["med-kit"]
      r.survivors[0]!.weapons = []
      r.survivors[1]!.weapons = []
      r.survivors[1]!.armour = []
      r.arrows = 0
    })
    expect(bad(three)).toEqual([
      {
        path: "survivors[3].kit[0]",
        message:
          "at most 2 Uncommon items across the whole refuge at founding, got 3 (survivors[0].kit[0], survivors[2].weapons[0], survivors[3].kit[0])",
        clause: "B-FOUNDING-08",
      },
    ])
  })

  it("B-FOUNDING-09 Reloads cost 4 Salvage each", () => {
    const refuge = ok(validRoster())
    expect(history(refuge.ledger, "reloads")).toMatchObject([{ amount: 2, clause: "B-FOUNDING-09" }])
    expect(refuge.ledger.find((e) => e.clause === "B-FOUNDING-09" && e.store === "salvage")!.amount).toBe(-8)
  })

  it("B-AMMO-08 Arrows and Bolts are made 5 for 1 Salvage at founding", () => {
    const refuge = ok(edit((r) => (r.bolts = 5)))
    const s = storesOf(refuge.ledger)
    expect([s.arrows, s.bolts]).toEqual([10, 5])
    expect(
      refuge.ledger.filter((e) => e.clause === "B-AMMO-08" && e.store === "salvage").map((e) => e.amount),
    ).toEqual([-2, -1])
    expect(bad(edit((r) => (r.arrows = 7)))).toEqual([
      {
        path: "arrows",
        message: "arrows are made 5 for 1 Salvage: ask for a multiple of 5, got 7",
        clause: "B-AMMO-08",
      },
    ])
  })

  it("B-FOUNDING-10 the stores start with 1 Ration per survivor, 1 Meds, the Home's extras and leftover Salvage", () => {
    const s = storesOf(ok(validRoster()).ledger)
    expect(s).toEqual({
      salvage: 14,
      reloads: 2,
      arrows: 10,
      bolts: 0,
      rations: 4 + 2,
      meds: 1,
      amber: 0,
      fuel: 0,
    })
  })

  it("B-FOUNDING-11 founding spends the budget and no Errands: the Ledger says why for every Salvage", () => {
    const refuge = ok(validRoster())
    expect(refuge.ledger.every((e) => e.reason.length > 0 && e.clause !== undefined)).toBe(true)
    expect(refuge.ledger.map((e) => e.seq)).toEqual(refuge.ledger.map((_, i) => i))
  })

  it("B-HOME-02 the Home sets how many survivors the Refuge can hold", () => {
    const v = bad(
      edit((r) => {
        r.home = "rv"
        r.survivors.push(
          { name: "Extra", background: "student", weapons: [] } as never,
          { name: "Extra 2", background: "labourer", weapons: [] } as never,
        )
        r.reloads = 0
        r.arrows = 0
      }),
    )
    expect(v).toContainEqual({
      path: "survivors",
      message: "RV holds 5 survivors, got 6",
      clause: "B-HOME-02",
    })
  })

  it("a roster breaking five rules reports five errors, and founds nothing", () => {
    const v = bad(
      edit((r) => {
        r.home = "castle"
        r.survivors[0]!.weapons = ["knife", "crowbar", "pistol"]
        r.survivors[0]!.kit = []
        r.survivors[2]!.weapons = ["rifle"]
        r.arrows = 3
        r.reloads = 0
        r.survivors[1]!.weapons = ["crowbar"]
        r.survivors[1]!.armour = []
        ;(r.survivors[1] as { leader?: boolean }).leader = true
      }),
    )
    expect(v.map((x) => x.clause).sort()).toEqual([
      "B-AMMO-08",
      "B-FOUNDING-02",
      "B-FOUNDING-04",
      "B-FOUNDING-06",
      "B-FOUNDING-08",
    ])
  })

  it("the issue's example: 9 survivors, 3 Doctors, a Rare item and 3 weapons on one survivor give all four errors", () => {
    const r = validRoster()
    r.survivors = [
      { name: "A", background: "doctor", leader: true, weapons: ["knife", "crowbar", "knife"] } as never,
      { name: "B", background: "doctor", weapons: ["rifle"] } as never,
      { name: "C", background: "doctor", weapons: [] } as never,
      ...["office-worker", "student", "labourer", "soldier", "office-worker", "student"].map(
        (background, i) => ({ name: `S${i}`, background, weapons: [] }) as never,
      ),
    ]
    r.reloads = 0
    r.arrows = 0
    const v = bad(r)
    const paths = v.map((x) => `${x.clause} ${x.path}`)
    expect(paths).toEqual(
      expect.arrayContaining([
        "B-FOUNDING-03 survivors", // 9 survivors
        "B-FOUNDING-03 survivors[2].background", // the third Doctor
        "B-FOUNDING-08 survivors[1].weapons[0]", // the Rare rifle
        "B-FOUNDING-06 survivors[0].weapons", // three weapons
      ]),
    )
    // and the Home's capacity and the bill, which 9 recruits and a rifle also break
    expect(
      v
        .filter((x) => !["B-FOUNDING-03", "B-FOUNDING-06", "B-FOUNDING-08"].includes(x.clause!))
        .map((x) => x.clause),
    ).toEqual(["B-HOME-02", "B-FOUNDING-01"])
  })

  it("malformed rosters are refused with paths, not stack traces", () => {
    expect(
      bad({ name: "", home: 3, survivors: "many" })
        .map((x) => x.path)
        .sort(),
    ).toEqual(["home", "name", "survivors"])
    expect(bad({ ...validRoster(), surplus: true })[0]).toMatchObject({ path: "surplus" })
    expect(bad(null)[0]!.path).toBe("(root)")
  })
})

describe("founding a Congregation", () => {
  const congregation = congregationRoster

  it("B-CONGREGATION-02 B-CONGREGATION-03 every member starts Touched at 3 Blight with a rolled Gift and Mark", () => {
    const c = found(congregation(), content, { source: seeded(7) })
    expect(Result.isSuccess(c)).toBe(true)
    const refuge = Result.getOrThrow(c)
    expect(refuge.kind).toBe("congregation")
    for (const m of refuge.survivors) {
      expect(m.blight).toBe(3)
      expect(m.gifts).toHaveLength(1)
      expect(m.marks).toHaveLength(1)
    }
    // manual dice: first member's Gift on half-row 2 (gift-2), Mark on row 1 (mark-1)
    const man = Result.getOrThrow(
      found(congregation(), content, { source: manual([1, 2, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1]) }),
    )
    expect(man.survivors[0]).toMatchObject({ gifts: ["gift-2"], marks: ["mark-1"] })
    expect(bad(congregation())).toEqual([
      {
        path: "(root)",
        message: "a Congregation's Gifts and Marks are rolled at founding: dice are needed",
        clause: "B-CONGREGATION-03",
      },
    ])
  })

  it("B-CONGREGATION-04 the Verdant Mother instead of a Leader, with +1 Nerve", () => {
    const refuge = Result.getOrThrow(found(congregation(), content, { source: seeded(1) }))
    const mother = refuge.survivors[0]!
    expect(mother.role).toBe("verdantMother")
    const p = effectiveProfile(mother, content)
    expect(p.changes).toContainEqual({
      stat: "nerve",
      delta: 1,
      source: "the Verdant Mother",
      clause: "B-CONGREGATION-04",
    })
  })

  it("B-CONGREGATION-05 a Congregation's Home is the Grove; a Refuge cannot pick it", () => {
    expect(bad({ ...congregation(), home: "corner-shop" }, { source: seeded(1) })[0]).toMatchObject({
      path: "home",
      clause: "B-CONGREGATION-05",
      // Named from the content (a pack may add Congregation Homes), not written in.
      message: expect.stringMatching(/^a Congregation's Home is .*Grove.*, not /),
    })
    expect(bad(edit((r) => (r.home = "the-grove")))[0]).toMatchObject({
      path: "home",
      clause: "B-CONGREGATION-05",
    })
  })

  it("B-CONGREGATION-07 R-BUILDER-01 the Market sells a Congregation only Common melee weapons, Common kit and armour up to 1", () => {
    const c = congregation()
    c.survivors[0]!.weapons = ["bow"] // Common, but not melee
    c.survivors[1]!.armour = ["riot-gear"]
    c.survivors[2]!.kit = ["med-kit"]
    const v = bad(c, { source: seeded(1) })
    expect(v.filter((x) => x.clause === "B-CONGREGATION-07").map((x) => x.path)).toEqual([
      "survivors[0].weapons[0]",
      "survivors[1].armour[0]",
      "survivors[2].kit[0]",
    ])
  })

  it("B-CONGREGATION-08 a firearm in a Congregation's founding roster breaks B-CONGREGATION-08, not the Market list", () => {
    const c = congregation()
    c.survivors[1]!.weapons = ["pistol"]
    const v = bad(c, { source: seeded(1) })
    expect(v).toEqual([
      {
        path: "survivors[1].weapons[0]",
        message: "a Congregation's firearms come only from Loot; Pistol cannot be bought at founding",
        clause: "B-CONGREGATION-08",
      },
    ])
  })

  it("B-CONGREGATION-08 a Congregation cannot buy Reloads", () => {
    expect(bad({ ...congregation(), reloads: 1 }, { source: seeded(1) })).toEqual([
      {
        path: "reloads",
        message: "a Congregation cannot buy Reloads; its firearms come only from Loot",
        clause: "B-CONGREGATION-08",
      },
    ])
  })
})

describe("the effective profile", () => {
  it("B-PROFILE-06 B-PROFILE-07 base M5 F2 S2 W2 N2 H2 changed by the background, with reasons", () => {
    const refuge = ok(validRoster())
    const priya = effectiveProfile(refuge.survivors[2]!, content) // Office Worker: W+1 F-1
    expect(priya.profile).toEqual({
      move: 5,
      fight: 1,
      shoot: 2,
      wits: 3,
      nerve: 2,
      health: 2,
      armour: 0,
      blight: 0,
    })
    expect(priya.changes).toEqual([
      { stat: "fight", delta: -1, source: "background: Office Worker", clause: "B-PROFILE-07" },
      { stat: "wits", delta: 1, source: "background: Office Worker", clause: "B-PROFILE-07" },
    ])
  })

  it("B-PROFILE-04 Armour comes from the armour worn; Advances, injuries, skills and Marks change stats too", () => {
    const refuge = ok(validRoster())
    const danny = {
      ...refuge.survivors[1]!,
      advances: [{ stats: { shoot: 1 } }],
      skills: ["tough"],
      injuries: [{ name: "Bad knee", stats: { move: -1 } }],
      blight: 4,
      marks: ["mark-1"],
    } as never
    const p = effectiveProfile(danny, content)
    expect(p.profile).toEqual({
      move: 4,
      fight: 3,
      shoot: 3,
      wits: 2,
      nerve: 1,
      health: 3,
      armour: 1,
      blight: 4,
    })
    expect(p.tier).toBe("touched")
    expect(p.blightDice).toBe(1)
    expect(p.changes.map((c) => c.source)).toEqual([
      "background: Labourer",
      "Advance 1",
      "injury: Bad knee",
      "skill: Tough",
      "Mark: Mark 1",
      "armour: Padded jacket",
    ])
  })

  it("B-ARMOUR-02 a Helmet (riot gear's, or a Helmet worn as kit) makes Crits blocked on 5+", () => {
    const base = ok(validRoster()).survivors[3]!
    expect(effectiveProfile(base, content).helmet).toBe(false)
    const kit = { ...base, equipment: { ...base.equipment, kit: ["helmet"] } } as never
    expect(effectiveProfile(kit, content).helmet).toBe(true)
    const riot = { ...base, equipment: { ...base.equipment, armour: ["riot-gear"] } } as never
    expect(effectiveProfile(riot, content)).toMatchObject({ helmet: true, profile: { armour: 2 } })
  })

  it("situational modifiers are listed, not applied", () => {
    const soldier = { ...ok(validRoster()).survivors[0]!, background: "soldier" } as never
    const p = effectiveProfile(soldier, content)
    expect(p.profile.move).toBe(5)
    expect(p.situational).toHaveLength(1)
  })
})
