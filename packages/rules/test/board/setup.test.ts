import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { create, envOf, hash, replay } from "../../src/battle/Battle.js"
import { play } from "../../src/battle/bots/Auto.js"
import { random as randomPolicy, sensible } from "../../src/battle/bots/Policy.js"
import { decodeBoard, pointsOf, random } from "../../src/battle/table/board/Board.js"
import { dist, distToPolygon } from "../../src/battle/table/board/Geometry.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { lastActivation, render } from "../../src/battle/table/board/Svg.js"
import { board, refuges, registry, stateOn } from "./fixtures.js"

const edgeGap = (size: number, edge: string, p: { x: number; y: number }) =>
  edge === "north" ? p.y : edge === "south" ? size - p.y : edge === "west" ? p.x : size - p.x

describe("a random board (B-SETUP-01..05)", () => {
  it("B-SETUP-01 a 3' table, 4' for 7+ survivors a side; the same seed gives the same board", () => {
    expect(random(7, registry, { refuges }).width).toBe(36)
    expect(random(7, registry, { survivors: 7 }).width).toBe(48)
    expect(random(7, registry, { refuges })).toEqual(random(7, registry, { refuges }))
    expect(random(8, registry, { refuges })).not.toEqual(random(7, registry, { refuges }))
  })

  it("B-SETUP-01 dense with ruins, wrecks and Blight growth; B-SETUP-02 at least three Spore patches", () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), fc.constantFrom(6, 8), (seed, survivors) => {
        const b = random(seed, registry, { survivors })
        const count = (k: string) => b.terrain.filter((t) => t.kind === k).length
        expect(count("spore")).toBeGreaterThanOrEqual(3)
        expect(count("wall")).toBeGreaterThanOrEqual(4)
        expect(count("dense")).toBeGreaterThanOrEqual(2)
        expect(Result.isSuccess(decodeBoard(JSON.parse(JSON.stringify(b))))).toBe(true)
      }),
      { seed: 10, numRuns: 25 },
    )
  })

  it('B-SETUP-04 two Lairs in corners; B-SETUP-05 R-BOARD-18 5 Loot more than 6" from the zones and 4" apart', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e6 }), (seed) => {
        const b = random(seed, registry, { refuges })
        expect(b.lairs).toHaveLength(2)
        for (const l of b.lairs!) expect([3, b.width - 3]).toContain(l.x)
        expect(b.loot).toHaveLength(5)
        for (const p of b.loot!) {
          // Edge to edge (R-BOARD-18): the token's rim more than 6" beyond the 6" zones, and more
          // than 4" from every other Loot token's rim.
          for (const e of ["south", "north"]) expect(edgeGap(b.width, e, p) - 0.5).toBeGreaterThan(12)
          for (const q of b.loot!) if (q !== p) expect(dist(p, q) - 1).toBeGreaterThan(4)
          for (const q of b.lairs!) expect(dist(p, q)).toBeGreaterThan(4)
          for (const t of b.terrain.filter((x) => x.kind === "wall"))
            expect(distToPolygon(p, pointsOf(t))).toBeGreaterThan(0.5)
        }
      }),
      { seed: 11, numRuns: 25 },
    )
  })

  it('B-SETUP-03 each Refuge deploys within 6" of its own edge, clear of walls and of each other', () => {
    const b = random(7, registry, { refuges })
    const s = stateOn(b)
    for (const m of s.models) {
      const edge = s.sides.find((x) => x.id === m.side)!.edge!
      expect(m.position, m.id).toBeDefined()
      expect(edgeGap(b.width, edge, m.position!)).toBeLessThanOrEqual(6)
      for (const t of b.terrain.filter((x) => x.kind === "wall"))
        expect(distToPolygon(m.position!, pointsOf(t))).toBeGreaterThan(0.5)
      for (const o of s.models) if (o !== m) expect(dist(o.position!, m.position!)).toBeGreaterThanOrEqual(1)
    }
    expect(s.tokens.filter((t) => t.kind === "lair").map((t) => t.position)).toEqual(b.lairs)
    expect(s.tokens.filter((t) => t.kind === "loot").map((t) => t.position)).toEqual(b.loot)
  })

  it("B-SETUP-07 creatures lurking at set-up stand at their Lairs", () => {
    const b = random(7, registry, { refuges })
    const env = envOf(registry, make(registry))
    // The set-up step waits on the first Initiative choice; a few answers see it through.
    const r = play(
      Result.getOrThrow(create({ refuges, dice: { seed: 7 }, board: b }, env)),
      env,
      sensible(env),
      {
        maxCommands: 4,
      },
    ).battle
    // Where they arrived (they may have moved since, in round 1).
    const arrivals = r.events.flatMap((e) =>
      e.type === "creature.arrives" && e.model.arrived === 0 ? [e.model] : [],
    )
    expect(arrivals.length).toBeGreaterThan(0)
    for (const c of arrivals) {
      const lair = r.state.tokens.find((t) => t.id === c.lair)!
      expect(dist(c.position!, lair.position!)).toBeLessThan(3)
      // Beside the Lair's token, not on it (R-BOARD-09).
      expect(dist(c.position!, lair.position!)).toBeGreaterThan(1)
    }
  })
})

describe("a table's own layout", () => {
  it("B-SETUP-01 R-BOARD-01 a board JSON decodes; a bad one is refused naming each path and rule", () => {
    expect(Result.isSuccess(decodeBoard(JSON.stringify(board())))).toBe(true)
    const bad = decodeBoard({ width: 36, height: 36, terrain: [{ id: "x", kind: "Lava!", polygon: [] }] })
    expect(Result.getFailure(bad).pipe((o) => o._tag === "Some" && o.value.join("\n"))).toMatch(
      /terrain\.0\.kind: an id is a slug[\s\S]*terrain\.0\.polygon/,
    )
    // R-BOARD-01: a kind must be one the loaded packs define.
    const lava = { width: 36, height: 36, terrain: [{ id: "x", kind: "lava", polygon: "1,1 2,1 2,2" }] }
    expect(Result.isSuccess(decodeBoard(lava))).toBe(true)
    expect(Result.getFailure(decodeBoard(lava, registry)).pipe((o) => o._tag === "Some" && o.value)).toEqual([
      'terrain.0.kind: there is no terrain kind "lava" in the loaded packs (R-BOARD-01)',
    ])
    const off = decodeBoard({ ...board(), loot: [{ x: 40, y: 3 }] })
    expect(Result.getFailure(off).pipe((o) => o._tag === "Some" && o.value[0])).toMatch(
      /^loot\.0: \(40, 3\) is off/,
    )
    expect(Result.isFailure(decodeBoard("{"))).toBe(true)
    expect(Result.isFailure(decodeBoard("x".repeat(300_000)))).toBe(true)
  })
})

describe("auto-play and pictures", () => {
  const env = envOf(registry, make(registry))
  const start = Result.getOrThrow(
    create({ refuges, dice: { seed: 7 }, board: random(7, registry, { refuges }) }, env),
  )

  it("B-BATTLE-01 two sensible policies play a raid on a board to its end; its replay gives the same hash", () => {
    const r = play(start, env, sensible(env))
    expect(r.over).toBe(true)
    expect(r.battle.state.result).toBeDefined()
    expect(hash(replay(r.battle.events))).toBe(hash(r.battle.state))
    // Creatures acted by their behaviours, on the board.
    expect(
      r.battle.events.some((e) => e.type === "moved" && e.reason !== undefined && e.to !== undefined),
    ).toBe(true)
  })

  it("B-BATTLE-01 seeded random policies play a raid to its end (bounded)", () => {
    const r = play(start, env, randomPolicy(3), { maxCommands: 3000 })
    expect(r.over).toBe(true)
  })

  it("R-BOARD-05 the picture shows the terrain, every model on the table by name, the Loot and the last activation", () => {
    const r = play(start, env, sensible(env), { maxCommands: 60 })
    const last = lastActivation(r.battle.events)!
    const svg = render(r.battle.state, { lastActivation: last })
    expect(svg.startsWith("<svg")).toBe(true)
    expect(svg).toContain("Spore drift")
    for (const m of r.battle.state.models.filter(
      (x) => x.position && (x.status === "active" || x.status === "down"),
    ))
      expect(svg).toContain(m.name.replace(/&/g, "&amp;"))
    expect(svg.match(/#f2c14e/g)?.length).toBeGreaterThanOrEqual(
      r.battle.state.tokens.filter((t) => t.kind === "loot").length,
    )
    expect(last.model).toBeDefined()
    expect(() => render({ ...r.battle.state, board: undefined })).toThrow(/declared table/)
  })
})
