/**
 * `legalCommands(state, env)`: what the side or model on turn may do now, as commands `decide`
 * accepts — for a UI, a bot, or `blight raid legal`. With a prompt waiting, the answers it takes
 * (a dice prompt lists one `roll` per face count shape; in a seeded raid dice never wait). On a
 * declared table, moves are listed as "into contact with X" for each model and token, and a plain
 * move; Shoot lists targets not already known to be out of sight or range.
 *
 * @since 0.2.0
 */

import { grantedActions } from "./actions/Act.js"
import type { Command, CommandOf } from "./Command.js"
import type { Env } from "./Context.js"
import { refusedOutright } from "./Decide.js"
import { areEnemies, canActivate, isPlayerSide, sideOnTurn } from "./round/Turn.js"
import { type Model, modelIn, type Prompt, type State } from "./State.js"
import { contactKey, getFact, seesFact, withinFact } from "./table/Facts.js"
import { declared } from "./table/Space.js"

/** The commands a side (or anyone, "any") may give now. */
export const legalCommands = (state: State, env: Env, by = "any"): Command[] =>
  candidates(state, env, by).filter(isLegal(state, env, by))

/**
 * Whether `legalCommands` keeps a command of `candidates`, one command at a time (for a caller that
 * asks only about the few it may pick; the state must not change between calls).
 */
export const isLegal = (state: State, env: Env, by = "any"): ((c: Command) => boolean) => {
  // On a declared table a move is trusted as declared: whom it names in contact (a model or token
  // on the table) changes nothing the rules check before it happens, so a move into contact is
  // refused exactly when the plain move of the same kind is; that one is probed once.
  const trusted = state.board === undefined && env.space.move === declared.move
  const plain = new Map<string, boolean>()
  const refused = (c: Command): boolean => {
    if (!trusted || (c.type !== "move" && c.type !== "sprint") || !plainContact(c))
      return refusedOutright(state, c, env, by)
    let r = plain.get(c.type)
    if (r === undefined) {
      r = refusedOutright(state, { type: c.type, model: c.model }, env, by)
      plain.set(c.type, r)
    }
    return r
  }
  return (c) =>
    c.type === "roll" ||
    c.type === "choose" ||
    c.type === "state" ||
    // On a board a plain move is a template (a bot or a UI picks the point), so it is checked
    // without its geometry: only the rules that forbid the action can rule it out.
    (state.board !== undefined &&
      (c.type === "move" || c.type === "sprint") &&
      c.to === undefined &&
      c.contact === undefined) ||
    !refused(c)
}

/** A move as `candidates` lists it: the model, and at most whom it ends in contact with. */
const plainContact = (c: CommandOf<"move" | "sprint">): boolean => {
  for (const k in c) if (k !== "type" && k !== "model" && k !== "contact") return false
  return true
}

/** The answers to a prompt, as commands (all legal while it waits). */
export const promptCandidates = (p: Prompt): Command[] => {
  if (p.kind === "dice") return [{ type: "roll", faces: Array.from({ length: p.dice }, () => 1) }]
  if (p.kind === "choice") return p.options.map((option) => ({ type: "choose", option }))
  return p.options.map((value) => ({ type: "state", facts: [{ query: p.query, value }] }))
}

/** Every command a side might give now, before the rules are asked (for `legalCommands`, and tests). */
export const candidates = (state: State, env: Env, by = "any"): Command[] => {
  if (state.phase === "over") return []
  const p = state.pending?.prompt
  if (p) {
    if (by !== "any" && p.by !== "any" && p.by !== by) return []
    return promptCandidates(p)
  }
  const out: Command[] = []
  const a = state.activation
  if (!a) {
    const side = sideOnTurn(state)
    if (!side || !isPlayerSide(side) || (by !== "any" && by !== side.id)) return []
    for (const m of state.models)
      if (m.side === side.id && m.kind === "survivor" && canActivate(state, m))
        out.push({ type: "activate", model: m.id })
    out.push({ type: "withdraw", side: side.id })
    return out
  }
  const m = modelIn(state, a.model)
  if (by !== "any" && by !== m.side) return []
  if (a.actionsLeft > 0) {
    const contactables = contactablesOf(state, m)
    const moves: Array<"move" | "sprint"> = a.shot ? ["move"] : ["move", "sprint"]
    for (const type of moves) pushMoves(type, m, contactables, out)
    if (!a.attacked) {
      pushShots(state, env, m, a, out)
      pushFights(state, m, out)
      if (
        !a.sprinted &&
        m.weapons.some((w) => !w.spent && env.content.get("weapons", w.weapon)?.type !== "melee")
      )
        out.push({ type: "aim", model: m.id })
    }
    pushUpkeep(env, m, out, true)
    pushSearches(state, m, out)
    for (const f of state.models) {
      if (f.side !== m.side || f.id === m.id || f.kind !== "survivor") continue
      const hurt = f.status === "down" || (f.status === "active" && f.health < f.profile.health)
      if (hurt && getFact(state.facts, { q: "contact", a: m.id, b: f.id }) === true)
        out.push({ type: "use", model: m.id, use: "aid", target: f.id })
    }
    for (const o of state.objectives) {
      if (o.token === undefined || getFact(state.facts, { q: "contact", a: m.id, b: o.token }) !== true)
        continue
      const items =
        o.kind === "bloomHeart"
          ? ["burn", "harvest"]
          : o.kind === "stranger"
            ? ["fight", "wits"]
            : [undefined]
      for (const item of items)
        out.push({ type: "use", model: m.id, use: "objective", target: o.token, ...(item ? { item } : {}) })
    }
    pushFireShots(state, env, m, a, out)
    if (!m.hidden) out.push({ type: "hide", model: m.id })
    if (m.shaken) out.push({ type: "steady", model: m.id })
    for (const g of grantedActions({ env }, m)) {
      if (g.times !== undefined && (m.used[g.key] ?? 0) >= g.times) continue
      if (g.grant.attack && a.attacked) continue
      const orders = g.grant.do.some((e) => e.kind === "hook" && e.hook === "core/order")
      if (!orders) out.push({ type: "act", model: m.id, action: g.grant.name })
      else
        for (const f of state.models)
          if (f.side === m.side && f.id !== m.id && f.status === "active")
            out.push({ type: "act", model: m.id, action: g.grant.name, target: f.id })
    }
    for (const g of m.gifts) {
      const entry = env.content.get("gifts", g)
      const grant = entry?.effects?.find((e) => e.kind === "grantAction")
      if (grant?.kind !== "grantAction" || (grant.attack && a.attacked)) continue
      const targeted = grant.do.some(
        (e) =>
          e.kind === "hook" &&
          (e.hook === "core/strike" || e.hook === "core/jam-weapon" || e.hook === "core/root"),
      )
      if (!targeted) out.push({ type: "gift", model: m.id, gift: g })
      else
        for (const t of state.models)
          if (t.status === "active" && areEnemies(m, t))
            out.push({ type: "gift", model: m.id, gift: g, target: t.id })
    }
  }
  out.push({ type: "endActivation", model: m.id })
  return out
}

type Activation = NonNullable<State["activation"]>

// The pieces of `candidates` for the activating model `m`, each pushing its commands onto `out`
// in the list's order (also for `candidatesOfType`, which makes one type alone).

/** Whom a move may end in contact with: each other model standing (or a Down friend), Loot token and objective. */
const contactablesOf = (state: State, m: Model): string[] => {
  const out: string[] = []
  for (const o of state.models)
    if (o.id !== m.id && (o.status === "active" || (o.status === "down" && o.side === m.side))) out.push(o.id)
  for (const t of state.tokens) if (t.kind === "loot" || t.kind === "objective") out.push(t.id)
  return out
}

/** A plain move of the type, then one into contact with each of `contactables`. */
const pushMoves = (
  type: "move" | "sprint",
  m: Model,
  contactables: ReadonlyArray<string>,
  out: Command[],
): void => {
  out.push({ type, model: m.id })
  for (const c of contactables) out.push({ type, model: m.id, contact: [c] })
}

/** Shots with each loaded ranged weapon at each enemy standing not known to be out of sight or range. */
const pushShots = (state: State, env: Env, m: Model, a: Activation, out: Command[]): void => {
  for (const w of m.weapons) {
    const entry = env.content.get("weapons", w.weapon)
    if (!entry || w.spent || w.jammed || a.sprinted) continue
    if (entry.type === "melee") continue
    if (entry.ammunition !== "none" && w.loaded === 0) continue
    for (const t of state.models) {
      if (t.status !== "active" || !areEnemies(m, t)) continue
      if (seesFact(state.facts, m.id, t.id) === false) continue
      if (withinFact(state.facts, m.id, t.id, entry.range ?? 0) === false) continue
      out.push({ type: "shoot", model: m.id, weapon: w.weapon, target: t.id })
    }
  }
}

/** Fights with each enemy standing or Down known to be in contact. */
const pushFights = (state: State, m: Model, out: Command[]): void => {
  for (const t of state.models) {
    if ((t.status !== "active" && t.status !== "down") || !areEnemies(m, t)) continue
    if (state.facts[contactKey(m.id, t.id)] === true) out.push({ type: "fight", model: m.id, target: t.id })
  }
}

/** Reloads (and, with `clearJams`, clearing a jam after each weapon's reload). */
const pushUpkeep = (env: Env, m: Model, out: Command[], clearJams: boolean): void => {
  for (const w of m.weapons) {
    const entry = env.content.get("weapons", w.weapon)
    if (!entry || w.spent || entry.ammunition === "none") continue
    const full = entry.ammunition === "reloads" ? (entry.mag ?? 1) : 1
    if (w.loaded < full && (m as Model)[entry.ammunition] > 0)
      out.push({ type: "reload", model: m.id, weapon: w.weapon })
    if (clearJams && w.jammed) out.push({ type: "use", model: m.id, use: "clearJam", weapon: w.weapon })
  }
}

/** Searches of each Loot token known to be in contact, by a model carrying nothing. */
const pushSearches = (state: State, m: Model, out: Command[]): void => {
  if (m.carrying.length > 0) return
  for (const t of state.tokens)
    if (t.kind === "loot" && state.facts[contactKey(m.id, t.id)] === true)
      out.push({ type: "search", model: m.id, token: t.id })
}

/** Shots with each fire weapon at each Bloom Heart standing. */
const pushFireShots = (state: State, env: Env, m: Model, a: Activation, out: Command[]): void => {
  if (a.attacked || a.sprinted) return
  for (const o of state.objectives) {
    if (o.kind !== "bloomHeart" || o.state !== "standing" || o.token === undefined) continue
    for (const w of m.weapons) {
      const entry = env.content.get("weapons", w.weapon)
      if (!entry?.traits?.fire || w.spent || w.jammed || (entry.ammunition !== "none" && w.loaded === 0))
        continue
      out.push({ type: "shoot", model: m.id, weapon: w.weapon, target: o.token })
    }
  }
}

/** The types {@link candidatesOfType} makes. */
export type QuickType = "fight" | "shoot" | "search" | "reload" | "move" | "endActivation"

/**
 * The commands of one type that {@link candidates} lists now, in its order, made without the rest
 * of the list (a policy that reads a few types of command first need not have every move into
 * contact made: `Policy.quick`). Undefined where no model is activating (or a prompt waits): then
 * only the whole list says.
 */
export const candidatesOfType = <T extends QuickType>(
  state: State,
  env: Env,
  type: T,
): Array<CommandOf<T>> | undefined => {
  const a = state.activation
  if (state.phase === "over" || state.pending?.prompt !== undefined || a === undefined) return undefined
  const m = modelIn(state, a.model)
  const out: Command[] = []
  if (type === "endActivation") out.push({ type: "endActivation", model: m.id })
  else if (a.actionsLeft > 0)
    switch (type as QuickType) {
      case "fight":
        if (!a.attacked) pushFights(state, m, out)
        break
      case "shoot":
        if (!a.attacked) pushShots(state, env, m, a, out)
        pushFireShots(state, env, m, a, out)
        break
      case "search":
        pushSearches(state, m, out)
        break
      case "reload":
        pushUpkeep(env, m, out, false)
        break
      case "move":
        pushMoves("move", m, contactablesOf(state, m), out)
        break
    }
  return out as Array<CommandOf<T>>
}
