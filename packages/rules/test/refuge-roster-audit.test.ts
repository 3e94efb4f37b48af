/**
 * Rosters written from the rules text alone, run against the core pack (not a test fixture): every
 * founding limit at, just under and just over its bound, each Home's capacity and stores, the
 * Congregation's Market, and the shape of a refusal (a path and a clause on every violation, a
 * bounded list, nothing founded).
 */
import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadCore } from "../src/content/core/index.js"
import { effectiveProfile } from "../src/refuge/EffectiveProfile.js"
import { found } from "../src/refuge/Founding.js"
import { post, storesOf } from "../src/refuge/Ledger.js"
import { marketTrip } from "../src/refuge/Market.js"
import { recruit } from "../src/refuge/Recruit.js"
import type { Refuge } from "../src/refuge/Refuge.js"
import type { Roster, RosterSurvivor } from "../src/refuge/Roster.js"
import { MAX_VIOLATIONS, type Violation } from "../src/refuge/Violation.js"

const core = Result.getOrThrow(loadCore())

// The roster's own types, made writable so a test can edit one.
type S = { -readonly [K in keyof RosterSurvivor]: RosterSurvivor[K] }
type R = Omit<{ -readonly [K in keyof Roster]: Roster[K] }, "survivors"> & { survivors: S[] }

const CHEAPEST = ["office-worker", "student", "rough-sleeper", "waitress"]

/** Four of the cheapest backgrounds, 49 Salvage in all; a Supermarket holds 8. */
const roster = (f: (r: R) => void = () => {}): R => {
  const r: R = {
    name: "Test Refuge",
    home: "supermarket",
    survivors: CHEAPEST.map((background, i) => ({
      name: "ABCD"[i]!,
      background,
      ...(i === 0 ? { leader: true } : {}),
    })),
  }
  f(r)
  return r
}
const congregation = (f: (r: R) => void = () => {}): R =>
  roster((r) => {
    r.kind = "congregation"
    r.home = "grove"
    f(r)
  })

const ok = (r: unknown): Refuge => {
  const x = found(r, core, { source: seeded(1) })
  if (Result.isFailure(x)) throw new Error(JSON.stringify(x.failure.violations))
  return x.success
}
const bad = (r: unknown): readonly Violation[] => {
  const x = found(r, core, { source: seeded(1) })
  if (Result.isSuccess(x)) throw new Error("expected a refusal")
  return x.failure.violations
}
const clauses = (r: unknown) => bad(r).map((v) => v.clause)
const salvage = (r: Refuge) => storesOf(r.ledger).salvage
const more = (n: number): S[] =>
  ["courier", "labourer", "mechanic", "reporter"]
    .slice(0, n)
    .map((b, i) => ({ name: `E${i}`, background: b }))

describe("founding with the core pack, from the text", () => {
  it("B-FOUNDING-01 150 Salvage: a roster costing exactly 150 founds with 0 left; 151 is refused, 1 over", () => {
    // 49 + 25 Reloads (100) + 5 Arrows (1) = 150
    const exact = ok(roster((r) => Object.assign(r, { reloads: 25, arrows: 5 })))
    expect(salvage(exact)).toBe(0)
    expect(bad(roster((r) => Object.assign(r, { reloads: 25, arrows: 10 })))).toEqual([
      {
        path: "(root)",
        message: "this refuge costs 151 Salvage; the founding budget is 150 (1 over)",
        clause: "B-FOUNDING-01",
      },
    ])
    expect(salvage(ok(roster()))).toBe(150 - 49)
  })

  it("B-FOUNDING-03 4–8 survivors: 3 and 9 are refused, 4 and 8 found", () => {
    expect(clauses(roster((r) => r.survivors.pop()))).toEqual(["B-FOUNDING-03"])
    expect(ok(roster()).survivors).toHaveLength(4)
    expect(ok(roster((r) => r.survivors.push(...more(4)))).survivors).toHaveLength(8)
    const nine = roster((r) => r.survivors.push(...more(4), { name: "F", background: "vicar" }))
    // the Supermarket holds 8, so nine also overfills the Home (B-HOME-02)
    expect(bad(nine).map((v) => [v.path, v.clause])).toEqual([
      ["survivors", "B-FOUNDING-03"],
      ["survivors", "B-HOME-02"],
    ])
  })

  it("B-FOUNDING-03 no more than 2 of one background: 2 found, the third is named", () => {
    expect(ok(roster((r) => (r.survivors[1]!.background = "office-worker"))).survivors).toHaveLength(4)
    const three = roster((r) => {
      r.survivors[1]!.background = "office-worker"
      r.survivors[3]!.background = "office-worker"
    })
    expect(bad(three)).toEqual([
      {
        path: "survivors[3].background",
        message: "no more than 2 of any one background: 3 are Office Workers (survivors 0, 1, 3)",
        clause: "B-FOUNDING-03",
      },
    ])
  })

  it("B-FOUNDING-03 each background's cost is paid, from the core pack's prices", () => {
    const r = ok(roster())
    const paid = r.ledger.filter((e) => e.item?.kind === "backgrounds").map((e) => [e.item!.id, -e.amount])
    expect(paid).toEqual(CHEAPEST.map((id) => [id, core.get("backgrounds", id)!.cost]))
  })

  it("B-FOUNDING-04 exactly one Leader: none, or two, is refused", () => {
    expect(ok(roster()).survivors.map((s) => s.role ?? "")).toEqual(["leader", "", "", ""])
    expect(clauses(roster((r) => delete r.survivors[0]!.leader))).toEqual(["B-FOUNDING-04"])
    expect(bad(roster((r) => (r.survivors[2]!.leader = true)))).toEqual([
      {
        path: "survivors[2].leader",
        message: "only one Leader: survivors[0] already is",
        clause: "B-FOUNDING-04",
      },
    ])
  })

  it("B-FOUNDING-06 2 weapons found, a third is refused; Molotovs and pipe bombs never count", () => {
    expect(
      ok(roster((r) => (r.survivors[0]!.weapons = ["knife", "crowbar"]))).survivors[0]!.equipment.weapons,
    ).toEqual(["knife", "crowbar", "improvised-weapon", "thrown-junk"])
    expect(bad(roster((r) => (r.survivors[0]!.weapons = ["knife", "crowbar", "baseball-bat"])))).toEqual([
      {
        path: "survivors[0].weapons",
        message: "A can carry at most 2 weapons (Molotovs and bombs don't count), got 3",
        clause: "B-FOUNDING-06",
      },
    ])
    const bombs = roster(
      (r) => (r.survivors[0]!.weapons = ["knife", "crowbar", "molotov", "molotov", "pipe-bomb"]),
    )
    expect(ok(bombs).survivors[0]!.equipment.weapons).toHaveLength(7)
  })

  it("B-FOUNDING-06 1 armour and 2 kit found; a second armour or a third kit is refused", () => {
    ok(
      roster((r) =>
        Object.assign(r.survivors[1]!, { armour: ["leather-jacket"], kit: ["lantern", "flare"] }),
      ),
    )
    expect(
      bad(roster((r) => (r.survivors[1]!.armour = ["leather-jacket", "leather-jacket"]))).map((v) => [
        v.path,
        v.clause,
      ]),
    ).toEqual([["survivors[1].armour", "B-FOUNDING-06"]])
    expect(
      bad(roster((r) => (r.survivors[1]!.kit = ["lantern", "flare", "ward-chalk"]))).map((v) => [
        v.path,
        v.clause,
      ]),
    ).toEqual([["survivors[1].kit", "B-FOUNDING-06"]])
  })

  it("B-FOUNDING-07 R-BUILDER-03 R-BUILDER-09 the free weapons: everyone has one of each, at no cost, listed twice or not", () => {
    const r = ok(
      roster(
        (x) =>
          (x.survivors[0]!.weapons = [
            "knife",
            "crowbar",
            "improvised-weapon",
            "improvised-weapon",
            "thrown-junk",
          ]),
      ),
    )
    expect(r.survivors[0]!.equipment.weapons).toEqual([
      "knife",
      "crowbar",
      "improvised-weapon",
      "thrown-junk",
    ])
    for (const s of r.survivors.slice(1))
      expect(s.equipment.weapons).toEqual(["improvised-weapon", "thrown-junk"])
    expect(salvage(r)).toBe(150 - 49 - 3 - 5)
  })

  it("B-FOUNDING-08 no Rare item (chainsaw, military body armour); 2 Uncommon across the Refuge found, a third refused", () => {
    expect(bad(roster((r) => (r.survivors[0]!.weapons = ["chainsaw"])))).toEqual([
      {
        path: "survivors[0].weapons[0]",
        message: "no Rare items at founding: Chainsaw is Rare",
        clause: "B-FOUNDING-08",
      },
    ])
    expect(clauses(roster((r) => (r.survivors[0]!.armour = ["military-body-armour"])))).toEqual([
      "B-FOUNDING-08",
    ])
    // counted per copy, across survivors
    ok(roster((r) => (r.survivors[0]!.weapons = ["fire-axe", "fire-axe"])))
    ok(roster((r) => Object.assign(r.survivors[1]!, { weapons: ["crossbow"], kit: ["gas-mask"] })))
    const three = roster((r) => {
      r.survivors[0]!.weapons = ["fire-axe", "fire-axe"]
      r.survivors[2]!.armour = ["riot-armour"]
    })
    expect(bad(three).map((v) => [v.path, v.clause])).toEqual([["survivors[2].armour[0]", "B-FOUNDING-08"]])
  })

  it("B-FOUNDING-09 Reloads are 4 Salvage each, into the stores", () => {
    const r = ok(roster((x) => (x.reloads = 3)))
    expect(salvage(r)).toBe(150 - 49 - 12)
    expect(storesOf(r.ledger).reloads).toBe(3)
  })

  it("B-AMMO-08 R-BUILDER-02 5 Arrows or 5 Bolts for 1 Salvage at founding; not a part batch", () => {
    const r = ok(roster((x) => Object.assign(x, { arrows: 10, bolts: 5 })))
    expect(salvage(r)).toBe(150 - 49 - 3)
    expect(storesOf(r.ledger)).toMatchObject({ arrows: 10, bolts: 5 })
    expect(bad(roster((x) => (x.bolts = 4))).map((v) => [v.path, v.clause])).toEqual([["bolts", "B-AMMO-08"]])
  })

  it("B-FOUNDING-10 1 Ration per survivor and 1 Meds, plus the Home's stores (Supermarket +4 Rations, Hospital Wing +2 Meds)", () => {
    expect(storesOf(ok(roster()).ledger)).toMatchObject({ rations: 4 + 4, meds: 1, salvage: 101 })
    expect(storesOf(ok(roster((r) => (r.home = "hospital-wing"))).ledger)).toMatchObject({
      rations: 4,
      meds: 3,
    })
  })

  it("B-FOUNDING-10 R-BUILDER-10 a Home's Salvage joins the stores after the buying: it does not raise the 150 budget", () => {
    const mall = (reloads: number, arrows: number) =>
      roster((r) => Object.assign(r, { home: "shopping-mall", reloads, arrows }))
    expect(salvage(ok(mall(25, 5)))).toBe(10)
    expect(clauses(mall(25, 10))).toEqual(["B-FOUNDING-01"])
  })

  it("B-FOUNDING-11 founding spends no Errands: every Ledger entry is a founding rule's", () => {
    const r = ok(roster((x) => Object.assign(x, { reloads: 1, arrows: 5 })))
    expect(new Set(r.ledger.map((e) => e.clause))).toEqual(
      new Set(["B-FOUNDING-01", "B-FOUNDING-03", "B-FOUNDING-09", "B-AMMO-08", "B-FOUNDING-10"]),
    )
  })
})

describe("Homes with the core pack", () => {
  const homes = core.list("homes")

  it("B-HOME-03 15 Homes a Refuge may pick, and the Grove for a Congregation", () => {
    expect(homes.filter((h) => !h.congregationOnly)).toHaveLength(15)
    expect(homes.filter((h) => h.congregationOnly).map((h) => h.id)).toEqual(["grove"])
  })

  it("B-HOME-02 R-BUILDER-04 every Refuge Home founds 4 and refuses one more than it holds", () => {
    for (const h of homes.filter((x) => !x.congregationOnly)) {
      expect(ok(roster((r) => (r.home = h.id))).home).toBe(h.id)
      if (h.capacity < 8) {
        const over = roster((r) => {
          r.home = h.id
          r.survivors.push(...more(h.capacity + 1 - 4))
        })
        expect(bad(over), h.id).toEqual([
          {
            path: "survivors",
            message: `${h.name} holds ${h.capacity} survivors, got ${h.capacity + 1}`,
            clause: "B-HOME-02",
          },
        ])
        const full = roster((r) => {
          r.home = h.id
          r.survivors.push(...more(h.capacity - 4))
        })
        expect(ok(full).survivors, h.id).toHaveLength(h.capacity)
      }
    }
  })

  it("B-CONGREGATION-05 the Grove holds 10; a Refuge cannot pick it, a Congregation picks nothing else", () => {
    expect(core.get("homes", "grove")!.capacity).toBe(10)
    expect(bad(roster((r) => (r.home = "grove")))).toEqual([
      {
        path: "home",
        message: "The Grove is a Congregation's Home; a Refuge picks another",
        clause: "B-CONGREGATION-05",
      },
    ])
    expect(clauses(congregation((r) => (r.home = "church")))).toEqual(["B-CONGREGATION-05"])
  })

  it("B-FOUNDING-02 B-HOME-01 an unknown Home or a list of Homes is refused, naming the rule", () => {
    expect(bad(roster((r) => (r.home = "churh")))).toEqual([
      { path: "home", message: 'there is no Home "churh" (did you mean "church"?)', clause: "B-FOUNDING-02" },
    ])
    expect(clauses({ ...roster(), home: ["church", "rv"] })).toEqual(["B-HOME-01"])
  })
})

describe("founding a Congregation with the core pack", () => {
  it("B-CONGREGATION-02 B-CONGREGATION-03 4–8 members, each Touched at 3 Blight with one Gift and one Mark", () => {
    const c = ok(congregation())
    expect(c.kind).toBe("congregation")
    for (const s of c.survivors) {
      expect(s.blight).toBe(3)
      expect(s.gifts).toHaveLength(1)
      expect(s.marks).toHaveLength(1)
    }
    expect(clauses(congregation((r) => r.survivors.pop()))).toEqual(["B-CONGREGATION-02"])
    expect(
      clauses(congregation((r) => r.survivors.push(...more(4), { name: "F", background: "vicar" }))),
    ).toEqual(["B-CONGREGATION-02"])
    expect(storesOf(c.ledger)).toMatchObject({ salvage: 101, rations: 4, meds: 1 })
  })

  it("B-CONGREGATION-04 R-BUILDER-05 one Verdant Mother instead of a Leader, with +1 Nerve", () => {
    const c = ok(
      congregation((r) => {
        r.survivors[1]!.background = "office-worker"
      }),
    )
    expect(c.survivors[0]!.role).toBe("verdantMother")
    const nerve = (i: number) => effectiveProfile(c.survivors[i]!, core).profile.nerve
    expect(nerve(0)).toBe(nerve(1) + 1)
    expect(bad(congregation((r) => delete r.survivors[0]!.leader))[0]).toMatchObject({
      path: "survivors",
      clause: "B-CONGREGATION-04",
    })
  })

  it("B-CONGREGATION-07 R-BUILDER-01 Common melee weapons, Common kit, Common armour up to 1 only", () => {
    ok(
      congregation((r) =>
        Object.assign(r.survivors[0]!, {
          weapons: ["knife", "machete"],
          armour: ["leather-jacket"],
          kit: ["lantern", "med-kit"],
        }),
      ),
    )
    const refused = congregation((r) => {
      r.survivors[0]!.weapons = ["bow"] // Common, but not melee
      r.survivors[1]!.weapons = ["molotov"] // thrown
      r.survivors[2]!.weapons = ["fire-axe"] // melee, but Uncommon
      r.survivors[3]!.kit = ["gas-mask"] // Uncommon kit
      r.survivors[3]!.armour = ["scrap-plate"] // Common, Armour 2
    })
    expect(bad(refused).map((v) => [v.path, v.clause])).toEqual([
      ["survivors[0].weapons[0]", "B-CONGREGATION-07"],
      ["survivors[1].weapons[0]", "B-CONGREGATION-07"],
      ["survivors[2].weapons[0]", "B-CONGREGATION-07"],
      ["survivors[3].armour[0]", "B-CONGREGATION-07"],
      ["survivors[3].kit[0]", "B-CONGREGATION-07"],
    ])
  })

  it("B-CONGREGATION-08 no firearms and no Reloads at founding", () => {
    expect(bad(congregation((r) => (r.survivors[0]!.weapons = ["pistol"])))).toEqual([
      {
        path: "survivors[0].weapons[0]",
        message: "a Congregation's firearms come only from Loot; Pistol cannot be bought at founding",
        clause: "B-CONGREGATION-08",
      },
    ])
    expect(bad(congregation((r) => (r.reloads = 1))).map((v) => [v.path, v.clause])).toEqual([
      ["reloads", "B-CONGREGATION-08"],
    ])
  })
})

describe("a refusal: where, which rule, how many, and nothing founded", () => {
  it("R-BUILDER-08 a wrongly shaped field names the rule it serves; a field no rule covers names the roster's format", () => {
    const at = (r: unknown) => bad(r).map((v) => [v.path, v.clause])
    expect(at(roster((r) => (r.reloads = -1)))).toEqual([["reloads", "B-FOUNDING-09"]])
    expect(at(roster((r) => (r.arrows = 2.5)))).toEqual([["arrows", "B-AMMO-08"]])
    expect(at({ ...roster(), home: undefined })).toEqual([["home", "B-FOUNDING-02"]])
    expect(at({ ...roster(), survivors: "four" })).toEqual([["survivors", "B-FOUNDING-03"]])
    expect(at(roster((r) => ((r.survivors[1] as { leader?: unknown }).leader = "yes")))).toEqual([
      ["survivors[1].leader", "B-FOUNDING-04"],
    ])
    expect(at(roster((r) => ((r.survivors[1] as { kit?: unknown }).kit = "lantern")))).toEqual([
      ["survivors[1].kit", "B-FOUNDING-05"],
    ])
    expect(at({ ...roster(), kind: "gang" })).toEqual([["kind", "B-CONGREGATION-01"]])
    expect(at({ ...roster(), relaods: 2 })).toEqual([["relaods", "R-BUILDER-08"]])
    expect(at({ ...roster(), name: "" })).toEqual([["name", "R-BUILDER-08"]])
    expect(at([])).toEqual([["(root)", "R-BUILDER-08"]])
  })

  it("R-BUILDER-07 every violation has a path and a clause, the list is bounded, and the rest are counted", () => {
    const huge = roster((r) => {
      r.survivors = Array.from({ length: 300 }, (_, i) => ({
        name: `X${i}`,
        background: "nobody",
        weapons: ["ray-gun"],
      }))
    })
    const x = found(huge, core, { source: seeded(1) })
    if (Result.isSuccess(x)) throw new Error("expected a refusal")
    expect(x.failure.violations).toHaveLength(MAX_VIOLATIONS)
    expect(x.failure.omitted).toBe(3 + 600 - MAX_VIOLATIONS)
    for (const v of x.failure.violations) {
      expect(v.path).not.toBe("")
      expect(v.clause).toMatch(/^(B|R)-[A-Z]+-\d+$/)
    }
    expect(x.failure.message).toMatch(/\(and 602 more\)$/)
  })

  it("a refused roster founds nothing and rolls no dice", () => {
    const dice = manual([])
    // a Congregation breaking a rule: refused before any Gift or Mark is rolled (manual([]) has no dice)
    const r = found(
      congregation((c) => (c.survivors[0]!.armour = ["leather-jacket", "leather-jacket"])),
      core,
      {
        source: dice,
      },
    )
    expect(Result.isFailure(r)).toBe(true)
  })
})

describe("the Market with the core pack", () => {
  const refuge = (kind: "refuge" | "congregation" = "refuge"): Refuge => {
    const r = ok(kind === "refuge" ? roster() : congregation())
    return {
      ...r,
      ledger: Result.getOrThrow(post(r.ledger, [{ store: "amber", amount: 2, reason: "test" }])),
    }
  }
  const trip = (r: Refuge, orders: unknown[], dice = seeded(1)) => marketTrip(r, { orders }, core, dice)

  it("B-MARKET-02 an Uncommon item (a crossbow) is there on 3+, not on 2; a Rare one (a chainsaw) on 5+, not on 4", () => {
    const buy = (id: string, die: number) =>
      Result.getOrThrow(trip(refuge(), [{ buy: { kind: "weapons", id } }], manual([die]))).lines[0]!.done
    expect([buy("crossbow", 2), buy("crossbow", 3)]).toEqual([false, true])
    expect([buy("chainsaw", 4), buy("chainsaw", 5)]).toEqual([false, true])
  })

  it("B-MARKET-04 B-FOUNDING-09 R-MARKET-02 Amber sells for 9, Reloads cost 4, gear sells for half, rounded down", () => {
    const r = refuge()
    const t = Result.getOrThrow(
      trip(r, [
        { sellAmber: 2 },
        { buyReloads: 1 },
        { buy: { kind: "weapons", id: "machete" } },
        { sell: { kind: "weapons", id: "machete" } },
      ]),
    )
    // +18 − 4 − 7 + 3 (7 / 2, rounded down)
    expect(salvage(t.refuge) - salvage(r)).toBe(18 - 4 - 7 + 3)
    expect(storesOf(t.refuge.ledger)).toMatchObject({ amber: 0, reloads: 1 })
  })

  it("B-CONGREGATION-08 R-MARKET-06 a Congregation ordering a pistol is refused under B-CONGREGATION-08, a bow under B-CONGREGATION-07", () => {
    const t = trip(refuge("congregation"), [
      { buy: { kind: "weapons", id: "pistol" } },
      { buy: { kind: "weapons", id: "bow" } },
      { buyReloads: 1 },
      { sellAmber: 1 },
    ])
    if (Result.isSuccess(t)) throw new Error("expected a refusal")
    expect(t.failure.violations.map((v) => [v.path, v.clause])).toEqual([
      ["orders[0].buy", "B-CONGREGATION-08"],
      ["orders[1].buy", "B-CONGREGATION-07"],
      ["orders[2].buyReloads", "B-CONGREGATION-08"],
      ["orders[3].sellAmber", "B-CONGREGATION-08"],
    ])
  })

  it("B-MARKET-04 R-LEDGER-01 R-BUILDER-08 selling more Amber than the stores hold names the Amber rule; a bad order names its rule", () => {
    const r = refuge()
    const t = trip(r, [{ sellAmber: 3 }])
    expect(Result.isFailure(t) && t.failure.violations.map((v) => [v.path, v.clause])).toEqual([
      ["orders[0]", "B-MARKET-04"],
    ])
    const shape = marketTrip(r, { orders: [{ buyReloads: 0 }], by: "everyone" }, core, seeded(1))
    expect(Result.isFailure(shape) && shape.failure.violations.every((v) => v.clause !== undefined)).toBe(
      true,
    )
  })
})

describe("joining after founding with the core pack", () => {
  it("B-CONGREGATION-09 a member who joins later is Touched: 3 Blight, a rolled Gift and Mark", () => {
    const c = ok(congregation())
    const joined = Result.getOrThrow(recruit(c, { name: "New", background: "nurse" }, core, seeded(2)))
    const m = joined.survivors.at(-1)!
    expect([m.blight, m.gifts.length, m.marks.length]).toEqual([3, 1, 1])
    expect(m.equipment.weapons).toEqual(["improvised-weapon", "thrown-junk"])
  })

  it("B-HOME-02 B-FOUNDING-03 R-BUILDER-08 a full Home, a third of one background or a blank name is refused, the Refuge unchanged", () => {
    const rv = ok(roster((r) => (r.home = "rv"))) // the RV holds 4
    const refusedBy = (who: { name: string; background: string }) => {
      const x = recruit(rv, who, core)
      if (Result.isSuccess(x)) throw new Error("expected a refusal")
      return x.failure.violations.map((v) => [v.path, v.clause])
    }
    expect(refusedBy({ name: "E", background: "nurse" })).toEqual([["(root)", "B-HOME-02"]])
    const church = ok(roster((r) => (r.survivors[1]!.background = "office-worker")))
    const third = recruit(church, { name: " ", background: "office-worker" }, core)
    expect(Result.isFailure(third) && third.failure.violations.map((v) => [v.path, v.clause])).toEqual([
      ["name", "R-BUILDER-08"],
      ["background", "B-FOUNDING-03"],
    ])
  })
})
