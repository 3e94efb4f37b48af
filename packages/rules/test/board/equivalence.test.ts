/**
 * One definition, two tables (issue 10): the same raid played on a PlaneSpace and on a declared
 * table — whose every fact prompt is answered with what the PlaneSpace answered, and whose moves
 * state the distance and contacts the board measured — gives identical events, apart from
 * positions (and how far a creature's move went, which a declared table doesn't measure, and the
 * wording of a refused move, which names measured distances).
 */
import { Result } from "effect"
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import { type Battle, command, create, envOf } from "../../src/battle/Battle.js"
import { boardCommands, type Policy, random as randomPolicy, sensible } from "../../src/battle/bots/Policy.js"
import type { Command } from "../../src/battle/Command.js"
import type { Event } from "../../src/battle/Event.js"
import { legalCommands } from "../../src/battle/Legal.js"
import type { Answer, FactQuery, State } from "../../src/battle/State.js"
import { random as randomBoard } from "../../src/battle/table/board/Generator.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { factKey } from "../../src/battle/table/Facts.js"
import { declared } from "../../src/battle/table/Space.js"
import { refuges, registry } from "./fixtures.js"

const planeEnv = envOf(registry, make(registry))
const tableEnv = envOf(registry, declared)

/** An event without positions (and a creature move's measured distance). */
const normal = (e: Event): unknown => {
  const strip = (x: Record<string, unknown>) => {
    const { position: _p, placed: _q, ...rest } = x
    return rest
  }
  switch (e.type) {
    case "battle.setup": {
      const { board: _b, space: _s, ...state } = e.state
      return { ...e, state: { ...state, models: state.models.map(strip), tokens: state.tokens.map(strip) } }
    }
    case "creature.arrives":
      return { ...e, model: strip(e.model) }
    case "token.placed":
      return { ...e, token: strip(e.token) }
    case "moved": {
      const { to: _t, distance, ...rest } = e
      return e.reason ? rest : { ...rest, distance }
    }
    // A move the table refuses after the facts it asked: the wording measures positions.
    case "refused":
      return { type: e.type, clause: e.clause }
    case "commanded": {
      const c = e.command as Command
      if (c.type === "move" || c.type === "sprint") return { ...e, command: { type: c.type, model: c.model } }
      return e
    }
    default:
      return e
  }
}

/** The fact answers the board gave in a batch of events, in order. */
const factAnswers = (events: ReadonlyArray<Event>): Array<{ query: FactQuery; answer: Answer }> => {
  const out: Array<{ query: FactQuery; answer: Answer }> = []
  for (let i = 0; i + 1 < events.length; i++) {
    const p = events[i]!
    const a = events[i + 1]!
    if (p.type === "prompted" && p.prompt.kind === "fact" && a.type === "answered")
      out.push({ query: p.prompt.query, answer: a.answer })
  }
  return out
}

/** The declared table's version of a command the board took: the distance and contacts it measured. */
const asDeclared = (c: Command, before: State): Command => {
  if (c.type !== "move" && c.type !== "sprint") return c
  const m = before.models.find((x) => x.id === c.model)!
  // The allowance only decides refusals; the board already took this move.
  const o = Result.getOrThrow(planeEnv.space.move(before, m, c, 1000))
  return { type: c.type, model: c.model, distance: o.distance, contact: [...o.contact], offTable: o.offTable }
}

const playBoth = (boardSeed: number, diceSeed: number, policy: Policy, steps: number) => {
  const board = randomBoard(boardSeed, registry, { refuges })
  let plane: Battle = Result.getOrThrow(create({ refuges, dice: { seed: diceSeed }, board }, planeEnv))
  let table: Battle = Result.getOrThrow(create({ refuges, dice: { seed: diceSeed } }, tableEnv))
  // The set-up's own steps: the board answered; the table is told the same.
  const feed = (answers: Array<{ query: FactQuery; answer: Answer }>) => {
    while (table.state.pending?.prompt?.kind === "fact") {
      const prompt = table.state.pending.prompt
      // A question the board could not answer either (a subject off the table) waits on both
      // tables for the players: the next command answers it on each.
      const waiting = plane.state.pending?.prompt
      if (
        answers.length === 0 &&
        waiting?.kind === "fact" &&
        factKey(waiting.query) === factKey(prompt.query)
      )
        break
      const next = answers.shift()
      expect(next && factKey(next.query), `the table is asked "${prompt.question}"`).toBe(
        factKey(prompt.query),
      )
      table = Result.getOrThrow(
        command(
          table,
          { type: "state", facts: [{ query: prompt.query, value: next!.answer as never }] },
          tableEnv,
        ),
      )
    }
    expect(answers, "the board answered facts the table was never asked").toEqual([])
  }
  feed(factAnswers(plane.events))
  for (let n = 0; n < steps && plane.state.phase !== "over"; n++) {
    // Nobody withdraws: a raid that runs on asks the board more.
    let legal = boardCommands(plane.state, legalCommands(plane.state, planeEnv), registry).filter(
      (c) => c.type !== "withdraw",
    )
    let taken: { c: Command; events: ReadonlyArray<Event>; before: State } | undefined
    while (legal.length > 0 && taken === undefined) {
      const c = policy(plane.state, legal)
      const r = command(plane, c, planeEnv)
      // A command the board refuses, outright or once it has measured (a move with no path within the
      // allowance): not taken — a declared table takes the player's word for the distance instead.
      if (
        Result.isFailure(r) ||
        r.success.events.slice(plane.events.length).some((e) => e.type === "refused")
      ) {
        legal = legal.filter((x) => x !== c)
        continue
      }
      taken = { c, events: r.success.events.slice(plane.events.length), before: plane.state }
      plane = r.success
    }
    if (taken === undefined) break
    const r = command(table, asDeclared(taken.c, taken.before), tableEnv)
    expect(Result.isSuccess(r), `the table takes ${JSON.stringify(taken.c)}`).toBe(true)
    table = Result.getOrThrow(r)
    feed(factAnswers(taken.events))
  }
  return { plane, table }
}

describe("one definition, two tables", () => {
  it("R-BOARD-02 R-BOARD-06 R-BOARD-14 a raid on a PlaneSpace and on a declared table told its answers give the same events", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        (b, d, p) => {
          const { plane, table } = playBoth(b, d, randomPolicy(p), 150)
          // The board was asked things (sight, contact, reach…), or the property says nothing.
          expect(factAnswers(plane.events).length).toBeGreaterThan(0)
          expect(table.events.map(normal)).toEqual(plane.events.map(normal))
        },
      ),
      { seed: 20261130, numRuns: 6 },
    )
  }, 180_000)

  it("R-BOARD-06 the sensible policy's raid on a board, retold to a declared table, matches to the end", () => {
    const { plane, table } = playBoth(7, 7, sensible(planeEnv), 1000)
    expect(plane.state.phase).toBe("over")
    expect(plane.events.some((e) => e.type === "moved" && e.reason !== undefined)).toBe(true)
    expect(table.events.map(normal)).toEqual(plane.events.map(normal))
  })
})
