/**
 * A creature's activation (B-ACT-04/05, B-NOISE-07, B-BEHAVIOUR-*): its behaviour's target steps
 * read as data — candidates, filters, ranks, the first step with a candidate wins — each
 * geometric filter or rank asked of the table as a fact; then it moves up to its Move towards the
 * target and Fights it if it reaches contact (Charge counts for creatures, R-BATTLE-25). With no
 * target a Hunter drifts towards the centre and others hold. A Hollowed goes for its old Refuge
 * first (B-HOLLOWED-02). Creatures skip Down survivors (R-BATTLE-09), ignore Hidden survivors
 * more than 6" away (R-BATTLE-26, AMB-B-24) and, hunting by Noise, Congregation members with no
 * Noise (B-CONGREGATION-14). Gardeners and creatures ignore each other (B-GARDENER-03).
 *
 * The table's facts a plan needs are asked of the player whose survivor is not the target
 * (B-ACT-05), or of anyone when there is none.
 *
 * @since 0.2.0
 */
import type { TargetStep } from "../../content/schema/Behaviour.js"
import { resolveFight } from "../actions/Fight.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { fire } from "../effects/Triggers.js"
import { checkDread } from "../nerve/Dread.js"
import { noiseOf } from "../noise/Noise.js"
import { isPlayerSide } from "../round/Turn.js"
import type { Model } from "../State.js"

const HUNTER: ReadonlyArray<TargetStep> = [
  { among: "survivors", filter: ["withinSenses", "hasNoise"], rank: ["mostNoise", "nearest"] },
  { among: "survivors", filter: ["visible"], rank: ["nearest"] },
]

const ignoredBy = (ctx: Ctx, creature: Model, m: Model, huntsByNoise: boolean): boolean => {
  if (!huntsByNoise || noiseOf(ctx, m) > 0) return false
  if (ctx.draft.sides.find((s) => s.id === m.side)?.kind === "congregation") return true // B-CONGREGATION-14
  return effectsOf(ctx, m).some(
    (s) =>
      s.effect.kind === "ignoreBy" &&
      (s.effect.by === "creaturesHuntingByNoise" || s.effect.by === "creatures") &&
      creature.kind === "creature",
  )
}

/** Candidates a creature may go for. */
const candidates = (ctx: Ctx, c: Model, huntsByNoise: boolean): Model[] =>
  ctx.draft.models.filter((m) => {
    if (m.kind !== "survivor") return false
    if (!isPlayerSide(ctx.draft.sides.find((s) => s.id === m.side) as never)) return false
    if (m.status === "down") return ctx.draft.options.creaturesAttackDown
    if (m.status !== "active") return false
    return !ignoredBy(ctx, c, m as Model, huntsByNoise)
  }) as Model[]

const answerer = (ctx: Ctx, target: Model | undefined): string => {
  if (!target) return "any"
  const other = ctx.draft.sides.find((s) => isPlayerSide(s as never) && s.id !== target.side && !s.routed)
  return other?.id ?? "any"
}

/** Picks by a behaviour's target steps. */
const pick = (
  ctx: Ctx,
  c: Model,
  steps: ReadonlyArray<TargetStep>,
  huntsByNoise: boolean,
  senses: number,
): Model | undefined => {
  for (const step of steps) {
    if (typeof step.among !== "string" || step.among === "lights") continue
    let list = candidates(ctx, c, huntsByNoise)
    for (const f of step.filter ?? []) {
      list = list.filter((m) => {
        if (m.hidden) {
          const near = ctx.fact(
            { q: "within", a: c.id, b: m.id, inches: 6 },
            `Is ${m.name} (Hidden) within 6" of ${c.name}?`,
            answerer(ctx, m),
          )
          if (near !== true) return false
        }
        if (f === "hasNoise") return noiseOf(ctx, m as Model) > 0
        if (f === "withinSenses")
          return (
            ctx.fact(
              { q: "within", a: c.id, b: m.id, inches: senses },
              `Is ${m.name} within ${c.name}'s Senses (${senses}")?`,
              answerer(ctx, m),
            ) === true
          )
        if (f === "visible")
          return (
            ctx.fact({ q: "sees", a: c.id, b: m.id }, `Can ${c.name} see ${m.name}?`, answerer(ctx, m)) ===
            true
          )
        if (f === "inContact")
          return (
            ctx.fact(
              { q: "contact", a: c.id, b: m.id },
              `Is ${c.name} in contact with ${m.name}?`,
              answerer(ctx, m),
            ) === true
          )
        if (f === "inReach")
          return (
            ctx.fact(
              { q: "reach", a: c.id, b: m.id, inches: c.profile.move },
              `Can ${c.name} reach ${m.name} with a ${c.profile.move}" move?`,
              answerer(ctx, m),
            ) === true
          )
        if (f === "notHidden") return !m.hidden
        if (typeof f === "object" && "carrying" in f)
          return m.carrying.some((x) =>
            (f.carrying as ReadonlyArray<string>).includes(x.contents === "meds" ? "loot" : x.contents),
          )
        if (typeof f === "object" && "blightAtLeast" in f) return m.blight >= f.blightAtLeast
        return true
      })
    }
    if (list.length === 0) continue
    // B-HOLLOWED-02: its old Refuge first, if it can see any of them.
    if (c.remembers) {
      const old = list.filter((m) => m.side === c.remembers)
      if (old.length > 0) list = old
    }
    for (const r of step.rank) {
      if (list.length <= 1) break
      if (r === "mostNoise") {
        const top = Math.max(...list.map((m) => noiseOf(ctx, m)))
        list = list.filter((m) => noiseOf(ctx, m) === top)
      } else if (
        r === "nearest" ||
        r === "furthestFromFriends" ||
        r === "largestGroup" ||
        typeof r === "object"
      ) {
        const ids = list.map((m) => m.id).sort()
        const id = ctx.fact(
          { q: "nearest", a: c.id, among: ids },
          `Which is nearest ${c.name}: ${list.map((m) => m.name).join(", ")}?`,
        )
        list = list.filter((m) => m.id === id)
      }
    }
    return [...list].sort((a, b) => a.id.localeCompare(b.id))[0]
  }
  return undefined
}

/** Runs one creature's activation. */
export const activateCreature = (ctx: Ctx, id: string): void => {
  const base = ctx.view(id)
  // Extra Move this round (Always closer): a use keyed "move+N:<round>".
  const bonus = Object.keys(base.used)
    .filter((k) => k.startsWith("move+") && k.endsWith(`:${ctx.draft.round}`))
    .reduce((n, k) => n + Number(k.slice(5, k.indexOf(":"))), 0)
  const c: Model =
    bonus > 0 ? { ...base, profile: { ...base.profile, move: base.profile.move + bonus } } : base
  const entry = ctx.env.content.get("creatures", c.ref)
  const behaviour = entry ? ctx.env.content.get("behaviours", entry.behaviour) : undefined
  ctx.emit({ type: "activation.start", model: id, actions: 2 })
  const huntsByNoise = behaviour?.huntsByNoise ?? true
  const steps =
    behaviour === undefined || behaviour.moveTowards.length === 0 || behaviour.start === "hidden"
      ? HUNTER
      : behaviour.moveTowards
  const senses = entry?.senses ?? 12
  const target = pick(ctx, c, steps, huntsByNoise, senses)
  if (target === undefined) {
    if ((behaviour?.otherwise ?? "driftToCentre") === "driftToCentre" && c.profile.move > 0) {
      const o = ctx.env.space.moveToward(ctx.draft as never, c, "centre", c.profile.move, false)
      ctx.emit({
        type: "moved",
        model: id,
        distance: o.distance,
        sprint: false,
        contact: [...o.contact],
        offTable: false,
        reason: "drifts towards the centre (B-BEHAVIOUR-02)",
        ...(o.to ? { to: o.to } : {}),
      })
      checkDread(ctx, undefined, [id])
    }
    fire(ctx, "activation.end", id)
    ctx.emit({ type: "activation.end", model: id })
    return
  }
  const by = answerer(ctx, target)
  let inContact =
    ctx.fact(
      { q: "contact", a: id, b: target.id },
      `Is ${c.name} in base contact with ${target.name}?`,
      by,
    ) === true
  let charge = false
  const rooted = (c.used.rooted ?? 0) > (c.used.unrooted ?? 0)
  if (rooted) ctx.emit({ type: "used", model: id, key: "unrooted" })
  if (!inContact && c.profile.move > 0 && !rooted) {
    const leash = behaviour?.leash
    const reach = ctx.fact(
      { q: "reach", a: id, b: target.id, inches: c.profile.move },
      `Can ${c.name} reach base contact with ${target.name} with its ${c.profile.move}" Move${leash && "neverLeave" in leash ? ` without leaving ${leash.neverLeave}" of where it was placed` : ""}?`,
      by,
    )
    const o = ctx.env.space.moveToward(ctx.draft as never, c, target.id, c.profile.move, reach === true)
    ctx.emit({
      type: "moved",
      model: id,
      distance: o.distance,
      sprint: false,
      contact: [...o.contact],
      offTable: false,
      reason: `goes for ${target.name}`,
      ...(o.to ? { to: o.to } : {}),
    })
    inContact = o.contact.includes(target.id)
    charge = inContact
    checkDread(ctx, undefined, [id])
  }
  const attack = behaviour?.attack ?? { kind: "target" as const }
  if (inContact && attack.kind !== "none" && ctx.view(id).status === "active") {
    ctx.emit({ type: "action", model: id, action: "fight" })
    if (attack.kind === "allInContact") {
      // B-BEHAVIOUR-10: a Swarm Fights every model in contact, rolling separately for each.
      for (const m of candidates(ctx, c, huntsByNoise)) {
        if (ctx.view(id).status !== "active") break
        if (
          m.id === target.id ||
          ctx.fact({ q: "contact", a: id, b: m.id }, `Is ${c.name} in base contact with ${m.name}?`, by) ===
            true
        )
          resolveFight(ctx, id, m.id, { charge: charge && m.id === target.id })
      }
    } else {
      resolveFight(ctx, id, target.id, { charge })
    }
  }
  if (ctx.view(id).status === "active") fire(ctx, "activation.end", id)
  ctx.emit({ type: "activation.end", model: id })
}
