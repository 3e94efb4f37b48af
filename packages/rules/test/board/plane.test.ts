import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { apply } from "../../src/battle/Decide.js"
import type { FactQuery, State } from "../../src/battle/State.js"
import { ruled } from "../../src/battle/table/board/Ground.js"
import { answer, bodies, make } from "../../src/battle/table/board/PlaneSpace.js"
import { A, A2, activating, at, B, B2, board, rect, registry, stateOn } from "./fixtures.js"

const plane = make(registry)
const ask = (s: State, q: FactQuery) => answer(s, ruled(s.board!, registry), q)
const open = stateOn(board())
const model = (s: State, id: string) => s.models.find((m) => m.id === id)!

describe("PlaneSpace: sight and cover", () => {
  it("R-BOARD-02 on an open table two models see each other", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 20, y: 10 } })
    expect(ask(s, { q: "sees", a: A, b: B })).toBe(true)
    expect(ask(s, { q: "cover", a: A, b: B })).toBe("none")
  })

  it("R-BOARD-02 a wall across the whole line blocks sight", () => {
    const s = at(stateOn(board([rect("w", "wall", 14.5, 5, 15, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(s, { q: "sees", a: A, b: B })).toBe(false)
    expect(ask(s, { q: "sees", a: B, b: A })).toBe(false)
  })

  it('R-BOARD-02 up to 1" of dense growth does not block sight; more than 1" does', () => {
    const thin = at(stateOn(board([rect("g", "dense", 14.5, 5, 15.4, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(thin, { q: "sees", a: A, b: B })).toBe(true)
    const thick = at(stateOn(board([rect("g", "dense", 14, 5, 15.5, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(thick, { q: "sees", a: A, b: B })).toBe(false)
  })

  it("R-BOARD-02 a wall covering only part of the bases' width leaves a clear ray", () => {
    const s = at(stateOn(board([rect("w", "wall", 14.5, 10.2, 15, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(s, { q: "sees", a: A, b: B })).toBe(true)
    // GAP-B-23, R-BOARD-03: 3 of 7 rays cross the wall: partly hidden.
    expect(ask(s, { q: "cover", a: A, b: B })).toBe("partial")
  })

  it("R-BOARD-03 more than half the rays through cover: mostly hidden (GAP-B-23)", () => {
    const s = at(stateOn(board([rect("r", "climbable", 14.5, 9.8, 15, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(s, { q: "sees", a: A, b: B })).toBe(true)
    expect(ask(s, { q: "cover", a: A, b: B })).toBe("most")
  })

  it("R-BOARD-03 thin growth across every ray: seen, but mostly hidden", () => {
    const s = at(stateOn(board([rect("g", "dense", 14.5, 5, 15, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(ask(s, { q: "cover", a: A, b: B })).toBe("most")
  })
})

describe("PlaneSpace: distance, contact, terrain", () => {
  it("R-BOARD-05 distance is base edge to base edge", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 20, y: 10 } })
    expect(ask(s, { q: "within", a: A, b: B, inches: 9 })).toBe(true)
    expect(ask(s, { q: "within", a: A, b: B, inches: 8.9 })).toBe(false)
  })

  it('R-BOARD-05 contact is touching, within 1/100"', () => {
    expect(
      ask(at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 11.005, y: 10 } }), { q: "contact", a: A, b: B }),
    ).toBe(true)
    expect(
      ask(at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 11.02, y: 10 } }), { q: "contact", a: A, b: B }),
    ).toBe(false)
  })

  it("R-BOARD-05 nearest: the closest base edge; a tie goes to the lower id, whatever the order", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 14, y: 10 }, [B2]: { x: 6, y: 10 } })
    expect(ask(s, { q: "nearest", a: A, among: [B2, B] })).toBe(B)
    const reversed = { ...s, models: [...s.models].reverse() }
    expect(ask(reversed, { q: "nearest", a: A, among: [B, B2] })).toBe(B)
  })

  it('R-BOARD-04 within 1" of cover terrain is in cover, else in the open; Spore terrain under the base', () => {
    // The Loot stands clear of the wall (R-BOARD-19).
    const loot = [6, 18, 24, 30].map((x) => ({ x, y: x === 6 ? 14 : 18 })).concat({ x: 6, y: 22.5 })
    const walled = board([rect("w", "wall", 12, 0, 13, 36), rect("s", "spore", 20, 20, 24, 24)], { loot })
    const s = at(stateOn(walled), {
      [A]: { x: 10.8, y: 10 },
      [B]: { x: 20.3, y: 19.6 },
    })
    expect(ask(s, { q: "in", a: A, terrain: "cover" })).toBe(true)
    expect(ask(s, { q: "in", a: A, terrain: "open" })).toBe(false)
    expect(ask(s, { q: "in", a: B, terrain: "open" })).toBe(true)
    expect(ask(s, { q: "in", a: B, terrain: "spore" })).toBe(true)
    expect(ask(s, { q: "in", a: A, terrain: "spore" })).toBe(false)
  })

  it("R-BOARD-05 edges and the centre are subjects too", () => {
    const s = at(open, { [A]: { x: 10, y: 33 } })
    expect(ask(s, { q: "within", a: A, b: "edge:wharfside", inches: 3 })).toBe(true)
    expect(ask(s, { q: "within", a: A, b: "blight-edge", inches: 9.5 })).toBe(true)
    expect(ask(s, { q: "within", a: A, b: "centre", inches: 16.5 })).toBe(true)
    expect(ask(s, { q: "within", a: A, b: "centre", inches: 16.4 })).toBe(false)
  })

  it("R-BOARD-05 a model with no place on the board is for the players to answer", () => {
    const s = at(open, { [A]: { x: 10, y: 10 } })
    expect(ask(s, { q: "sees", a: A, b: B })).toBeUndefined()
  })

  it("R-BOARD-05 a slain model is measured from where it fell (what feeds on the fallen asks), and blocks nothing", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 14, y: 10 } })
    const fell: State = { ...s, models: s.models.map((m) => (m.id === B ? { ...m, status: "slain" } : m)) }
    expect(ask(fell, { q: "within", a: A, b: B, inches: 6 })).toBe(true)
    expect(ask(fell, { q: "within", a: A, b: B, inches: 1 })).toBe(false)
    expect(bodies(fell).map((b) => b.id)).not.toContain(B)
  })
})

describe("PlaneSpace: movement", () => {
  const move = (s: State, id: string, to: { x: number; y: number }, allowance: number) =>
    plane.move(s, model(s, id), { type: "move", model: id, to }, allowance)

  it("B-ACTION-MOVE-01 a move to a point within the Move is measured along the straight line", () => {
    const s = at(open, { [A]: { x: 10, y: 10 } })
    const o = Result.getOrThrow(move(s, A, { x: 13, y: 14 }, 5))
    expect(o.distance).toBe(5)
    expect(o.cost).toBe(5)
    expect(o.to).toEqual({ x: 13, y: 14 })
    expect(Result.isFailure(move(s, A, { x: 13, y: 14.1 }, 5))).toBe(true)
  })

  it("R-BOARD-06 a move goes round a wall; the path's length is what it costs", () => {
    const s = at(stateOn(board([rect("w", "wall", 14, 5, 15, 15)])), { [A]: { x: 12, y: 10 } })
    const o = Result.getOrThrow(move(s, A, { x: 17, y: 10 }, 20))
    // Round the corners with a 1/2" base: about 2 × √(1.5² + 5.5²) + 2 = 13.4".
    expect(o.distance).toBeGreaterThan(13.3)
    expect(o.distance).toBeLessThan(13.6)
    expect(Result.isFailure(move(s, A, { x: 17, y: 10 }, 6))).toBe(true)
  })

  it("B-ACTION-MOVE-02 climbing over a ruin costs double; R-BOARD-06 dense growth too", () => {
    for (const kind of ["climbable", "dense"] as const) {
      const s = at(stateOn(board([rect("r", kind, 12, 0, 14, 36)])), { [A]: { x: 10, y: 10 } })
      const o = Result.getOrThrow(move(s, A, { x: 16, y: 10 }, 8))
      expect(o.distance).toBe(6)
      expect(o.cost).toBe(8)
      expect(Result.isFailure(move(s, A, { x: 16, y: 10 }, 7.9))).toBe(true)
    }
  })

  it("R-BOARD-06 a move can't end on a wall or another base", () => {
    const s = at(stateOn(board([rect("w", "wall", 14, 5, 15, 15)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 12, y: 12 },
    })
    expect(Result.isFailure(move(s, A, { x: 14.5, y: 10 }, 8))).toBe(true)
    expect(Result.isFailure(move(s, A, { x: 12.5, y: 12 }, 8))).toBe(true)
  })

  it("R-BOARD-05 the contacts of a move come from where it ends", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 15, y: 10 } })
    const o = Result.getOrThrow(move(s, A, { x: 14, y: 10 }, 5))
    expect(o.contact).toEqual([B])
    const claimed = plane.move(
      s,
      model(s, A),
      { type: "move", model: A, to: { x: 13, y: 10 }, contact: [B] },
      5,
    )
    expect(Result.isFailure(claimed)).toBe(true)
  })

  it("B-ACTION-MOVE-01 moving into contact with a model finds the contact point", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 15, y: 10 } })
    const o = Result.getOrThrow(plane.move(s, model(s, A), { type: "move", model: A, contact: [B] }, 5))
    expect(o.contact).toEqual([B])
    expect(o.distance).toBeCloseTo(4, 2)
    expect(Result.isFailure(plane.move(s, model(s, A), { type: "move", model: A, contact: [B] }, 3.9))).toBe(
      true,
    )
  })

  it("B-ACTION-MOVE-01 a move into contact is refused alike whether the straight line or a search around a wall rules it out", () => {
    const into = (st: State, allowance: number) =>
      plane.move(st, model(st, A), { type: "move", model: A, contact: [B] }, allowance)
    const reason = (r: ReturnType<typeof into>) => (Result.isFailure(r) ? r.failure : undefined)
    // Beyond reach in a straight line: no search needed.
    const far = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 30, y: 10 } })
    expect(reason(into(far, 18.9))).toEqual({
      reason: `contact: ${B} is more than a Move of 18.9" away`,
      clause: "B-ACTION-MOVE-01",
    })
    expect(Result.isSuccess(into(far, 19.1))).toBe(true)
    // Within reach in a straight line, but a wall makes the way round longer: the search says so.
    const walled = at(stateOn(board([rect("w", "wall", 14.5, 2, 15, 18)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 20, y: 10 },
    })
    expect(reason(into(walled, 12))).toEqual({
      reason: `contact: ${B} is more than a Move of 12" away`,
      clause: "B-ACTION-MOVE-01",
    })
    expect(Result.isSuccess(into(walled, 30))).toBe(true)
  })

  it("B-DOWN-04 a Down friend dragged on a board follows the mover by the same step, staying in contact", () => {
    const env = envOf(registry, plane)
    const placed = at(open, { [A]: { x: 10, y: 10 }, [A2]: { x: 9, y: 10 }, [B]: { x: 30, y: 30 } }, false, {
      [A2]: { status: "down", health: 0 },
    })
    const s = activating(placed, A)
    const r = apply(s, { type: "move", model: A, to: { x: 12, y: 10 }, drag: A2 }, env)
    if (Result.isFailure(r)) throw new Error(r.failure.reason)
    const moved = r.success.events.filter((e) => e.type === "moved")
    expect(moved.map((e) => (e.type === "moved" ? [e.model, e.to] : []))).toEqual([
      [A, { x: 12, y: 10 }],
      [A2, { x: 11, y: 10 }],
    ])
    expect(model(r.success.state, A2).position).toEqual({ x: 11, y: 10 })
    expect(ask(r.success.state, { q: "contact", a: A, b: A2 })).toBe(true)
    // Half speed: 2" of a 5" Move is fine, 3" is not.
    // (the contact was asked and answered first, so the refusal is recorded as an event).
    const far = Result.getOrThrow(apply(s, { type: "move", model: A, to: { x: 13, y: 10 }, drag: A2 }, env))
    expect(far.events.some((e) => e.type === "moved")).toBe(false)
    expect(far.events.find((e) => e.type === "refused")).toMatchObject({ clause: "B-ACTION-MOVE-01" })
  })

  it("B-SETUP-03 a model leaves the table by its own edge when the edge is within its move", () => {
    const s = at(open, { [A]: { x: 10, y: 32 } })
    const o = Result.getOrThrow(plane.move(s, model(s, A), { type: "move", model: A, offTable: true }, 5))
    expect(o.offTable).toBe(true)
    const far = at(open, { [A]: { x: 10, y: 20 } })
    expect(
      Result.isFailure(plane.move(far, model(far, A), { type: "move", model: A, offTable: true }, 5)),
    ).toBe(true)
  })

  it("R-BOARD-06 a creature's move towards a target ends in contact when it reaches, else clear of every base", () => {
    const s = at(open, { [A]: { x: 10, y: 10 }, [B]: { x: 20, y: 10 }, [A2]: { x: 15, y: 10 } })
    expect(ask(s, { q: "reach", a: B, b: A, inches: 6 })).toBe(false)
    const short = plane.moveToward(s, model(s, B), A, 6, false)
    expect(short.contact).toEqual([])
    expect(short.cost).toBeLessThanOrEqual(6)
    // It goes round the survivor in the way.
    expect(ask(s, { q: "reach", a: B, b: A, inches: 12 })).toBe(true)
    const long = plane.moveToward(s, model(s, B), A, 12, true)
    expect(long.contact).toEqual([A])
    expect(long.cost).toBeLessThanOrEqual(12)
  })

  it("B-CREATURE-10 `ignoreTerrain` climbing and dense (the Lantern Moths fly): growth and ruins cost it no extra Move (R-BOARD-06)", () => {
    const growth = stateOn(board([rect("g", "dense", 12, 0, 18, 36), rect("r", "climbable", 18, 0, 19, 36)]))
    const walker = at(growth, { [A]: { x: 6, y: 10 }, [B]: { x: 24, y: 10 } })
    const flier = at(growth, { [A]: { x: 6, y: 10 }, [B]: { x: 24, y: 10 } }, false, {
      [B]: { terrain: ["climbing", "dense"] },
    })
    const walks = plane.moveToward(walker, model(walker, B), A, 10, false)
    const flies = plane.moveToward(flier, model(flier, B), A, 10, false)
    // Through 6" of growth and 1" of ruins the walker pays double; the flier's 10" are 10" of ground.
    expect(walks.distance).toBeLessThan(9)
    expect(flies.distance).toBeCloseTo(10, 1)
    expect(flies.cost).toBeCloseTo(flies.distance, 3)
  })

  it("B-DREAD-03 moving away goes directly away and stops at a wall", () => {
    const s = at(stateOn(board([rect("w", "wall", 0, 13, 36, 14)])), {
      [A]: { x: 10, y: 10 },
      [B]: { x: 10, y: 5 },
    })
    const o = plane.moveAway(s, model(s, A), B, 6)
    expect(o.to!.x).toBeCloseTo(10, 3)
    expect(o.to!.y).toBeGreaterThan(12)
    expect(o.to!.y).toBeLessThanOrEqual(12.5)
  })
})
