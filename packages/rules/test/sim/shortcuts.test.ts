/**
 * The simulation's shortcuts outside the engine's own steps, each against what it stands for:
 * the models with auras kept at hand (`Pools`), a struck-off pick found by its JSON without
 * writing it (`Auto`), and a raid's first state made once per spec (`sim/Raid`).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { create, envOf } from "../../src/battle/Battle.js"
import { sameJson } from "../../src/battle/bots/SameJson.js"
import type { Command } from "../../src/battle/Command.js"
import { Ctx, Suspend } from "../../src/battle/Context.js"
import { aurasOn } from "../../src/battle/combat/Pools.js"
import { startInPlace } from "../../src/battle/Decide.js"
import type { Event } from "../../src/battle/Event.js"
import { applyInPlace, copy, type Draft } from "../../src/battle/Evolve.js"
import { Journal } from "../../src/battle/fast/InPlace.js"
import { candidates } from "../../src/battle/Legal.js"
import type { Model, State } from "../../src/battle/State.js"
import { played, type Spec } from "../../src/sim/Raid.js"
import { exampleRefuges, core as registry } from "../battle/fixtures.js"

const refuges = exampleRefuges()

describe("the models with auras, kept at hand while the state is changed in place", () => {
  it("R-SIM-01 every model's auras are those found on a fresh copy, as aura holders come, fall and are taken back", () => {
    const env = envOf(registry)
    const battle = Result.getOrThrow(create({ refuges, scenario: "cache", dice: { seed: 5 } }, env))
    const d = copy(battle.state) as Draft
    // Each model's auras as a probe finds them: their sources and owners, or "asks" where a fact
    // is not known yet (a probe stops there rather than asking).
    const aurasIn = (s: Draft) =>
      s.models.map((m) => {
        try {
          return aurasOn(new Ctx(s, env, [], undefined, true), m as Model).map(
            (a) => `${a.source}/${a.owner}`,
          )
        } catch (e) {
          if (e instanceof Suspend) return "asks"
          throw e
        }
      })
    const same = () => {
      const live = aurasIn(d)
      expect(live).toEqual(aurasIn(copy(d) as Draft))
      return live
    }
    const survivors = d.models.filter((m) => m.kind === "survivor")
    const brood = d.sides.find((s) => s.kind !== "refuge" && s.kind !== "congregation")?.id ?? "brood"
    const arrival = (id: string, ref: string): Event => ({
      type: "creature.arrives",
      at: "a Lair",
      model: {
        ...(copy(survivors[0]!) as Model),
        id,
        kind: "creature",
        ref,
        side: brood,
        name: ref,
        leader: false,
      },
    })
    // Every model within 3" and 6" of every other and of the creatures to come: every aura reaches.
    const ids = [...survivors.map((m) => m.id), "c90", "c91"]
    const near: Event = {
      type: "facts.stated",
      facts: ids.flatMap((a) =>
        ids.flatMap((b) =>
          a < b
            ? [3, 6].map((inches) => ({ query: { q: "within" as const, a, b, inches }, value: true }))
            : [],
        ),
      ),
    }
    applyInPlace(d, near)
    const before = same()
    expect(before.every((a) => Array.isArray(a))).toBe(true)
    applyInPlace(d, arrival("c90", "the-choir"))
    const withChoir = same()
    expect(withChoir).not.toEqual(before)
    expect(withChoir.some((a) => Array.isArray(a) && a.some((x) => x.endsWith("/c90")))).toBe(true)
    // A run taken back: a second aura holder comes, then the state is put back.
    const journal = new Journal(d)
    const second = arrival("c91", "the-choir")
    journal.touch(second)
    applyInPlace(d, second)
    expect(same()).not.toEqual(withChoir)
    journal.rollback()
    expect(same()).toEqual(withChoir)
    // A holder that falls projects nothing (no count is bumped for that: its status is read each time).
    applyInPlace(d, { type: "slain", model: "c90" })
    expect(same()).toEqual([...before, []])
  })
})

describe("a struck-off pick found by its JSON", () => {
  it("R-SIM-02 two commands are the same exactly when their JSON is", () => {
    const env = envOf(registry)
    const battle = Result.getOrThrow(create({ refuges, scenario: "cache", dice: { seed: 1 } }, env))
    const s = copy(battle.state) as Draft
    startInPlace(s as State, env)
    applyInPlace(s, { type: "activation.start", model: s.models[0]!.id, actions: 2 })
    const listed: unknown[] = candidates(s as State, env)
    expect(listed.length).toBeGreaterThan(5)
    const made: unknown[] = [
      { type: "move", model: "a.1", contact: ["t1"] },
      { model: "a.1", type: "move", contact: ["t1"] },
      { type: "move", model: "a.1", contact: ["t1"], to: undefined },
      { type: "move", model: "a.1", contact: ["t2"] },
      { type: "move", model: "a.1", contact: ["t1", "t2"] },
      { type: "move", model: "a.1", contact: [] },
      { type: "move", model: "a.1", contact: [undefined] },
      { type: "move", model: "a.1", contact: [null] },
      { type: "move", model: "a.1", offTable: true },
      { type: "move", model: "a.1", offTable: false },
      { type: "state", facts: [{ query: { q: "within", a: "x", b: "y", inches: 3 }, value: true }] },
      { type: "state", facts: [{ query: { q: "within", a: "x", b: "y", inches: 3 }, value: false }] },
      { type: "roll", faces: [1, 2] },
      { type: "roll", faces: [1, 2, 3] },
      { type: "choose", option: "0" },
      { type: "choose", option: 0 },
    ]
    const all = [...listed, ...made, ...listed.map((c) => copy(c))]
    for (const a of all)
      for (const b of all)
        expect(sameJson(a as Command, b as Command)).toBe(JSON.stringify(a) === JSON.stringify(b))
  })
})

describe("a raid's first state made once per spec", () => {
  it("R-SIM-01 each raid starts from the set-up its own seed makes, whatever raids came before", () => {
    // With no command given, a raid is its first state and the engine's first steps; the audited
    // raid sets up afresh every time.
    const spec: Spec = {
      refuges,
      scenario: "cache",
      table: "declared",
      policies: ["sensible"],
      seed: 4,
      maxCommands: 0,
    }
    const audited: Spec = { ...spec, audited: true }
    for (const i of [0, 1, 0, 7]) {
      const fast = Result.getOrThrow(played(spec, registry, i)).state
      // The same JSON but for its keys' order (the fast path gives models, sides and tokens one shape).
      const same = Result.getOrThrow(played(audited, registry, i)).state
      expect(JSON.parse(JSON.stringify(fast))).toEqual(JSON.parse(JSON.stringify(same)))
    }
    // Another spec (other options) is set up anew.
    const other = Result.getOrThrow(
      played({ ...spec, options: { reactiveBlightDice: "never" }, maxCommands: 0 }, registry, 0),
    )
    expect(other.state.options.reactiveBlightDice).toBe("never")
  })
})
