/**
 * A table's own layout, set up as an outsider would from the rules and the board rulings: where
 * survivors deploy (R-BOARD-08), where Lairs and Loot go when the board leaves them out (R-BOARD-07,
 * R-BOARD-18), and a bad layout refused at set-up naming its path and the rule (B-SETUP-01/05,
 * R-BOARD-01, R-BOARD-19).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type SetupProblem, setup } from "../../src/battle/Setup.js"
import { decodeBoard, random } from "../../src/battle/table/board/Board.js"
import { arrivalSpots } from "../../src/battle/table/board/Deployment.js"
import { dist } from "../../src/battle/table/board/Geometry.js"
import type { Scenario } from "../../src/content/schema/Scenario.js"
import { withScenarios } from "../battle/fixtures.js"
import { A, at, board, rect, refuges, registry, stateOn } from "./fixtures.js"

const problemsOf = (b: ReturnType<typeof board>, rs = refuges): ReadonlyArray<SetupProblem> =>
  Result.match(setup({ refuges: rs, dice: { seed: 7 }, board: b }, registry), {
    onFailure: (p) => p,
    onSuccess: () => [],
  })

describe("deployment and tokens on a table's own board", () => {
  it('R-BOARD-08 B-SETUP-03 six survivors stand 3" in from their edge, 1.5" apart, centred on it', () => {
    const [wharfside, gardeners] = refuges
    const six = {
      ...wharfside!,
      survivors: [...wharfside!.survivors, { ...wharfside!.survivors[1]!, id: "extra", name: "Extra" }],
    }
    const s = Result.getOrThrow(
      setup({ refuges: [six, gardeners!], dice: { seed: 7 }, board: board() }, registry),
    )
    const south = s.models.filter((m) => m.side === s.sides[0]!.id).map((m) => m.position)
    expect(south).toEqual([14.25, 15.75, 17.25, 18.75, 20.25, 21.75].map((x) => ({ x, y: 33 })))
    // Five, on the other edge: the middle one on the centre line.
    const north = s.models.filter((m) => m.side === s.sides[1]!.id).map((m) => m.position)
    expect(north).toEqual([15, 16.5, 18, 19.5, 21].map((x) => ({ x, y: 3 })))
  })

  it('R-BOARD-18 B-SETUP-05 a board naming no Loot places: the tokens go more than 6" from the zones and 4" apart, the same every time', () => {
    const s = stateOn(board([], { loot: undefined }))
    const loot = s.tokens.filter((t) => t.kind === "loot").map((t) => t.position!)
    expect(loot).toHaveLength(5)
    // The first at the centre, each next furthest from those placed.
    expect(loot[0]).toEqual({ x: 18, y: 18 })
    for (const p of loot) {
      // Edge to edge: the token's edge more than 6" beyond the 6" zones at the north and south.
      expect(p.y - 0.5).toBeGreaterThan(12)
      expect(36 - p.y - 0.5).toBeGreaterThan(12)
      for (const q of loot) if (q !== p) expect(dist(p, q) - 1).toBeGreaterThan(4)
    }
    expect(stateOn(board([], { loot: undefined })).tokens).toEqual(s.tokens)
  })

  it("R-BOARD-18 a board naming fewer Loot places than the scenario's tokens places the rest by the same spacing", () => {
    const s = stateOn(board([], { loot: [{ x: 18, y: 18 }] }))
    const loot = s.tokens.filter((t) => t.kind === "loot").map((t) => t.position)
    expect(loot.every((p) => p !== undefined)).toBe(true)
    expect(loot[0]).toEqual({ x: 18, y: 18 })
  })

  it('R-BOARD-07 B-SETUP-04 a board naming one Lair for a scenario of two: the other goes in a free corner, 3" in', () => {
    const s = stateOn(board([], { lairs: [{ x: 3, y: 3 }] }))
    expect(s.tokens.filter((t) => t.kind === "lair").map((t) => t.position)).toEqual([
      { x: 3, y: 3 },
      { x: 33, y: 33 },
    ])
    const t = stateOn(board([], { lairs: [{ x: 33, y: 33 }] }))
    expect(t.tokens.filter((x) => x.kind === "lair").map((x) => x.position)).toEqual([
      { x: 33, y: 33 },
      { x: 3, y: 3 },
    ])
  })
})

describe("a bad layout is refused at set-up, naming the path and the rule", () => {
  it('B-SETUP-05 R-BOARD-18 Loot within 6" of a deployment zone, or within 4" of another token', () => {
    const loot = [
      { x: 6, y: 12 }, // 12" from the north edge: its edge is 5.5" from the zone
      { x: 12, y: 18 },
      { x: 16.5, y: 18 }, // 4.5" between centres: 3.5" between the discs
      { x: 24, y: 18 },
      { x: 30, y: 18 },
    ]
    const found = problemsOf(board([], { loot }))
    expect(found).toEqual([
      {
        path: "board.loot.0",
        message:
          '(6, 12) is within 6" of the north deployment zone (a Loot token must be more than 6" from every zone, edge to edge)',
        clause: "B-SETUP-05",
      },
      {
        path: "board.loot.2",
        message: '(16.5, 18) is within 4" of loot.1 (Loot tokens must be more than 4" apart, edge to edge)',
        clause: "B-SETUP-05",
      },
    ])
  })

  it("R-BOARD-19 a Lair or Loot place on impassable terrain", () => {
    const found = problemsOf(board([rect("bus", "wall", 10, 16, 14, 20), rect("hut", "wall", 1, 1, 5, 5)]))
    expect(found.map((p) => [p.path, p.clause])).toEqual([
      ["board.lairs.0", "R-BOARD-19"],
      ["board.loot.1", "R-BOARD-19"],
    ])
    expect(found[1]!.message).toBe('the Loot token at (12, 18) stands on impassable terrain ("bus")')
  })

  it("R-BOARD-01 an outline that crosses itself; B-SETUP-01 a point off the table; R-BOARD-01 an id used twice", () => {
    const bow = { id: "bow", kind: "dense", polygon: "10,10 14,14 14,10 10,14" }
    const off = { id: "far", kind: "dense", polygon: "30,30 40,30 40,34" }
    const twice = rect("bow", "spore", 20, 20, 22, 22)
    const found = problemsOf(board([bow, off, twice]))
    expect(found).toEqual([
      {
        path: "board.terrain.0.polygon",
        message: "the outline crosses itself (edges 1 and 3): a piece is a simple polygon",
        clause: "R-BOARD-01",
      },
      {
        path: "board.terrain.1.polygon (point 2)",
        message: '(40, 30) is off the 36" × 36" board',
        clause: "B-SETUP-01",
      },
      {
        path: "board.terrain.1.polygon (point 3)",
        message: '(40, 34) is off the 36" × 36" board',
        clause: "B-SETUP-01",
      },
      { path: "board.terrain.2.id", message: '"bow" is used twice', clause: "R-BOARD-01" },
    ])
    // The same checks when a layout is decoded (the CLI's --board file), each with its rule.
    const decoded = decodeBoard(board([bow]), registry)
    expect(Result.getFailure(decoded).pipe((o) => o._tag === "Some" && o.value)).toEqual([
      "terrain.0.polygon: the outline crosses itself (edges 1 and 3): a piece is a simple polygon (R-BOARD-01)",
    ])
  })
})

describe("where creatures arrive on a board", () => {
  it("B-CREATURE-06 R-BOARD-21 the Lair or Blight edge nearest the noisiest survivor, measured edge to edge", () => {
    // Wren stands 9.8" from the west (Blight) edge and 10" from the north-west Lair's centre: 9.5"
    // from its rim, so the Lair is the nearer.
    const s = at(stateOn(board()), { [A]: { x: 9.8, y: 10.332 } }, false, { [A]: { noise: 2 } })
    const [spot] = arrivalSpots(s, 1)
    expect(dist(spot!, { x: 3, y: 3 })).toBeLessThan(2)
    // Further south the Lair's rim is 12.4" off: the edge, beside her.
    const t = at(stateOn(board()), { [A]: { x: 9.8, y: 14 } }, false, { [A]: { noise: 2 } })
    const [edge] = arrivalSpots(t, 1)
    expect(edge).toEqual({ x: 1, y: 14 })
  })
})

describe("the table's size", () => {
  it("B-SETUP-01 R-BOARD-20 a 4' table when either side has 7+ survivors; 3' when neither has", () => {
    const seven = { survivors: Array.from({ length: 7 }, () => ({})) }
    const five = { survivors: Array.from({ length: 5 }, () => ({})) }
    const six = { survivors: Array.from({ length: 6 }, () => ({})) }
    expect(random(3, registry, { refuges: [seven, five] }).width).toBe(48)
    expect(random(3, registry, { refuges: [five, seven] }).height).toBe(48)
    expect(random(3, registry, { refuges: [six, six] }).width).toBe(36)
  })
})

describe("a table's own marking", () => {
  it("B-SETUP-02 R-BOARD-23 a layout with fewer than three Spore patches is played as given; a random board always has three", () => {
    expect(problemsOf(board([rect("s", "spore", 16, 16, 20, 20)]))).toEqual([])
    const b = random(11, registry, { refuges })
    expect(b.terrain.filter((t) => t.kind === "spore").length).toBeGreaterThanOrEqual(3)
  })
})

describe("a scenario's Lair placement on a board (R-BOARD-24)", () => {
  const withPlacement = (lairPlacement: "centre" | "corners") => {
    const cache = registry.get("scenarios", "cache")!
    const scenario = { ...cache, id: "hollow", name: "Hollow", setup: { ...cache.setup, lairPlacement } }
    return withScenarios({ hollow: scenario as Scenario }, registry)
  }
  const lairsOf = (s: { tokens: ReadonlyArray<{ kind: string; position?: unknown }> }) =>
    s.tokens.filter((t) => t.kind === "lair").map((t) => t.position)

  it('B-SETUP-04 R-BOARD-24 lairPlacement "centre": a board naming no Lairs puts them 4" either side of the centre', () => {
    const content = withPlacement("centre")
    const s = Result.getOrThrow(
      setup(
        { refuges, scenario: "hollow", dice: { seed: 7 }, board: board([], { lairs: undefined }) },
        content,
      ),
    )
    expect(lairsOf(s)).toEqual([
      { x: 14, y: 18 },
      { x: 22, y: 18 },
    ])
    // The random board for it too, its Loot kept off them.
    const b = random(5, content, { refuges, scenario: { setup: content.get("scenarios", "hollow")!.setup } })
    expect(b.lairs).toEqual([
      { x: 14, y: 18 },
      { x: 22, y: 18 },
    ])
    const corners = Result.getOrThrow(
      setup(
        { refuges, scenario: "hollow", dice: { seed: 7 }, board: board([], { lairs: undefined }) },
        withPlacement("corners"),
      ),
    )
    expect(lairsOf(corners)).toEqual([
      { x: 3, y: 3 },
      { x: 33, y: 33 },
    ])
  })
})

describe("a scenario's Blight edges on a board (R-BOARD-26)", () => {
  const withEdges = (blightEdges: number) => {
    const cache = registry.get("scenarios", "cache")!
    const scenario = { ...cache, id: "walled", name: "Walled", setup: { ...cache.setup, blightEdges } }
    return withScenarios({ walled: scenario as Scenario }, registry)
  }
  const on = (blightEdges: number, b = board()) =>
    Result.getOrThrow(
      setup({ refuges, scenario: "walled", dice: { seed: 7 }, board: b }, withEdges(blightEdges)),
    )

  it("B-SETUP-03 B-CREATURE-06 R-BOARD-26 one Blight edge: the first edge no Refuge holds (west), and creatures arrive there, not at the east", () => {
    const s = on(1)
    expect(s.board?.blightEdges).toEqual(["west"])
    const near = (state: typeof s, x: number) =>
      arrivalSpots(at(state, { [A]: { x, y: 18 } }, false, { [A]: { noise: 2 } }), 1)[0]!
    // Wren 12" from the west edge, 17" from the nearer Lair's rim: the west edge, beside her.
    expect(near(s, 12)).toEqual({ x: 1, y: 18 })
    // 6" from the east edge, which is no Blight edge here: the south-east Lair (14.8" off) instead.
    expect(dist(near(s, 30), { x: 33, y: 33 })).toBeLessThan(2)
    // Two, the standard: every free edge, nothing written on the board; the east edge beside her.
    expect(on(2).board?.blightEdges).toBeUndefined()
    expect(near(on(2), 30)).toEqual({ x: 35, y: 18 })
  })

  it("B-CREATURE-06 R-BOARD-26 no Blight edge: creatures arrive at the Lair nearest the noisiest survivor, Gardeners at the middle", () => {
    const s = on(0)
    expect(s.board?.blightEdges).toEqual([])
    const t = at(s, { [A]: { x: 33, y: 18 } }, false, { [A]: { noise: 2 } })
    const [spot] = arrivalSpots(t, 1)
    const lairs = t.tokens.filter((x) => x.kind === "lair").map((x) => x.position!)
    expect(Math.min(...lairs.map((l) => dist(l, spot!)))).toBeLessThan(2)
    const [gardeners] = arrivalSpots(t, 1, undefined, true)
    expect(dist(gardeners!, { x: 18, y: 18 })).toBeLessThan(3)
  })

  it("B-SETUP-03 R-BOARD-26 a table's own board naming a Refuge's deployment edge as a Blight edge is refused with its path", () => {
    expect(problemsOf(board([], { blightEdges: ["west", "south"] }))).toEqual([
      expect.objectContaining({ path: "board.blightEdges.1", clause: "R-BOARD-26" }),
    ])
    expect(on(2, board([], { blightEdges: ["east"] })).board?.blightEdges).toEqual(["east"])
  })
})
