/**
 * Fidelity, scripted: content's `spawn` effect "at the nearest Lair or Blight edge" brings its
 * creatures where any creature arrives — the Lair or Blight edge nearest the noisiest survivor
 * (B-CREATURE-06, R-WORLD-16) — on a declared table (said to the table) and on a board (placed).
 */
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { doEffect } from "../../src/battle/effects/Triggers.js"
import type { Model } from "../../src/battle/State.js"
import type { Effect } from "../../src/vocabulary/Effect.js"
import { refuge, SCENARIOS, started, withScenarios } from "../battle/fixtures.js"
import { A, at, board, stateOn } from "../board/fixtures.js"
import { run } from "../board/scenes.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

const SPAWN: Effect = { kind: "spawn", creature: "husk", count: 1, at: "nearestLairOrEdge" } as Effect

/** A homebrew skill: at the end of each of its activations, a Husk comes to the nearest Lair or Blight edge. */
const beacon = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("beacon", {
      skills: [
        {
          id: "beacon",
          name: "Beacon",
          provenance: "provisional",
          list: "know-how",
          text: "At the end of its activation, a Husk comes to the nearest Lair or Blight edge.",
          effects: [{ kind: "trigger", on: "activation.end", do: [SPAWN] }],
        },
      ],
    }),
  ),
)

const arrivals = (t: ReturnType<typeof started>) =>
  t.battle.events.flatMap((e) => (e.type === "creature.arrives" ? [e.at] : []))

describe("spawn at the nearest Lair or Blight edge, on a declared table (B-CREATURE-06)", () => {
  const table = () =>
    started({
      refuges: [refuge("A", [{ leader: true, skills: ["beacon"] }, {}]), refuge("B", [{ leader: true }, {}])],
      env: beacon,
    })

  it("B-CREATURE-06 R-WORLD-16 the table is told the Lair or Blight edge nearest the noisiest survivor, not the first Lair", () => {
    const t = table()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 }) // 1 Noise (B-NOISE-03)
    t.do({ type: "endActivation", model: "a.1" })
    expect(arrivals(t)).toEqual(["the Lair or Blight edge nearest A 1"])
  })

  it("B-CREATURE-06 R-BATTLE-24 with nobody making Noise the players choose the Lair or Blight edge", () => {
    const t = table()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    expect(arrivals(t)).toEqual([
      "the Lair or Blight edge the players choose (no survivor has Noise, R-BATTLE-24)",
    ])
  })
})

describe("spawn at the nearest Lair or Blight edge, on a board (B-CREATURE-06, R-BOARD-09)", () => {
  /** The Husk's spot when A (2 Noise) stands at `where`. */
  const spawnedBy = (where: { x: number; y: number }) => {
    const s = at(stateOn(board()), { [A]: where }, false, { [A]: { noise: 2 } })
    const owner = s.models.find((m) => m.id === A) as Model
    const e = run(s, (ctx) => doEffect(ctx, owner, SPAWN, "test"))
    const arrived = e.find((x) => x.type === "creature.arrives")
    return arrived?.type === "creature.arrives" ? arrived.model.position : undefined
  }

  it("B-CREATURE-06 R-BOARD-09 it is placed by the Lair nearest the noisiest survivor, when a Lair is nearest", () => {
    const spot = spawnedBy({ x: 30, y: 30 })
    expect(Math.hypot(spot!.x - 33, spot!.y - 33)).toBeLessThan(2.5) // the south-east Lair
  })

  it("B-CREATURE-06 R-BOARD-09 and by the Blight edge, level with the noisiest survivor, when the edge is nearer than any Lair", () => {
    // The Refuges deploy north and south: east is a Blight edge, 2" from A; the Lairs are 20" or more away.
    const spot = spawnedBy({ x: 34, y: 12 })
    expect(Math.hypot(spot!.x - 35, spot!.y - 12)).toBeLessThan(2.5)
  })
})

/** A homebrew skill: at the end of each of its activations, a roll on the Lesser Encounter table. */
const caller = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("caller", {
      skills: [
        {
          id: "caller",
          name: "Caller",
          provenance: "provisional",
          list: "know-how",
          text: "At the end of its activation, roll on the Lesser Encounter table.",
          effects: [
            {
              kind: "trigger",
              on: "activation.end",
              do: [{ kind: "spawn", encounter: "lesser", at: "nearestLairOrEdge" }],
            },
          ],
        },
      ],
    }),
  ),
)

describe("spawn by a roll on an Encounter table (B-ENCOUNTER-03, docs/homebrew.md)", () => {
  it("B-ENCOUNTER-03 B-CREATURE-06 a spawn naming an Encounter table rolls on it and the row's creatures arrive", () => {
    const t = started({
      refuges: [refuge("A", [{ leader: true, skills: ["caller"] }, {}]), refuge("B", [{ leader: true }, {}])],
      env: caller,
    })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 }) // 1 Noise
    t.do({ type: "endActivation", model: "a.1" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    t.roll(1, 1)
    const rolled = t.battle.events.find((e) => e.type === "encounter.rolled")
    expect(rolled).toMatchObject({ table: "lesser", faces: [1, 1] })
    expect(arrivals(t).length).toBeGreaterThan(0)
    expect(arrivals(t).every((a) => a === "the Lair or Blight edge nearest A 1")).toBe(true)
  })
})

describe("spawn at a Blight edge, and an Ambusher spawned at the nearest Lair (B-CREATURE-06, B-BEHAVIOUR-05, R-BATTLE-48)", () => {
  it("B-CREATURE-06 R-BOARD-09 a spawn at a Blight edge is placed by the edge even when a Lair is nearer the noisiest survivor", () => {
    const s = at(stateOn(board()), { [A]: { x: 30, y: 30 } }, false, { [A]: { noise: 2 } })
    const owner = s.models.find((m) => m.id === A) as Model
    const edge = { kind: "spawn", creature: "husk", count: 1, at: "blightEdge" } as Effect
    const e = run(s, (ctx) => doEffect(ctx, owner, edge, "test"))
    const arrived = e.find((x) => x.type === "creature.arrives")
    const spot = arrived?.type === "creature.arrives" ? arrived.model.position : undefined
    // The south-east Lair (33, 33) is 4.2" from A; the east Blight edge is 6" away.
    expect(spot!.x).toBeGreaterThan(34)
    expect(Math.abs(spot!.y - 30)).toBeLessThan(2.5)
  })

  it("B-BEHAVIOUR-05 R-BATTLE-48 an Ambusher spawned at the nearest Lair or edge lurks at the Lair when the table says a Lair is nearest", () => {
    const lurker = envOf(
      withScenarios(
        SCENARIOS,
        homebrewRegistry("lurker", {
          skills: [
            {
              id: "lurker",
              name: "Lurker",
              provenance: "provisional",
              list: "know-how",
              text: "At the end of its activation, a Rootmaw comes to the nearest Lair or Blight edge.",
              effects: [
                {
                  kind: "trigger",
                  on: "activation.end",
                  do: [{ kind: "spawn", creature: "rootmaw", count: 1, at: "nearestLairOrEdge" }],
                },
              ],
            },
          ],
        }),
      ),
    )
    const t = started({
      refuges: [refuge("A", [{ leader: true, skills: ["lurker"] }, {}]), refuge("B", [{ leader: true }, {}])],
      env: lurker,
    })
    const lairs = t.s.tokens
      .filter((x) => x.kind === "lair")
      .map((x) => x.id)
      .sort()
    expect(lairs.length).toBeGreaterThan(0)
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 }) // 1 Noise
    t.state({ query: { q: "nearest", a: "a.1", among: [...lairs, "blight-edge"] }, value: lairs[0]! })
    t.do({ type: "endActivation", model: "a.1" })
    const arrived = t.battle.events.flatMap((e) => (e.type === "creature.arrives" ? [e] : []))
    expect(arrived.map((e) => e.at)).toEqual([`Lair ${lairs[0]}`])
    expect(arrived[0]!.model.status).toBe("lurking")
  })
})
