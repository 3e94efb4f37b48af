/**
 * Board scenes for the creatures' behaviours (B-BEHAVIOUR-01..14): a creature and survivors placed
 * on a small board, the creature's plan run against a PlaneSpace, and what it went for, where it
 * stopped and whom it Fought read from the events.
 */
import { envOf } from "../../src/battle/Battle.js"
import { Ctx, Suspend } from "../../src/battle/Context.js"
import { blankCreature } from "../../src/battle/combat/Blight.js"
import { activateCreature } from "../../src/battle/creatures/Hunt.js"
import type { Event } from "../../src/battle/Event.js"
import { draftOf } from "../../src/battle/Evolve.js"
import type { Model, State } from "../../src/battle/State.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { at, board, registry, stateOn } from "./fixtures.js"

export const env = envOf(registry, make(registry))
export const A3 = "wharfside.3"
export const A4 = "wharfside.4"

export type Pt = { x: number; y: number }

/** A board state with survivors where given, and creatures (id → creature and place). */
export const scene = (
  where: Record<string, Pt>,
  creatures: Record<string, { ref: string; at: Pt; patch?: Partial<Model> }>,
  options: { terrain?: Parameters<typeof board>[0]; patch?: Record<string, Partial<Model>> } = {},
): State => {
  const base = at(stateOn(board(options.terrain ?? [])), where, false, options.patch ?? {})
  const s: State = {
    ...base,
    round: 1,
    phase: "activations",
    tokens: base.tokens.filter((t) => t.kind === "lair"),
    sides: [
      ...base.sides,
      {
        id: "brood-1",
        kind: "brood",
        name: "the Blight",
        initiative: 1,
        starting: 0,
        routed: false,
        withdrew: false,
        improvements: [],
        drawn: { reloads: 0, arrows: 0, bolts: 0 },
        used: {},
      },
    ],
  }
  const ctx = new Ctx(draftOf(s), env, [])
  const made = Object.entries(creatures).map(([id, c]) => ({
    ...blankCreature(ctx, id, "brood-1", c.ref),
    position: c.at,
    placed: c.at,
    ...(c.patch ?? {}),
  }))
  return { ...s, models: [...s.models, ...made] }
}

/** Runs a creature's activation (or a survivor's trigger) and returns its events. */
export const run = (s: State, f: (ctx: Ctx) => void): Event[] => {
  const ctx = new Ctx(draftOf(s), env, [])
  try {
    f(ctx)
  } catch (e) {
    // A Fight may wait for a player's choice (Blight dice): what happened before it stands.
    if (!(e instanceof Suspend)) throw e
  }
  return ctx.game
}
export const activate = (s: State, id: string) => run(s, (ctx) => activateCreature(ctx, id))

export const movedOf = (events: Event[], id: string) =>
  events.find((e): e is Extract<Event, { type: "moved" }> => e.type === "moved" && e.model === id)
export const fought = (events: Event[], id: string) =>
  events.flatMap((e) => (e.type === "attack.rolled" && e.attacker === id ? [e.target] : []))
export const wentFor = (s: State, events: Event[], id: string): string | undefined => {
  const m = movedOf(events, id)
  const name = m?.reason?.replace(/^goes for /, "")
  return s.models.find((x) => x.name === name)?.id
}
