/**
 * Which code reads which effect ("nothing silent"): every area of the engine declares the effect
 * kinds and selectors it interprets, and {@link uninterpreted} lists the content effects of an area
 * that no declaration covers. Content that validates but never acts is worse than no content, so
 * the builder's areas (profile, founding, market, home) fail a test for any such effect; the
 * battle and campaign areas, not built yet, are listed by {@link notYetInterpreted} until their
 * developers declare theirs and switch them to failing.
 *
 * An effect belongs to one area, decided by {@link areaOf} from its kind, what it selects and where
 * it sits (inside a trigger its event decides; inside an aura or a granted action it is a battle
 * effect).
 *
 * Adding an area's code: export its declarations beside it (as `refuge/Interpretations.ts`,
 * `battle/Interpretations.ts` and `campaign/Interpretations.ts` do) and add them to the list
 * `test/plugin-interpreters.test.ts` checks and `blight pack validate` warns with.
 *
 * @since 0.1.0
 */
import type { Kind } from "../terms/Ids.js"
import type { Effect } from "./Effect.js"
import { type Die, EVENTS, type EventName, type Scope, type Uses } from "./Vocabulary.js"

/** The engine's areas. */
export const AREAS = ["profile", "founding", "market", "home", "battle", "campaign"] as const
/** An area of the engine that interprets effects. */
export type Area = (typeof AREAS)[number]

/** The builder's areas (the default of {@link uninterpreted}). */
export const BUILDER_AREAS: ReadonlyArray<Area> = ["profile", "founding", "market", "home"]

/** A declaration: "this code reads effects of this kind and selector". */
export interface Interpretation {
  readonly area: Area
  readonly kind: Effect["kind"]
  /** The stat, pool, die, re-rolled roll, hook name or trigger event; any when left out. */
  readonly selects?: string
  /** Only effects without a `when` (the code evaluates no conditions). */
  readonly unconditional?: boolean
  /** The scopes read (an effect without a scope is "self"); any when left out. */
  readonly scopes?: ReadonlyArray<Scope>
  /** The `uses.per` values counted; an effect without `uses` always matches. */
  readonly uses?: ReadonlyArray<Uses["per"]>
  /** The kinds of entry the code reads it from; any when left out. */
  readonly from?: ReadonlyArray<Kind>
  /** Only inside one of these (a `stores` is done by a trigger's event); anywhere when left out. */
  readonly inside?: ReadonlyArray<Effect["kind"]>
  /** The function that reads it, for the report. */
  readonly by: string
}

/** One effect found in content, with where it sits. */
export interface FoundEffect {
  readonly effect: Effect
  /** Where it is, e.g. `backgrounds[office-worker].knack.effects[0]`. */
  readonly path: string
  /** The kind of entry it belongs to. */
  readonly entryKind: Kind
  /** The enclosing triggers, auras and granted actions, outermost first. */
  readonly within: ReadonlyArray<Effect>
}

/** What an effect selects: its stat, pool, die, re-rolled roll, hook or trigger event. */
export const selectorOf = (e: Effect): string | undefined => {
  switch (e.kind) {
    case "statModifier":
      return e.stat
    case "poolModifier":
      return e.pool
    case "dieModifier":
      return e.die
    case "reroll":
      return e.roll
    case "hook":
      return e.hook
    case "trigger":
      return e.on
    case "damageModifier":
      return e.on
    case "threshold":
      return e.rule
    case "freeAction":
    case "untargetable":
      return e.action
    case "replaceOutcome":
      return e.outcome
    case "status":
      return e.status
    case "exchange":
      return e.give.store
    case "ignoreTerrain":
      return [...e.terrain].sort().join("+")
    default:
      return undefined
  }
}

/** Lists every effect of some entries, recursing into triggers, auras and granted actions. */
export const effectsOf = (entries: ReadonlyArray<{ readonly kind: Kind; readonly entry: unknown }>) => {
  const found: FoundEffect[] = []
  const visit = (effects: ReadonlyArray<Effect>, path: string, entryKind: Kind, within: Effect[]) =>
    effects.forEach((effect, i) => {
      const at = `${path}[${i}]`
      found.push({ effect, path: at, entryKind, within })
      if (effect.kind === "trigger" || effect.kind === "grantAction")
        visit(effect.do, `${at}.do`, entryKind, [...within, effect])
      else if (effect.kind === "aura") visit(effect.effects, `${at}.effects`, entryKind, [...within, effect])
    })
  // Effects sit under any `effects` key of an entry (a Knack's, an ability's, a table row's…).
  const walk = (value: unknown, path: string, entryKind: Kind): void => {
    if (Array.isArray(value)) for (const [i, v] of value.entries()) walk(v, `${path}[${i}]`, entryKind)
    else if (typeof value === "object" && value !== null)
      for (const [key, v] of Object.entries(value)) {
        if (key === "effects" && Array.isArray(v)) visit(v as Effect[], `${path}.effects`, entryKind, [])
        else walk(v, `${path}.${key}`, entryKind)
      }
  }
  for (const { kind, entry } of entries) {
    const id = (entry as { id?: unknown }).id
    walk(entry, `${kind}[${typeof id === "string" ? id : "?"}]`, kind)
  }
  return found
}

/** Events between battles: the Aftermath's steps, Errands and the turn of a Season. */
const CAMPAIGN_EVENTS: ReadonlyArray<EventName> = [
  ...EVENTS.filter((e) => e.startsWith("aftermath.")),
  "errand",
  "season.change",
]
const eventArea = (on: EventName): Area =>
  on === "market.trip"
    ? "market"
    : on === "founding"
      ? "founding"
      : CAMPAIGN_EVENTS.includes(on)
        ? "campaign"
        : "battle"

/** Single dice and the area that rolls them. */
const DIE_AREA: Record<Die, Area> = {
  casualty: "campaign",
  spores: "battle",
  amberHome: "campaign",
  "market.availability": "market",
  hollowedReturn: "campaign",
  "congregation.cost": "campaign",
  rescue: "campaign",
  loot: "campaign",
  "loot.amount": "campaign",
}
const isDie = (s: string): s is Die => s in DIE_AREA

/** Entries a survivor carries or is: their always-on stat changes are the profile's. */
export const SURVIVOR_KINDS: ReadonlyArray<Kind> = [
  "backgrounds",
  "skills",
  "gifts",
  "marks",
  "weapons",
  "armour",
  "kit",
  "leader",
]
/** Entries read between battles (tables, upkeep, Seasons, homes, improvements). */
const CAMPAIGN_KINDS: ReadonlyArray<Kind> = ["tables", "upkeep", "seasons", "homes", "improvements"]

/**
 * The area an effect belongs to. A hook some area declares belongs to it; otherwise the enclosing
 * trigger's event decides, then the effect's own die or kind, then the kind of entry it sits in.
 */
export const areaOf = (found: FoundEffect, declared: ReadonlyArray<Interpretation> = []): Area => {
  const { effect, within, entryKind } = found
  if (effect.kind === "hook") {
    const claimed = declared.find((d) => d.kind === "hook" && d.selects === effect.hook)
    if (claimed) return claimed.area
  }
  const outer = within[0]
  if (outer !== undefined) return outer.kind === "trigger" ? eventArea(outer.on) : "battle"
  switch (effect.kind) {
    case "trigger":
      return eventArea(effect.on)
    case "dieModifier":
      return DIE_AREA[effect.die]
    case "reroll":
      return isDie(effect.roll) ? DIE_AREA[effect.roll] : "battle"
    case "statModifier":
    case "critBlock": {
      if (entryKind === "tables") return "campaign" // an injury rolled in the Aftermath
      const mine = effect.scope === undefined || effect.scope === "self"
      return SURVIVOR_KINDS.includes(entryKind) && effect.when === undefined && mine ? "profile" : "battle"
    }
    case "stores":
    case "blight":
    case "rollTable":
    case "experience":
    case "gainItem":
    case "lurking":
      return "campaign"
    case "exchange":
      return "home"
    case "marketRestriction":
      return "market"
    case "hook":
      return CAMPAIGN_KINDS.includes(entryKind) ? "campaign" : "battle"
    default:
      return "battle"
  }
}

/** Does a declaration cover this effect where it sits? */
export const covers = (d: Interpretation, found: FoundEffect): boolean => {
  const e = found.effect
  return (
    d.kind === e.kind &&
    (d.from === undefined || d.from.includes(found.entryKind)) &&
    (d.selects === undefined || d.selects === selectorOf(e)) &&
    (d.unconditional !== true || e.when === undefined) &&
    (d.scopes === undefined || d.scopes.includes(e.scope ?? "self")) &&
    (d.uses === undefined || e.uses === undefined || d.uses.includes(e.uses.per)) &&
    (d.inside === undefined || found.within.some((w) => d.inside!.includes(w.kind)))
  )
}

/** An effect of an area that no declaration of that area covers. */
export interface Uninterpreted {
  readonly area: Area
  readonly path: string
  readonly kind: Effect["kind"]
  readonly selects?: string | undefined
}

const missing = (
  found: ReadonlyArray<FoundEffect>,
  declared: ReadonlyArray<Interpretation>,
  areas: ReadonlyArray<Area>,
): Uninterpreted[] =>
  found.flatMap((f) => {
    const area = areaOf(f, declared)
    if (!areas.includes(area)) return []
    if (declared.some((d) => d.area === area && covers(d, f))) return []
    return [{ area, path: f.path, kind: f.effect.kind, selects: selectorOf(f.effect) }]
  })

/** The effects of the given areas (the builder's by default) that nothing interprets. */
export const uninterpreted = (
  found: ReadonlyArray<FoundEffect>,
  declared: ReadonlyArray<Interpretation>,
  areas: ReadonlyArray<Area> = BUILDER_AREAS,
): Uninterpreted[] => missing(found, declared, areas)

/** A content effect no code reads where it sits: it can never fire. */
export interface Silent extends Uninterpreted {
  /** The pack the entry comes from. */
  readonly pack: string
}

/**
 * The effects of some packs' entries that nothing interprets (for `blight pack validate`'s
 * warnings): checked against the areas that declare what they read.
 */
export const silentEffects = (
  entries: ReadonlyArray<{ readonly kind: Kind; readonly entry: unknown; readonly pack: string }>,
  declared: ReadonlyArray<Interpretation>,
): Silent[] => {
  const areas = AREAS.filter((a) => declared.some((d) => d.area === a))
  return entries.flatMap(({ kind, entry, pack }) =>
    missing(effectsOf([{ kind, entry }]), declared, areas).map((u) => ({ ...u, pack })),
  )
}
