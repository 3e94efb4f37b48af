import { manual, StepDie, seeded, Table } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { joinName } from "../src/tables/NightsongTable.js"
import * as W from "../src/tables/world.js"
import { breakTie, drop, dropDieSides, settle, spread } from "../src/world/Drop.js"
import { flower, type HexId, hexDistance } from "../src/world/Hex.js"
import { checkWorld, loadWorld } from "../src/world/Load.js"
import { renderSvg } from "../src/world/Svg.js"
import {
  advanceFactions,
  generate,
  generateWorld,
  type World,
  worldFromJson,
  worldJsonSchema,
} from "../src/world/World.js"

const SEEDS = Array.from({ length: 1000 }, (_, i) => i + 1)
const worlds: World[] = SEEDS.map(generate)
const h = (n: number) => n as HexId
const results = <A>(t: Table.Table<A>) => t.rows.map((r) => r.result)

describe("The Land", () => {
  it("N-WORLD-01 R-N-WORLD-01 a 5 × 5 flower of 6-mile hexes: rows of 3, 4, 5, 4, 3 — 19 hexes", () => {
    const map = flower(2)
    expect(map.cells).toHaveLength(19)
    const rows = [-2, -1, 0, 1, 2].map((r) => map.cells.filter((c) => c.r === r).length)
    expect(rows).toEqual([3, 4, 5, 4, 3])
    expect(map.neighbours.get(h(10))).toHaveLength(6) // the centre hex
    expect(map.neighbours.get(h(1))).toHaveLength(3) // a corner hex
    expect(generate(1).map).toEqual({ shape: "flower", radius: 2, hexMiles: 6 })
  })

  it("N-REGION-01 N-FACTION-03 N-FACTION-04 for 1,000 seeds every hex has a Region and every Faction territory", () => {
    for (const w of worlds) {
      const regionIds = new Set(w.regions.map((r) => r.id))
      expect(w.hexes.every((x) => regionIds.has(x.region))).toBe(true)
      // Regions partition the map: each hex in exactly one Region's list.
      const listed = w.regions.flatMap((r) => r.hexes).sort((a, b) => a - b)
      expect(listed).toEqual(w.hexes.map((x) => x.id))
      expect(w.factions.every((f) => f.territory.length >= 1)).toBe(true)
    }
  })

  it("R-N-WORLD-04 N-REGION-05 N-FACTION-05 no two Regions or Factions of a Land share a name", () => {
    for (const w of worlds) {
      const names = [...w.regions, ...w.factions].map((x) => x.name)
      expect(new Set(names).size).toBe(names.length)
    }
  })

  it("same seed, same Land; another seed, another Land", () => {
    expect(generate(7)).toEqual(generate(7))
    expect(generate(7)).not.toEqual(generate(8))
    expect(generateWorld(seeded(7))).toEqual({ ...generate(7), seed: undefined })
  })

  it("the World is JSON that its schema reads back exactly; bad JSON names the path", () => {
    const w = generate(3)
    expect(worldFromJson(JSON.parse(JSON.stringify(w)))).toEqual(w)
    const bad = JSON.parse(JSON.stringify(w))
    bad.regions[0].type = "Swamp"
    expect(() => worldFromJson(bad)).toThrow(/world\.regions\.0\.type/)
    const schema = JSON.stringify(worldJsonSchema())
    for (const key of ["hexes", "regions", "factions", "territory", "spreadDie", "influenceDie"])
      expect(schema).toContain(`"${key}"`)
  })
})

describe("Dropping and spreading", () => {
  const map = flower(2)

  it("N-REGION-03 R-N-WORLD-02 the drop is a D20 on 19 hexes; a face past the map is off it and rerolled", () => {
    expect(dropDieSides(19)).toBe(20)
    expect(drop(manual([20, 20, 7]), map, "drop")).toEqual({ throws: [20, 20, 7], hex: 7 })
  })

  it("N-REGION-03 N-FACTION-03 landing on a taken hex moves to the nearest free one (ties by a die)", () => {
    const taken = new Set([10, 9, 11, 5, 6, 14, 15].map(h))
    const free = (x: HexId) => !taken.has(x)
    expect(settle(manual([]), map, h(3), free, "nearest")).toBe(3)
    // From the centre, every free hex is two away: 12 of them tie, a d12 picks the 4th in reading order.
    const moved = settle(manual([4]), map, h(10), free, "nearest")
    expect(hexDistance(map, h(10), moved)).toBe(2)
    expect(moved).toBe(4)
    expect(breakTie(manual([]), [h(8)], "tie")).toBe(8)
  })

  it("N-REGION-04 R-N-WORLD-03 the start hex counts; spreading takes adjacent free hexes nearest the start", () => {
    const got = spread(manual([1, 1, 1]), map, h(10), 4, () => true, "spread")
    expect(got[0]).toBe(10)
    expect(got.slice(1).every((x) => hexDistance(map, h(10), x) === 1)).toBe(true)
    expect(got).toHaveLength(4)
  })

  it("N-REGION-04 boxed in, the rest is placed from the nearest uncoloured hex", () => {
    // Hex 1's neighbours (2, 4, 5) are taken: the spread jumps to the nearest free hex.
    const taken = new Set([2, 4, 5].map(h))
    const got = spread(manual([1]), map, h(1), 2, (x) => !taken.has(x), "spread")
    expect(got[0]).toBe(1)
    expect(hexDistance(map, h(1), got[1]!)).toBe(2)
    // With nothing free it stops short.
    expect(spread(manual([]), map, h(1), 3, () => false, "spread")).toEqual([1])
  })
})

describe("Regions", () => {
  it("N-REGION-02 Waters and Wetlands spread a D6, the others a D4; the spread is that die's roll", () => {
    const dice = { Waters: "d6", Wetlands: "d6", Plains: "d4", Forests: "d4", Peaks: "d4", Barrens: "d4" }
    for (const w of worlds.slice(0, 200))
      for (const r of w.regions) {
        expect(r.spreadDie).toBe(dice[r.type])
        expect(r.spread).toBeGreaterThanOrEqual(1)
        expect(r.spread).toBeLessThanOrEqual(StepDie.sidesOf(r.spreadDie))
        expect(r.hexes.length).toBeLessThanOrEqual(r.spread)
      }
  })

  it("N-REGION-05 a Region's name is its type's prefix plus the paired suffix", () => {
    for (const r of generate(11).regions) {
      const t = W.regionNameTables[r.type]
      const names = results(t.prefix).flatMap((p) => results(t.suffix).map((s) => joinName(p, s)))
      expect(names).toContain(r.name)
    }
  })

  it("N-REGION-06 R-N-REGION-01 Vegetation never breaks its type's limits; forbidden rolls are rerolled", () => {
    let rerolls = 0
    for (const w of worlds)
      for (const r of w.regions) {
        if (r.vegetation === "Bare") expect(["Wetlands", "Waters"]).not.toContain(r.type)
        if (r.vegetation === "Dense") expect(r.type).not.toBe("Barrens")
        if (r.vegetation === "Overgrown") expect(["Peaks", "Barrens"]).not.toContain(r.type)
        for (const v of r.vegetationRerolled) {
          rerolls++
          const row = results(W.regionVegetation).find((x) => x.vegetation === v)!
          expect(W.vegetationFits(row, r.type)).toBe(false)
        }
      }
    expect(rerolls).toBeGreaterThan(0)
  })

  it("N-REGION-07 R-N-REGION-01 each Region has a Feature, a Descriptor and a Spark (Theme + Action)", () => {
    for (const r of generate(5).regions) {
      expect(results(W.features)).toContain(r.feature)
      expect(results(W.descriptor)).toContain(r.descriptor)
      expect(results(W.sparkTheme)).toContain(r.spark.theme)
      expect(results(W.sparkAction)).toContain(r.spark.action)
    }
  })
})

describe("Factions", () => {
  it("N-FACTION-01 each Region has 1D4 Factions", () => {
    const counts = new Set(worlds.flatMap((w) => w.regions.map((r) => r.factions.length)))
    expect([...counts].sort()).toEqual([1, 2, 3, 4])
  })

  it("N-FACTION-02 Highborn and Religious have a D6 Influence Die, the others a D4", () => {
    for (const w of worlds.slice(0, 200))
      for (const f of w.factions) {
        expect(f.influenceDie).toBe(f.type === "Highborn" || f.type === "Religious" ? "d6" : "d4")
        expect(f.territory.length).toBeLessThanOrEqual(f.influence)
      }
  })

  it("N-FACTION-03 N-FACTION-04 R-N-FACTION-01 claims take unclaimed hexes only; a late Faction keeps its landing hex", () => {
    for (const w of worlds.slice(0, 300)) {
      const seen = new Map<number, string>()
      for (const f of w.factions) {
        expect(f.territory[0]).toBe(f.placement.start)
        for (const [i, x] of f.territory.entries()) {
          if (seen.has(x)) {
            // Only a start hex on a full map may be shared, and then it is the whole territory.
            expect(i).toBe(0)
            expect(f.territory).toHaveLength(1)
            expect(f.placement.start).toBe(f.placement.landed)
          } else seen.set(x, f.id)
        }
      }
      for (const x of w.hexes)
        expect(x.factions.length).toBe(w.factions.filter((f) => f.territory.includes(x.id)).length)
    }
  })

  it("N-FACTION-05 name, wants, methods, assets and activity come from the tables", () => {
    for (const f of generate(9).factions) {
      const t = W.factionNameTables[f.type]
      const names = results(t.prefix).flatMap((p) => results(t.suffix).map((s) => joinName(p, s)))
      expect(names).toContain(f.name)
      expect(results(W.wants)).toContain(f.wants)
      expect(results(W.through)).toContain(f.through)
      expect(results(W.has)).toContain(f.has)
      expect(results(W.is)).toContain(f.is)
    }
  })

  it("N-FACTION-06 R-N-FACTION-02 Goal dice start at D6 and roll between sessions; at D0 the goal is reached", () => {
    const w = generate(7)
    expect(w.factions.every((f) => f.goal === "d6")).toBe(true)
    const faces = w.factions.map((_, i) => (i === 0 ? 1 : 4))
    // The first Faction's D6 shows 1 (down two steps: D0), then its new Wants is rolled on the 1D66.
    const { world, advances, dice } = advanceFactions(w, manual([1, 3, 5, ...faces.slice(1)]))
    expect(dice.map((d) => d.value)).toEqual([1, 3, 5, ...faces.slice(1)])
    expect(advances[0]).toMatchObject({ reachedGoal: true, roll: { before: "d6", face: 1, after: "d0" } })
    expect(world.factions[0]).toMatchObject({
      goal: "d6",
      goalsReached: 1,
      wants: Table.lookup(W.wants, "3·4/5"),
    })
    expect(world.factions.slice(1).every((f) => f.goal === "d6")).toBe(true)
    expect(world.session).toBe(1)
    expect(world.chronicle).toEqual([
      {
        session: 1,
        faction: "f1",
        text: `${w.factions[0]!.name} achieved its goal: ${w.factions[0]!.wants}, through ${w.factions[0]!.through}`,
      },
    ])
    const later = advanceFactions(world, manual(world.factions.map(() => 2))).world
    expect(later.factions.every((f) => f.goal === "d4")).toBe(true)
  })
})

/** A strict little XML well-formedness check: balanced tags, quoted attributes, escaped text. */
const wellFormed = (xml: string): string[] => {
  const problems: string[] = []
  const body = xml.replace(/^<\?xml[^?]*\?>\s*/, "")
  const stack: string[] = []
  const token = /<(\/?)([A-Za-z][\w:-]*)((?:\s+[\w:-]+="[^"<]*")*)\s*(\/?)>|([^<]+)|(<)/g
  for (const m of body.matchAll(token)) {
    const [, close, name, , selfClose, txt, stray] = m
    if (stray) problems.push(`stray "<" at ${m.index}`)
    else if (txt !== undefined) {
      if (/&(?!(amp|lt|gt|quot|apos|#\d+);)/.test(txt)) problems.push(`bare & at ${m.index}`)
      if (stack.length === 0 && txt.trim()) problems.push("text outside the root")
    } else if (close) {
      if (stack.pop() !== name) problems.push(`</${name}> closes the wrong tag at ${m.index}`)
    } else if (!selfClose) stack.push(name!)
  }
  if (stack.length) problems.push(`unclosed: ${stack.join(", ")}`)
  return problems
}

describe("The SVG map", () => {
  it("N-WORLD-01 N-REGION-01 is well-formed XML with one polygon per hex, coloured by Region", () => {
    for (const seed of [1, 7, 42, 999]) {
      const w = generate(seed)
      const svg = renderSvg(w)
      expect(wellFormed(svg)).toEqual([])
      const polygons = [...svg.matchAll(/<polygon data-hex="(\d+)"[^>]*fill="([^"]+)"/g)]
      expect(polygons.map((p) => Number(p[1]))).toEqual(w.hexes.map((x) => x.id))
      expect(svg.match(/<polygon/g)).toHaveLength(19)
      expect(polygons.every((p) => p[2]!.startsWith("hsl("))).toBe(true)
      for (const r of w.regions) expect(svg).toContain(`>${r.name}<`)
      for (const f of w.factions) expect(svg).toContain(`>${f.name}<`)
    }
  })

  it("the checker itself catches broken XML", () => {
    expect(wellFormed("<svg><g></svg>")).not.toEqual([])
    expect(wellFormed("<svg>a & b</svg>")).not.toEqual([])
    expect(wellFormed('<svg><rect x="1"/></svg>')).toEqual([])
  })
})

describe("a saved Land read back", () => {
  it("N-WORLD-01 N-FACTION-06 R-N-FACTION-02 a Land saved as JSON loads as it was and advances as the original does", () => {
    for (const w of worlds.slice(0, 50)) {
      const back = loadWorld(JSON.parse(JSON.stringify(w)))
      expect(back).toEqual(w)
      expect(advanceFactions(back, seeded(5)).world).toEqual(advanceFactions(w, seeded(5)).world)
    }
  })

  it("N-WORLD-01 N-REGION-01 N-FACTION-01 N-FACTION-03 N-FACTION-06 a Land that does not hold together is refused at its path", () => {
    const w = worlds[0]!
    const refused = (bad: unknown) => {
      try {
        loadWorld(bad)
        return "loaded"
      } catch (e) {
        return (e as Error).message
      }
    }
    expect(refused({ ...w, hexes: w.hexes.slice(0, 18) })).toMatch(
      /^world\.hexes: .*hexes 1 to 19.*\(N-WORLD-01\)$/,
    )
    const hexes = w.hexes.map((x, i) => (i === 2 ? { ...x, factions: [...x.factions, "f99"] } : x))
    expect(refused({ ...w, hexes })).toBe("world.hexes.2.factions: no Faction f99 (N-FACTION-01)")
    const regions = w.regions.map((r, i) => (i === 0 ? { ...r, hexes: [...r.hexes, 40] } : r))
    expect(refused({ ...w, regions })).toMatch(/^world\.regions\.0\.hexes: .*\(N-REGION-01\)$/)
    const factions = w.factions.map((f, i) => (i === 0 ? { ...f, region: "r42" } : f))
    expect(refused({ ...w, factions })).toBe("world.factions.0.region: no Region r42 (N-FACTION-01)")
    const spent = w.factions.map((f, i) => (i === 0 ? { ...f, goal: "d0" } : f))
    expect(refused({ ...w, factions: spent })).toMatch(/^world\.factions\.0\.goal: .*\(N-FACTION-06\)$/)
    const twice = [...w.factions, w.factions[0]!]
    expect(refused({ ...w, factions: twice })).toBe("world.factions: two Factions share an id")
    expect(refused({ ...w, session: -1 })).toMatch(/^world\.session: /)
    expect(refused({ ...w, regions: "none" })).toMatch(/^world\.regions: /)
    expect(checkWorld(w)).toBe(w)
  })
})
