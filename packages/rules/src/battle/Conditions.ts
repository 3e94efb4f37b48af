/**
 * `when` conditions evaluated in a raid: the facts the engine knows (round, what a model carries,
 * Down, Shaken, Hidden, tier, Blight, Noise, the action and weapon in use, charging) and the facts
 * it asks the table (within N inches, cover, Spore terrain). `target` tests the other party.
 *
 * @since 0.2.0
 */
import { Tier } from "@blight/dice"
import type { Condition } from "../vocabulary/Condition.js"
import type { Ctx } from "./Context.js"
import type { Model } from "./State.js"

/** What a condition is evaluated about. */
export interface Situation {
  readonly self?: Model | undefined
  readonly target?: Model | undefined
  readonly action?: string | undefined
  readonly weapon?: string | undefined
  readonly charging?: boolean | undefined
}

const inRange = (n: number, r: { readonly min?: number | undefined; readonly max?: number | undefined }) =>
  (r.min === undefined || n >= r.min) && (r.max === undefined || n <= r.max)

const weaponKinds = (ctx: Ctx, id: string | undefined): ReadonlyArray<string> => {
  if (id === undefined) return []
  const w = ctx.env.content.get("weapons", id)
  if (!w) return [id]
  return [id, w.type, ...(w.firearm ? ["firearm"] : []), ...(w.traits?.blast ? ["blast"] : [])]
}

type DistanceTo = Extract<Condition, { within: unknown }>["of"]

/** Does the model carry a light (kit such as a Lantern)? */
const carriesLight = (ctx: Ctx, m: Model): boolean =>
  m.kit.some((k) => ctx.env.content.get("kit", k)?.light === true)

/** Is `o` one of the models a distance condition of `m` measures to? */
const isOf = (ctx: Ctx, m: Model, o: Model, to: DistanceTo): boolean => {
  if (typeof to === "object") return "creature" in to && o.kind === "creature" && o.ref === to.creature
  const side = (x: Model) => ctx.draft.sides.find((s) => s.id === x.side)?.kind
  switch (to) {
    case "friend":
      return o.side === m.side
    case "enemy":
      return o.side !== m.side && o.kind === "survivor"
    case "creature":
      return o.kind === "creature"
    case "leader":
      return o.side === m.side && o.leader
    case "verdantMother":
      return o.side === m.side && o.leader && side(o) === "congregation"
    case "gardener":
      return side(o) === "gardeners"
    // A carried light (a Lantern) is a light (R-BATTLE-49); lights on the ground are the feature's.
    case "light":
      return carriesLight(ctx, o)
    default:
      return false
  }
}

/**
 * The table feature a distance condition measures to, as a fact's subject and in words (the
 * subjects a board measures: `PlaneSpace`), or undefined for a kind of model. R-BATTLE-49.
 */
const featureOf = (
  ctx: Ctx,
  m: Model,
  to: DistanceTo,
): { readonly id: string; readonly words: string } | undefined => {
  if (typeof to === "object") {
    if (!("objective" in to)) return undefined
    const o = ctx.draft.objectives.find((x) => x.id === to.objective)
    const token = o?.token ?? ctx.draft.tokens.find((t) => t.objective === to.objective)?.id
    return token ? { id: token, words: `the objective ${to.objective}` } : undefined
  }
  switch (to) {
    case "lair":
      return { id: "feature:lair", words: "a Lair" }
    case "sporeTerrain":
      return { id: "feature:sporeTerrain", words: "Spore terrain" }
    case "light":
      return { id: "feature:light", words: "a light on the ground (a Flare's light, a fire)" }
    case "blightEdge":
      return { id: "blight-edge", words: "a Blight edge" }
    case "tableCentre":
      return { id: "centre", words: "the centre of the table" }
    case "placement":
      return { id: `placement:${m.id}`, words: "where it was placed at the start" }
    default:
      return undefined
  }
}

/** A light the model carries is within any distance of it (R-BATTLE-49); else the table says. */
const withinFeature = (
  ctx: Ctx,
  m: Model,
  inches: number,
  f: { readonly id: string; readonly words: string },
): boolean =>
  (f.id === "feature:light" && carriesLight(ctx, m)) ||
  ctx.fact({ q: "within", a: m.id, b: f.id, inches }, `Is ${m.name} within ${inches}" of ${f.words}?`) ===
    true

/** Does the condition hold? (Unknown or not-applicable facts are false.) */
export const holds = (ctx: Ctx, c: Condition, s: Situation): boolean => {
  if ("all" in c) return c.all.every((x) => holds(ctx, x, s))
  if ("any" in c) return c.any.some((x) => holds(ctx, x, s))
  if ("not" in c) return !holds(ctx, c.not, s)
  if ("target" in c)
    return s.target !== undefined && holds(ctx, c.target, { ...s, self: s.target, target: s.self })
  const m = s.self
  if ("round" in c)
    return typeof c.round === "number" ? ctx.draft.round === c.round : inRange(ctx.draft.round, c.round)
  if ("action" in c) return s.action === c.action
  if ("using" in c) return weaponKinds(ctx, s.weapon).includes(c.using)
  if ("charging" in c) return (s.charging ?? false) === c.charging
  if ("wasDown" in c) return m !== undefined && m.wasDown === c.wasDown
  // A raid knows its campaign's Season (none outside a campaign, so no Season holds then).
  if ("season" in c) return ctx.draft.season === c.season
  if ("home" in c) return m !== undefined && ctx.draft.sides.find((x) => x.id === m.side)?.home === c.home
  if ("objective" in c) return ctx.draft.objectives.some((o) => o.id === c.objective && o.state === c.state)
  if (m === undefined) return false
  if ("carrying" in c) {
    if (c.carrying === "loot") return m.carrying.length > 0
    if (c.carrying === "amber" || c.carrying === "radio")
      return m.carrying.some((x) => x.contents === c.carrying)
    if (c.carrying === "light") return carriesLight(ctx, m)
    return false
  }
  if ("down" in c) return (m.status === "down") === c.down
  if ("shaken" in c) return m.shaken === c.shaken
  if ("hidden" in c) return m.hidden === c.hidden
  if ("tier" in c) {
    const t = Tier.tierOf(m.blight)
    return typeof c.tier === "string" ? t === c.tier : (c.tier as ReadonlyArray<string>).includes(t)
  }
  if ("blight" in c) return inRange(m.blight, c.blight)
  if ("noise" in c) return inRange(m.noise, c.noise)
  if ("congregation" in c)
    return (ctx.draft.sides.find((x) => x.id === m.side)?.kind === "congregation") === c.congregation
  if ("inSporeTerrain" in c)
    return (
      (ctx.fact({ q: "in", a: m.id, terrain: "spore" }, `Is ${m.name} in Spore terrain or a spore cloud?`) ===
        true) ===
      c.inSporeTerrain
    )
  if ("inCover" in c) {
    if (c.inCover === "any" || c.inCover === "none") {
      const open = ctx.fact({ q: "in", a: m.id, terrain: "open" }, `Is ${m.name} in the open?`) === true
      return c.inCover === "none" ? open : !open
    }
    const viewer = s.target
    if (viewer === undefined) return false
    const cover = ctx.fact(
      { q: "cover", a: viewer.id, b: m.id },
      `How hidden is ${m.name} from ${viewer.name}?`,
    )
    return cover === (c.inCover === "partial" ? "partial" : "most")
  }
  if ("within" in c) {
    const to = c.of
    const feature = featureOf(ctx, m, to)
    if (feature !== undefined && withinFeature(ctx, m, c.within, feature)) return true
    const others = ctx.draft.models.filter(
      (o) => o.id !== m.id && o.status === "active" && isOf(ctx, m, o, to),
    )
    return others.some(
      (o) =>
        ctx.fact(
          { q: "within", a: m.id, b: o.id, inches: c.within },
          `Is ${m.name} within ${c.within}" of ${o.name}?`,
        ) === true,
    )
  }
  return false
}
