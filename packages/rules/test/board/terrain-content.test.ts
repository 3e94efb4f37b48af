/**
 * Terrain kinds as content (issue 10, GAP-B-23, R-BOARD-01): the core pack's kinds are `terrain`
 * entries, and a homebrew pack's kind is honoured by the PlaneSpace (sight, cover, movement) and
 * scattered by the random board, with no code.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { setup } from "../../src/battle/Setup.js"
import type { FactQuery, State } from "../../src/battle/State.js"
import { random } from "../../src/battle/table/board/Generator.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { formatProblem } from "../../src/content/Problem.js"
import type { Registry } from "../../src/content/Registry.js"
import { homebrewRegistry, loadHomebrew } from "../fixtures/homebrew.js"
import { A, at, B, board, rect, refuges, registry } from "./fixtures.js"

/** A fog bank: blocks sight through it like a wall, hides nothing at its edge, costs triple to wade. */
const fog = {
  id: "fog-bank",
  name: "Fog bank",
  provenance: "provisional",
  clauses: ["R-BOARD-01"],
  text: "A bank of grey spore-fog: nothing is seen through it, and wading it is slow.",
  blocksSight: true,
  cover: false,
  impassable: false,
  moveCost: 3,
  scatter: [{ id: "fog", name: "fog bank", count: 2, size: 3, shape: "round", radius: [2, 3], sides: 10 }],
}

const load = (terrain: ReadonlyArray<unknown>) => loadHomebrew("fog-country", { terrain })
const homebrew = (): Registry => homebrewRegistry("fog-country", { terrain: [fog] })

const stateWith = (content: Registry, kind: string): State =>
  at(
    Result.getOrThrow(
      setup({ refuges, dice: { seed: 7 }, board: board([rect("f", kind, 14, 0, 16, 36)]) }, content),
    ),
    {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    },
  )

describe("terrain kinds as content", () => {
  it("R-BOARD-01 GAP-B-23 the core pack's terrain kinds are entries with the properties the board rulings give them", () => {
    const rule = (id: string) => {
      const t = registry.get("terrain", id)!
      return [t.blocksSight, t.sightThrough ?? null, t.cover, t.impassable, t.moveCost, t.feature ?? null]
    }
    expect(rule("wall")).toEqual([true, null, true, true, 1, null])
    expect(rule("dense")).toEqual([false, 1, true, false, 2, null])
    expect(rule("climbable")).toEqual([false, null, true, false, 2, null])
    expect(rule("difficult")).toEqual([false, null, false, false, 2, null])
    expect(rule("spore")).toEqual([false, null, false, false, 1, "sporeTerrain"])
    expect(rule("lair")).toEqual([false, null, false, false, 1, "lair"])
    expect(registry.list("terrain").every((t) => t.provenance === "provisional")).toBe(true)
  })

  it("R-BOARD-02 a homebrew terrain that blocks sight changes the board's line-of-sight answers", () => {
    const hb = homebrew()
    const sees: FactQuery = { q: "sees", a: A, b: B }
    // Difficult ground across the line: everyone still sees; the homebrew fog in the same place blocks it.
    expect(make(hb).answer(stateWith(hb, "difficult"), sees)).toBe(true)
    expect(make(hb).answer(stateWith(hb, "fog-bank"), sees)).toBe(false)
    expect(make(hb).answer(stateWith(hb, "fog-bank"), { q: "sees", a: B, b: A })).toBe(false)
    // It gives no cover: a model beside it is in the open.
    const beside = at(stateWith(hb, "fog-bank"), { [A]: { x: 13, y: 10 } })
    expect(make(hb).answer(beside, { q: "in", a: A, terrain: "open" })).toBe(true)
  })

  it("R-BOARD-06 a homebrew terrain's move cost is what a move through it costs", () => {
    const hb = homebrew()
    const s = stateWith(hb, "fog-bank")
    const m = s.models.find((x) => x.id === A)!
    // 2" of fog at triple cost and 4" of open ground: 10".
    const o = Result.getOrThrow(make(hb).move(s, m, { type: "move", model: A, to: { x: 16, y: 10 } }, 10))
    expect(o).toMatchObject({ distance: 6, cost: 10 })
    expect(Result.isFailure(make(hb).move(s, m, { type: "move", model: A, to: { x: 16, y: 10 } }, 9.9))).toBe(
      true,
    )
  })

  it("B-SETUP-02 R-BOARD-01 the random board scatters a homebrew kind's pieces; the core pack's boards are unchanged by its presence", () => {
    const hb = homebrew()
    const b = random(7, hb, { refuges })
    expect(b.terrain.filter((t) => t.kind === "fog-bank").map((t) => t.name)).toEqual([
      "fog bank",
      "fog bank",
    ])
    expect(random(7, registry, { refuges }).terrain.some((t) => t.kind === "fog-bank")).toBe(false)
  })

  it("R-BOARD-01 a board naming a kind no loaded pack defines is refused at set-up, naming the path", () => {
    const r = setup(
      { refuges, dice: { seed: 7 }, board: board([rect("f", "fog-bank", 14, 0, 16, 36)]) },
      registry,
    )
    expect(Result.isFailure(r) && r.failure).toEqual([
      {
        path: "board.terrain.0.kind",
        message: 'there is no terrain kind "fog-bank" in the loaded packs',
        clause: "R-BOARD-01",
      },
    ])
  })

  it("GAP-B-23 a malformed terrain kind is refused at load, every problem named by its path", () => {
    const r = load([
      { ...fog, moveCost: 0 },
      { ...fog, id: "bad-span", scatter: [{ ...fog.scatter[0], radius: [3, 2] }] },
      { ...fog, id: "no-sight", blocksSight: "yes" },
    ])
    const problems = Result.isFailure(r) ? r.failure.problems.map(formatProblem) : []
    expect(problems.some((p) => p.includes("terrain[0].moveCost"))).toBe(true)
    expect(problems.some((p) => p.includes("terrain[1].scatter[0]") && /least first/.test(p))).toBe(true)
    expect(problems.some((p) => p.includes("terrain[2].blocksSight"))).toBe(true)
  })
})
