import { StepDie } from "@blight/dice"
import { canUndo, hash } from "@blight/engine"
import { Result } from "effect"
import fc from "fast-check"
import { describe, it } from "vitest"
import { Game } from "../../src/index.js"
import { all, expect, type Log, PACK, party, seat, table } from "./helpers.js"

/** The table, seeded; or with every die typed in (seed undefined). */
const start = (seed: number | undefined): Log =>
  all(party(table(seed)), [
    [{ type: "npc", id: "g1", name: "goblin", hp: 5, attack: ["d6"], armor: "d4", resolve: 30 }, "referee"],
    [{ type: "npc", id: "g2", name: "goblin", hp: 6, attack: ["d6", "d6"], resolve: 50 }, "referee"],
    [{ type: "track", name: "torch", die: "d6" }, "referee"],
    seat("dee", "Dee", [0, 1, 0, 1], PACK, "ann"),
    [{ type: "structure", name: "cart", kind: "vehicle", size: "small" }, "referee"],
    [{ type: "structure", name: "barge", kind: "vehicle", size: "medium" }, "referee"],
    [{ type: "structure", name: "hut", kind: "light", size: "small" }, "referee"],
    [{ type: "land", seed: 7 }, "referee"],
  ])

const CHAIN = new Set<string>(StepDie.STEP_CHAIN)

/** HP, Focus, Slots and every Step Die within their bounds. */
const inBounds = (s: Game.GameState): void => {
  for (const m of Object.values(s.party)) {
    const a = m.adventurer
    expect(a.hp).toBeGreaterThanOrEqual(0)
    expect(a.hp).toBeLessThanOrEqual(a.maxHp)
    expect(a.focus).toBeGreaterThanOrEqual(0)
    expect(a.focus).toBeLessThanOrEqual(3)
    expect(a.slots).toBe(a.abilities.strength + 10)
    for (const g of m.gear) expect(CHAIN.has(g.die)).toBe(true)
  }
  for (const n of Object.values(s.npcs)) {
    expect(n.hp).toBeGreaterThanOrEqual(0)
    expect(n.hp).toBeLessThanOrEqual(n.maxHp)
  }
  for (const t of Object.values(s.trackers)) expect(CHAIN.has(t.die)).toBe(true)
  for (const w of Object.values(s.structures ?? {})) {
    expect(w.hp).toBeGreaterThanOrEqual(0)
    expect(w.hp).toBeLessThanOrEqual(w.maxHp)
  }
  if (s.light !== undefined) expect(s.light.lit).toBe(s.light.die !== "d0")
  for (const n of Object.values(s.npcs)) expect(n.resolve).toBeLessThanOrEqual(n.baseResolve)
  for (const f of s.land?.factions ?? []) expect(CHAIN.has(f.goal)).toBe(true)
  expect(s.clock.watch).toBeGreaterThanOrEqual(0)
  expect(s.clock.watch).toBeLessThan(4)
}

/** The sides of the die a waiting prompt asks for. */
const sidesWaiting = (g: Log): number => {
  const p = g.state.pending?.prompt
  return p?.kind === "dice" ? (p.sides ?? 6) : 6
}

/** Plays random legal commands (and undos), checking the kernel's promises after each. */
const walk = (seed: number | undefined, picks: ReadonlyArray<number>, faces = 1) => {
  let g = start(seed)
  for (const pick of picks) {
    const before = hash(g.state)
    // A command from the wrong seat is refused and changes nothing.
    const wrong = Game.play(g, { type: "check", character: "ann", ability: "strength" }, "bo")
    expect(Result.isFailure(wrong)).toBe(true)
    expect(hash(g.state)).toBe(before)
    const options = Game.legal(g.state)
    // Dice typed in: the faces a player calls out (a walk's own fixed face, kept on the die).
    const typed = (c: Game.Command): Game.Command =>
      c.type === "roll"
        ? { type: "roll", faces: c.faces.map(() => 1 + ((faces + pick) % sidesWaiting(g))) }
        : c
    const command: Game.Command =
      pick % 9 === 0
        ? { type: "undo" }
        : typed(options[pick % Math.max(1, options.length)] ?? { type: "undo" })
    const r = Game.play(g, command)
    if (Result.isFailure(r)) {
      // A refused command changes nothing.
      expect(hash(g.state)).toBe(before)
      continue
    }
    const batch = r.success.events.slice(g.events.length)
    g = r.success
    // Undo never passes a roll: after a batch that rolled, nothing can be undone.
    if (command.type !== "undo" && batch.some((e) => e.type === "answered" && Array.isArray(e.answer)))
      expect(canUndo(g.state)).toBe(false)
    inBounds(g.state)
  }
  return g
}

/** How many events of each kind a walk made (to see the walks reach fights, not only checks). */
export const kinds = (g: Log): Record<string, number> => {
  const out: Record<string, number> = {}
  for (const e of g.events) out[e.type] = (out[e.type] ?? 0) + 1
  return out
}

describe("the game's properties over random legal commands", () => {
  it("R-N-GAME-03 the fold equals the live state, a replay gives the same hash, undo never passes a roll, a refusal changes nothing, bounds hold", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat({ max: 500 }), { maxLength: 60 }),
        (seed, picks) => {
          const g = walk(seed, picks)
          expect(hash(Game.replay(g.events))).toBe(hash(g.state))
          expect(hash(Game.rebuild(g.events))).toBe(hash(g.state))
          // The log's commands, played again, decide the same events.
          expect(hash(Result.getOrThrow(Game.redecide(g.events)).events)).toBe(hash(g.events))
        },
      ),
      { numRuns: 40 },
    )
  })

  it("R-N-GAME-02 R-N-GAME-03 with dice typed in: the same promises, every answer re-decided from the log", () => {
    fc.assert(
      fc.property(fc.nat({ max: 100 }), fc.array(fc.nat({ max: 500 }), { maxLength: 60 }), (faces, picks) => {
        const g = walk(undefined, picks, faces)
        expect(hash(Game.replay(g.events))).toBe(hash(g.state))
        expect(hash(Result.getOrThrow(Game.redecide(g.events)).events)).toBe(hash(g.events))
      }),
      { numRuns: 40 },
    )
  })

  it("R-N-GAME-03 random walks reach fights, attacks, rests, journeys, the depths, structures and the Land", () => {
    const seen = new Set<string>()
    for (let seed = 1; seed <= 15; seed++)
      for (const k of Object.keys(
        kinds(
          walk(
            seed,
            Array.from({ length: 80 }, (_, i) => (i * 37 + seed * 11) % 500),
          ),
        ),
      ))
        seen.add(k)
    for (const k of [
      "fightBegan",
      "attacked",
      "fightEnded",
      "checked",
      "timePassed",
      "undone",
      "journeyed",
      "lightChanged",
      "fated",
      "structureChanged",
      "landChanged",
      "needsRuled",
    ])
      expect(seen).toContain(k)
  })

  it("R-N-GAME-01 every command listed as legal for a seat is one that seat may give", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.array(fc.nat({ max: 500 }), { maxLength: 30 }),
        (seed, picks) => {
          const g = walk(seed, picks)
          for (const seat of ["ann", "bo", "cy", "referee"])
            for (const c of Game.legal(g.state, seat)) {
              const r = Game.play(g, c, seat)
              if (Result.isFailure(r)) expect(r.failure.clause).not.toBe("R-N-GAME-01")
            }
        },
      ),
      { numRuns: 15 },
    )
  })
})
