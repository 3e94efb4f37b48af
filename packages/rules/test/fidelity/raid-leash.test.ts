/**
 * Fidelity: the creatures' leashes (B-BEHAVIOUR-08, B-BEHAVIOUR-14). A Guardian "never leaves 6" of
 * where it was placed"; a Tender "never ends a move more than 12" from Spore terrain or a Lair".
 * R-BOARD-10 and R-BOARD-13 keep their targets inside the leash; R-BOARD-17 keeps the move itself
 * inside it on a board (its end clamped, a Guardian's whole path), asks a declared table the same
 * (the `reach` question names the leash), and sends a Tender that stands outside its ground back
 * towards it.
 */
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { Ctx, Suspend } from "../../src/battle/Context.js"
import { activateCreature } from "../../src/battle/creatures/Hunt.js"
import type { Event } from "../../src/battle/Event.js"
import { draftOf } from "../../src/battle/Evolve.js"
import type { FactQuery, FactValue, Prompt, State } from "../../src/battle/State.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { declared } from "../../src/battle/table/Space.js"
import { A, rect, registry } from "../board/fixtures.js"
import { activate, fought, movedOf, type Pt, scene } from "../board/scenes.js"

const GROUND = "feature:lair+sporeTerrain"

/** Asks the board, after a creature's activation, whether it stands within `inches` of `of`. */
const standsWithin = (s: State, events: Event[], id: string, of: string, inches: number): boolean => {
  const to = movedOf(events, id)?.to
  const after: State = {
    ...s,
    models: s.models.map((m) => (m.id === id && to ? { ...m, position: to } : m)),
  }
  const q = { q: "within", a: id, b: of, inches } as const
  return (
    make(registry).answer(after, q, {
      kind: "fact",
      query: q,
      options: [true, false],
      question: "",
      by: "any",
    }) === true
  )
}

/** Runs an activation on a declared table, answering each fact with `answer`; the prompts asked, and the events. */
const onATable = (s: State, id: string, answer: (q: FactQuery) => FactValue) => {
  const env = envOf(registry, declared)
  const prompts: Array<Extract<Prompt, { kind: "fact" }>> = []
  const answers: FactValue[] = []
  for (let guard = 0; guard < 50; guard++) {
    const ctx = new Ctx(draftOf(s), env, answers)
    try {
      activateCreature(ctx, id)
      return { prompts, events: ctx.game }
    } catch (e) {
      if (!(e instanceof Suspend) || e.prompt.kind !== "fact") throw e
      prompts.push(e.prompt)
      answers.push(answer(e.prompt.query))
    }
  }
  throw new Error("too many prompts")
}

describe("A Tender's leash (B-BEHAVIOUR-14, R-BOARD-13, R-BOARD-17)", () => {
  // Two Spore patches 32" apart: between them is ground more than 12" from either.
  const patches = [rect("s1", "spore", 0, 16, 2, 20), rect("s2", "spore", 34, 16, 36, 20)]
  /** A Gardener Tender at `at`, the survivor A at `survivor`, on a board with these patches. */
  const tender = (at: Pt, survivor: Pt, terrain = [patches[0]!]) =>
    scene({ [A]: survivor }, { c1: { ref: "gardener-tender", at } }, { terrain })

  it('B-BEHAVIOUR-14 R-BOARD-17 a Tender going for a survivor by the far patch stops where its move would end more than 12" from both', () => {
    // The survivor is 8.5" from the east patch (R-BOARD-13 lets it go for it); the Tender, 9.5"
    // from the west one, would end its 5" Move 14" from the east patch and 17" from the west.
    const s = tender({ x: 12, y: 18 }, { x: 25, y: 18 }, patches)
    const e = activate(s, "c1")
    const m = movedOf(e, "c1")!
    expect(m.reason).toMatch(/goes for/)
    expect(m.distance).toBeGreaterThan(2.4)
    expect(m.distance).toBeLessThan(2.5)
    expect(standsWithin(s, e, "c1", GROUND, 12)).toBe(true)
    expect(fought(e, "c1")).toEqual([])
  })

  it('B-BEHAVIOUR-14 R-BOARD-17 a Tender more than 12" from its ground goes back towards it, not for its target', () => {
    // 17.5" east of the patch; the survivor (11" from the patch) is to the south-west.
    const s = tender({ x: 20, y: 18 }, { x: 8, y: 30 })
    const e = activate(s, "c1")
    const m = movedOf(e, "c1")!
    expect(m.reason).toMatch(/goes back towards a Lair or Spore terrain .*R-BOARD-17/)
    expect(m.to!.x).toBeCloseTo(15, 1)
    expect(m.to!.y).toBeCloseTo(18, 1)
    expect(fought(e, "c1")).toEqual([])
  })

  it('B-BEHAVIOUR-14 R-BOARD-17 a Tender 13" from its ground that can reach a survivor nearer it, ending within 12", goes for it and Fights', () => {
    const s = tender({ x: 15.5, y: 18 }, { x: 12, y: 18 })
    const e = activate(s, "c1")
    expect(movedOf(e, "c1")).toMatchObject({ contact: [A], reason: expect.stringMatching(/goes for/) })
    expect(standsWithin(s, e, "c1", GROUND, 12)).toBe(true)
    expect(fought(e, "c1")).toEqual([A])
  })

  it("B-BEHAVIOUR-14 R-BOARD-17 a declared table is asked the reach with the leash, and whether the Tender stands within it", () => {
    const s = tender({ x: 12, y: 18 }, { x: 25, y: 18 }, [])
    const inside = onATable(s, "c1", (q) => q.q !== "contact")
    const reach = inside.prompts.find((p) => p.query.q === "reach")!
    expect(reach.query).toMatchObject({ a: "c1", b: A, leash: { inches: 12, of: GROUND, keeps: "end" } })
    expect(reach.question).toMatch(/ending within 12" of a Lair or Spore terrain\?$/)
    expect(fought(inside.events, "c1")).toEqual([A])
    // Reaching, it is not asked where it stands: its move ends within its leash anyway.
    expect(inside.prompts.filter((p) => p.query.q === "within" && p.query.a === "c1")).toEqual([])
    // Told it can't reach, and that it stands outside its ground, it goes back and Fights nobody.
    const outside = onATable(s, "c1", (q) => q.q === "within" && q.a !== "c1")
    expect(outside.prompts.map((p) => p.question)).toContain(
      'Is Gardener Tender within 12" of a Lair or Spore terrain?',
    )
    expect(movedOf(outside.events, "c1")!.reason).toMatch(/goes back/)
    expect(fought(outside.events, "c1")).toEqual([])
  })
})

describe("A Guardian's leash (B-BEHAVIOUR-08, R-BOARD-10, R-BOARD-17)", () => {
  // A wall between the Vine and the survivor, open only 6.5" north of where the Vine was placed.
  const wall = rect("w", "wall", 12, 3, 13, 15)

  it('B-BEHAVIOUR-08 R-BOARD-17 a Guardian never leaves 6" of its placing: a survivor it could reach only round a wall beyond its leash is left alone', () => {
    const s = scene(
      { [A]: { x: 14.5, y: 9 } },
      { c1: { ref: "strangler-vine", at: { x: 10, y: 9 }, patch: {} } },
      { terrain: [wall], patch: { [A]: { noise: 2 } } },
    )
    // A long Move, so only its leash keeps it back (the way round is about 14").
    const long = {
      ...s,
      models: s.models.map((m) => (m.id === "c1" ? { ...m, profile: { ...m.profile, move: 16 } } : m)),
    }
    const e = activate(long, "c1")
    expect(e.filter((x) => x.type === "moved")).toEqual([])
    expect(fought(e, "c1")).toEqual([])
  })

  it("B-BEHAVIOUR-08 R-BOARD-17 a declared table is asked whether the Guardian reaches without leaving its leash", () => {
    const s = scene({ [A]: { x: 12, y: 9 } }, { c1: { ref: "strangler-vine", at: { x: 10, y: 9 } } })
    const { prompts } = onATable(s, "c1", (q) => q.q !== "contact")
    const reach = prompts.find((p) => p.query.q === "reach")!
    expect(reach.query).toMatchObject({ leash: { inches: 6, of: "placement:c1", keeps: "path" } })
    expect(reach.question).toMatch(/without leaving 6" of where Strangler Vine was placed\?$/)
  })
})
