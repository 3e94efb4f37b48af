/**
 * `evolve(state, event)`: the only way a raid's state changes. Pure: it returns a new state and
 * never reads a dice source, the content or the table; a replay is `events.reduce(evolve)`.
 * `applyInPlace` is the same step on a private draft (decide works on one; simulation can too).
 *
 * Undo (R-BATTLE-15): each state remembers the state before the last undoable command, until dice
 * are rolled; `undone` returns to it. Dice answers forget it, so nothing undoes past a roll.
 *
 * @since 0.2.0
 */
import {
  applyEvent,
  canUndo as canUndoState,
  copy as copyData,
  type DeepMutable,
  draftCopy,
  evolve as evolveWith,
  evolveAll as evolveAllWith,
  type FoldRules,
  fold as foldWith,
  linkThrough,
  setUndoTarget,
  undoTarget as undoTargetOf,
} from "@blight/engine"
import type { Command } from "./Command.js"
import type { Event } from "./Event.js"
import { contactKey, featureFactIds, forgetFactsOf, setContact, setFact } from "./table/Facts.js"
import type { Answer, Model, State } from "./State.js"

/** A state being changed in place. */
export type Draft = DeepMutable<State>
type DraftModel = DeepMutable<Model>

/** A deep copy of plain JSON-like data (faster than `structuredClone` for the state's shape). */
export const copy = copyData

/**
 * A count bumped by every event that may change in place what a model's effects are gathered from
 * (its Gifts, Marks, fields, the models and sides there are), and by a journal putting parts of a
 * state back: while it stays the same, a state changed only by events has the same inputs
 * (`Pools` then trusts the effects it gathered without comparing each input again).
 */
let effectInputs = 0

/** The current {@link effectInputs} count. */
export const effectInputsEpoch = (): number => effectInputs

/** Says that what models' effects are gathered from may have changed (see {@link effectInputsEpoch}). */
export const effectInputsChanged = (): void => {
  effectInputs++
}

/** A private deep copy of a state (the undo link is not copied). */
export const draftOf = (state: State): Draft => copy(state) as Draft

const model = (d: Draft, id: string): DraftModel => {
  const m = d.models.find((x) => x.id === id)
  if (m === undefined) throw new Error(`evolve: no model ${id}`)
  return m
}

const nothing = (): void => {}

/** Takes the first element that matches out of a list, in place: it, or undefined when none does. */
const takeOut = <T>(xs: T[], match: (x: T) => boolean): T | undefined => {
  const i = xs.findIndex(match)
  return i < 0 ? undefined : xs.splice(i, 1)[0]
}

const jam = (d: Draft, e: Extract<Event, { type: "jammed" | "unjammed" }>): void => {
  const w = model(d, e.model).weapons.find((x) => x.weapon === e.weapon)
  if (w) w.jammed = e.type === "jammed"
}

/**
 * How each kind of event changes a draft, one small function per kind: V8 then compiles each
 * alone, and an object of a new shape met in one deoptimises and recompiles that one only (as
 * one 60-case switch, every such deoptimisation compiled the whole switch again, with every
 * helper inlined into it: 8 times in a process's first 3,000 raids, its costliest compile).
 */
const APPLIERS: { readonly [K in Event["type"]]: (d: Draft, e: Extract<Event, { type: K }>) => void } = {
  // The bookkeeping is the kernel's (`@blight/engine`): it never reaches the game's appliers.
  commanded: nothing,
  prompted: nothing,
  answered: nothing,
  "battle.setup": (d, e) => {
    effectInputsChanged()
    const seq = d.seq
    Object.assign(d, copy(e.state))
    d.seq = seq
  },
  "round.start": (d, e) => {
    d.round = e.round
    d.phase = "activations"
    d.activation = undefined
    d.roundUses = {}
    for (const m of d.models) m.activated = false
    for (const s of d.sides) s.score = undefined
  },
  "initiative.rolled": (d, e) => {
    const side = d.sides.find((s) => s.id === e.side)
    if (side) side.score = e.score
  },
  "initiative.order": (d, e) => {
    d.order = [...e.order]
    d.turn = 0
  },
  "activation.start": (d, e) => {
    const m = model(d, e.model)
    m.activated = true
    d.activation = {
      model: e.model,
      actionsLeft: e.actions,
      actions: [],
      attacked: false,
      sprinted: false,
      movedInto: [],
      aim: 0,
      shot: false,
      shakenAtStart: m.shaken,
    }
    const i = d.order.indexOf(m.side)
    if (i >= 0) d.turn = i
  },
  action: (d, e) => {
    const a = d.activation
    if (!a) return
    a.actionsLeft = Math.max(0, a.actionsLeft - 1)
    a.actions.push(e.action)
    if (e.action === "shoot" || e.action === "fight" || e.action === "attack") a.attacked = true
    if (e.action === "shoot") a.shot = true
    if (e.action === "sprint") a.sprinted = true
    if (e.action === "aim") a.aim++
    if (e.action === "shoot") a.aim = 0
  },
  "activation.end": (d, e) => {
    const m = model(d, e.model)
    // B-SHAKEN-01: a survivor Shaken when its activation began stops being Shaken after it.
    if (d.activation?.shakenAtStart) m.shaken = false
    d.activation = undefined
    const i = d.order.indexOf(m.side)
    d.turn = d.order.length === 0 ? 0 : (i + 1) % d.order.length
  },
  "endphase.start": (d, _e) => {
    d.phase = "end"
    d.activation = undefined
  },
  moved: (d, e) => {
    const m = model(d, e.model)
    // B-FIGHT-02, R-BATTLE-57: contact the mover already had when the move began is not moved into.
    const held =
      d.activation?.model === e.model ? e.contact.filter((c) => d.facts[contactKey(e.model, c)] === true) : []
    if (e.to) m.position = { ...e.to }
    forgetFactsOf(d.facts, e.model)
    for (const o of d.models) {
      if (o.id === e.model || o.status === "slain" || o.status === "fled") continue
      setContact(d.facts, e.model, o.id, e.contact.includes(o.id))
    }
    for (const t of d.tokens) setContact(d.facts, e.model, t.id, e.contact.includes(t.id))
    if (d.activation?.model === e.model) {
      for (const c of e.contact)
        if (!held.includes(c) && !d.activation.movedInto.includes(c)) d.activation.movedInto.push(c)
    }
    if (e.offTable) m.status = "fled"
  },
  "facts.stated": (d, e) => {
    for (const f of e.facts) setFact(d.facts, f.query, f.value)
  },
  noise: (d, e) => {
    const m = model(d, e.model)
    m.noise += e.amount
    d.noiseMade += e.amount
  },
  "damage.taken": (d, e) => {
    model(d, e.model).health = e.health
  },
  "blight.gained": (d, e) => {
    model(d, e.model).blight = e.blight
  },
  down: (d, e) => {
    const m = model(d, e.model)
    m.status = "down"
    m.wasDown = true
    m.hidden = false
    if (e.by !== undefined) m.downBy = e.by
  },
  finished: (d, e) => {
    const m = model(d, e.model)
    m.status = "finished"
    m.wasDown = true
    m.slainBy = e.by
  },
  slain: (d, e) => {
    const m = model(d, e.model)
    m.status = "slain"
    m.health = 0
    if (e.by !== undefined) m.slainBy = e.by
    forgetFactsOf(d.facts, e.model)
  },
  turned: (d, e) => {
    const m = model(d, e.model)
    m.status = "turned"
    forgetFactsOf(d.facts, e.model)
  },
  healed: (d, e) => {
    const m = model(d, e.model)
    m.health = e.health
    if (m.status === "down") m.status = "active"
  },
  shaken: (d, e) => {
    model(d, e.model).shaken = true
    // B-SHAKEN-01, R-BATTLE-58: Shaken again during the one-action activation its last Shaken gave
    // it, the new Shaken is for its next activation: this one's end no longer clears it.
    if (d.activation?.model === e.model) d.activation.shakenAtStart = false
  },
  steadied: (d, e) => {
    model(d, e.model).shaken = false
  },
  hidden: (d, e) => {
    model(d, e.model).hidden = true
  },
  revealed: (d, e) => {
    model(d, e.model).hidden = false
  },
  "shot.used": (d, e) => {
    const w = model(d, e.model).weapons.find((x) => x.weapon === e.weapon)
    if (w) w.loaded = e.loaded
  },
  reloaded: (d, e) => {
    const m = model(d, e.model)
    const w = m.weapons.find((x) => x.weapon === e.weapon)
    if (w) w.loaded = e.loaded
    m[e.store] = Math.max(0, m[e.store] - 1)
  },
  jammed: jam,
  unjammed: jam,
  thrown: (d, e) => {
    // A spent weapon's rules leave with it (`Pools` gathers a carried weapon's effects).
    effectInputsChanged()
    const w = model(d, e.model).weapons.find((x) => x.weapon === e.weapon && !x.spent)
    if (w) w.spent = true
  },
  handed: (d, e) => {
    const from = model(d, e.model)
    const to = model(d, e.to)
    if (e.item === "reloads" || e.item === "arrows" || e.item === "bolts") {
      from[e.item]--
      to[e.item]++
    } else {
      const c = takeOut(from.carrying, (x) => x.token === e.item)
      if (c) to.carrying.push(c)
    }
  },
  "loot.taken": (d, e) => {
    const token = takeOut(d.tokens, (t) => t.id === e.token)
    forgetToken(d, e.token)
    model(d, e.model).carrying.push({ token: e.token, contents: token?.contents ?? "loot", rich: e.rich })
  },
  "loot.dropped": (d, e) => {
    const m = model(d, e.model)
    const c = takeOut(m.carrying, (x) => x.token === e.token)
    if (!c) return
    // B-ACTION-SEARCH-04: a dropped token loses its Rich find.
    d.tokens.push({
      id: e.token,
      kind: "loot",
      contents: c.contents,
      rich: 0,
      ...(m.position ? { position: { ...m.position } } : {}),
    })
  },
  "token.placed": (d, e) => {
    d.tokens.push(draftCopy(e.token))
    d.counters.token = Math.max(d.counters.token, Number(e.token.id.slice(1)))
    // A spore cloud, a light or a Lair changes what was said of the feature it is part of.
    forgetFeature(d, e.token.kind)
  },
  "token.removed": (d, e) => {
    const t = takeOut(d.tokens, (x) => x.id === e.token)
    if (t) forgetFeature(d, t.kind)
    forgetToken(d, e.token)
  },
  used: (d, e) => {
    const bag = e.model !== undefined ? model(d, e.model).used : d.sides.find((s) => s.id === e.side)?.used
    if (bag) bag[e.key] = (bag[e.key] ?? 0) + 1
    if (e.model !== undefined && e.key.startsWith("dread:")) model(d, e.model).dreaded.push(e.key.slice(6))
    if (e.key.endsWith(":round")) d.roundUses[e.key] = (d.roundUses[e.key] ?? 0) + 1
  },
  "side.added": (d, e) => {
    effectInputsChanged()
    d.sides.push(draftCopy(e.side))
    d.counters.brood++
  },
  "creature.arrives": (d, e) => {
    effectInputsChanged()
    d.models.push(draftCopy(e.model))
    d.counters.creature++
  },
  objective: (d, e) => {
    const o = d.objectives.find((x) => x.id === e.objective)
    if (!o) return
    if (e.state !== undefined) o.state = e.state
    if (e.progress !== undefined) o.progress = e.progress
    if (e.by !== undefined) o.by = e.by
    if (e.score) o.scores[e.score.side] = (o.scores[e.score.side] ?? 0) + e.score.add
  },
  gained: (d, e) => {
    effectInputsChanged()
    const m = model(d, e.model)
    if (e.gift !== undefined) m.gifts.push(e.gift)
    if (e.mark !== undefined) m.marks.push(e.mark)
  },
  joined: (d, e) => {
    effectInputsChanged()
    d.models.push(draftCopy(e.model))
  },
  emerged: (d, e) => {
    model(d, e.model).status = "active"
  },
  routed: (d, e) => {
    const side = d.sides.find((s) => s.id === e.side)
    if (side) {
      side.routed = true
      if (e.reason === "withdrew") side.withdrew = true
    }
  },
  fled: (d, e) => {
    const m = model(d, e.model)
    m.status = "fled"
    forgetFactsOf(d.facts, e.model)
  },
  "round.clear": (d, _e) => {
    // B-ROUND-05: remove all Noise; Hidden stays; fires go out.
    for (const m of d.models) m.noise = 0
    d.noiseMade = 0
    d.tokens = d.tokens.filter((t) => t.kind !== "fire")
  },
  "round.end": (d, _e) => {
    d.phase = "setup"
  },
  "battle.end": (d, e) => {
    d.result = draftCopy(e.result)
    d.phase = "over"
    d.activation = undefined
  },
  adjusted: (d, e) => {
    effectInputsChanged()
    const m = model(d, e.model) as unknown as Record<string, unknown>
    const { weapons, ...fields } = e.changes
    for (const [k, v] of Object.entries(fields)) m[k] = v
    // A weapon corrected by name: its shots loaded and its Jam (R-BATTLE-76).
    if (Array.isArray(weapons)) fixWeapons(model(d, e.model), weapons)
    // A model put somewhere else keeps none of what was said about where it stood.
    if ("position" in e.changes) forgetFactsOf(d.facts, e.model)
  },
  "profile.set": (d, e) => {
    effectInputsChanged()
    model(d, e.model).profile = { ...e.profile }
  },
  refused: nothing,
  undone: nothing,
  "attack.rolled": nothing,
  "defence.rolled": nothing,
  hits: nothing,
  "armour.rolled": nothing,
  "test.rolled": nothing,
  "din.rolled": nothing,
  "encounter.rolled": nothing,
  spores: nothing,
  "rout.test": nothing,
}

/**
 * The same, by kind (a map: no kind of event is looked up on an object's prototype, and a map is
 * the quicker look-up). Each applier is kept under its own kind, so it is only ever given an event
 * of that kind: what TypeScript can't follow from a union's kind to its applier.
 */
const APPLY = new Map(Object.entries(APPLIERS) as Array<[string, (d: Draft, e: Event) => void]>)

/** Applies one game event to a draft (the bookkeeping, `seq` and `pending` are the kernel's). */
export const applyGame = (d: Draft, e: Event): void => {
  const apply = APPLY.get(e.type)
  if (apply !== undefined) apply(d, e)
}

/** Commands that can be undone: all but answers to dice, undo itself, and the engine's own steps. */
const undoable = (command: unknown): boolean => {
  const type = (command as Command | undefined)?.type
  return type !== "undo" && type !== "roll" && (type as string) !== "continue"
}

/** How a raid's log folds, for the kernel. */
export const FOLD: FoldRules<State, Event> = {
  events: { applyGame },
  draftOf: (state) => draftOf(state),
  initial: (first) => {
    if (first.type !== "battle.setup") throw new Error("a raid's first event is its set-up")
    const d = copy(first.state) as Draft
    d.seq = 1
    return d
  },
  undoable,
  isStart: (e) => e.type === "battle.setup",
}

/** Applies one event to a draft, in place. */
export const applyInPlace = (d: Draft, e: Event): void => applyEvent(FOLD.events, d, e)

const forgetToken = (d: Draft, token: string): void => forgetFactsOf(d.facts, token)
const forgetFeature = (d: Draft, tokenKind: string): void => {
  for (const id of featureFactIds(d.facts, tokenKind)) forgetFactsOf(d.facts, id)
}

/** Sets named weapons' `loaded` and `jammed` (an unspent one of that name), copying the array. */
const fixWeapons = (
  m: DraftModel,
  fixes: ReadonlyArray<{ weapon?: unknown; loaded?: unknown; jammed?: unknown }>,
): void => {
  m.weapons = m.weapons.map((w) => {
    const fix = w.spent ? undefined : fixes.find((f) => f.weapon === w.weapon)
    if (fix === undefined) return w
    return {
      ...w,
      ...(typeof fix.loaded === "number" ? { loaded: fix.loaded } : {}),
      ...(typeof fix.jammed === "boolean" ? { jammed: fix.jammed } : {}),
    }
  })
}

/** The state after an event. Pure. */
export const evolve = (state: State, e: Event): State => evolveWith(FOLD, state, e)

/**
 * Gives a state reached by applying `events` to `from` in place the undo link that folding them
 * with {@link evolve} would give it (decide keeps its draft instead of folding again).
 */
export const linkAfter = (from: State, next: State, events: ReadonlyArray<Event>): State =>
  setUndoTarget(next, linkThrough(FOLD, from, events))

/** The state after a batch of events (one copy, then each applied in place); no `undone` inside. */
export const evolveAll = (state: State, events: ReadonlyArray<Event>): State => evolveAllWith(FOLD, state, events)

/** Can the last command be undone (no dice rolled since)? */
export const canUndo = (state: State): boolean => canUndoState(state)

/** The state an `undone` event returns to (for decide's draft). */
export const undoTarget = (state: State): State | undefined => undoTargetOf(state)

/** Folds events from nothing: the state of a raid is its events. */
export const fold = (events: ReadonlyArray<Event>, from?: State): State => foldWith(FOLD, events, from)
