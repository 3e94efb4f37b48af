/**
 * A run of a rule on a state changed in place, and taken back when the run does not complete (a
 * refusal after the table's answers, a prompt that waits): the simulation's fast path. Before an
 * event changes a part of the state for the first time in a run, the journal keeps a copy of that
 * part (the one model, the facts, the tokens...), so a run costs copies of what it touches, not of
 * the whole state; `rollback` puts the kept parts back. `evolve` stays the source of truth: the
 * parts each event touches are read off `applyInPlace`, and an event not listed here keeps a copy
 * of everything.
 *
 * @since 0.5.0
 */
import type { Event } from "../Event.js"
import { copy, type Draft, effectInputsChanged } from "../Evolve.js"
import { contactKey, factKey, factKeysAbout, featureFactIds, putFact } from "../table/Facts.js"
import { shapeModel, shapeSide } from "./ObjectShapes.js"
import type { FactValue, Model, Side } from "../State.js"
import { at } from "../../terms/Indexed.js"

type Part =
  | "pending"
  | "activation"
  | "dice"
  | "roundUses"
  | "counters"
  | "facts"
  | "tokens"
  | "sides"
  | "objectives"
  | "models"

const ALL: ReadonlyArray<Part> = [
  "pending",
  "activation",
  "dice",
  "roundUses",
  "counters",
  "facts",
  "tokens",
  "sides",
  "objectives",
  "models",
]

const NONE: ReadonlyArray<never> = []

// Each event's parts as one constant list: `touch` runs for every event, and a list written in a
// \`return\` would be a new array each time.
const PENDING: ReadonlyArray<Part> = ["pending"]
const PENDING_DICE: ReadonlyArray<Part> = ["pending", "dice"]
const SIDES: ReadonlyArray<Part> = ["sides"]
const ACTIVATION: ReadonlyArray<Part> = ["activation"]
const TOKENS: ReadonlyArray<Part> = ["tokens"]
const TOKENS_COUNTERS: ReadonlyArray<Part> = ["tokens", "counters"]
const ROUND_USES: ReadonlyArray<Part> = ["roundUses"]
const SIDES_ROUND_USES: ReadonlyArray<Part> = ["sides", "roundUses"]
const SIDES_COUNTERS: ReadonlyArray<Part> = ["sides", "counters"]
const COUNTERS: ReadonlyArray<Part> = ["counters"]
const OBJECTIVES: ReadonlyArray<Part> = ["objectives"]

/** The parts of the state an event changes in place (a part it only replaces needs no copy). */
const partsOf = (e: Event): ReadonlyArray<Part> => {
  switch (e.type) {
    case "prompted":
      return PENDING
    case "answered":
      return PENDING_DICE
    case "round.start":
    case "initiative.rolled":
    case "routed":
      return SIDES
    case "action":
    case "moved":
      return ACTIVATION
    case "loot.taken":
    case "token.removed":
    case "loot.dropped":
      return TOKENS
    case "token.placed":
      return TOKENS_COUNTERS
    case "used":
      return e.model === undefined ? SIDES_ROUND_USES : ROUND_USES
    case "side.added":
      return SIDES_COUNTERS
    case "creature.arrives":
      return COUNTERS
    case "objective":
      return OBJECTIVES
    default:
      // The rest change only fields they replace (or nothing but the count of events).
      return NONE
  }
}

/**
 * Events that change one field of every model and nothing else of them (a round's start clears who
 * has activated, its clear-up their Noise): the field, kept model by model instead of each model.
 */
const fieldOfAll = (e: Event): "activated" | "noise" | undefined =>
  e.type === "round.start" ? "activated" : e.type === "round.clear" ? "noise" : undefined

/**
 * The model an event changes (besides those {@link fieldOfAll} names a field of), if one: `handed`
 * changes a second, its \`to\`. One id, not a list: this runs for every event.
 */
const modelOf = (e: Event): string | undefined => {
  switch (e.type) {
    case "activation.start":
    case "activation.end":
    case "moved":
    case "noise":
    case "damage.taken":
    case "blight.gained":
    case "down":
    case "finished":
    case "slain":
    case "turned":
    case "healed":
    case "shaken":
    case "steadied":
    case "hidden":
    case "revealed":
    case "shot.used":
    case "reloaded":
    case "jammed":
    case "unjammed":
    case "thrown":
    case "loot.taken":
    case "loot.dropped":
    case "gained":
    case "emerged":
    case "fled":
    case "adjusted":
    case "profile.set":
    case "handed":
    case "used":
      return e.model
    default:
      return undefined
  }
}

/**
 * Events that only replace fields of the models they name (scalars, or a new position object),
 * never change an array or object a model holds: a shallow copy keeps such a model as it was.
 */
const REPLACES_ONLY = new Set<string>([
  "activation.start",
  "activation.end",
  "moved",
  "noise",
  "damage.taken",
  "blight.gained",
  "down",
  "finished",
  "slain",
  "turned",
  "healed",
  "shaken",
  "steadied",
  "hidden",
  "revealed",
  "emerged",
  "fled",
])

/** Event types whose changes are listed above; any other keeps a copy of everything. */
const KNOWN = new Set<string>([
  "prompted",
  "answered",
  "commanded",
  "refused",
  "initiative.order",
  "endphase.start",
  "round.end",
  "battle.end",
  "undone",
  "attack.rolled",
  "defence.rolled",
  "hits",
  "armour.rolled",
  "test.rolled",
  "din.rolled",
  "encounter.rolled",
  "spores",
  "rout.test",
  "round.start",
  "initiative.rolled",
  "routed",
  "action",
  "moved",
  "facts.stated",
  "slain",
  "turned",
  "fled",
  "loot.taken",
  "token.removed",
  "loot.dropped",
  "token.placed",
  "used",
  "side.added",
  "creature.arrives",
  "objective",
  "round.clear",
  "activation.start",
  "activation.end",
  "noise",
  "damage.taken",
  "blight.gained",
  "down",
  "finished",
  "healed",
  "shaken",
  "steadied",
  "hidden",
  "revealed",
  "shot.used",
  "reloaded",
  "jammed",
  "unjammed",
  "thrown",
  "gained",
  "emerged",
  "adjusted",
  "profile.set",
  "handed",
  "joined",
])

/** What a run changed, to take it back. */
export class Journal {
  /** The state's own fields when the run began (a field replaced is put back from here). */
  private readonly top: Record<string, unknown>
  private readonly models: number
  // Each collection below is made at its first use: a journal is made for every run, and most
  // runs keep a few models and facts and nothing else.
  private kept: Map<Part, unknown> | undefined
  private keptModels: Map<number, unknown> | undefined
  /** Models kept by a shallow copy so far (their arrays and objects are still those of the run's start). */
  private shallow: Set<number> | undefined
  /** Facts as they were, key by key (undefined: not known then). */
  private facts: Map<string, FactValue | undefined> | undefined
  /** A field of every model not kept whole when it was first changed, as it was then, by index. */
  private fields: Map<"activated" | "noise", Map<number, unknown>> | undefined

  constructor(private readonly d: Draft) {
    this.top = { ...d }
    this.models = d.models.length
  }

  /**
   * Keeps what an input's `prompted` and `answered` events are about to change (call before
   * `Evolve.applyAnswered`): the pending command and the dice, as {@link touch} keeps for each.
   */
  touchAnswered(): void {
    this.keep("pending")
    this.keep("dice")
  }

  /** Keeps what `e` is about to change (call before applying it). */
  touch(e: Event): void {
    if (!KNOWN.has(e.type)) {
      for (const p of ALL) this.keep(p)
      return
    }
    for (const p of partsOf(e)) this.keep(p)
    const field = fieldOfAll(e)
    if (field !== undefined) this.keepField(field)
    this.keepFacts(e)
    const id = modelOf(e)
    if (id === undefined) return
    const replaces = REPLACES_ONLY.has(e.type)
    this.keepModelById(id, replaces)
    if (e.type === "handed") this.keepModelById(e.to, replaces)
  }

  private keepModelById(id: string, replacesOnly: boolean): void {
    let i = 0
    for (const m of this.d.models) {
      if (m.id === id) {
        this.keepModel(i, replacesOnly)
        return
      }
      i++
    }
  }

  private keptParts(): Map<Part, unknown> {
    if (this.kept === undefined) this.kept = new Map()
    return this.kept
  }

  private keep(p: Part): void {
    if (this.kept?.has(p)) return
    const now = (this.d as Record<string, unknown>)[p]
    // A part this run put in place is new: putting the old field back is enough.
    if (now !== this.top[p]) return
    if (p === "models") {
      for (let i = 0; i < this.models; i++) this.keepModel(i)
      this.keptParts().set(p, true)
      return
    }
    // Facts, uses, counters and the dice hold plain values (the PRNG words are replaced, not changed).
    const flat = p === "facts" || p === "roundUses" || p === "counters" || p === "dice"
    this.keptParts().set(
      p,
      now === undefined
        ? undefined
        : flat
          ? { ...(now as object) }
          : p === "tokens"
            ? [...(now as [])]
            : copy(now),
    )
  }

  /**
   * Keeps the facts an event may change, key by key (the store is large, a run changes a few):
   * those it states, every one about a model or token it forgets, and contacts a move states.
   */
  private keepFacts(e: Event): void {
    const facts = this.d.facts
    // Kept whole, or put in place by this run: nothing to keep key by key.
    if (this.kept?.has("facts") || facts !== this.top.facts) return
    switch (e.type) {
      case "facts.stated":
        for (const f of e.facts) this.keepFact(factKey(f.query))
        return
      case "moved":
        this.keepFactsAbout(e.model)
        for (const o of this.d.models) if (o.id !== e.model) this.keepFact(contactKey(e.model, o.id))
        for (const t of this.d.tokens) this.keepFact(contactKey(e.model, t.id))
        return
      case "slain":
      case "turned":
      case "fled":
        this.keepFactsAbout(e.model)
        return
      case "loot.taken":
        this.keepFactsAbout(e.token)
        return
      case "token.removed":
        this.keepFactsAbout(e.token)
        for (const t of this.d.tokens) if (t.id === e.token) this.keepFeatureFacts(t.kind)
        return
      case "token.placed":
        this.keepFeatureFacts(e.token.kind)
        return
      default:
        return
    }
  }

  /** The facts a token of this kind placed or removed forgets (`Evolve`'s token events). */
  private keepFeatureFacts(tokenKind: string): void {
    for (const id of featureFactIds(this.d.facts, tokenKind)) this.keepFactsAbout(id)
  }

  /** The facts about the id (those `forgetFactsOf` forgets, and maybe some already gone). */
  private keepFactsAbout(id: string): void {
    for (const key of factKeysAbout(this.d.facts, id)) this.keepFact(key)
  }

  private keepFact(key: string): void {
    if (this.facts === undefined) this.facts = new Map()
    if (!this.facts.has(key)) this.facts.set(key, this.d.facts[key])
  }

  /**
   * Keeps one field of each model not already kept whole (a whole copy kept earlier holds the field
   * as it was; one kept later holds it changed, and the field is put back over it).
   */
  private keepField(field: "activated" | "noise"): void {
    if (this.fields?.has(field)) return
    const was = new Map<number, unknown>()
    for (let i = 0; i < this.models; i++)
      if (!this.keptModels?.has(i)) was.set(i, (this.d.models[i] as Record<string, unknown>)[field])
    if (this.fields === undefined) this.fields = new Map()
    this.fields.set(field, was)
  }

  /**
   * Keeps a model as it was: a shallow copy when the event only replaces its fields, else a deep
   * one. A shallow copy is deepened before the first event that may change what the model holds
   * (until then those arrays and objects are unchanged, so copying them then copies the start).
   */
  private keepModel(i: number, replacesOnly = false): void {
    if (i >= this.models) return
    const kept = this.keptModels?.get(i) as Record<string, unknown> | undefined
    if (kept === undefined) {
      const m = at(this.d.models, i)
      if (this.keptModels === undefined) this.keptModels = new Map()
      this.keptModels.set(i, replacesOnly ? { ...m } : copy(m))
      if (replacesOnly) {
        if (this.shallow === undefined) this.shallow = new Set()
        this.shallow.add(i)
      }
      return
    }
    const shallow = this.shallow
    if (replacesOnly || !shallow?.has(i)) return
    for (const k in kept) {
      const v = kept[k]
      if (v !== null && typeof v === "object") kept[k] = copy(v)
    }
    shallow.delete(i)
  }

  /** Puts the state back as it was when the run began. */
  rollback(): void {
    // Models and sides put back are other objects, maybe with other Gifts and the like.
    effectInputsChanged()
    const d = this.d as Record<string, unknown>
    // A field the run added is left undefined (as evolve leaves one it clears), not deleted: a
    // deletion would slow every later read of the state.
    for (const k of Object.keys(d)) if (!(k in this.top)) d[k] = undefined
    for (const k in this.top) d[k] = this.top[k]
    // Copies kept lost the fast path's one shape (`Shapes.ts`): put back reshaped.
    if (this.kept !== undefined)
      for (const [p, v] of this.kept)
        if (p === "sides") {
          const sides = v as Side[]
          sides.forEach((s, i) => {
            sides[i] = shapeSide(s)
          })
          d[p] = sides
        } else if (p !== "models") d[p] = v
    const facts = this.d.facts
    if (this.facts !== undefined)
      for (const [key, v] of this.facts)
        if (v === undefined) delete facts[key]
        else putFact(facts, key, v)
    const models = this.d.models as unknown[]
    models.length = this.models
    if (this.keptModels !== undefined)
      for (const [i, m] of this.keptModels) models[i] = shapeModel(m as Model)
    if (this.fields !== undefined)
      for (const [field, was] of this.fields)
        for (const [i, v] of was) (models[i] as Record<string, unknown>)[field] = v
  }
}
