/**
 * The world side of the core pack (issue 3): behaviours, the Bestiary and the Hollowed, the
 * Encounter and Congregation tables, Homes and the Grove, Seasons, improvements, scenarios and
 * objectives, and Upkeep. Loaded through the core pack's loader; every number the rules state is
 * checked as stated, and every ruling (R-WORLD-NN, docs/rulings/core-world.md) is cited.
 */
import { readFileSync } from "node:fs"
import { Source, Table } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import * as worldHooks from "../src/content/core/hooks/world.js"
import { loadCore } from "../src/content/core/index.js"
import { formatProblem } from "../src/content/Problem.js"
import type { Registry } from "../src/content/Registry.js"
import type { EntryOf } from "../src/content/schema/Entries.js"
import type { Effect } from "../src/vocabulary/Effect.js"
import type { HookDefinition, HookResult } from "../src/vocabulary/Hooks.js"

const WORLD_FILES = [
  "bestiary",
  "encounters",
  "homes",
  "seasons",
  "improvements",
  "errands",
  "scenarios",
  "terrain",
  "upkeep",
] as const
const WORLD_KINDS = [
  "behaviours",
  "creatures",
  "encounters",
  "homes",
  "seasons",
  "improvements",
  "errands",
  "objectives",
  "scenarios",
  "terrain",
  "upkeep",
] as const

/** The Errands the rules state (B-ERRAND-03, B-ERRAND-04, B-BLIGHT-05); the rest fill GAP-B-16. */
const RULES_ERRANDS: ReadonlyArray<string> = ["trade", "recruit", "drink-amber"]

const readText = (path: string): string => readFileSync(new URL(path, import.meta.url), "utf8")
const fragment = (f: string): Record<string, ReadonlyArray<{ id: string }>> =>
  JSON.parse(readText(`../src/content/core/${f}.json`))

const registry = (): Registry => {
  const r = loadCore()
  if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
  return r.success
}
const reg = registry()
const get = <K extends keyof EntryOf>(kind: K, id: string): EntryOf[K] => {
  const e = reg.get(kind, id)
  if (e === undefined) throw new Error(`no ${kind} ${id}`)
  return e
}
const creature = (id: string) => get("creatures", id)
const home = (id: string) => get("homes", id)
const scenario = (id: string) => get("scenarios", id)
const objective = (id: string) => get("objectives", id)
const encounter = (id: string) => get("encounters", id)
const json = (u: unknown): string => JSON.stringify(u)

/**
 * Runs a world hook with facts (decoded by the hook's own decoder) and dice; `effects` lists its
 * operations' effects (undefined when it answers none).
 */
const run = (
  // biome-ignore lint/suspicious/noExplicitAny: hooks with different params types
  hook: HookDefinition<any, any>,
  params: unknown,
  facts: unknown,
  dice: number[] = [],
): HookResult & { readonly effects?: ReadonlyArray<Effect> | undefined } => {
  const r = Result.getOrThrow(hook.run({ point: "effect", facts, dice: Source.manual(dice) }, params))
  const effects = (r.operations ?? []).map((o) => o.effect)
  return { ...r, effects: effects.length > 0 ? effects : undefined }
}

/** Every hook effect of an entry, anywhere inside it. */
const hooksIn = (u: unknown): Array<{ hook: string; params?: unknown }> => {
  const found: Array<{ hook: string; params?: unknown }> = []
  const walk = (v: unknown): void => {
    if (Array.isArray(v)) v.forEach(walk)
    else if (typeof v === "object" && v !== null) {
      const o = v as Record<string, unknown>
      if (o.kind === "hook" && typeof o.hook === "string") found.push({ hook: o.hook, params: o.params })
      Object.values(o).forEach(walk)
    }
  }
  walk(u)
  return found
}

const STARTER = [
  "husk",
  "thornhound",
  "thorn-matriarch",
  "lantern-moths",
  "strangler-vine",
  "censer-bloom",
  "rootmaw",
  "the-stalk",
  "the-choir",
]
const V030 = ["the-drowned", "rotweaver", "carrion-bloom", "spore-hulk", "the-mourner"]
const GARDENERS = ["gardener-tender", "seed-bearer", "hymnwarden", "the-verdant-mother"]
const NAMED = [...STARTER, ...V030, ...GARDENERS]

describe("the core pack loads with the world side", () => {
  it("B-SCENARIO-02 the core pack, with every world fragment, loads through the loader with no problems", () => {
    expect(Result.isSuccess(loadCore())).toBe(true)
    for (const f of WORLD_FILES) {
      const data = fragment(f)
      for (const [kind, entries] of Object.entries(data)) {
        if (kind === "$schema") continue
        for (const e of entries) expect(reg.has(kind as never, e.id), `${f}.json ${kind} ${e.id}`).toBe(true)
      }
    }
  })

  it("B-BEHAVIOUR-01 B-ERRAND-03 every world entry has a provenance; only the seven behaviours and the Errands the rules name (Trade, Recruit, Drink Amber) are stated in full", () => {
    for (const f of WORLD_FILES) {
      for (const [kind, entries] of Object.entries(fragment(f))) {
        for (const e of entries as ReadonlyArray<{ id: string; provenance?: string; notes?: string }>) {
          expect(["rules", "provisional"], `${kind} ${e.id}`).toContain(e.provenance)
          if (e.provenance === "provisional")
            expect(e.notes ?? "", `${kind} ${e.id} says which parts are stated`).not.toBe("")
          const stated = kind === "behaviours" || (kind === "errands" && RULES_ERRANDS.includes(e.id))
          expect(e.provenance, `${kind} ${e.id}`).toBe(stated ? "rules" : "provisional")
        }
      }
    }
    for (const b of reg.list("behaviours")) expect(b.provenance).toBe("rules")
  })

  it("B-SCENARIO-02 no placeholder entries: no TBD, TODO, lorem or empty text anywhere in the world data", () => {
    for (const f of WORLD_FILES) {
      const text = readText(`../src/content/core/${f}.json`)
      expect(text, f).not.toMatch(/\bTBD\b|\bTODO\b|lorem|ipsum|placeholder|\?\?\?/i)
      expect(text, f).not.toMatch(/"(text|name|notes)": ""/)
    }
  })

  it("B-BEHAVIOUR-01 every ruling the world data cites is recorded in docs/rulings/core-world.md", () => {
    const rulings = readText("../../../docs/rulings/core-world.md")
    const cited = new Set<string>()
    for (const f of WORLD_FILES)
      for (const m of readText(`../src/content/core/${f}.json`).matchAll(/R-WORLD-\d{2}/g)) cited.add(m[0])
    expect(cited.size).toBeGreaterThan(10)
    for (const id of cited) expect(rulings, id).toContain(`| ${id} |`)
  })

  const catalogue = new URL("../../../docs/rules-reference/summaries.tsv", import.meta.url)
  it("B-SCENARIO-02 every clause, gap and ambiguity the world data cites has an entry in the rules reference", () => {
    const known = new Set(
      readFileSync(catalogue, "utf8").match(/\b(?:B-[A-Z]+(?:-[A-Z]+)*-\d{2}|GAP-B-\d{2}|AMB-B-\d{2})\b/g),
    )
    for (const f of WORLD_FILES)
      for (const m of readText(`../src/content/core/${f}.json`).matchAll(
        /"(B-[A-Z]+(?:-[A-Z]+)*-\d{2}|GAP-B-\d{2}|AMB-B-\d{2})"/g,
      ))
        expect(known.has(m[1]!), `${f}: ${m[1]}`).toBe(true)
  })

  it("B-SCENARIO-02 every hook the world data names is a registered world hook whose params decode", () => {
    const byName = new Map(
      Object.values(worldHooks).map((h) => [h.name as string, h as HookDefinition<unknown>]),
    )
    const used = WORLD_FILES.flatMap((f) => hooksIn(fragment(f)))
    expect(used.length).toBeGreaterThan(20)
    for (const u of used) {
      const h = byName.get(u.hook)
      expect(h, u.hook).toBeDefined()
      expect(
        Result.isSuccess(Schema.decodeUnknownResult(h!.params)(u.params)),
        `${u.hook} ${JSON.stringify(u.params)}`,
      ).toBe(true)
    }
    // Every world hook is used by the data (no dead hooks).
    for (const name of byName.keys())
      expect(
        used.map((u) => u.hook),
        name,
      ).toContain(name)
  })
})

describe("behaviours (B-BEHAVIOUR-*)", () => {
  it("B-BEHAVIOUR-01 the seven behaviours are Hunter, Stalker, Ambusher, Guardian, Swarm, Horror and Tender", () => {
    expect(
      reg
        .list("behaviours")
        .map((b) => b.id)
        .sort(),
    ).toEqual(["ambusher", "guardian", "horror", "hunter", "stalker", "swarm", "tender"])
  })

  it("B-BEHAVIOUR-02 a Hunter goes for the most Noise within its Senses, then the nearest it can see, else drifts to the centre", () => {
    const h = get("behaviours", "hunter")
    expect(h.moveTowards[0]).toMatchObject({
      among: "survivors",
      filter: ["withinSenses", "hasNoise"],
      rank: ["mostNoise", "nearest"],
    })
    expect(h.moveTowards[1]).toMatchObject({ filter: ["visible"], rank: ["nearest"] })
    expect(h.otherwise).toBe("driftToCentre")
    expect(h.huntsByNoise).toBe(true)
  })

  it('B-BEHAVIOUR-04 a Stalker goes for the survivor with no friend within 3" and hears Noise only when it sees nobody', () => {
    const s = get("behaviours", "stalker")
    expect(json(s.moveTowards[0]!.filter)).toContain(json({ noFriendWithin: 3 }))
    expect(s.moveTowards.findIndex((t) => json(t.filter).includes("hasNoise"))).toBe(s.moveTowards.length - 1)
    expect(s.huntsByNoise).toBe(false)
  })

  it("B-BEHAVIOUR-07 an Ambusher starts hidden, emerges on Noise or a move ending within its Senses of the Lair, Fights at once, then hunts (R-WORLD-12)", () => {
    const a = get("behaviours", "ambusher")
    expect(a.start).toBe("hidden")
    expect(a.emerge).toMatchObject({
      on: ["noise", "endMove"],
      within: "senses",
      of: "lair",
      attackAtOnce: true,
      becomes: "hunter",
    })
    expect(a.clauses).toContain("R-WORLD-12")
  })

  it('B-BEHAVIOUR-08 a Guardian never leaves 6" of its placement and attacks the noisiest model within reach', () => {
    const g = get("behaviours", "guardian")
    expect(g.leash).toEqual({ neverLeave: 6, of: "placement" })
    expect(g.moveTowards[0]).toMatchObject({
      among: "models",
      filter: ["inReach"],
      rank: ["mostNoise", "nearest"],
    })
    expect(g.otherwise).toBe("hold")
  })

  it("B-BEHAVIOUR-10 a Swarm goes for Noise, then the nearest light (R-WORLD-17), and Fights everything in contact separately", () => {
    const s = get("behaviours", "swarm")
    expect(s.moveTowards.map((t) => t.among)).toEqual(["survivors", "lights"])
    expect(s.attack).toEqual({ kind: "allInContact", separately: true })
    expect(s.clauses).toContain("R-WORLD-17")
  })

  it('B-BEHAVIOUR-11 a Horror goes for the largest group within 6" of a point and Fights the one with most Noise', () => {
    const h = get("behaviours", "horror")
    expect(h.moveTowards[0]!.among).toEqual({ groupsWithin: 6 })
    expect(h.attack).toMatchObject({ kind: "choose" })
  })

  it('B-BEHAVIOUR-14 a Tender goes for Amber or Loot, then 3+ Blight, then the survivor nearest Spore terrain or a Lair, within 12"', () => {
    const t = get("behaviours", "tender")
    expect(t.moveTowards.map((s) => json(s.filter ?? []))).toEqual([
      json([{ carrying: ["amber", "loot"] }]),
      json([{ blightAtLeast: 3 }]),
      json([]),
    ])
    expect(t.moveTowards[2]!.rank[0]).toEqual({ nearestTo: ["sporeTerrain", "lair"] })
    expect(t.leash).toEqual({ endMoveWithin: 12, of: ["sporeTerrain", "lair"] })
  })
})

describe("the Bestiary (B-CREATURE-*, GAP-B-09)", () => {
  it("B-CREATURE-10 the 18 named creatures: 9 starters, the 5 of v0.3.0 and the 4 Gardener units, plus the Hollowed", () => {
    const ids = reg.list("creatures").map((c) => c.id)
    for (const id of NAMED) expect(ids, id).toContain(id)
    expect(ids).toContain("hollowed")
    expect(ids.length).toBe(NAMED.length + 1)
    expect(NAMED.length).toBe(18)
    for (const id of GARDENERS)
      expect(creature(id)).toMatchObject({ faction: "gardeners", behaviour: "tender" })
    for (const id of [...STARTER, ...V030, "hollowed"]) expect(creature(id).faction, id).toBe("blight")
  })

  it("B-BEHAVIOUR-11 behaviours follow the lore: Thornhound Hunter, Moths Swarm, Vine and Censer Guardian, Rootmaw Ambusher, the Stalk Stalker, the Choir a Horror with Husk escorts", () => {
    expect(creature("thornhound").behaviour).toBe("hunter")
    expect(creature("lantern-moths").behaviour).toBe("swarm")
    expect(creature("strangler-vine").behaviour).toBe("guardian")
    expect(creature("censer-bloom").behaviour).toBe("guardian")
    expect(creature("rootmaw").behaviour).toBe("ambusher")
    expect(creature("the-stalk").behaviour).toBe("stalker")
    expect(creature("the-choir").behaviour).toBe("horror")
    expect(creature("the-choir").escorts).toEqual([{ creature: "husk", count: 3 }])
    expect(creature("thorn-matriarch").escorts).toEqual([{ creature: "thornhound", count: 2 }])
  })

  it("GAP-B-09 every creature has Move, Fight, weapon dice and Damage, Health, Armour, Initiative, Senses, Infectious, Dread and XP on the scale of a base survivor", () => {
    for (const c of reg.list("creatures")) {
      expect(c.initiative, c.id).toBeGreaterThanOrEqual(1)
      expect(c.initiative, c.id).toBeLessThanOrEqual(4)
      expect([6, 12, 18], c.id).toContain(c.senses)
      expect(c.infectious, c.id).toBeLessThanOrEqual(1)
      expect(c.dread, c.id).toBeLessThanOrEqual(2)
      expect(c.xp, c.id).toBeGreaterThanOrEqual(1)
      expect(c.weapon.damage, c.id).toBeLessThanOrEqual(2)
      expect(c.move, c.id).toBeLessThanOrEqual(8)
    }
    // A Husk is weaker than the base survivor (M5 F2 H2) alone, only Infectious: its Fight is 1 since the
    // balance tuning (docs/content-gaps/survivors.md); the Choir is the biggest threat.
    const husk = creature("husk")
    expect(husk.move).toBeLessThan(5)
    expect(husk.fight).toBe(1)
    expect(husk.health).toBe(2)
    const xp = reg.list("creatures").map((c) => c.xp)
    expect(creature("the-choir").xp).toBe(Math.max(...xp))
    // Gardeners are people: armour at most 1, what the Congregation Market sells (B-CONGREGATION-07).
    for (const id of GARDENERS) expect(creature(id).armour, id).toBeLessThanOrEqual(1)
  })

  it("B-GARDENER-05 Gardeners graft: a survivor one takes Down gains +1 Blight, and creatures ignore them (B-GARDENER-03)", () => {
    for (const id of GARDENERS) {
      const rules = json(creature(id).specialRules)
      expect(rules, id).toContain(json({ kind: "ignoreBy", by: "creatures" }))
      expect(rules, id).toContain(json({ kind: "hook", hook: "core/grafting", params: { blight: 1 } }))
    }
    expect(run(worldHooks.grafting, { blight: 1 }, { tookDown: true, survivor: true }).effects).toEqual([
      { kind: "blight", value: 1, scope: "target" },
    ])
    expect(
      run(worldHooks.grafting, { blight: 1 }, { tookDown: false, survivor: true }).effects,
    ).toBeUndefined()
  })

  it("B-GARDENER-04 of the Gardener units only the Verdant Mother has Dread (R-WORLD-15)", () => {
    for (const id of GARDENERS) expect(creature(id).dread, id).toBe(id === "the-verdant-mother" ? 1 : 0)
    expect(creature("the-verdant-mother").clauses).toContain("R-WORLD-15")
  })

  it("B-INFECT-01 Husks are Infectious: their touch carries the Blight", () => {
    expect(creature("husk").infectious).toBe(1)
  })

  it("B-CREATURE-08 Seed-Bearers and the Thorn Matriarch drop an Amber Loot token when slain, and no other creature does", () => {
    for (const c of reg.list("creatures")) {
      const drops = c.drops ?? []
      if (c.id === "seed-bearer" || c.id === "thorn-matriarch")
        expect(drops, c.id).toEqual([{ token: "loot", contents: "amber" }])
      else expect(drops, c.id).toEqual([])
    }
  })

  it("B-CREATURE-09 a Crit that breaks the Seed-Bearer's Jar leaves a spore cloud: any unblocked Crit, once (R-WORLD-02)", () => {
    const jar = hooksIn(creature("seed-bearer")).find((h) => h.hook === "core/seed-bearer-jar")
    expect(jar?.params).toEqual({ radius: 2 })
    const breaks = run(
      worldHooks.seedBearerJar,
      { radius: 2 },
      { crit: true, blocked: false, jarBroken: false },
    )
    expect(breaks.effects).toEqual([{ kind: "placeToken", token: "sporeCloud", radius: 2, at: "here" }])
    expect(
      run(worldHooks.seedBearerJar, { radius: 2 }, { crit: true, blocked: true, jarBroken: false }).effects,
    ).toBeUndefined()
    expect(
      run(worldHooks.seedBearerJar, { radius: 2 }, { crit: false, blocked: false, jarBroken: false }).effects,
    ).toBeUndefined()
    expect(
      run(worldHooks.seedBearerJar, { radius: 2 }, { crit: true, blocked: false, jarBroken: true }).effects,
    ).toBeUndefined()
    expect(hooksIn(creature("thorn-matriarch")).map((h) => h.hook)).not.toContain("core/seed-bearer-jar")
    expect(json(creature("seed-bearer").specialRules)).toContain('"on":"damage.taken"')
  })

  it("GAP-B-31 Horror special rules: the Choir's low note adds a Din die, its Husks move in time, its note drowns thought", () => {
    const choir = creature("the-choir")
    const rules = choir.specialRules ?? []
    expect(rules.map((r) => r.name)).toEqual(["The low note", "In time", "Every throat"])
    expect(rules[0]!.effects).toEqual([{ kind: "poolModifier", pool: "din", dice: 1 }])
    const next = run(
      worldHooks.choirInTime,
      { radius: 6, creature: "husk" },
      {
        models: [
          { id: "h1", creature: "husk", distance: 5, activated: false },
          { id: "h2", creature: "husk", distance: 2, activated: false },
          { id: "h3", creature: "husk", distance: 8, activated: false },
          { id: "t1", creature: "thornhound", distance: 1, activated: false },
        ],
      },
    )
    expect(next.target).toBe("h2")
    const spore = creature("spore-hulk").specialRules ?? []
    expect(spore.length).toBeGreaterThan(0)
  })

  it("GAP-B-09 the Stalk, Moths, Rootmaw and Carrion Bloom hooks answer in the vocabulary", () => {
    expect(run(worldHooks.unseenMoveBonus, { inches: 3 }, { seenBy: 0 }).effects).toEqual([
      { kind: "statModifier", stat: "move", value: 3 },
    ])
    expect(run(worldHooks.unseenMoveBonus, { inches: 3 }, { seenBy: 2 }).effects).toBeUndefined()
    // Data now, not hooks: who can't shoot the Stalk from beyond 12" (enemies), and terrain costs.
    expect(creature("the-stalk").specialRules?.[1]?.effects).toEqual([
      { kind: "untargetable", action: "shoot", beyond: 12, by: "enemies" },
    ])
    expect(creature("lantern-moths").specialRules?.[0]?.effects).toEqual([
      { kind: "ignoreTerrain", terrain: ["climbing", "dense"] },
    ])
    expect(creature("rootmaw").specialRules?.[0]?.effects).toEqual([
      { kind: "ignoreTerrain", terrain: ["climbing", "dense", "blocking"] },
    ])
    expect(
      run(worldHooks.carrionFeed, { radius: 6, health: 1 }, { distance: 4, health: 2, startingHealth: 4 })
        .effects,
    ).toEqual([{ kind: "heal", health: 1 }])
    expect(
      run(worldHooks.carrionFeed, { radius: 6, health: 1 }, { distance: 4, health: 4, startingHealth: 4 })
        .effects,
    ).toBeUndefined()
    expect(
      run(worldHooks.carrionFeed, { radius: 6, health: 1 }, { distance: 7, health: 1, startingHealth: 4 })
        .effects,
    ).toBeUndefined()
    // Facts a hook doesn't understand are a typed error naming the hook, not a guess.
    const bad = worldHooks.carrionFeed.run(
      { point: "effect", facts: { distance: "near" }, dice: Source.manual([]) },
      { radius: 6, health: 1 },
    )
    expect(Result.isFailure(bad) && bad.failure.hook).toBe("core/carrion-feed")
  })
})

describe("the Hollowed (B-HOLLOWED-*)", () => {
  const h = creature("hollowed")

  it("B-HOLLOWED-01 a Hollowed uses the survivor's Move, Fight +1, Health +1, Armour 1 and keeps their Gifts (R-WORLD-03)", () => {
    expect(h).toMatchObject({ move: 5, fight: 3, health: 3, armour: 1, behaviour: "hunter" })
    const r = run(
      worldHooks.hollowedProfileHook,
      { fightBonus: 1, healthBonus: 1, armour: 1 },
      {
        survivor: { name: "Danny", move: 6, fight: 3, health: 2, gifts: ["thornskin"] },
      },
    )
    // Base entry M5 F3 H3 A1 → Danny's Hollowed M6 F4 H3 A1.
    expect(r.effects).toEqual([
      { kind: "statModifier", stat: "move", value: 1 },
      { kind: "statModifier", stat: "fight", value: 1 },
    ])
    expect(h.clauses).toContain("R-WORLD-03")
  })

  it("B-HOLLOWED-02 it hunts by Noise but goes for its old Refuge first if it can see them", () => {
    const params = {}
    const visible = [
      { id: "a", refuge: "wharfside", noise: 3, distance: 4 },
      { id: "b", refuge: "hollins", noise: 0, distance: 9 },
      { id: "c", refuge: "hollins", noise: 1, distance: 11 },
    ]
    expect(run(worldHooks.hollowedOldRefuge, params, { oldRefuge: "hollins", visible }).target).toBe("c")
    expect(
      run(worldHooks.hollowedOldRefuge, params, { oldRefuge: "fallowmere", visible }).target,
    ).toBeUndefined()
  })

  it("B-HOLLOWED-03 before an Encounter roll in a campaign, a 6 brings one back, picked at random, instead (R-WORLD-04)", () => {
    const ret = (facts: unknown, dice: number[]) => run(worldHooks.hollowedReturnHook, { on: 6 }, facts, dice)
    const back = ret({ campaign: true, waiting: ["Danny", "Ruth", "Sol"] }, [6, 2])
    expect(back.target).toBe("Ruth")
    expect(back.effects).toEqual([{ kind: "spawn", creature: "hollowed", count: 1, at: "nearestLairOrEdge" }])
    expect(ret({ campaign: true, waiting: ["Danny"] }, [5]).target).toBeUndefined()
    expect(ret({ campaign: false, waiting: ["Danny"] }, []).target).toBeUndefined()
    expect(ret({ campaign: true, waiting: [] }, []).target).toBeUndefined()
  })

  it("B-HOLLOWED-04 a slain Hollowed is laid to rest", () => {
    expect(hooksIn(h).map((x) => x.hook)).toContain("core/hollowed-laid-to-rest")
    expect(run(worldHooks.hollowedLaidToRest, {}, { survivor: "Danny" }).target).toBe("Danny")
  })
})

describe("Encounter tables (B-ENCOUNTER-*)", () => {
  const rowsOf = (id: string) => encounter(id).rows

  it("B-ENCOUNTER-03 the Lesser and Greater tables have 12 rows each, read as halves, with no gaps", () => {
    for (const id of ["lesser", "greater"]) {
      const t = encounter(id)
      expect(t.die.kind, id).toBe("half")
      expect(
        t.rows.map((r) => r.key),
        id,
      ).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12])
      expect(Table.tableProblems({ die: t.die, rows: t.rows }), id).toEqual([])
    }
    expect(encounter("lesser").tier).toBe("lesser")
    expect(encounter("greater").tier).toBe("greater")
  })

  it("B-ENCOUNTER-04 some rows bring escorts, and a Greater row brings a Congregation", () => {
    for (const id of ["lesser", "greater"])
      expect(
        rowsOf(id).some((r) => (r.result.escorts ?? []).length > 0),
        id,
      ).toBe(true)
    const cong = rowsOf("greater").filter((r) => r.result.congregation !== undefined)
    expect(cong.length).toBe(1)
    expect(cong[0]!.result.congregation).toBe("congregation")
    expect(rowsOf("lesser").some((r) => r.result.congregation !== undefined)).toBe(false)
  })

  it("B-GARDENER-02 a Congregation from the Greater table walks in at the Blight edge nearest the noisiest survivor (R-WORLD-16)", () => {
    const row = rowsOf("greater").find((r) => r.result.congregation !== undefined)!
    expect(row.key).toBe(10)
    expect(row.result.text).toContain("Blight edge nearest the noisiest survivor (R-WORLD-16)")
    expect(get("tables", "congregation").clauses).toContain("R-WORLD-16")
  })

  it("B-ENCOUNTER-04 every row's creatures and escorts resolve to creatures of the Blight (Gardeners come only by the Congregation table)", () => {
    for (const id of ["lesser", "greater"]) {
      for (const r of rowsOf(id)) {
        for (const g of [...r.result.creatures, ...(r.result.escorts ?? [])]) {
          expect(reg.has("creatures", g.creature), `${id} ${r.key} ${g.creature}`).toBe(true)
          expect(creature(g.creature).faction).toBe("blight")
        }
      }
    }
    for (const c of reg.list("creatures"))
      for (const e of c.escorts ?? []) expect(reg.has("creatures", e.creature)).toBe(true)
    for (const c of reg.list("creatures")) expect(reg.has("behaviours", c.behaviour), c.id).toBe(true)
  })

  it("GAP-B-10 a Greater row is about three Lesser rows of threat (XP), and the high half is the nastier (R-WORLD-13)", () => {
    const threat = (r: (typeof rowsOf extends (id: string) => infer R ? R : never)[number]): number =>
      [...r.result.creatures, ...(r.result.escorts ?? [])].reduce(
        (s, g) => s + creature(g.creature).xp * Number(g.count),
        0,
      )
    const lesser = rowsOf("lesser").map(threat)
    const greater = rowsOf("greater")
      .filter((r) => r.result.congregation === undefined)
      .map(threat)
    for (const t of lesser) expect(t).toBeLessThanOrEqual(4)
    for (const t of greater) expect(t).toBeGreaterThanOrEqual(4)
    const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length
    expect(mean(greater) / mean(lesser)).toBeGreaterThan(2.5)
    expect(mean(greater) / mean(lesser)).toBeLessThan(3.5)
    expect(mean(lesser.slice(6))).toBeGreaterThan(mean(lesser.slice(0, 6)))
  })

  it("B-GARDENER-02 the Congregation table brings only Gardener units, with escorts, and covers its die", () => {
    const t = get("tables", "congregation")
    expect(t.table).toBe("congregation")
    if (t.table !== "congregation") throw new Error("not a congregation table")
    expect(Table.tableProblems({ die: t.die, rows: t.rows })).toEqual([])
    expect(t.rows.some((r) => (r.result.escorts ?? []).length > 0)).toBe(true)
    for (const r of t.rows)
      for (const g of [...r.result.units, ...(r.result.escorts ?? [])])
        expect(GARDENERS).toContain(g.creature)
    expect(t.rows.some((r) => r.result.units.some((u) => u.creature === "the-verdant-mother"))).toBe(true)
  })
})

describe("Homes (B-HOME-*)", () => {
  const homes = () => reg.list("homes")
  const refugeHomes = () => homes().filter((h) => h.congregationOnly !== true)

  it("B-HOME-03 there are 15 Homes for Refuges, plus the Grove for Congregations", () => {
    expect(refugeHomes().length).toBe(15)
    expect(
      homes()
        .filter((h) => h.congregationOnly === true)
        .map((h) => h.id),
    ).toEqual(["grove"])
    for (const id of [
      "campsite",
      "rv",
      "sixth-floor-flat",
      "corner-shop",
      "shopping-mall",
      "office-block",
      "the-local",
      "tower-block",
      "hospital-wing",
    ])
      expect(reg.has("homes", id), id).toBe(true)
    expect(home("the-local").text).toContain("pub")
  })

  it("B-HOME-02 every Home has a capacity within the founding range 4–8, a perk, a drawback and Season needs that resolve", () => {
    for (const h of refugeHomes()) {
      expect(h.capacity, h.id).toBeGreaterThanOrEqual(4)
      expect(h.capacity, h.id).toBeLessThanOrEqual(8)
      expect(h.perk.text.length, h.id).toBeGreaterThan(10)
      expect(h.drawback.text.length, h.id).toBeGreaterThan(10)
      for (const n of h.seasonNeeds) expect(reg.has("seasons", n.season), `${h.id} ${n.season}`).toBe(true)
    }
  })

  it("B-HOME-04 Homes differ in how hard they are to keep warm and clear as the Seasons turn", () => {
    const fuel = (h: EntryOf["homes"]) =>
      h.seasonNeeds
        .flatMap((n) => n.extra)
        .filter((s) => s.store === "fuel")
        .reduce((a, s) => a + s.amount, 0)
    const fuels = new Set(refugeHomes().map(fuel))
    expect(fuels.size).toBeGreaterThanOrEqual(3)
  })

  it("B-HOME-05 the Office Block allows three Errands; every other Home two (B-ERRAND-01)", () => {
    expect(home("office-block").errands).toBe(3)
    for (const h of homes()) if (h.id !== "office-block") expect(h.errands, h.id).toBe(2)
  })

  it("B-CONGREGATION-06 the Grove holds 10, never needs fuel in any Season and grows +1 Ration each Upkeep", () => {
    const g = home("grove")
    expect(g.capacity).toBe(10)
    expect(g.congregationOnly).toBe(true)
    expect(g.seasonNeeds.flatMap((n) => n.extra).filter((s) => s.store === "fuel")).toEqual([])
    expect(json(g.perk.effects)).toContain(
      json({ kind: "stores", store: "rations", amount: 1, reason: "The Grove grows a Ration" }),
    )
    // The Season's base fuel need (the Silence) is waived for the Grove.
    const waiver = hooksIn(g.perk).find((x) => x.hook === "core/waive-season-need")!
    const r = run(worldHooks.waiveSeasonNeed, waiver.params, { need: [{ store: "fuel", amount: 1 }] })
    expect(r.effects).toEqual([
      { kind: "stores", store: "fuel", amount: 1, reason: "The Grove: the growth provides" },
    ])
  })

  it("B-CONGREGATION-08 the Grove's Market: Common melee weapons, Common kit, Common armour up to 1 (R-WORLD-20); no Reloads, no selling Amber", () => {
    // A `marketRestriction` (vocabulary v2), read by the Market (refuge/CongregationMarket.ts).
    expect(json(home("grove").drawback.effects)).toContain(
      json({
        kind: "marketRestriction",
        weapons: "commonMelee",
        kit: "common",
        maxArmour: 1,
        reloads: false,
        sellAmber: false,
      }),
    )
  })

  it("B-HOME-06 The Local's cellar die: on a 1 lose half the Rations, rounded down (R-WORLD-19)", () => {
    expect(hooksIn(home("the-local").drawback).map((x) => x.hook)).toEqual(["core/the-local-cellar-die"])
    expect(run(worldHooks.theLocalCellarDie, { on: 1 }, { rations: 7 }, [1]).effects).toEqual([
      { kind: "stores", store: "rations", amount: -3, reason: "The Local: something got into the cellar" },
    ])
    expect(run(worldHooks.theLocalCellarDie, { on: 1 }, { rations: 7 }, [2]).effects).toBeUndefined()
  })

  it("B-HOME-06 the Corner Shop's Laid Up roll: on 1–2 a Laid Up survivor stays Laid Up another raid (R-WORLD-19)", () => {
    const p = hooksIn(home("corner-shop").drawback)[0]!
    expect(p).toEqual({ hook: "core/corner-shop-laid-up", params: { on: [1, 2], extraRaids: 1 } })
    const r = run(worldHooks.cornerShopLaidUpHook, p.params, { laidUp: ["Ann", "Bo"] }, [2, 5])
    expect(r.operations).toEqual([
      { to: "Ann", effect: { kind: "status", status: "laidUp", duration: { raids: 1 } } },
    ])
  })

  it("B-HOME-06 the Tower Block: Meds for each survivor Laid Up, or a second missed raid (R-WORLD-19)", () => {
    const r = run(
      worldHooks.towerBlockMedsHook,
      { meds: 1, extraRaids: 1 },
      { laidUp: ["Ann", "Bo"], meds: 1 },
    )
    expect(r.effects?.[0]).toEqual({
      kind: "stores",
      store: "meds",
      amount: -1,
      reason: "Tower Block: Meds for the Laid Up",
    })
    expect(r.operations?.[1]).toEqual({
      to: "Bo",
      effect: { kind: "status", status: "laidUp", duration: { raids: 1 } },
    })
  })

  it("B-HOME-06 the Hospital Wing's lurking Husks: one extra Husk at set-up in every raid (R-WORLD-19)", () => {
    expect(home("hospital-wing").drawback.effects).toEqual([
      {
        kind: "trigger",
        on: "battle.setup",
        do: [{ kind: "spawn", creature: "husk", count: 1, at: "lair" }],
      },
    ])
  })

  it("B-INIT-01 Home Initiative dice: the Sixth-floor Flat rolls one more, the Tower Block one more in round 1", () => {
    expect(home("sixth-floor-flat").initiativeDice).toBe(1)
    expect(home("tower-block").perk.effects).toEqual([
      { kind: "poolModifier", pool: "initiative", dice: 1, when: { round: 1 }, scope: "refuge" },
    ])
  })
})

describe("Seasons (B-SEASON-01, B-DIN-05)", () => {
  it("B-SEASON-01 four Seasons in order, the Waking, the Long Days, Glassfall, the Silence, each turning to the next (R-WORLD-11)", () => {
    const ss = [...reg.list("seasons")].sort((a, b) => a.order - b.order)
    expect(ss.map((s) => s.id)).toEqual(["the-waking", "the-long-days", "glassfall", "the-silence"])
    for (const [i, s] of ss.entries()) expect(s.next).toBe(ss[(i + 1) % 4]!.id)
    for (const s of ss) {
      expect(s.raids).toBe(3)
      expect(s.need.stores.length, s.id).toBeGreaterThan(0)
      expect(s.raidEffect.text.length, s.id).toBeGreaterThan(10)
    }
    expect(get("seasons", "the-silence").need.stores).toEqual([{ store: "fuel", amount: 1 }])
  })

  it("B-DIN-05 in the Silence it takes two 6s to wake anything: two 6s Lesser, three Greater (R-WORLD-01); other Seasons one and two", () => {
    expect(get("seasons", "the-silence").din).toEqual({ lesser: 2, greater: 3 })
    expect(get("seasons", "the-silence").clauses).toContain("R-WORLD-01")
    for (const id of ["the-waking", "the-long-days", "glassfall"])
      expect(get("seasons", id).din, id).toEqual({ lesser: 1, greater: 2 })
  })
})

describe("improvements (B-IMPROVEMENT-*)", () => {
  it("B-IMPROVEMENT-02 the Watch Post: an extra Initiative die in round 1", () => {
    expect(get("improvements", "watch-post").effects).toEqual([
      { kind: "poolModifier", pool: "initiative", dice: 1, when: { round: 1 }, scope: "refuge" },
    ])
  })

  it("B-IMPROVEMENT-03 the Amber Shrine: one extra Blight die once a raid, beyond the tier (R-WORLD-05)", () => {
    const s = get("improvements", "amber-shrine")
    expect(s.effects).toEqual([
      {
        kind: "poolModifier",
        pool: "any",
        dice: 1,
        blightDice: true,
        scope: "oneFriend",
        uses: { per: "raid", times: 1 },
      },
    ])
    expect(s.clauses).toContain("R-WORLD-05")
  })

  it("B-IMPROVEMENT-04 the Reloading Bench turns 3 Salvage into 1 Reload without an Errand", () => {
    // An `exchange` (vocabulary v2): refuge/HomeActions.reloadingBench reads its rate.
    expect(get("improvements", "reloading-bench").effects).toEqual([
      { kind: "exchange", give: { store: "salvage", amount: 3 }, get: { store: "reloads", amount: 1 } },
    ])
  })

  it("B-IMPROVEMENT-01 every improvement has a cost and works through effects", () => {
    const all = reg.list("improvements")
    expect(all.length).toBeGreaterThanOrEqual(6)
    for (const i of all) {
      expect(i.cost, i.id).toBeGreaterThan(0)
      expect((i.effects ?? []).length, i.id).toBeGreaterThan(0)
    }
  })
})

describe("scenarios and objectives (B-SCENARIO-*, B-OBJECTIVE-*)", () => {
  it("B-SCENARIO-01 seven scenarios: six of v0.1.0 (Cache, Night Raid, Bloom Heart, Someone in the Weeds, a Radio scenario, one more) and The Planting", () => {
    const ids = reg
      .list("scenarios")
      .map((s) => s.id)
      .sort()
    expect(ids).toEqual([
      "bloom-heart",
      "cache",
      "night-raid",
      "someone-in-the-weeds",
      "the-last-broadcast",
      "the-pharmacy",
      "the-planting",
    ])
    expect(scenario("the-last-broadcast").objectives).toEqual(["radio"])
  })

  it("B-LOOT-04 scenario Salvage rewards: Cache 6, Night Raid 6, Bloom Heart 9, The Planting 7", () => {
    const salvage = (id: string) =>
      scenario(id)
        .rewards.filter((r) => r.to === "winner" && r.store === "salvage")
        .map((r) => r.amount)
    expect(salvage("cache")).toEqual([6])
    expect(salvage("night-raid")).toEqual([6])
    expect(salvage("bloom-heart")).toEqual([9])
    expect(salvage("the-planting")).toEqual([7])
  })

  it("B-SETUP-04 the standard set-up: 2 Lairs, 5 Loot tokens, two Blight edges, six rounds", () => {
    expect(scenario("cache").setup).toMatchObject({
      lairs: 2,
      lairPlacement: "corners",
      blightEdges: 2,
      lootTokens: 5,
    })
    for (const s of reg.list("scenarios")) {
      expect(s.rounds, s.id).toBe(6)
      expect(s.setup.lairs, s.id).toBe(2)
      expect(s.setup.blightEdges, s.id).toBe(2)
      expect(s.victory.text.length, s.id).toBeGreaterThan(10)
      expect(s.draw.text.length, s.id).toBeGreaterThan(10)
      for (const o of s.objectives) expect(reg.has("objectives", o), `${s.id} ${o}`).toBe(true)
    }
  })

  it("B-OBJECTIVE-03 the Bloom Heart adds +2 Din dice while it stands, counted once (R-WORLD-09)", () => {
    const bh = objective("bloom-heart")
    expect(bh.effects).toEqual([
      { kind: "poolModifier", pool: "din", dice: 2, when: { objective: "bloom-heart", state: "standing" } },
    ])
    expect(scenario("bloom-heart").dinDice).toBe(0)
    expect(scenario("bloom-heart").objectives).toEqual(["bloom-heart"])
  })

  it("B-OBJECTIVE-01 three Uses or a Fire hit burn the Bloom Heart (R-WORLD-08)", () => {
    expect(objective("bloom-heart").uses).toBe(3)
    expect(run(worldHooks.bloomHeartFire, {}, { fire: true, standing: true }).outcome).toBe("win")
    expect(run(worldHooks.bloomHeartFire, {}, { fire: false, standing: true }).outcome).toBe("continue")
  })

  it("B-OBJECTIVE-02 up to 3 Amber can be harvested from the Bloom Heart, and burning it gives a clean street (B-OBJECTIVE-04)", () => {
    const rules = objective("bloom-heart").rules ?? []
    const harvest = rules.find((r) => r.name === "Harvest")!.effects![0]!
    expect(harvest).toMatchObject({
      kind: "grantAction",
      uses: { per: "battle", times: 3 },
      test: { pool: "wits.use", target: 1 },
    })
    expect(json(harvest)).toContain(
      json({ kind: "placeToken", token: "loot", contents: "amber", at: "here" }),
    )
    expect(hooksIn(rules.find((r) => r.name === "A clean street")).map((h) => h.hook)).toEqual([
      "core/clean-street",
    ])
  })

  it('B-OBJECTIVE-06 the Radio: its carrier has at least 1 Noise, −2" Move and no Sprint, and drops it when Down (B-OBJECTIVE-05, B-OBJECTIVE-07)', () => {
    const r = objective("radio")
    expect(r.carried).toBe(true)
    expect(r.effects).toContainEqual({ kind: "minimumNoise", value: 1, when: { carrying: "radio" } })
    expect(r.effects).toContainEqual({
      kind: "statModifier",
      stat: "move",
      value: -2,
      when: { carrying: "radio" },
    })
    expect(r.effects).toContainEqual({ kind: "forbidAction", action: "sprint", when: { carrying: "radio" } })
    expect(json(r.effects)).toContain(
      json({
        kind: "trigger",
        on: "down",
        do: [{ kind: "placeToken", token: "loot", contents: "radio", at: "here" }],
        when: { carrying: "radio" },
      }),
    )
  })

  it("B-OBJECTIVE-08 the Radio trophy: one Initiative re-roll a raid, the whole pool (R-WORLD-07)", () => {
    const trophy = (objective("radio").rules ?? []).find((x) => x.name === "The trophy")!
    expect(trophy.effects).toEqual([
      { kind: "reroll", roll: "initiative", dice: "all", scope: "refuge", uses: { per: "raid", times: 1 } },
    ])
  })

  it("B-OBJECTIVE-10 the Stranger has 2 Health, is freed on a Fight or Wits test of 2 and joins the rescuer free (B-OBJECTIVE-09, R-WORLD-06)", () => {
    const s = objective("stranger")
    expect(s.health).toBe(2)
    expect(s.test).toEqual({ pools: ["fight.attack", "wits.use"], target: 2 })
    expect(json(s.rules)).toContain(json({ kind: "rollTable", table: "stranger" }))
    expect(reg.has("tables", "stranger")).toBe(true)
    expect(scenario("someone-in-the-weeds").objectives).toEqual(["stranger"])
    expect(scenario("someone-in-the-weeds").clauses).toContain("R-WORLD-06")
  })

  it("B-OBJECTIVE-12 the Planting's Rite rises near the Seedbed, falls when disrupted and completes at 6 (R-WORLD-14)", () => {
    const rite = (facts: unknown, params: unknown = { complete: 6, radius: 6 }) =>
      run(worldHooks.plantingRite, params, facts)
    const now = (r: HookResult) => r.operations?.map((o) => o.effect)
    expect(now(rite({ rite: 0, gardeners: [{ creature: "gardener-tender", distance: 3 }] }))).toEqual([
      { kind: "counter", counter: "rite", value: 1 },
    ])
    expect(
      now(
        rite({
          rite: 2,
          gardeners: [
            { creature: "hymnwarden", distance: 5 },
            { creature: "gardener-tender", distance: 2 },
          ],
        }),
      ),
    ).toEqual([{ kind: "counter", counter: "rite", value: 4 }])
    expect(now(rite({ rite: 3, gardeners: [{ creature: "gardener-tender", distance: 9 }] }))).toEqual([
      { kind: "counter", counter: "rite", value: 3 },
    ])
    expect(rite({ rite: 5, gardeners: [{ creature: "gardener-tender", distance: 1 }] }).outcome).toBe("lose")
    expect(now(rite({ rite: 2 }, { complete: 6, radius: 6, disrupt: 1 }))).toEqual([
      { kind: "counter", counter: "rite", value: 1 },
    ])
    expect(rite({ rite: 3, battleOver: true, refuge: "a", scores: { a: 3, b: 1 } }).outcome).toBe("win")
    expect(scenario("the-planting").objectives).toEqual(["rite"])
    expect(json(scenario("the-planting").effects)).toContain(
      json({ kind: "rollTable", table: "congregation" }),
    )
  })

  it("GAP-B-26 victory by count: more wins, equal draws, The Pharmacy breaks ties on Loot (R-WORLD-18)", () => {
    const cmp = (what: string, facts: unknown) => run(worldHooks.compareCount, { what }, facts).outcome
    expect(cmp("loot", { refuge: "a", counts: { a: 2, b: 1 } })).toBe("win")
    expect(cmp("loot", { refuge: "a", counts: { a: 1, b: 1 } })).toBe("draw")
    expect(cmp("meds", { refuge: "a", counts: { a: 1, b: 1 }, tiebreak: { a: 0, b: 2 } })).toBe("lose")
    expect(cmp("bloomHeart", { refuge: "b", counts: { a: 2, b: 0 }, burnedBy: "b" })).toBe("win")
  })

  it("B-SCENARIO-02 Night Raid's dark: nothing is seen beyond 12\" unless it made Noise or carries a light", () => {
    // Data (vocabulary v2): nobody shoots a model beyond 12" unless it made Noise or carries a light.
    expect(scenario("night-raid").effects).toEqual([
      {
        kind: "untargetable",
        action: "shoot",
        beyond: 12,
        by: "models",
        unless: { any: [{ noise: { min: 1 } }, { carrying: "light" }] },
      },
    ])
  })
})

describe("Upkeep (B-UPKEEP-01, GAP-B-14)", () => {
  const u = () => get("upkeep", "upkeep")

  it("B-UPKEEP-01 the Season's need first, then one Ration per survivor (R-WORLD-10)", () => {
    expect(u().rationsPerSurvivor).toBe(1)
    expect(u().text.indexOf("need")).toBeLessThan(u().text.indexOf("feed"))
    expect(u().clauses).toContain("R-WORLD-10")
  })

  it("GAP-B-14 R-CAMPAIGN-10 fuel is paid from fuel, then Salvage (2 for 1), then Amber (1 for 3)", () => {
    const p = hooksIn(u()).find((h) => h.hook === "core/pay-fuel")!
    const r = run(worldHooks.payFuelHook, p.params, { need: 6, stores: { fuel: 1, amber: 1, salvage: 3 } })
    expect(r.effects).toEqual([
      { kind: "stores", store: "fuel", amount: -1, reason: "Upkeep: fuel" },
      { kind: "stores", store: "salvage", amount: -2, reason: "Upkeep: Salvage burned for fuel" },
      { kind: "stores", store: "amber", amount: -1, reason: "Upkeep: Amber burned for fuel" },
    ])
  })

  it("GAP-B-14 short of the need: fuel Lays survivors Up on a 1, clearing gives +1 Blight on a 1", () => {
    const p = hooksIn(u()).find((h) => h.hook === "core/unmet-need")!
    expect(
      run(worldHooks.unmetNeed, p.params, { short: "fuel", survivors: ["Ann", "Bo"] }, [1, 4]).operations,
    ).toEqual([{ to: "Ann", effect: { kind: "status", status: "laidUp", duration: { raids: 1 } } }])
    expect(
      run(worldHooks.unmetNeed, p.params, { short: "clearing", survivors: ["Ann", "Bo"] }, [3, 1]).operations,
    ).toEqual([{ to: "Bo", effect: { kind: "blight", value: 1 } }])
  })

  it("GAP-B-14 an unfed survivor is Hungry (−1 Health, never below 1) and leaves after two Upkeeps running", () => {
    const p = hooksIn(u()).find((h) => h.hook === "core/hunger")!
    // Hungry is a status for the next raid (its −1 Health is the `health` param, read by the Upkeep),
    // not a lasting change to the survivor's profile.
    expect(p.params).toEqual({ health: -1, leavesAfter: 2 })
    expect(run(worldHooks.hunger, p.params, { survivor: "Ann", unfedStreak: 1 }).operations).toEqual([
      { to: "Ann", effect: { kind: "status", status: "hungry", duration: { raids: 1 } } },
    ])
    expect(run(worldHooks.hunger, p.params, { survivor: "Ann", unfedStreak: 0 }).operations).toEqual([])
    expect(run(worldHooks.hunger, p.params, { survivor: "Ann", unfedStreak: 2 }).operations).toEqual([
      { to: "Ann", effect: { kind: "status", status: "leaves" } },
    ])
  })
})

describe("the world kinds are all present", () => {
  it("B-SCENARIO-02 the world fragments hold every world kind", () => {
    const kinds = new Set(WORLD_FILES.flatMap((f) => Object.keys(fragment(f))))
    for (const k of WORLD_KINDS) expect(kinds, k).toContain(k)
  })
})
