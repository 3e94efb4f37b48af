/**
 * One object shape for each kind of the state's hot objects on the fast path: every model, side
 * and token is rebuilt with all its fields, in one order (the schema's), an absent optional field
 * held as undefined. V8 then sees one shape where the engine's makers give many (survivors and
 * creatures write their fields in other orders, `lair`, `terrain`, `downBy`, a side's `score`, a
 * token's `contents`... are there for some only or added later), and the code reading them is not
 * deoptimised and compiled again at each new shape it meets.
 *
 * Only the fast path reshapes (it owns its state): the JSON is the same but for its key order (a
 * key holding undefined is not written), and `Battle.hash` and equality as JSON ignore the order.
 *
 * @since 0.6.0
 */
import type { Event } from "../Event.js"
import type { Draft } from "../Evolve.js"
import type { Model, Side, State, Token } from "../State.js"

/** A model with every field, in the schema's order. */
export const shapeModel = (m: Model): Model => ({
  id: m.id,
  side: m.side,
  kind: m.kind,
  name: m.name,
  ref: m.ref,
  survivor: m.survivor,
  leader: m.leader,
  profile: m.profile,
  helmet: m.helmet,
  health: m.health,
  blight: m.blight,
  status: m.status,
  shaken: m.shaken,
  hidden: m.hidden,
  noise: m.noise,
  activated: m.activated,
  weapons: m.weapons,
  reloads: m.reloads,
  arrows: m.arrows,
  bolts: m.bolts,
  carrying: m.carrying,
  kit: m.kit,
  skills: m.skills,
  gifts: m.gifts,
  marks: m.marks,
  dreaded: m.dreaded,
  used: m.used,
  downBy: m.downBy,
  slainBy: m.slainBy,
  wasDown: m.wasDown,
  arrived: m.arrived,
  lair: m.lair,
  terrain: m.terrain,
  remembers: m.remembers,
  hunger: m.hunger,
  position: m.position,
  placed: m.placed,
  base: m.base,
})

/** A side with every field, in the schema's order. */
export const shapeSide = (s: Side): Side => ({
  id: s.id,
  kind: s.kind,
  name: s.name,
  initiative: s.initiative,
  score: s.score,
  starting: s.starting,
  routed: s.routed,
  withdrew: s.withdrew,
  edge: s.edge,
  home: s.home,
  improvements: s.improvements,
  drawn: s.drawn,
  used: s.used,
  trophies: s.trophies,
})

/** A token with every field, in the schema's order. */
export const shapeToken = (t: Token): Token => ({
  id: t.id,
  kind: t.kind,
  contents: t.contents,
  rich: t.rich,
  objective: t.objective,
  radius: t.radius,
  position: t.position,
})

type Parts = { models: Model[]; sides: Side[]; tokens: Token[] }

const reshapeAll = <T>(xs: T[], shape: (x: T) => T): void =>
  xs.forEach((x, i) => {
    xs[i] = shape(x)
  })

/** Reshapes a list's last element (what an event just added), if `added` says it is the one. */
const reshapeLast = <T>(xs: T[], shape: (x: T) => T, added: (x: T) => boolean = () => true): void => {
  const last = xs[xs.length - 1]
  if (last !== undefined && added(last)) xs[xs.length - 1] = shape(last)
}

/** Reshapes every model, side and token of a state the caller owns (the fast path's start). */
export const shapeState = (state: State): void => {
  const d = state as unknown as Parts
  reshapeAll(d.models, shapeModel)
  reshapeAll(d.sides, shapeSide)
  reshapeAll(d.tokens, shapeToken)
}

/** Reshapes what an event just applied in place added (a model, a side or a token, always last). */
export const shapeAdded = (draft: Draft, e: Event): void => {
  const d = draft as unknown as Parts
  switch (e.type) {
    case "creature.arrives":
    case "joined":
      reshapeLast(d.models, shapeModel)
      return
    case "side.added":
      reshapeLast(d.sides, shapeSide)
      return
    case "token.placed":
    case "loot.dropped": {
      // A drop of a token the model does not carry adds nothing.
      const id = e.type === "token.placed" ? e.token.id : e.token
      reshapeLast(d.tokens, shapeToken, (t) => t.id === id)
      return
    }
    default:
      return
  }
}
