/**
 * The survivor side of the core pack (docs/content-gaps/survivors.md): backgrounds, skills, the
 * Market, Gifts and Marks, the Casualty, Loot and Stranger tables, and the Leader. Checks every
 * number the rules state, the counts, that every reference resolves, provenance, and that a
 * founding Refuge fits the budget. Rulings R-CONTENT-21.. are in docs/rulings/core-survivors.md.
 */
import { readFileSync } from "node:fs"
import { Source, Table } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as survivorHooks from "../src/content/core/hooks/survivors.js"
import { loadCore } from "../src/content/core/index.js"
import { loadPack } from "../src/content/Loader.js"
import { formatProblem, type PackInvalid } from "../src/content/Problem.js"
import { type HookUse, hookUsesOf } from "../src/content/References.js"
import { empty, type Registry } from "../src/content/Registry.js"
import type { EntryOf } from "../src/content/schema/Entries.js"
import { BASE_SURVIVOR } from "../src/content/schema/Profile.js"
import { FOUNDING, found } from "../src/refuge/Founding.js"
import { MARKET } from "../src/refuge/Market.js"
import { type Refuge, stores } from "../src/refuge/Refuge.js"
import type { RulesViolated } from "../src/refuge/Violation.js"
import type { Kind } from "../src/terms/Ids.js"
import type { Effect } from "../src/vocabulary/Effect.js"
import { type HookDefinition, type HookResult, makeHookRegistry } from "../src/vocabulary/Hooks.js"

const FILES = ["survivors", "market", "blight-gifts-marks", "aftermath-tables", "leader"] as const
const read = (file: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(`../src/content/core/${file}.json`, import.meta.url), "utf8"))

const hookList = Object.values(survivorHooks) as ReadonlyArray<HookDefinition<unknown>>

/** The survivor-side fragments as one pack of their own (every schema, reference and hook checked). */
const loadSurvivorSide = (): Result.Result<Registry, PackInvalid> => {
  const data: Record<string, unknown> = {
    manifest: {
      id: "the-blight-survivors",
      name: "The Blight (survivor side alone)",
      version: "0.3.0",
      ruleset: "the-blight@0.3.0",
      licence: "MIT",
      author: "test",
    },
  }
  for (const f of FILES) {
    for (const [kind, entries] of Object.entries(read(f))) {
      if (kind === "$schema") continue
      data[kind] = [...((data[kind] as unknown[] | undefined) ?? []), ...(entries as unknown[])]
    }
  }
  return loadPack({ source: "core survivor side", data }, { hooks: makeHookRegistry(hookList) })
}

/** The core pack, loaded through the core index and the loader (as every caller gets it). */
const loadedCore = loadCore()
const core: Registry = Result.getOrElse(loadedCore, () => empty)

/** The ids this side of the pack authors, by kind (the world side's entries are tested elsewhere). */
const mine = new Map<string, Set<string>>()
for (const f of FILES) {
  for (const [kind, entries] of Object.entries(read(f))) {
    if (kind === "$schema") continue
    const ids = mine.get(kind) ?? new Set<string>()
    for (const e of entries as Array<{ id: string }>) ids.add(e.id)
    mine.set(kind, ids)
  }
}
const all = <K extends Kind>(kind: K): ReadonlyArray<EntryOf[K]> =>
  core.list(kind).filter((e) => mine.get(kind)?.has(e.id) ?? false)
const get = <K extends Kind>(kind: K, id: string): EntryOf[K] => {
  const entry = core.get(kind, id)
  if (entry === undefined) throw new Error(`no ${kind} entry ${id}`)
  return entry
}
const table = (id: string) => get("tables", id)
const weapon = (id: string) => get("weapons", id)

/** Every effect, nested ones included (trigger `do`, aura `effects`, grantAction `do`). */
const flatten = (effects: ReadonlyArray<Effect> | undefined): Effect[] =>
  (effects ?? []).flatMap((e) => [
    e,
    ...flatten(e.kind === "trigger" || e.kind === "grantAction" ? e.do : e.kind === "aura" ? e.effects : []),
  ])

/** Every hook use in the survivor side, found by the loader's own walker. */
const hookUses = (): HookUse[] =>
  [...mine].flatMap(([kind, ids]) =>
    [...ids].flatMap((id) => hookUsesOf(core.get(kind as Kind, id), `${kind}.${id}`)),
  )

describe("the survivor side loads", () => {
  it("GAP-B-02 the core pack (through core/index.ts and the loader) loads with every reference and hook resolved", () => {
    if (Result.isFailure(loadedCore))
      throw new Error(loadedCore.failure.problems.map(formatProblem).join("\n"))
    for (const f of FILES) expect(read(f).$schema).toBe("../../../schemas/fragment.schema.json")
    for (const [kind, ids] of mine) expect(all(kind as Kind).length, kind).toBe(ids.size)
  })

  it("GAP-B-02 the survivor side also loads on its own: none of its references leaves it", () => {
    const alone = loadSurvivorSide()
    if (Result.isFailure(alone)) throw new Error(alone.failure.problems.map(formatProblem).join("\n"))
    expect(alone.success.list("backgrounds")).toHaveLength(20)
  })

  it("GAP-B-02 GAP-B-05 GAP-B-06 every entry has a provenance (DESIGN principle 7); only the Stranger table is stated in full", () => {
    const kinds: Kind[] = [
      "skillLists",
      "skills",
      "backgrounds",
      "weapons",
      "armour",
      "kit",
      "gifts",
      "marks",
      "tables",
      "leader",
    ]
    const rules: string[] = []
    for (const kind of kinds) {
      for (const e of all(kind)) {
        expect(["rules", "provisional"], `${kind}.${e.id}`).toContain(e.provenance)
        if (e.provenance === "rules") rules.push(`${kind}.${e.id}`)
      }
    }
    expect(rules).toEqual(["tables.stranger"])
  })

  it("GAP-B-02 no placeholder text anywhere in the survivor side", () => {
    const text = FILES.map((f) => JSON.stringify(read(f))).join("\n")
    expect(text).not.toMatch(/\b(TBD|TODO|lorem|ipsum|placeholder|FIXME)\b/i)
  })
})

describe("backgrounds and skills", () => {
  it("B-PROFILE-08 there are 20 backgrounds (in the whole core pack)", () => {
    expect(core.list("backgrounds")).toHaveLength(20)
  })

  it("B-SKILL-01 there are 24 skills in 6 lists of 4", () => {
    expect(all("skillLists")).toHaveLength(6)
    expect(all("skills")).toHaveLength(24)
    for (const list of all("skillLists")) {
      expect(
        all("skills").filter((s) => s.list === list.id),
        list.id,
      ).toHaveLength(4)
    }
  })

  it("B-PROFILE-07 each background has a cost, stat changes from M5 F2 S2 W2 N2 H2, one Knack and two different lists", () => {
    for (const b of all("backgrounds")) {
      expect(b.cost, b.id).toBeGreaterThan(0)
      expect(b.skillLists[0], b.id).not.toBe(b.skillLists[1])
      expect(b.knack.text.length, b.id).toBeGreaterThan(0)
      expect(b.knack.effects?.length ?? 0, `${b.id}: a Knack as effects`).toBeGreaterThan(0)
      const p = {
        move: BASE_SURVIVOR.move + (b.stats.move ?? 0),
        fight: BASE_SURVIVOR.fight + (b.stats.fight ?? 0),
        shoot: BASE_SURVIVOR.shoot + (b.stats.shoot ?? 0),
        wits: BASE_SURVIVOR.wits + (b.stats.wits ?? 0),
        nerve: BASE_SURVIVOR.nerve + (b.stats.nerve ?? 0),
        health: BASE_SURVIVOR.health + (b.stats.health ?? 0),
      }
      for (const [stat, value] of Object.entries(p))
        expect(value, `${b.id}.${stat}`).toBeGreaterThanOrEqual(1)
      expect(b.stats.armour, `${b.id}: armour comes from what is worn`).toBeUndefined()
    }
    expect(new Set(all("backgrounds").map((b) => b.id)).size).toBe(20)
  })

  it("B-SKILL-02 every skill list is used by several backgrounds", () => {
    for (const list of all("skillLists")) {
      const users = all("backgrounds").filter((b) => b.skillLists.includes(list.id))
      expect(users.length, list.id).toBeGreaterThanOrEqual(4)
    }
  })

  it("B-STRANGER-02 Office Worker, Student, Waitress, Courier and Labourer exist and cost 20 or less", () => {
    for (const id of ["office-worker", "student", "waitress", "courier", "labourer"]) {
      expect(get("backgrounds", id).cost, id).toBeLessThanOrEqual(20)
    }
  })

  it("B-STRANGER-02 row 6 (any background costing 20 or less) has more than the five named to choose from", () => {
    expect(all("backgrounds").filter((b) => b.cost <= 20).length).toBeGreaterThan(5)
  })

  it("B-CASUALTY-04 R-CONTENT-28 the Doctor's Knack: +1 to one Casualty roll of a friend if the Doctor wasn't Down", () => {
    expect(get("backgrounds", "doctor").knack.effects).toEqual([
      {
        kind: "dieModifier",
        die: "casualty",
        value: 1,
        scope: "oneFriend",
        uses: { per: "aftermath", times: 1 },
        when: { wasDown: false },
      },
    ])
  })

  it("B-AID-02 some Knacks skip the first-aid test", () => {
    const skippers = all("backgrounds").filter((b) =>
      flatten(b.knack.effects).some((e) => e.kind === "skipTest" && e.test === "wits.aid"),
    )
    expect(skippers.map((b) => b.id).sort()).toEqual(["firefighter", "nurse"])
  })

  it("B-CASUALTY-03 Hard to Kill: +1 to its own Casualty roll", () => {
    expect(get("skills", "hard-to-kill").effects).toEqual([
      { kind: "dieModifier", die: "casualty", value: 1 },
    ])
  })

  it("B-NOISE-03 R-CONTENT-32 Command Voice is an action that makes 1 Noise (Loud)", () => {
    const [action] = get("skills", "command-voice").effects ?? []
    expect(action).toMatchObject({ kind: "grantAction", attack: false, noise: 1 })
    expect(get("skills", "command-voice").list).toBe("command")
  })

  it("GAP-B-27 no background's Knack repeats a skill it can learn", () => {
    for (const b of all("backgrounds")) {
      const knack = JSON.stringify(b.knack.effects)
      for (const s of all("skills").filter((s) => b.skillLists.includes(s.list))) {
        expect(JSON.stringify(s.effects), `${b.id} Knack vs ${s.id}`).not.toBe(knack)
      }
    }
  })
})

describe("the Market", () => {
  const NOISE: Record<string, { noise: number; why: string }> = {
    knife: { noise: 0, why: "knives Quiet" },
    bow: { noise: 0, why: "bows Quiet" },
    crossbow: { noise: 0, why: "R-CONTENT-21" },
    "thrown-junk": { noise: 0, why: "R-CONTENT-30" },
    "improvised-weapon": { noise: 1, why: "most melee weapons Loud" },
    "baseball-bat": { noise: 1, why: "most melee weapons Loud" },
    crowbar: { noise: 1, why: "most melee weapons Loud" },
    machete: { noise: 1, why: "most melee weapons Loud" },
    "fire-axe": { noise: 1, why: "most melee weapons Loud" },
    pistol: { noise: 1, why: "pistols Loud" },
    "nail-gun": { noise: 1, why: "nail guns Loud" },
    shotgun: { noise: 2, why: "shotguns Very loud" },
    "pipe-gun": { noise: 2, why: "a shotgun: Very loud" },
    rifle: { noise: 2, why: "rifles Very loud" },
    revolver: { noise: 2, why: "revolvers Very loud" },
    "flare-gun": { noise: 2, why: "flare guns Very loud" },
    chainsaw: { noise: 3, why: "chainsaws Deafening" },
    molotov: { noise: 3, why: "explosives Deafening, R-CONTENT-22" },
    "pipe-bomb": { noise: 3, why: "explosives Deafening" },
  }

  it("B-NOISE-02 B-NOISE-03 B-NOISE-04 B-NOISE-05 R-CONTENT-21 R-CONTENT-22 every weapon's Noise is the Noise table's", () => {
    expect(
      all("weapons")
        .map((w) => w.id)
        .sort(),
    ).toEqual(Object.keys(NOISE).sort())
    for (const w of all("weapons")) expect(w.noise, `${w.id}: ${NOISE[w.id]?.why}`).toBe(NOISE[w.id]?.noise)
  })

  it("B-MARKET-01 every weapon the text names is on sale, with kind, dice, Damage, range and Mag", () => {
    const named = [
      "knife",
      "crowbar",
      "bow",
      "crossbow",
      "pistol",
      "nail-gun",
      "revolver",
      "shotgun",
      "rifle",
      "flare-gun",
      "chainsaw",
      "molotov",
      "pipe-bomb",
    ]
    for (const id of named) expect(core.has("weapons", id), id).toBe(true)
    for (const w of all("weapons")) {
      if (w.type === "melee") expect(w.range, w.id).toBeUndefined()
      else expect(w.range, w.id).toBeGreaterThan(0)
      if (w.ammunition === "reloads") {
        expect(w.firearm, w.id).toBe(true)
        expect(w.mag, w.id).toBeGreaterThanOrEqual(1)
      }
      expect(w.damage, w.id).toBeGreaterThanOrEqual(1)
    }
  })

  it('B-BLAST-02 a Molotov makes a 2-dice attack on each model within 2" (R-CONTENT-23)', () => {
    expect(weapon("molotov").traits?.blast).toEqual({ radius: 2, dice: 2 })
    expect(weapon("molotov").traits?.fire).toBe(true)
  })

  it('B-BLAST-03 a pipe bomb makes a 3-dice attack on each model within 3" (R-CONTENT-23)', () => {
    expect(weapon("pipe-bomb").traits?.blast).toEqual({ radius: 3, dice: 3 })
  })

  it("B-FOUNDING-06 R-CONTENT-24 Molotovs and bombs (and the free weapons) don't count toward the 2-weapon limit", () => {
    const outside = all("weapons")
      .filter((w) => !w.countsTowardLimit)
      .map((w) => w.id)
      .sort()
    expect(outside).toEqual(["improvised-weapon", "molotov", "pipe-bomb", "thrown-junk"])
  })

  it("B-FOUNDING-07 every survivor has an Improvised weapon and Thrown junk for free", () => {
    for (const id of ["improvised-weapon", "thrown-junk"]) {
      expect(weapon(id).free, id).toBe(true)
      expect(weapon(id).cost, id).toBe(0)
    }
    expect(weapon("improvised-weapon").type).toBe("melee")
    expect(weapon("thrown-junk").type).toBe("thrown")
    expect(all("weapons").filter((w) => w.free).length).toBe(2)
  })

  it("B-AMMO-05 B-AMMO-06 bows use Arrows, crossbows Bolts, firearms Reloads, melee and thrown nothing", () => {
    expect(weapon("bow").ammunition).toBe("arrows")
    expect(weapon("crossbow").ammunition).toBe("bolts")
    for (const w of all("weapons")) {
      if (w.firearm) expect(w.ammunition, w.id).toBe("reloads")
      if (w.type !== "ranged") expect(w.ammunition, w.id).toBe("none")
    }
  })

  it("B-FOUNDING-09 Reloads cost 4 Salvage: the builder's price, and the price noted with every gun that uses them", () => {
    expect(FOUNDING.reloadCost).toBe(4)
    for (const w of all("weapons").filter((w) => w.ammunition === "reloads")) {
      expect(w.notes, w.id).toContain("Reloads cost 4 Salvage each (B-FOUNDING-09)")
    }
  })

  it("B-AMMO-08 5 Arrows or 5 Bolts for 1 Salvage: the builder's rate, and the rate noted with the bow and the crossbow", () => {
    expect(FOUNDING.arrowsPerSalvage).toBe(5)
    expect(weapon("bow").notes).toContain("Arrows: 5 for 1 Salvage")
    expect(weapon("crossbow").notes).toContain("Bolts: 5 for 1 Salvage")
  })

  it("B-JAM-01 Scrap weapons are firearms (their Shoot roll can Jam)", () => {
    const scrap = all("weapons").filter((w) => w.traits?.scrap)
    expect(scrap.map((w) => w.id).sort()).toEqual(["nail-gun", "pipe-gun"])
    for (const w of scrap) expect(w.firearm, w.id).toBe(true)
  })

  it("B-MARKET-01 every item's noted sell price is the Market's resale price (half, rounded down)", () => {
    for (const i of [...all("weapons"), ...all("armour"), ...all("kit")]) {
      if (i.cost === 0) expect(i.notes, i.id).toContain("can't be sold")
      else expect(i.notes, i.id).toContain(`Sells for ${Math.floor(i.cost / MARKET.resaleDivisor)} Salvage`)
    }
  })

  it("B-MARKET-02 items come Common, Uncommon and Rare", () => {
    const rarities = new Set([...all("weapons"), ...all("armour"), ...all("kit")].map((i) => i.rarity))
    expect([...rarities].sort()).toEqual(["common", "rare", "uncommon"])
  })

  it("B-FOUNDING-08 every role has a Common choice: melee, bow, pistol, shotgun, blast, Armour 1 and 2, helmet, Med kit", () => {
    const common = (kind: "weapons" | "armour" | "kit", id: string) =>
      expect(get(kind, id).rarity, id).toBe("common")
    for (const id of ["knife", "crowbar", "bow", "pistol", "shotgun", "molotov"]) common("weapons", id)
    for (const id of ["leather-jacket", "scrap-plate"]) common("armour", id)
    for (const id of ["helmet", "med-kit", "lantern", "flare"]) common("kit", id)
  })

  it("B-ARMOUR-01 armour gives Armour 1 and Armour 2 (and more)", () => {
    const values = new Set(all("armour").map((a) => a.armour))
    expect(values.has(1)).toBe(true)
    expect(values.has(2)).toBe(true)
  })

  it("B-ARMOUR-02 R-CONTENT-25 a Helmet makes Crits blocked on 5+", () => {
    expect(get("kit", "helmet").effects).toEqual([{ kind: "critBlock", on: 5 }])
    expect(get("armour", "riot-armour").helmet).toBe(true)
  })

  it("B-AID-02 a Med kit skips the first-aid test", () => {
    expect(get("kit", "med-kit").effects).toEqual([{ kind: "skipTest", test: "wits.aid" }])
  })

  it("B-BEHAVIOUR-09 the Lantern and the Flare are lights", () => {
    expect(get("kit", "lantern").light).toBe(true)
    expect(get("kit", "flare").uses).toBe(1)
    expect(
      flatten(get("kit", "flare").effects).some((e) => e.kind === "placeToken" && e.token === "light"),
    ).toBe(true)
    expect(weapon("flare-gun").traits?.light).toBe(true)
  })

  it("B-CONGREGATION-07 the Market has Common melee weapons, Common kit and armour up to Armour 1 for a Congregation", () => {
    expect(
      all("weapons").filter((w) => w.type === "melee" && w.rarity === "common" && !w.free).length,
    ).toBeGreaterThanOrEqual(3)
    expect(all("armour").some((a) => a.armour <= 1)).toBe(true)
    expect(all("kit").filter((k) => k.rarity === "common").length).toBeGreaterThanOrEqual(3)
  })
})

describe("founding (B-FOUNDING-*), with the Refuge builder on the core pack", () => {
  const byCost = [...all("backgrounds")].sort((a, b) => a.cost - b.cost || a.id.localeCompare(b.id))
  const salvageLeft = (r: Result.Result<Refuge, RulesViolated>): number => {
    if (Result.isFailure(r))
      throw new Error(r.failure.violations.map((v) => `${v.path}: ${v.message}`).join("\n"))
    return stores(r.success).salvage
  }

  it("B-FOUNDING-01 B-FOUNDING-08 a Common-only Refuge of 4 survivors, each armed and armoured, fits in 150 Salvage", () => {
    const gear = [["pistol"], ["bow"], ["crowbar"], ["knife", "molotov"]]
    const roster = {
      name: "Wharfside",
      home: "sixth-floor-flat",
      survivors: byCost.slice(0, 4).map((b, i) => ({
        name: `Recruit ${i + 1}`,
        background: b.id,
        ...(i === 0 ? { leader: true } : {}),
        weapons: gear[i],
        armour: ["leather-jacket"],
        kit: i === 0 ? ["med-kit"] : [],
      })),
      reloads: 2,
      arrows: 5,
    }
    for (const ids of gear) for (const id of ids) expect(weapon(id).rarity, id).toBe("common")
    expect(salvageLeft(found(roster, core))).toBeGreaterThanOrEqual(0)
  })

  it("B-FOUNDING-03 eight survivors (at most 2 of a background), each with a Common weapon, three with armour, fit in 150 Salvage", () => {
    const roster = {
      name: "Hollins Estate",
      home: "shopping-mall",
      survivors: byCost.slice(0, 4).flatMap((b, i) =>
        [0, 1].map((j) => ({
          name: `${b.name} ${j + 1}`,
          background: b.id,
          ...(i + j === 0 ? { leader: true } : {}),
          weapons: ["baseball-bat"],
          ...(j === 0 && i < 3 ? { armour: ["leather-jacket"] } : {}),
        })),
      ),
    }
    expect(salvageLeft(found(roster, core))).toBeGreaterThanOrEqual(0)
  })

  it("B-FOUNDING-01 a middling Refuge (Doctor, Soldier and three cheap recruits) with a pistol, a bow and two Reloads fits", () => {
    const roster = {
      name: "St Aldric's",
      home: "church",
      survivors: [
        { name: "Ma", background: "doctor", leader: true, kit: ["med-kit"] },
        { name: "Danny", background: "soldier", weapons: ["pistol"], armour: ["leather-jacket"] },
        { name: "Jo", background: "labourer", weapons: ["crowbar"], armour: ["leather-jacket"] },
        { name: "Sam", background: "courier", weapons: ["knife"] },
        { name: "Kit", background: "student", weapons: ["bow"] },
      ],
      reloads: 2,
      arrows: 5,
    }
    expect(salvageLeft(found(roster, core))).toBeGreaterThanOrEqual(0)
  })

  it("B-FOUNDING-08 the Market's Rare items can't be bought at founding", () => {
    const rare = [...all("weapons"), ...all("armour"), ...all("kit")].filter((i) => i.rarity === "rare")
    expect(rare.map((i) => i.id).sort()).toEqual(["chainsaw", "military-body-armour"])
    const roster = {
      name: "Greedy",
      home: "sixth-floor-flat",
      survivors: byCost.slice(0, 4).map((b, i) => ({
        name: `R${i}`,
        background: b.id,
        ...(i === 0 ? { leader: true, weapons: ["chainsaw"] } : {}),
      })),
    }
    const r = found(roster, core)
    expect(Result.isFailure(r) && r.failure.violations.some((v) => v.clause === "B-FOUNDING-08")).toBe(true)
  })
})

describe("Gifts and Marks", () => {
  it("B-GIFT-01 there are 12 Gifts and 12 Marks (in the whole core pack)", () => {
    expect(core.list("gifts")).toHaveLength(12)
    expect(core.list("marks")).toHaveLength(12)
  })

  it("B-GIFT-04 each is a 12-row table rolled half and entry, naming each Gift or Mark once", () => {
    for (const [id, kind] of [
      ["gifts", "gift"],
      ["marks", "mark"],
    ] as const) {
      const t = table(id)
      expect(t.table).toBe(id)
      expect(t.die).toEqual({ kind: "half" })
      expect(t.rows.map((r) => r.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
      const named = t.rows.map((r) => (r.result as Record<string, string>)[kind])
      expect(new Set(named).size).toBe(12)
      expect(named.sort()).toEqual(
        all(id)
          .map((e) => e.id)
          .sort(),
      )
    }
  })

  it("B-GIFT-04 the first die 1–3 picks rows 1–6 and 4–6 rows 7–12", () => {
    const t = table("gifts") as unknown as Table.Table<{ gift: string }>
    expect(Table.rollOn(Source.manual([3, 6]), t).result.gift).toBe(t.rows[5]?.result.gift)
    expect(Table.rollOn(Source.manual([4, 1]), t).result.gift).toBe(t.rows[6]?.result.gift)
  })

  it("B-GIFT-05 duplicates are rolled again: a survivor can gather all 12 Gifts, never one twice", () => {
    const t = table("gifts") as unknown as Table.Table<{ gift: string }>
    const source = Source.seeded(2026)
    const taken = new Set<number>()
    for (let i = 0; i < 12; i++) taken.add(Table.rollUnique(source, t, taken).final.index)
    expect(taken.size).toBe(12)
  })

  it("B-CONGREGATION-10 Thornskin and Pollen Veil are protective Gifts", () => {
    expect(get("gifts", "thornskin").effects).toEqual([{ kind: "statModifier", stat: "armour", value: 1 }])
    expect(get("gifts", "pollen-veil").effects).toEqual([
      { kind: "poolModifier", pool: "shoot", dice: -1, scope: "target" },
    ])
  })

  it("B-BLIGHTDICE-04 a Call the Blight Gift is a Blight-dice pool needing 1 success", () => {
    const calls = all("gifts").filter((g) => g.kind === "callTheBlight")
    expect(calls.length).toBeGreaterThanOrEqual(3)
    for (const g of calls.filter((g) => g.id !== "deep-roots")) {
      const action = flatten(g.effects).find((e) => e.kind === "grantAction")
      expect(action && action.kind === "grantAction" ? action.test : undefined, g.id).toEqual({
        pool: "blight.call",
        target: 1,
      })
      expect(g.text, g.id).toMatch(/Call the Blight/)
    }
  })

  it("B-ACTION-GIFT-01 B-ACT-09 some Gifts take an action and some are attacks", () => {
    const actions = all("gifts").filter((g) => flatten(g.effects).some((e) => e.kind === "grantAction"))
    const attacks = all("gifts").filter((g) =>
      flatten(g.effects).some((e) => e.kind === "grantAction" && e.attack),
    )
    expect(actions.length).toBeGreaterThanOrEqual(4)
    expect(attacks.map((g) => g.id).sort()).toEqual(["spore-breath", "thorn-lash"])
    for (const g of attacks) expect(g.kind, g.id).toBe("attack")
  })

  it("GAP-B-06 every Mark is a drawback with effects", () => {
    for (const m of all("marks")) expect(m.effects?.length ?? 0, m.id).toBeGreaterThan(0)
  })
})

describe("the Aftermath tables", () => {
  it("B-CASUALTY-01 B-CASUALTY-02 B-CASUALTY-03 R-CONTENT-01 the Casualty table covers every modified result 0–8 once", () => {
    const t = table("casualty")
    if (t.table !== "casualty") throw new Error("not a casualty table")
    expect(t.die).toEqual({ kind: "sum", count: 1, sides: 6, modifier: 0, multiplier: 1 })
    expect(t.modified).toEqual({ min: 0, max: 8 })
    const covered: number[] = []
    for (const row of t.rows) {
      const [from, to] =
        typeof row.key === "number" ? [row.key, row.key] : (row.key as readonly [number, number])
      for (let v = from; v <= to; v++) covered.push(v)
    }
    expect(covered.sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8])
  })

  it("B-CASUALTY-02 R-CONTENT-31 death is at the bottom: Finished (−1) turns a 1 into 0, still Out", () => {
    const t = table("casualty")
    if (t.table !== "casualty") throw new Error("not a casualty table")
    const at = (v: number) =>
      t.rows.find((r) =>
        typeof r.key === "number"
          ? r.key === v
          : (r.key as readonly number[])[0]! <= v && v <= (r.key as readonly number[])[1]!,
      )!.result
    expect(at(0).outcome).toBe("dead")
    expect(at(1).outcome).toBe("dead")
    expect(at(2).outcome).not.toBe("dead")
    expect(at(8).outcome).toBe("recovered")
  })

  it("B-BLIGHT-03 the Casualty results include Infected (+2 Blight), Laid Up, a missed raid and a lasting injury", () => {
    const t = table("casualty")
    if (t.table !== "casualty") throw new Error("not a casualty table")
    const results = t.rows.map((r) => r.result)
    const infected = results.find((r) => r.outcome === "infected")
    expect(infected?.name).toBe("Infected")
    expect(infected?.effects).toEqual([{ kind: "blight", value: 2 }])
    expect(results.some((r) => r.outcome === "laidUp")).toBe(true)
    expect(results.some((r) => r.outcome === "missRaids" && r.missRaids === 1)).toBe(true)
    expect(results.some((r) => r.outcome === "injured" && (r.effects?.length ?? 0) > 0)).toBe(true)
  })

  it("B-LOOT-03 Junk gives 2 Salvage (the base amount: the boost to 3 is rules code)", () => {
    const t = table("loot")
    if (t.table !== "loot") throw new Error("not a loot table")
    const junk = t.rows.map((r) => r.result).filter((r) => r.name === "Junk")
    expect(junk.length).toBeGreaterThan(0)
    for (const j of junk) expect(j.gives).toEqual([{ store: "salvage", amount: 2 }])
  })

  it("B-LOOT-02 R-CONTENT-29 Salvage, Reloads and Rations come in rolled amounts; Meds and Amber fixed; a firearm row", () => {
    const t = table("loot")
    if (t.table !== "loot") throw new Error("not a loot table")
    expect(t.die).toEqual({ kind: "half" })
    expect(t.rows.map((r) => r.key)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
    const results = t.rows.map((r) => r.result)
    for (const store of ["salvage", "reloads", "rations"] as const) {
      const rolled = results.filter((r) =>
        r.gives.some((g) => g.store === store && typeof g.amount !== "number"),
      )
      expect(rolled.length, store).toBeGreaterThan(0)
    }
    for (const store of ["meds", "amber"] as const) {
      expect(
        results.some((r) => r.gives.some((g) => g.store === store && g.amount === 1)),
        store,
      ).toBe(true)
    }
    const firearm = results.find((r) => r.firearm)
    expect(firearm?.effects).toEqual([{ kind: "rollTable", table: "loot-firearm" }])
  })

  it("B-CONGREGATION-08 the Loot firearm table gives only firearms on sale in the Market", () => {
    const t = table("loot-firearm")
    for (const row of t.rows) {
      const [gain] = (row.result as unknown as { effects: Effect[] }).effects
      expect(gain?.kind).toBe("gainItem")
      const id = gain?.kind === "gainItem" ? gain.weapon : ""
      expect(weapon(id).firearm, id).toBe(true)
    }
  })

  it("B-MARKET-04 Amber sells for 9 Salvage: the Market's price, and the price noted with the Loot table's Amber row", () => {
    expect(MARKET.amberPrice).toBe(9)
    const t = table("loot")
    if (t.table !== "loot") throw new Error("not a loot table")
    const amber = t.rows.map((r) => r.result).find((r) => r.name === "Amber")
    expect(amber?.text).toContain("Amber sells for 9 Salvage")
  })

  it("B-STRANGER-02 R-CONTENT-27 the Stranger table, exactly as the changelog gives it", () => {
    const t = table("stranger")
    expect(t.provenance).toBe("rules")
    expect(t.die).toEqual({ kind: "sum", count: 1, sides: 6, modifier: 0, multiplier: 1 })
    expect(t.rows).toEqual([
      { key: 1, result: { background: "office-worker" } },
      { key: 2, result: { background: "student" } },
      { key: 3, result: { background: "waitress" } },
      { key: 4, result: { background: "courier" } },
      { key: 5, result: { background: "labourer" } },
      { key: 6, result: { anyBackground: { maxCost: 20 } } },
    ])
  })
})

describe("the Leader (GAP-B-01)", () => {
  const [leader] = all("leader")

  it("GAP-B-01 R-CONTENT-26 one set of Leader rules: +1 Nerve, like the Verdant Mother's", () => {
    expect(all("leader")).toHaveLength(1)
    expect(leader?.cost).toBe(0)
    expect(leader?.effects).toEqual([{ kind: "statModifier", stat: "nerve", value: 1 }])
  })

  it("B-NOISE-03 R-CONTENT-26 the Leader may use Command Voice (Loud) once per battle", () => {
    const voice = leader?.abilities.find((a) => a.name === "Command Voice")
    expect(voice?.effects?.[0]).toMatchObject({
      kind: "grantAction",
      noise: 1,
      uses: { per: "battle", times: 1 },
    })
  })

  it("B-INIT-01 R-CONTENT-26 with the Leader Down, Initiative is rolled by the highest Wits standing with 1 die fewer", () => {
    expect(leader?.whenDown.effects).toEqual([{ kind: "poolModifier", pool: "initiative", dice: -1 }])
    expect(leader?.whenDown.text).toMatch(/highest Wits/)
    expect(leader?.replacement.text).toMatch(/new Leader/)
  })
})

describe("survivor hooks", () => {
  const facts = (f: unknown) => ({ point: "effect" as const, facts: f, dice: Source.manual([]) })
  const used = hookUses()

  it("GAP-B-27 every hook the survivor side names is defined in hooks/survivors.ts, and every one defined is used", () => {
    const defined = new Set(hookList.map((h) => h.name as string))
    for (const u of used) expect(defined.has(u.hook), u.path).toBe(true)
    expect([...defined].sort()).toEqual([...new Set(used.map((u) => u.hook as string))].sort())
  })

  /** Runs a hook; its facts are decoded by the decoder built when it was defined. */
  const answer = <P, F>(hook: HookDefinition<P, F>, f: unknown, params: P, dice: number[] = []) =>
    Result.getOrThrow(hook.run({ ...facts(f), dice: Source.manual(dice) }, params))
  const effectsOf = (r: HookResult) => (r.operations ?? []).map((o) => o.effect)

  it("B-BLIGHTDICE-04 Deep Roots calls the Blight with the tier's dice; 1s add Blight", () => {
    const bloomed = answer(survivorHooks.holdOn, { blight: 6 }, { health: 1 }, [1, 4])
    expect(effectsOf(bloomed)).toEqual([
      { kind: "blight", value: 1 },
      { kind: "replaceOutcome", outcome: "down", becomes: "standing" },
      { kind: "heal", health: 1 },
    ])
    const failed = answer(survivorHooks.holdOn, { blight: 3 }, { health: 1 }, [2])
    expect(effectsOf(failed)).toEqual([])
    expect(answer(survivorHooks.holdOn, { blight: 0 }, { health: 1 })).toEqual({ operations: [] })
  })

  it("B-SHOOT-03 Steady Aim: an Aim gives one more die", () => {
    expect(effectsOf(answer(survivorHooks.aimBonus, { aimed: true }, { dice: 1 }))).toEqual([
      { kind: "poolModifier", pool: "shoot", dice: 1 },
    ])
    expect(effectsOf(answer(survivorHooks.aimBonus, { aimed: false }, { dice: 1 }))).toEqual([])
  })

  it('B-NOISE-03 Command Voice: a Shaken friend steadies; otherwise +1 die to its next pool; out of 6" nothing', () => {
    const order = (friendDistance: number, friendShaken: boolean) =>
      answer(survivorHooks.order, { friend: "f", friendDistance, friendShaken }, { range: 6, dice: 1 })
        .operations
    expect(order(4, true)).toEqual([{ to: "f", effect: { kind: "status", status: "shaken", set: false } }])
    expect(order(4, false)).toEqual([
      { to: "f", effect: { kind: "poolModifier", pool: "any", dice: 1, uses: { per: "round", times: 1 } } },
    ])
    expect(order(7, true)).toEqual([])
  })

  it("GAP-B-27 a hook given facts it doesn't understand says which, instead of guessing (a typed error, no text answer)", () => {
    const r = survivorHooks.strike.run(facts({ nonsense: true }), { range: 3, damage: 1 })
    expect(Result.isFailure(r)).toBe(true)
    if (Result.isFailure(r)) {
      expect(r.failure._tag).toBe("HookFactsInvalid")
      expect(r.failure.hook).toBe("core/strike")
      expect(r.failure.message).toMatch(/target/)
    }
  })

  it("B-BLIGHTDICE-04 Root Grasp roots the target: no Move or Sprint in its next activation (a status with a duration)", () => {
    expect(answer(survivorHooks.root, { target: "t", targetDistance: 5 }, { range: 6 }).operations).toEqual([
      { to: "t", effect: { kind: "status", status: "rooted", duration: "nextActivation" } },
    ])
    expect(answer(survivorHooks.root, { target: "t", targetDistance: 7 }, { range: 6 }).operations).toEqual(
      [],
    )
  })

  it('B-INFECT-01 Spore Breath rolls a flat 2-dice attack for each model within 1"', () => {
    const r = answer(
      survivorHooks.areaAttack,
      {
        models: [
          { id: "a", distance: 1, survivor: true },
          { id: "b", distance: 3, survivor: true },
        ],
      },
      { dice: 2, damage: 1, radius: 1, infectious: 1 },
      [6, 4],
    )
    expect(r.operations).toEqual([
      { to: "a", effect: { kind: "hit", hits: 2, crits: 1, damage: 1, infectious: 1 } },
    ])
  })

  it("B-JAM-02 The Hush jams an enemy firearm in range; B-BLIGHTDICE-04 Thorn Lash is one hit", () => {
    expect(
      answer(survivorHooks.jamWeapon, { target: "t", targetDistance: 5, firearm: true }, { range: 6 })
        .operations,
    ).toEqual([{ to: "t", effect: { kind: "status", status: "jammed" } }])
    expect(
      answer(survivorHooks.strike, { target: "t", targetDistance: 2, crit: false }, { range: 3, damage: 1 })
        .operations,
    ).toEqual([{ to: "t", effect: { kind: "hit", hits: 1, crits: 0, damage: 1 } }])
  })
})
