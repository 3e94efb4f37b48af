/**
 * Policies: who decides for a side when no person does. A policy sees the raid as a player may
 * (`Battle.view`: no dice state) and the commands open to it, and picks one. Two are given: a
 * seeded random one (its randomness from a `@blight/dice` source) and a simple sensible one —
 * fight what it touches, shoot what it can see, search Loot it touches, carry Loot home, else
 * move towards Loot or the nearest enemy.
 *
 * On a board, plain moves have no end point, so {@link boardCommands} turns each into concrete
 * moves (towards each Loot token and enemy, and the four ways along the table) that a policy can
 * pick from; on a declared table it adds, for a model carrying Loot, the move off its own edge.
 *
 * Exported for the CLI: `Policy.random(seed)`, `Policy.sensible(env)`, `Policy.boardCommands(state, legal, content)`;
 * `Policy.ordered(policy)` marks a policy the auto-player may show the unchecked commands (see there);
 * `Policy.staged(policy, staging)` says when a policy needs no concrete moves, so that a board's
 * concrete moves (the dearest part of a decision) are made only when it will look at them (see {@link Staging});
 * `Policy.answersPrompts(policy)` one whose choices the fast path may answer where they are asked;
 * `Policy.quick(policy, pick)` one that can pick on a declared table without the whole list made
 * (see {@link QuickPick}; `sensible` is).
 *
 * @since 0.3.0
 */
import { type Prng, seeded } from "@blight/dice"
import { atNamed, type Command, type CommandOf } from "../Command.js"
import type { Env } from "../Context.js"
import { candidatesOfType, type QuickType } from "../Legal.js"
import { areEnemies } from "../round/Turn.js"
import { type Model, modelIn, type State } from "../State.js"
import { ruled, type TerrainSource } from "../table/board/Ground.js"
import { answer, towards } from "../table/board/PlaneSpace.js"
import { at, known } from "../../terms/Indexed.js"

/** Who a policy decides for, and the content the raid is played with. */
export interface PolicyContext {
  /** The side deciding (a prompt's addressee, or the side of the model on turn). */
  readonly side: string
  readonly env?: Env | undefined
}

/**
 * A policy: picks one command among the legal ones (never empty), seeing the raid as its side
 * may (`Battle.view`: every model and token on the table, never the dice state). Implement it to
 * plug in a bot of your own; `context` says which side it plays.
 */
export type Policy = (view: State, legal: ReadonlyArray<Command>, context?: PolicyContext) => Command

/**
 * A seeded random policy: any legal command but Withdraw (R-SIM-02: a coin that may quit at every
 * turn would end nearly every raid in round 1 and measure nothing).
 */
export const random = (seed: Prng.Seed): Policy => {
  const src = seeded(seed)
  return (_view, legal) => {
    const open = legal.filter((c) => c.type !== "withdraw")
    const from = open.length > 0 ? open : legal
    return at(from, src.die(from.length) - 1)
  }
}

/** A pick that is not early: a policy given a non-empty list always falls back on one of it. */
export const latePick = (c: Command | undefined): Command => known(c, "command picked from a non-empty list")

const orderedOnes = new WeakSet<Policy>()

/**
 * Marks a policy as ordered: from any list of commands it picks the first under an order fixed by
 * the view and the list's own order, whatever else is listed (so striking off a pick and asking
 * again yields the next in that order). Auto-play may then hand it the commands before their
 * legality is checked and check only what it picks, striking off refused picks: the pick is the
 * same as from the legal commands (`legalCommands` keeps candidates in their order), for far fewer
 * legality probes.
 */
export const ordered = (policy: Policy): Policy => {
  orderedOnes.add(policy)
  return policy
}

/** Whether a policy was marked {@link ordered}. */
export const isOrdered = (policy: Policy): boolean => orderedOnes.has(policy)

/** A policy's pick when it can make it without concrete moves, else undefined (see {@link Staging}). */
export type EarlyPick = (
  view: State,
  legal: ReadonlyArray<Command>,
  context?: PolicyContext,
) => Command | undefined

/**
 * What a policy tells the auto-player so that, on a board, the concrete moves of
 * {@link boardCommands} are made only when the policy will look at them: most decisions end in a
 * shot, a fight or a search, and making a model's moves costs path searches for each of them.
 * "Plain" moves and Sprints are the templates `{ type, model }` with no end point; `E(L)` is the
 * list with its plain moves made concrete in place (the other commands stay, in their order).
 */
export interface Staging {
  /**
   * Its pick from a list L with plain moves, when that pick does not depend on them: whenever
   * `early(view, L)` is a command c, the policy picks c from `E(L)` too. So it reads only the
   * commands that are the same in both (never a plain move, never the list's ends as a fallback).
   */
  readonly early?: EarlyPick | undefined
  /**
   * Concrete Sprints matter to it only as a last resort: from a list holding an `endActivation`,
   * it picks the same with plain Sprints left as they are as with them made concrete.
   */
  readonly sprintsLast?: boolean | undefined
}

const stagings = new WeakMap<Policy, Staging>()

/** Marks a policy with its {@link Staging} (only when it has those properties). */
export const staged = (policy: Policy, staging: Staging): Policy => {
  stagings.set(policy, staging)
  return policy
}

/** A policy's {@link Staging}, if it was marked {@link staged}. */
export const stagingOf = (policy: Policy): Staging | undefined => stagings.get(policy)

/**
 * A policy's pick on a declared table with no prompt waiting, made without listing every command
 * (most picks are a fight, a shot or a search, and the list makes every move into contact first),
 * or undefined when it needs the list. Whenever it is a command c, the policy picks a command equal
 * to c from `boardCommands(state, candidates(state))`; the policy must be {@link ordered} (a refused
 * pick is struck off the list and the policy asks again).
 */
export type QuickPick = (state: State, env: Env) => Command | undefined

const quicks = new WeakMap<Policy, QuickPick>()

/** Marks an {@link ordered} policy with its {@link QuickPick}. */
export const quick = (policy: Policy, pick: QuickPick): Policy => {
  quicks.set(policy, pick)
  return policy
}

/** A policy's {@link QuickPick}, if it was marked {@link quick}. */
export const quickOf = (policy: Policy): QuickPick | undefined => quicks.get(policy)

/**
 * The commands a policy reads, by type, and the list's ends: from the list itself, or (quick) made
 * one type at a time where the list's ends are not known.
 */
interface Listing {
  readonly ofType: <T extends Command["type"]>(type: T) => ReadonlyArray<CommandOf<T>>
  readonly first: Command | undefined
  readonly last: Command | undefined
  readonly all: ReadonlyArray<Command>
}

const listed = (legal: ReadonlyArray<Command>): Listing => ({
  ofType: <T extends Command["type"]>(type: T) => legal.filter((c) => c.type === type) as Array<CommandOf<T>>,
  first: legal[0],
  last: legal[legal.length - 1],
  all: legal,
})

/**
 * `boardCommands(state, candidates(state))` of a declared table, one type at a time (see
 * `Legal.candidatesOfType`; moves with their exits, which that list puts last). Only where a model
 * is activating and no prompt waits.
 */
const madeByType = (state: State, env: Env): Listing => ({
  ofType: <T extends Command["type"]>(type: T) => {
    const made = (candidatesOfType(state, env, type as QuickType) ?? []) as Command[]
    if (type === "move") pushExits(state, made, made)
    return made as Array<CommandOf<T>>
  },
  first: undefined,
  last: undefined,
  all: [],
})

/**
 * How the built-in policies answer a prompt: no Blight dice ("0") when that is offered, else the
 * first answer. The one rule, read two ways: as an option among a prompt's options, and as the
 * command among the legal ones (undefined when "0" is not offered: the policy takes the list's first).
 */
const NO_BLIGHT = "0"
const chosenOption = (options: ReadonlyArray<string>): string | undefined =>
  options.includes(NO_BLIGHT) ? NO_BLIGHT : options[0]
export const noBlightChoice = (legal: ReadonlyArray<Command>): Command | undefined =>
  legal.find((c) => c.type === "choose" && c.option === NO_BLIGHT)

const answeringOnes = new WeakSet<Policy>()

/**
 * Marks a policy that answers every choice as {@link noBlightChoice} says, whatever else it sees.
 * The fast path may then answer its choices as the rules ask them (`Auto.playInPlace`), instead of
 * the command waiting and running again with the answer: the same answer, the same raid.
 */
export const answersPrompts = (policy: Policy): Policy => {
  answeringOnes.add(policy)
  return policy
}

/** The option a policy marked {@link answersPrompts} picks, or undefined for any other policy. */
export const promptAnswer = (policy: Policy, options: ReadonlyArray<string>): string | undefined =>
  answeringOnes.has(policy) ? chosenOption(options) : undefined

export const allowanceOf = (m: Model, sprint: boolean): number =>
  Math.max(0, m.profile.move - (m.carrying.length > 0 ? 1 : 0)) + (sprint ? 3 : 0)

/** The kinds of plain move {@link boardCommands} makes concrete. */
export type MoveKind = "move" | "sprint"
const BOTH: ReadonlyArray<MoveKind> = ["move", "sprint"]

/** Whether a command is a plain move or Sprint on a board: no end point yet. */
export const isPlainMove = (c: Command): c is Extract<Command, { type: MoveKind }> =>
  (c.type === "move" || c.type === "sprint") && c.contact === undefined && c.to === undefined && !c.offTable

/**
 * Concrete moves for a board: plain moves become moves to points (see the file header). Only the
 * plain moves of `kinds` are made concrete; the others stay in the list as they are (a policy's
 * {@link Staging} says when that is enough).
 */
export const boardCommands = (
  state: State,
  legal: ReadonlyArray<Command>,
  terrain: TerrainSource,
  kinds: ReadonlyArray<MoveKind> = BOTH,
): Command[] => {
  if (!state.board) {
    const out = [...legal]
    pushExits(state, legal, out)
    return out
  }
  const board = ruled(state.board, terrain)
  const out: Command[] = []
  for (const c of legal) {
    if (!isPlainMove(c) || !kinds.includes(c.type)) {
      out.push(c)
      continue
    }
    const m = state.models.find((x) => x.id === c.model)
    if (!m?.position) continue
    const inches = allowanceOf(m, c.type === "sprint")
    // Towards the two nearest Loot tokens and the two nearest enemies, and the centre.
    const nearest = <T extends { id: string; position?: { x: number; y: number } | undefined }>(xs: T[]) =>
      xs
        .filter((x) => x.position)
        .sort((a, b) => dist(m, a) - dist(m, b) || (a.id < b.id ? -1 : 1))
        .slice(0, 2)
        .map((x) => x.id)
    const subjects = [
      ...nearest(state.tokens.filter((t) => t.kind === "loot")),
      ...nearest(state.models.filter((o) => o.status === "active" && areEnemies(m, o))),
      "centre",
    ]
    const seen = new Set<string>()
    // One search for both kinds of move of a model that may also sprint (see `towards`).
    const sprints =
      c.type === "move" &&
      kinds.includes("sprint") &&
      legal.some((x) => x.type === "sprint" && x.model === c.model && isPlainMove(x))
    const ends = towards(state, board, m, subjects, inches, sprints ? allowanceOf(m, true) : inches)
    for (const s of subjects) {
      const o = ends.get(s)
      if (!o?.to || o.distance < 0.25) continue
      const key = `${o.to.x},${o.to.y}`
      if (seen.has(key)) continue
      seen.add(key)
      out.push({ type: c.type, model: c.model, to: o.to })
    }
    const side = state.sides.find((s) => s.id === m.side)
    if (m.carrying.length > 0 && side?.edge) out.push({ type: c.type, model: c.model, offTable: true })
  }
  return out
}

/**
 * A declared table's moves off it: a carrier may declare it leaves by its own edge (the table says
 * if it reaches), one for each plain move or Sprint of `legal`, pushed onto `out` in that order.
 */
const pushExits = (state: State, legal: ReadonlyArray<Command>, out: Command[]): void => {
  for (const c of legal)
    if ((c.type === "move" || c.type === "sprint") && c.contact === undefined && !c.offTable) {
      const m = state.models.find((x) => x.id === c.model)
      if (m && m.carrying.length > 0) out.push({ type: c.type, model: c.model, offTable: true })
    }
}

export const dist = (a: Model, b: { position?: { x: number; y: number } | undefined }): number =>
  a.position && b.position ? Math.hypot(a.position.x - b.position.x, a.position.y - b.position.y) : 99

/** {@link ordered} and {@link answersPrompts}: the built-in policies but `random`. */
export const orderedAnswering = (policy: Policy): Policy => answersPrompts(ordered(policy))

/**
 * The simple sensible policy (see the file header). It is {@link ordered}: each step takes the
 * first command of a kind (nearest first, ties in list order), and its fallbacks are the list's
 * first or last command. It is {@link staged}: its steps up to a move into contact read no concrete
 * move, and it looks at Sprints only when it may not end the activation.
 */
export const sensible = (env: Env): Policy =>
  quick(
    staged(
      orderedAnswering((view, legal) => latePick(sensiblePick(env, view, listed(legal), false))),
      { early: (view, legal) => sensiblePick(env, view, listed(legal), true), sprintsLast: true },
    ),
    (state, env2) =>
      state.board === undefined && state.activation !== undefined && state.pending?.prompt === undefined
        ? sensiblePick(env, state, madeByType(state, env2), false)
        : undefined,
  )

/**
 * The sensible policy's steps in order. With `early` it stops (undefined) at the first step that
 * would read a concrete move or fall back on the list's ends: what it picks before that is its
 * pick whatever concrete moves the list holds ({@link Staging}).
 */
const sensiblePick = (env: Env, view: State, legal: Listing, early: boolean): Command | undefined => {
  const first = <T extends Command["type"]>(type: T): CommandOf<T> | undefined => legal.ofType(type)[0]
  const fallback = (c: Command | undefined): Command | undefined => (early ? undefined : c)
  // Prompts: take no Blight dice and the first answer offered.
  if (view.pending?.prompt) return noBlightChoice(legal.all) ?? fallback(legal.first)
  const a = view.activation
  if (!a) return first("activate") ?? fallback(legal.first)
  const m = modelIn(view, a.model)
  const byDist = <C extends { target?: string | undefined; token?: string | undefined }>(
    cs: ReadonlyArray<C>,
  ): ReadonlyArray<C> => {
    // Without a place (a declared table) every distance is the same: the list's order stands.
    if (!m.position || cs.length < 2) return cs
    const far = (c: C) => {
      const id = c.target ?? c.token
      return dist(m, view.models.find((o) => o.id === id) ?? view.tokens.find((t) => t.id === id) ?? {})
    }
    // Each distance once (the sort is stable: ties stay in the list's order).
    const keyed = cs.map((c) => ({ c, d: far(c) }))
    return keyed.sort((x, y) => x.d - y.d).map((k) => k.c)
  }
  const fights = byDist(legal.ofType("fight"))
  const standing = fights.find((c) => view.models.find((o) => o.id === c.target)?.status === "active")
  const fight = standing ?? fights[0]
  if (fight) return fight
  const shots = byDist(legal.ofType("shoot").filter(atNamed))
  if (shots.length > 0 && view.board) {
    const board = ruled(view.board, env.content)
    const seen = shots.find((c) => answer(view, board, { q: "sees", a: m.id, b: c.target }) === true)
    if (seen) return seen
  } else if (shots[0]) return shots[0]
  const search = first("search")
  if (search) return search
  const reload = first("reload")
  if (reload && a.actionsLeft > 0) return reload
  // The moves only where a step reads them (made one type at a time, they are every move into contact).
  let moves: ReadonlyArray<CommandOf<"move">> | undefined
  const movesOf = () => (moves ??= legal.ofType("move"))
  if (m.carrying.length > 0) {
    // Home, or the concrete move nearest the own edge.
    if (early) return undefined
    const home = movesOf().find((c) => c.offTable)
    if (home) return home
    const edge = view.sides.find((s) => s.id === m.side)?.edge
    const towardsEdge = placedMoves(movesOf()).sort(
      (x, y) => edgeGap(view, edge, x.to) - edgeGap(view, edge, y.to),
    )[0]?.c
    if (towardsEdge) return towardsEdge
  }
  const target =
    nearest(m, view.tokens, (t) => t.kind === "loot")?.id ??
    nearest(m, view.models, (o) => o.status === "active" && areEnemies(m, o))?.id
  if (target) {
    // Moves are listed only with actions left; on a declared table the table says if one reaches.
    const contact = a.actionsLeft > 0 ? movesOf().find((c) => c.contact?.[0] === target) : undefined
    if (contact && reachable(view, env, m, target)) return contact
    // A step: the concrete move ending nearest the target.
    if (early) return undefined
    const pos =
      view.tokens.find((t) => t.id === target)?.position ?? view.models.find((o) => o.id === target)?.position
    const step = pos
      ? placedMoves(movesOf()).sort(
          (x, y) => Math.hypot(x.to.x - pos.x, x.to.y - pos.y) - Math.hypot(y.to.x - pos.x, y.to.y - pos.y),
        )[0]?.c
      : undefined
    if (step && a.actionsLeft > 0) return step
  }
  return first("endActivation") ?? fallback(legal.last)
}

/**
 * The first of `xs` that `keep` keeps, nearest `m` first and then by id: the first of them sorted
 * so, found without sorting (ids differ, so no two tie).
 */
const nearest = <T extends { id: string; position?: { x: number; y: number } | undefined }>(
  m: Model,
  xs: ReadonlyArray<T>,
  keep: (x: T) => boolean,
): T | undefined => {
  let best: T | undefined
  let bestDist = 0
  for (const x of xs) {
    if (!keep(x)) continue
    const d = dist(m, x)
    if (best === undefined || d < bestDist || (d === bestDist && x.id < best.id)) {
      best = x
      bestDist = d
    }
  }
  return best
}

/**
 * Whether a move into contact with `target` is worth declaring: on a board, whether the model's
 * Move reaches it (never, with no content to read the board by); on a declared table always (the
 * table says whether it reaches, and a move that does not is struck off: R-SIM-01).
 */
export const reachable = (view: State, env: Env | undefined, m: Model, target: string): boolean =>
  view.board === undefined ||
  (env !== undefined &&
    answer(view, ruled(view.board, env.content), {
      q: "reach",
      a: m.id,
      b: target,
      inches: allowanceOf(m, false),
    }) === true)

/** The moves that end at a point (on a board), each with its point, in their order. */
export const placedMoves = <
  C extends { readonly to?: { readonly x: number; readonly y: number } | undefined },
>(
  moves: ReadonlyArray<C>,
) => moves.flatMap((c) => (c.to ? [{ c, to: c.to }] : []))

export const edgeGap = (view: State, edge: string | undefined, p: { x: number; y: number }): number => {
  const b = view.board
  if (!b || !edge) return 0
  return edge === "north" ? p.y : edge === "south" ? b.height - p.y : edge === "west" ? p.x : b.width - p.x
}
