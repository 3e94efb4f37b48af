/**
 * A creature's two actions (B-ACT-07 with R-BATTLE-55): in contact it Fights; out of contact it
 * Moves towards its target, then Fights if that brought it to someone to Fight, or Moves again —
 * every behaviour alike, on a board.
 */
import { describe, expect, it } from "vitest"
import type { Event } from "../../src/battle/Event.js"
import { A, A2, rect } from "./fixtures.js"
import { activate, fought, type Pt, scene } from "./scenes.js"

const movesOf = (e: Event[], id: string) =>
  e.filter((x): x is Extract<Event, { type: "moved" }> => x.type === "moved" && x.model === id)
const actionsOf = (e: Event[], id: string) =>
  e.flatMap((x) => (x.type === "action" && x.model === id ? [x.action] : []))
const dist = (a: Pt, b: Pt) => Math.hypot(a.x - b.x, a.y - b.y)
/** Short after one Move, it Moved again into contact with `who`, and Fought nobody. */
const movedTwiceInto = (e: Event[], id: string, who: string) => {
  const moves = movesOf(e, id)
  expect(moves).toHaveLength(2)
  expect(moves[1]!.contact).toEqual([who])
  expect(fought(e, id)).toEqual([])
  return moves
}

describe("A creature's actions when its target is out of reach of one Move (R-BATTLE-55)", () => {
  it("B-BEHAVIOUR-01 R-BATTLE-55 a Hunter that can't reach its target in one move uses its second action to Move again, and Fights nobody", () => {
    // A Husk (Move 4) about 7.9" from the noisy survivor: the second Move brings it into contact.
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 18, y: 12 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      { patch: { [A2]: { noise: 2 } } },
    )
    const e = activate(s, "c1")
    const moves = movedTwiceInto(e, "c1", A2)
    expect(moves[1]!.reason).toBe(moves[0]!.reason)
    expect(moves[0]!.contact).toEqual([])
    expect(moves[0]!.distance).toBeCloseTo(4, 1)
    expect(actionsOf(e, "c1")).toEqual(["move", "move"])
  })

  it("B-BEHAVIOUR-01 R-BATTLE-55 a Hunter whose first Move reaches its target Fights with its second action (a Charge)", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 16, y: 8 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      { patch: { [A]: { noise: 1 } } },
    )
    const e = activate(s, "c1")
    expect(actionsOf(e, "c1")).toEqual(["move", "fight"])
    expect(fought(e, "c1")).toEqual([A])
    const rolled = e.find((x) => x.type === "attack.rolled" && x.attacker === "c1") as Extract<
      Event,
      { type: "attack.rolled" }
    >
    expect(JSON.stringify(rolled)).toMatch(/Charge/)
  })

  it("B-BEHAVIOUR-01 R-BATTLE-55 a Hunter already in contact Fights and does not move", () => {
    const s = scene(
      { [A]: { x: 10, y: 9.001 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      { patch: { [A]: { noise: 1 } } },
    )
    const e = activate(s, "c1")
    expect(actionsOf(e, "c1")).toEqual(["fight"])
    expect(movesOf(e, "c1")).toEqual([])
  })

  it("B-BEHAVIOUR-01 R-BATTLE-55 out of reach of two Moves, it Moves twice its full Move nearer", () => {
    const s = scene(
      { [A]: { x: 10, y: 30 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      { patch: { [A]: { noise: 1 } } },
    )
    const e = activate(s, "c1")
    const moves = movesOf(e, "c1")
    expect(moves.map((m) => m.distance)).toEqual([4, 4].map((d) => expect.closeTo(d, 1)))
    expect(moves[1]!.to!.y).toBeCloseTo(16, 1)
  })

  it('B-BEHAVIOUR-02 R-BATTLE-55 seeing nobody, a Hunter drifts its full Move once ("drifts its full Move")', () => {
    const s = scene(
      { [A]: { x: 10, y: 30 } },
      { c1: { ref: "the-mourner", at: { x: 4, y: 4 } } },
      { terrain: [rect("w", "wall", 0, 10, 36, 11)] },
    )
    const e = activate(s, "c1")
    expect(movesOf(e, "c1")).toHaveLength(1)
    expect(actionsOf(e, "c1")).toEqual(["move"])
  })

  it("B-BEHAVIOUR-07 R-BATTLE-55 an Ambusher once out acts as a Hunter: short of its target after one Move, it Moves again", () => {
    const s = scene(
      { [A]: { x: 10, y: 30 }, [A2]: { x: 10, y: 15 } },
      { c1: { ref: "the-drowned", at: { x: 10, y: 8 } } },
      { patch: { [A2]: { noise: 1 } } },
    )
    movedTwiceInto(activate(s, "c1"), "c1", A2)
  })

  it("B-BEHAVIOUR-03 R-BATTLE-55 a Stalker short of its target after one Move Moves again", () => {
    const s = scene({ [A]: { x: 10, y: 26 } }, { c1: { ref: "rotweaver", at: { x: 10, y: 8 } } })
    const e = activate(s, "c1")
    expect(movesOf(e, "c1").map((m) => m.distance)).toEqual([6, 6].map((d) => expect.closeTo(d, 1)))
  })

  it("B-BEHAVIOUR-09 R-BATTLE-55 a Swarm with nobody in contact after one Move Moves again", () => {
    const s = scene(
      { [A]: { x: 10, y: 20 } },
      { c1: { ref: "lantern-moths", at: { x: 10, y: 8 } } },
      { patch: { [A]: { noise: 1 } } },
    )
    movedTwiceInto(activate(s, "c1"), "c1", A)
  })

  it("B-BEHAVIOUR-11 R-BATTLE-55 a Horror with nobody in contact after one Move Moves again", () => {
    const s = scene({ [A]: { x: 10, y: 16 } }, { c1: { ref: "spore-hulk", at: { x: 10, y: 8 } } })
    const e = activate(s, "c1")
    const moves = movesOf(e, "c1")
    expect(moves).toHaveLength(2)
    expect(actionsOf(e, "c1")).toEqual(["move", "move"])
  })

  it("B-BEHAVIOUR-13 B-BEHAVIOUR-14 R-BATTLE-55 a Tender that can't reach Moves twice, each Move ending within 12\" of its ground", () => {
    const spore = rect("s", "spore", 16, 6, 20, 10)
    const s = scene(
      { [A]: { x: 18, y: 20 } },
      { c1: { ref: "gardener-tender", at: { x: 4, y: 8 } } },
      { terrain: [spore] },
    )
    const e = activate(s, "c1")
    const moves = movesOf(e, "c1")
    expect(moves).toHaveLength(2)
    expect(dist(moves[1]!.to!, { x: 4, y: 8 })).toBeGreaterThan(dist(moves[0]!.to!, { x: 4, y: 8 }))
    expect(fought(e, "c1")).toEqual([])
  })

  it("B-BEHAVIOUR-08 R-BATTLE-55 a Guardian with nobody within one Move's reach does nothing (its reach is one Move, R-BOARD-10)", () => {
    const s = scene(
      { [A]: { x: 16, y: 9 } },
      { c1: { ref: "strangler-vine", at: { x: 10, y: 9 } } },
      { patch: { [A]: { noise: 3 } } },
    )
    expect(actionsOf(activate(s, "c1"), "c1")).toEqual([])
  })
})
