/**
 * The engine as a value (issue 9): re-deciding a log, what players see, commands parsed from
 * outside with path-named errors, dice typed in, undo, corrections, and answers that turn out to
 * forbid the action they were asked for.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import type { Event } from "../../src/battle/Event.js"
import { legalCommands } from "../../src/battle/Legal.js"
import { env, exampleRefuges, noFacts, started, Table, within } from "./fixtures.js"

/** A seeded raid of the example rosters played by a fixed walk over the legal commands. */
const seededRaid = (seed: number, steps: number): Battle.Battle => {
  let b = Result.getOrThrow(
    Battle.create({ refuges: exampleRefuges(), scenario: "cache", dice: { seed } }, env),
  )
  let k = seed
  for (let i = 0; i < steps && b.state.phase !== "over"; i++) {
    const legal = legalCommands(b.state, env).filter((c) => c.type !== "withdraw")
    k = (k * 1103515245 + 12345) % 2147483648
    b = Result.getOrThrow(Battle.command(b, legal[k % legal.length]!, env))
  }
  return b
}

describe("a raid as a value", () => {
  it("Battle.redecide reproduces a seeded raid's events exactly", () => {
    const b = seededRaid(11, 300)
    expect(b.events.length).toBeGreaterThan(100)
    expect(Battle.redecide(b.events, env)).toEqual(Result.succeed(b.events))
  })

  it("Battle.redecide shows where a log and the engine part ways", () => {
    const b = seededRaid(11, 60)
    const i = b.events.findIndex((e) => e.type === "answered" && Array.isArray(e.answer))
    const tampered: Event[] = b.events.map((e, j) => (j === i ? { type: "answered", answer: [] } : e))
    // Seeded dice are rolled again from the set-up's seed: the re-decided log differs from the
    // tampered one exactly at the tampered answer.
    const r = Result.getOrThrow(Battle.redecide(tampered, env))
    expect(r.findIndex((e, j) => JSON.stringify(e) !== JSON.stringify(tampered[j]))).toBe(i)
    expect(r).toEqual(b.events)
    expect(Battle.redecide([b.events[1]!], env)).toEqual(Result.fail("a raid's first event is its set-up"))
  })

  it("Battle.replay rebuilds the live state from the events alone", () => {
    const b = seededRaid(3, 200)
    expect(Battle.hash(Battle.replay(b.events))).toBe(Battle.hash(b.state))
  })

  it("Battle.view hides the dice state from players, in the state and the set-up event", () => {
    const b = seededRaid(5, 10)
    expect(b.state.dice.prng).toBeDefined()
    expect(Battle.view(b.state).dice).toEqual({ mode: "seeded" })
    const setup = Battle.viewEvents(b.events)[0] as Extract<Event, { type: "battle.setup" }>
    expect(setup.state.dice).toEqual({ mode: "seeded" })
    expect(JSON.stringify(Battle.viewEvents(b.events))).not.toContain("prng")
  })
})

describe("commands from outside", () => {
  it("parseCommand names the path of each problem", () => {
    expect(Battle.parseCommand({ type: "shoot", model: "a.1", target: 7 })).toEqual(
      Result.fail([expect.stringMatching(/^weapon: /), expect.stringMatching(/^target: /)]),
    )
    expect(Battle.parseCommand({ type: "roll", faces: [1, 7] })).toEqual(
      Result.fail([expect.stringMatching(/^faces\.1: /)]),
    )
    expect(Battle.parseCommand({ type: "move", model: "a.1", speed: 3 })).toEqual(
      Result.fail([expect.stringMatching(/^speed: /)]),
    )
    expect(Battle.parseCommand({ type: "teleport" })).toEqual(Result.fail([expect.stringMatching(/^type: /)]))
    expect(Battle.parseCommand("shoot")).toEqual(Result.fail([expect.stringMatching(/^type: /)]))
    expect(Battle.parseCommand({ type: "move", model: "a.1", distance: 3 })).toEqual(
      Result.succeed({ type: "move", model: "a.1", distance: 3 }),
    )
  })

  it("parseCommand bounds its error report", () => {
    const r = Battle.parseCommand({ type: "roll", faces: Array.from({ length: 40 }, () => 9) })
    expect(Result.isFailure(r) && r.failure.length).toBeLessThanOrEqual(20)
  })

  it("dice typed in must match the prompt: the wrong count is refused and changes nothing", () => {
    const t = Table.create()
    expect(t.reject({ type: "roll", faces: [4] }).reason).toContain("needs 2 dice, got 1")
    expect(t.reject({ type: "move", model: "a.1" }).reason).toContain("answer with a roll")
    t.roll(4, 4)
    expect(t.prompt).toMatchObject({ kind: "dice", purpose: "B's Initiative" })
  })
})

describe("undo and corrections (R-BATTLE-15)", () => {
  it("undo takes back the last command, but never a dice roll", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 2 })
    const before = t.battle
    t.do({ type: "move", model: "a.1", distance: 3 })
    t.do({ type: "undo" })
    expect({ ...t.s, seq: 0 }).toEqual({ ...before.state, seq: 0 })
    expect(Battle.hash(Battle.replay(t.battle.events))).toBe(Battle.hash(t.s))
    const u = started()
    u.do({ type: "activate", model: "a.1" })
    u.state({ query: { q: "contact", a: "a.1", b: "t3" }, value: true })
    u.do({ type: "search", model: "a.1", token: "t3" })
    u.roll(4, 1)
    expect(u.reject({ type: "undo" }).clause).toBe("R-BATTLE-15")
  })

  it("R-BATTLE-15 a raid rebuilt from its log (or resumed from a state saved after a roll) undoes as it did live", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 2 })
    const before = t.battle
    t.do({ type: "move", model: "a.1", distance: 3 })
    const rebuilt = Battle.replay(t.battle.events)
    expect(Battle.canUndo(rebuilt)).toBe(true)
    const undone = Result.getOrThrow(
      Battle.command({ events: t.battle.events, state: rebuilt }, { type: "undo" }, env),
    )
    expect(Battle.hash({ ...undone.state, seq: 0 })).toBe(Battle.hash({ ...before.state, seq: 0 }))
    // Twice: back past both moves, as live.
    const twice = Result.getOrThrow(Battle.command(undone, { type: "undo" }, env))
    expect(Battle.canUndo(Battle.replay(twice.events))).toBe(Battle.canUndo(twice.state))
    // Resumed from a state saved where nothing could be undone, with the rest of the log on top.
    const b = seededRaid(5, 80)
    const at = b.events.findLastIndex(
      (e, i) => i < b.events.length - 3 && e.type === "answered" && Array.isArray(e.answer),
    )
    const saved = JSON.parse(JSON.stringify(Battle.replay(b.events.slice(0, at + 1))))
    expect(Battle.canUndo(saved)).toBe(false)
    const resumed = Battle.resume(b.events.slice(at + 1), saved)
    expect(Battle.hash(resumed)).toBe(Battle.hash(b.state))
    expect(Battle.canUndo(resumed)).toBe(Battle.canUndo(b.state))
  })

  it("adjust corrects a model with a logged reason; an impossible Health is refused", () => {
    const t = started()
    t.do({ type: "adjust", model: "b.1", reason: "the table agrees b.1 was hit earlier", health: 1 })
    expect(t.of("adjusted")).toEqual([
      {
        type: "adjusted",
        model: "b.1",
        reason: "the table agrees b.1 was hit earlier",
        changes: { health: 1 },
      },
    ])
    expect(t.reject({ type: "adjust", model: "b.1", reason: "too much", health: 5 }).clause).toBe(
      "B-PROFILE-04",
    )
  })
})

describe("an answer that forbids the action asked about", () => {
  it("B-ACTION-SPRINT-01 a Sprint a Rotweaver's Threads forbid is refused on the answer, and recorded", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(4, 5) // row 11: a Rotweaver (Initiative 3, Threads: no Sprint within 3")
    t.settle([1, 1, 1, 1, 6, 1], noFacts) // a 0, b 0, a wins the roll-off; the Rotweaver finds nobody
    t.do({ type: "activate", model: "a.1" })
    // Within 12" but unseen (no Dread test): "not within 12"" would say "not within 3"" too (R-BATTLE-56).
    t.do({
      type: "move",
      model: "a.1",
      distance: 1,
      facts: [within("a.1", "c1", 12, true), { query: { q: "sees", a: "a.1", b: "c1" }, value: false }],
    })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "within", inches: 3 } })
    t.state({ query: t.factQuery(), value: true })
    expect(t.of("refused")).toEqual([
      expect.objectContaining({ reason: expect.stringContaining("can't sprint") }),
    ])
    expect(t.of("moved")).toEqual([])
    expect(t.s.activation?.actionsLeft).toBe(1)
    expect(t.s.pending).toBeUndefined()
    // Now the fact is known, the Sprint is not offered, and all that is offered is accepted.
    const legal = t.legal()
    expect(legal.some((c) => c.type === "sprint")).toBe(false)
    expect(legal.some((c) => c.type === "move")).toBe(true)
    for (const c of legal) expect(Result.isSuccess(Battle.command(t.battle, c, env))).toBe(true)
  })
})
