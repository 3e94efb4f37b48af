import { readFileSync } from "node:fs"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Game } from "../../src/index.js"
import { all, type Log, PACK, party, seat, table } from "./helpers.js"

const decode = Schema.decodeUnknownSync(Game.GameEvent)
const encode = Schema.encodeSync(Game.GameEvent)

/** Every event decodes with the schema, and encodes back to the same JSON: the shape is kept. */
const decodesWhole = (events: ReadonlyArray<unknown>): void => {
  for (const [i, e] of events.entries()) {
    const json = JSON.parse(JSON.stringify(e))
    const decoded = (() => {
      try {
        return decode(json)
      } catch (error) {
        throw new Error(`event ${i} (${json.type}) does not decode: ${String(error)}`)
      }
    })()
    expect(JSON.parse(JSON.stringify(encode(decoded)))).toEqual(json)
  }
}

/** A seeded table with NPCs, a tracker, a fourth character, structures and the Land. */
const start = (seed: number): Log =>
  all(party(table(seed)), [
    [{ type: "npc", id: "g1", name: "goblin", hp: 5, attack: ["d6"], armor: "d4", resolve: 30 }, "referee"],
    [{ type: "track", name: "torch", die: "d6" }, "referee"],
    seat("dee", "Dee", [0, 1, 0, 1], PACK, "ann"),
    [{ type: "structure", name: "cart", kind: "vehicle", size: "small" }, "referee"],
    [{ type: "land", seed: 7 }, "referee"],
  ])

/** A long game of legal commands, picked deterministically from the seed. */
const longGame = (seed: number, steps: number): Log => {
  let g = start(seed)
  for (let i = 0; i < steps; i++) {
    const options = Game.legal(g.state)
    const command = options[(i * 37 + seed * 11) % Math.max(1, options.length)] ?? { type: "undo" as const }
    const r = Game.play(g, command)
    if (Result.isSuccess(r)) g = r.success
  }
  return g
}

describe("the game's events as a schema", () => {
  it("R-N-GAME-03 every event of the example session's log decodes and encodes back unchanged", () => {
    const url = new URL("../../../../examples/nightsong/session.json", import.meta.url)
    const file = JSON.parse(readFileSync(url, "utf8")) as { events: ReadonlyArray<unknown> }
    expect(file.events.length).toBeGreaterThan(100)
    decodesWhole(file.events)
  })

  it("R-N-GAME-03 every event of long seeded games of legal commands decodes and encodes back unchanged", () => {
    const kinds = new Set<string>()
    for (let seed = 1; seed <= 8; seed++) {
      const g = longGame(seed, 120)
      decodesWhole(g.events)
      for (const e of g.events) kinds.add(e.type)
    }
    // The walks reach fights, attacks, the depths and the Land, not only Checks.
    for (const k of ["started", "commanded", "prompted", "answered", "joined", "attacked", "landChanged"])
      expect(kinds).toContain(k)
    expect(kinds.size).toBeGreaterThan(20)
  })

  it("R-N-GAME-02 an event the game never logs is refused, naming the path", () => {
    expect(() => decode({ type: "attacked", attacker: "ann" })).toThrow(/target/)
    expect(() => decode({ type: "nosuch" })).toThrow()
  })
})
