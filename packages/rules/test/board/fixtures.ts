/**
 * Board fixtures: the two example rosters founded with seeded dice, set up on a given board (no
 * engine steps run), and helpers to put models where a test wants them.
 */
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { evolve } from "../../src/battle/Evolve.js"
import { setup } from "../../src/battle/Setup.js"
import type { Model, State } from "../../src/battle/State.js"
import type { Board, Terrain } from "../../src/battle/table/board/Board.js"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"

export const registry = coreRegistry()

const roster = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))

export const refuges = [
  Result.getOrThrow(found(roster("refuge"), registry, { source: seeded(3) })),
  Result.getOrThrow(found(roster("congregation"), registry, { source: seeded(3) })),
]

/** An empty 36" board with the given terrain. */
export const board = (terrain: ReadonlyArray<Terrain> = [], extra: Partial<Board> = {}): Board => ({
  width: 36,
  height: 36,
  terrain,
  lairs: [
    { x: 3, y: 3 },
    { x: 33, y: 33 },
  ],
  loot: [
    { x: 6, y: 18 },
    { x: 12, y: 18 },
    { x: 18, y: 18 },
    { x: 24, y: 18 },
    { x: 30, y: 18 },
  ],
  ...extra,
})

/** A rectangle of terrain. */
export const rect = (
  id: string,
  kind: Terrain["kind"],
  x0: number,
  y0: number,
  x1: number,
  y1: number,
): Terrain => ({
  id,
  kind,
  polygon: `${x0},${y0} ${x1},${y0} ${x1},${y1} ${x0},${y1}`,
})

/** A raid's first state on a board (before the engine's first step). */
export const stateOn = (b: Board, options: { seed?: number } = {}): State =>
  Result.getOrThrow(setup({ refuges, dice: { seed: options.seed ?? 7 }, board: b }, registry))

/** Puts models at points (and takes every model not named off the table, unless `keep`). */
export const at = (
  s: State,
  where: Readonly<Record<string, { x: number; y: number }>>,
  keep = false,
  patch: Readonly<Record<string, Partial<Model>>> = {},
): State => ({
  ...s,
  models: s.models.map((m) => {
    const p = where[m.id]
    const base = p
      ? { ...m, position: p }
      : keep
        ? m
        : { ...m, position: undefined as never, status: "fled" as const }
    return { ...base, ...(patch[m.id] ?? {}) }
  }),
})

export const A = "wharfside.1"
export const B = "the-gardeners-of-carrow-fields.1"
export const A2 = "wharfside.2"
export const B2 = "the-gardeners-of-carrow-fields.2"

/** A model's activation under way, with its two actions (as the engine starts one). */
export const activating = (s: State, model: string): State =>
  evolve(
    { ...s, round: Math.max(1, s.round), phase: "activations" },
    { type: "activation.start", model, actions: 2 },
  )
