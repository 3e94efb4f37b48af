/**
 * Facts that follow from facts known are not asked (R-BATTLE-56): "within 3"" after "within 12"" was
 * answered no, contact and reach after a distance the pair is not within; and an aura is asked about
 * only for what it can change. A board would have answered the same.
 */
import { seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { forbidden } from "../../src/battle/actions/Activation.js"
import { envOf } from "../../src/battle/Battle.js"
import { Ctx, Suspend } from "../../src/battle/Context.js"
import { poolModifiers } from "../../src/battle/combat/Pools.js"
import { draftOf } from "../../src/battle/Evolve.js"
import type { FactQuery, FactValue, Model, State } from "../../src/battle/State.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { deriveFact, setFact } from "../../src/battle/table/Facts.js"
import { declared } from "../../src/battle/table/Space.js"
import { A, registry } from "../board/fixtures.js"
import { scene } from "../board/scenes.js"

const tableEnv = envOf(registry, declared)
const planeEnv = envOf(registry, make(registry))

describe("a fact that follows from facts known (R-BATTLE-56)", () => {
  it("R-BATTLE-56 within: true beyond a distance known within, false inside one known not within; nothing else follows", () => {
    const facts: Record<string, FactValue> = {}
    setFact(facts, { q: "within", a: "wren", b: "husk.1", inches: 12 }, false)
    setFact(facts, { q: "within", a: "wren", b: "jess", inches: 3 }, true)
    expect(deriveFact(facts, { q: "within", a: "husk.1", b: "wren", inches: 3 })).toBe(false)
    expect(deriveFact(facts, { q: "within", a: "wren", b: "husk.1", inches: 12 })).toBe(false)
    expect(deriveFact(facts, { q: "within", a: "wren", b: "husk.1", inches: 18 })).toBeUndefined()
    expect(deriveFact(facts, { q: "within", a: "jess", b: "wren", inches: 6 })).toBe(true)
    expect(deriveFact(facts, { q: "within", a: "jess", b: "wren", inches: 2 })).toBeUndefined()
    expect(deriveFact(facts, { q: "contact", a: "husk.1", b: "wren" })).toBe(false)
    expect(deriveFact(facts, { q: "contact", a: "jess", b: "wren" })).toBeUndefined()
    expect(deriveFact(facts, { q: "reach", a: "husk.1", b: "wren", inches: 4 })).toBe(false)
    expect(deriveFact(facts, { q: "reach", a: "husk.1", b: "wren", inches: 12 })).toBeUndefined()
    expect(deriveFact(facts, { q: "sees", a: "husk.1", b: "wren" })).toBeUndefined()
  })

  it('R-BATTLE-56 a declared table told "not within 12"" is not asked "within 3"": the answer is recorded as derived', () => {
    const s = scene({}, { c1: { ref: "husk", at: { x: 1, y: 1 } } })
    const d = draftOf(s)
    setFact(d.facts, { q: "within", a: A, b: "c1", inches: 12 }, false)
    const ctx = new Ctx(d, tableEnv, [])
    const q: FactQuery = { q: "within", a: "c1", b: A, inches: 3 }
    expect(ctx.fact(q, 'Is Jess within 3" of the Husk?')).toBe(false)
    expect(ctx.bookkeeping.filter((e) => e.type === "prompted")).toEqual([])
    expect(ctx.game).toEqual([{ type: "facts.stated", facts: [{ query: q, value: false }], derived: true }])
  })

  it("R-BATTLE-56 a derived answer is the board's own: within, contact and reach on random boards", () => {
    const src = seeded(56)
    const r = (n: number) => (src.die(1000) / 1000) * n
    for (let trial = 0; trial < 60; trial++) {
      const s = scene(
        { [A]: { x: 2 + r(32), y: 2 + r(32) } },
        { c1: { ref: "husk", at: { x: 2 + r(32), y: 2 + r(32) } } },
      )
      const answer = (q: FactQuery) =>
        planeEnv.space.answer(s, q, { kind: "fact", query: q, options: [], question: "", by: "any" })
      const facts: Record<string, FactValue> = {}
      for (const inches of [3, 6, 12]) {
        const q: FactQuery = { q: "within", a: A, b: "c1", inches }
        setFact(facts, q, answer(q)!)
      }
      const asked: FactQuery[] = [
        ...[1, 2, 4, 5, 9, 18, 24].map((inches): FactQuery => ({ q: "within", a: "c1", b: A, inches })),
        { q: "contact", a: "c1", b: A },
        ...[2, 4, 5, 7].map((inches): FactQuery => ({ q: "reach", a: "c1", b: A, inches })),
      ]
      for (const q of asked) {
        const v = deriveFact(facts, q)
        if (v !== undefined) expect(v, JSON.stringify(q)).toBe(answer(q))
      }
    }
  })
})

describe("an aura is asked about only for what it can change (R-BATTLE-56)", () => {
  // A survivor 2" from a Rotweaver, whose Threads forbid a Sprint within 3" (and change no roll).
  const near = (): State =>
    scene({ [A]: { x: 10, y: 12 } }, { c1: { ref: "rotweaver", at: { x: 10, y: 9 } } })
  const questions = (s: State, f: (ctx: Ctx, m: Model) => unknown): string[] => {
    const ctx = new Ctx(draftOf({ ...s, space: undefined } as never), tableEnv, [])
    try {
      f(ctx, ctx.view(A))
    } catch (e) {
      if (!(e instanceof Suspend)) throw e
      return e.prompt.kind === "fact" ? [e.prompt.question] : []
    }
    return []
  }

  it("R-BATTLE-56 a Fight roll beside a Rotweaver asks nothing about its Threads", () => {
    expect(questions(near(), (ctx, m) => poolModifiers(ctx, m, "fight.attack", {}))).toEqual([])
  })

  it('R-BATTLE-56 B-ACTION-SPRINT-01 a Sprint beside it asks whether the survivor is within 3" of the Rotweaver', () => {
    expect(questions(near(), (ctx, m) => forbidden(ctx, m, "sprint"))).toEqual([
      expect.stringMatching(/within 3" of Rotweaver\?$/),
    ])
    expect(questions(near(), (ctx, m) => forbidden(ctx, m, "move"))).toEqual([])
  })

  it("R-BATTLE-56 an aura that changes the pool is still asked about: the Choir's Every throat on a Fight", () => {
    const s = scene({ [A]: { x: 10, y: 12 } }, { c1: { ref: "the-choir", at: { x: 10, y: 9 } } })
    expect(questions(s, (ctx, m) => poolModifiers(ctx, m, "fight.attack", {}))).toEqual([
      expect.stringMatching(/within 6" of The Choir\?$/),
    ])
  })
})
