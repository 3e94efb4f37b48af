/**
 * A creature's activation (B-ACT-04/05, B-NOISE-07, B-BEHAVIOUR-01..14, B-CREATURE, B-HOLLOWED-02,
 * B-GARDENER-03): its behaviour read as data and turned into a plan — the target steps in order
 * (candidates, filters, ranks; the first step with a candidate wins), then its two actions
 * (R-BATTLE-55): a Move up to its Move towards the target (within its leash) and its attack, or a
 * second Move when the first left it nobody to Fight — asking the table only the facts the plan
 * needs, each as a question a declared table can answer.
 *
 * - Candidates: `survivors` and `models` are the Refuges' survivors (creatures never fight
 *   creatures, and creatures and Gardeners ignore each other, B-GARDENER-03); `lights` are light
 *   and fire tokens and survivors carrying a Lantern or Flare (B-BEHAVIOUR-09); `groupsWithin`
 *   are survivors as the centres of groups (B-BEHAVIOUR-11, R-BOARD-12).
 * - Skipped: Down survivors (R-BATTLE-09), Hidden survivors more than 6" away (R-BATTLE-26),
 *   and, hunting by Noise, Congregation members with no Noise (B-CONGREGATION-14).
 * - Filters: within Senses, visible, has Noise, in reach (a Guardian's reach stays inside its
 *   leash, R-BOARD-10), in contact, not Hidden, carrying, Blight at least, no friend within
 *   (B-BEHAVIOUR-03), within X of features.
 * - Ranks: most Noise, nearest, furthest from friends (R-BOARD-11), largest group, nearest light,
 *   nearest to features, random (a die).
 * - Leashes: a Guardian never leaves 6" of where it was placed (B-BEHAVIOUR-08); a Tender only
 *   goes for a target within 12" of Spore terrain or a Lair (B-BEHAVIOUR-14, R-BOARD-13). The move
 *   keeps to the leash too (R-BOARD-17): the `reach` asked names it, the board cuts the move where
 *   the leash ends, and a Tender outside its ground goes back towards it.
 * - With no target a Hunter drifts its full Move towards the centre (B-BEHAVIOUR-02); the others
 *   hold. An Ambusher, once out, follows the behaviour it becomes (B-BEHAVIOUR-07).
 *
 * The table's facts a plan needs are asked of the player whose survivor is not the target
 * (B-ACT-05), or of anyone when there is none.
 *
 * @since 0.2.0
 */
import type { Behaviour, TargetStep } from "../../content/schema/Behaviour.js"
import { resolveFight } from "../actions/Fight.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { fire } from "../effects/Triggers.js"
import { checkDread } from "../nerve/Dread.js"
import { noiseOf } from "../noise/Noise.js"
import { isPlayerSide } from "../round/Turn.js"
import type { Model, MoveLeash } from "../State.js"
import { pickAtRandom } from "./Pick.js"
import { at } from "../../terms/Indexed.js"

const HUNTER: ReadonlyArray<TargetStep> = [
  { among: "survivors", filter: ["withinSenses", "hasNoise"], rank: ["mostNoise", "nearest"] },
  { among: "survivors", filter: ["visible"], rank: ["nearest"] },
]

const LIGHTS = new Set(["lantern", "flare"])

const ignoredBy = (ctx: Ctx, creature: Model, m: Model, huntsByNoise: boolean): boolean => {
  // A member carrying the Radio has Noise all the time (B-OBJECTIVE-05): it is not ignored.
  if (!huntsByNoise || noiseOf(ctx, m) > 0) return false
  if (ctx.draft.sides.find((s) => s.id === m.side)?.kind === "congregation") return true // B-CONGREGATION-14
  return effectsOf(ctx, m).some(
    (s) =>
      s.effect.kind === "ignoreBy" &&
      (s.effect.by === "creaturesHuntingByNoise" || s.effect.by === "creatures") &&
      creature.kind === "creature",
  )
}

/** Survivors a creature may go for. */
const candidates = (ctx: Ctx, c: Model, huntsByNoise: boolean): Model[] =>
  ctx.draft.models.filter((m) => {
    if (m.kind !== "survivor") return false
    if (!isPlayerSide(ctx.draft.sides.find((s) => s.id === m.side))) return false
    if (m.status === "down") return ctx.draft.options.creaturesAttackDown
    if (m.status !== "active") return false
    return !ignoredBy(ctx, c, m as Model, huntsByNoise)
  }) as Model[]

const answerer = (ctx: Ctx, target: string | undefined): string => {
  const m = target ? ctx.draft.models.find((x) => x.id === target) : undefined
  if (!m) return "any"
  const other = ctx.draft.sides.find((s) => isPlayerSide(s) && s.id !== m.side && !s.routed)
  return other?.id ?? "any"
}

/** Something a creature can go for: a survivor, or a light token. */
interface Candidate {
  readonly id: string
  readonly name: string
  readonly noise: number
  readonly model?: Model | undefined
}

const ofModel =
  (ctx: Ctx) =>
  (m: Model): Candidate => ({ id: m.id, name: m.name, noise: noiseOf(ctx, m), model: m })

const FEATURE_WORDS: Record<string, string> = {
  sporeTerrain: "Spore terrain",
  lair: "a Lair",
  light: "a light",
  blightEdge: "a Blight edge",
}
const featureSubject = (fs: ReadonlyArray<string>): string => `feature:${[...fs].sort().join("+")}`
const featureWords = (fs: ReadonlyArray<string>): string => fs.map((f) => FEATURE_WORDS[f] ?? f).join(" or ")

/** What a plan needs to know about the creature. */
export interface Hunter {
  readonly c: Model
  readonly behaviour: Behaviour | undefined
  readonly huntsByNoise: boolean
  readonly senses: number
  /** Where distances for Senses are measured from (the creature, or an Ambusher's Lair). */
  readonly origin: string
  readonly originName: string
}

const within = (ctx: Ctx, a: string, b: string, inches: number, q: string, by: string): boolean =>
  ctx.fact({ q: "within", a, b, inches }, q, by) === true

/** The candidates of a step, before its filters. */
const amongOf = (ctx: Ctx, h: Hunter, step: TargetStep): Candidate[] => {
  const survivors = candidates(ctx, h.c, h.huntsByNoise).map(ofModel(ctx))
  if (step.among !== "lights") return survivors
  const tokens = ctx.draft.tokens
    .filter((t) => t.kind === "light" || t.kind === "fire")
    .map((t) => ({ id: t.id, name: t.kind === "fire" ? `the fire ${t.id}` : `the light ${t.id}`, noise: 0 }))
  return [...tokens, ...survivors.filter((s) => s.model?.kit.some((k) => LIGHTS.has(k)))]
}

/** Does a candidate pass a filter? */
const passes = (ctx: Ctx, h: Hunter, m: Candidate, f: NonNullable<TargetStep["filter"]>[number]): boolean => {
  const by = answerer(ctx, m.id)
  const { c } = h
  if (f === "hasNoise") return m.noise > 0
  if (f === "notHidden") return !m.model?.hidden
  if (f === "withinSenses")
    return within(
      ctx,
      h.origin,
      m.id,
      h.senses,
      `Is ${m.name} within ${h.originName}'s Senses (${h.senses}")?`,
      by,
    )
  if (f === "visible")
    return ctx.fact({ q: "sees", a: c.id, b: m.id }, `Can ${c.name} see ${m.name}?`, by) === true
  if (f === "inContact")
    return (
      ctx.fact({ q: "contact", a: c.id, b: m.id }, `Is ${c.name} in contact with ${m.name}?`, by) === true
    )
  if (f === "inReach") {
    const leash = leashOf(h)
    // R-BOARD-10: a Guardian reaches only what stands within its leash of where it was placed.
    if (leash?.keeps === "path") {
      const inside = within(
        ctx,
        m.id,
        leash.of,
        leash.inches,
        `Is ${m.name} within ${leash.inches}" of where ${c.name} was placed?`,
        by,
      )
      if (!inside) return false
    }
    return reaches(ctx, h, m, `Can ${c.name} reach ${m.name} with a ${c.profile.move}" move`, by)
  }
  if (typeof f === "object" && "carrying" in f)
    return (m.model?.carrying ?? []).some((x) =>
      (f.carrying as ReadonlyArray<string>).includes(x.contents === "meds" ? "loot" : x.contents),
    )
  if (typeof f === "object" && "blightAtLeast" in f) return (m.model?.blight ?? 0) >= f.blightAtLeast
  if (typeof f === "object" && "noFriendWithin" in f) return friendsWithin(ctx, m, f.noFriendWithin) === 0
  if (typeof f === "object" && "withinOf" in f)
    return within(
      ctx,
      m.id,
      featureSubject(f.of),
      f.withinOf,
      `Is ${m.name} within ${f.withinOf}" of ${featureWords(f.of)}?`,
      by,
    )
  return true
}

/**
 * A creature's leash as the table is asked it (B-BEHAVIOUR-08/14, R-BOARD-17): a Guardian's whole
 * move stays within 6" of its placing; a Tender's ends within 12" of Spore terrain or a Lair.
 */
export const leashOf = (h: Hunter): MoveLeash | undefined => {
  const l = h.behaviour?.leash
  if (l === undefined) return undefined
  return "neverLeave" in l
    ? { inches: l.neverLeave, of: `placement:${h.c.id}`, keeps: "path" }
    : { inches: l.endMoveWithin, of: featureSubject(l.of), keeps: "end" }
}

/** A leash in words, for a question: what the move must keep to. */
const leashWords = (h: Hunter, l: MoveLeash): string =>
  `${l.keeps === "path" ? "without leaving" : "ending within"} ${l.inches}" of ${leashWhere(h, l)}`

/** What a leash is measured from, in words. */
const leashWhere = (h: Hunter, l: MoveLeash): string =>
  l.keeps === "path" ? `where ${h.c.name} was placed` : featureWords(l.of.slice(8).split("+"))

/** Can the creature reach base contact with a candidate with its Move (within its leash)? */
const reaches = (ctx: Ctx, h: Hunter, m: Candidate, asked: string, by: string): boolean => {
  const leash = leashOf(h)
  const q = { q: "reach", a: h.c.id, b: m.id, inches: h.c.profile.move } as const
  return leash === undefined
    ? ctx.fact(q, `${asked}?`, by) === true
    : ctx.fact({ ...q, leash }, `${asked}, ${leashWords(h, leash)}?`, by) === true
}

/** How many of a survivor's friends stand within `inches` of it. */
const friendsWithin = (ctx: Ctx, m: Candidate, inches: number): number => {
  const model = m.model
  if (!model) return 0
  const by = answerer(ctx, m.id)
  return ctx.draft.models
    .filter((f) => f.side === model.side && f.id !== m.id && f.kind === "survivor" && f.status === "active")
    .sort((a, b) => (a.id < b.id ? -1 : 1))
    .filter((f) => within(ctx, m.id, f.id, inches, `Is ${f.name} within ${inches}" of ${m.name}?`, by)).length
}

/** Keeps the candidates with the best score (highest first). */
const best = <T>(list: ReadonlyArray<T>, score: (x: T) => number): T[] => {
  const scores = list.map(score)
  const top = Math.max(...scores)
  return list.filter((_, i) => scores[i] === top)
}

const nearestOf = (ctx: Ctx, from: string, fromName: string, list: ReadonlyArray<Candidate>): Candidate[] => {
  const ids = list.map((m) => m.id).sort()
  const id = ctx.fact(
    { q: "nearest", a: from, among: ids },
    `Which is nearest ${fromName}: ${[...list]
      .sort((a, b) => (a.id < b.id ? -1 : 1))
      .map((m) => m.name)
      .join(", ")}?`,
  )
  return list.filter((m) => m.id === id)
}

/** Ranks candidates: the first rank decides, later ranks break ties; a last tie goes by id. */
const rank = (ctx: Ctx, h: Hunter, step: TargetStep, list: Candidate[]): Candidate | undefined => {
  // The step's candidates (for a Horror: the survivors it can see), before any rank narrows them.
  const passed = list
  for (const r of step.rank) {
    if (list.length <= 1) break
    if (r === "mostNoise") list = best(list, (m) => m.noise)
    else if (r === "nearest" || r === "nearestLight") list = nearestOf(ctx, h.origin, h.originName, list)
    else if (r === "furthestFromFriends") {
      // R-BOARD-11: fewest friends within 6", then within 12".
      list = best(list, (m) => -friendsWithin(ctx, m, 6))
      if (list.length > 1) list = best(list, (m) => -friendsWithin(ctx, m, 12))
    } else if (r === "largestGroup" && typeof step.among === "object") {
      // B-BEHAVIOUR-11, R-BOARD-16: a group "it can see" counts only the survivors it can see.
      const n = step.among.groupsWithin
      list = best(
        list,
        (m) =>
          passed.filter(
            (o) =>
              o.id === m.id ||
              within(ctx, m.id, o.id, n, `Is ${o.name} within ${n}" of ${m.name}?`, answerer(ctx, m.id)),
          ).length,
      )
    } else if (r === "random") {
      const sorted = [...list].sort((a, b) => (a.id < b.id ? -1 : 1))
      list = [at(sorted, pickAtRandom(ctx, sorted.length, `which target ${h.c.name} goes for`))]
    } else if (typeof r === "object" && "nearestTo" in r) {
      const subject = featureSubject(r.nearestTo)
      list = nearestOf(ctx, subject, featureWords(r.nearestTo), list)
    }
  }
  return [...list].sort((a, b) => (a.id < b.id ? -1 : 1))[0]
}

/** Picks by a behaviour's target steps (among the candidates `only` keeps, if given). */
export const pick = (
  ctx: Ctx,
  h: Hunter,
  steps: ReadonlyArray<TargetStep>,
  only?: (m: Candidate) => boolean,
): Candidate | undefined => {
  const { c } = h
  const leash = h.behaviour?.leash
  for (const step of steps) {
    let list = amongOf(ctx, h, step)
    if (only) list = list.filter(only)
    // R-BATTLE-26: a Hidden survivor more than 6" away is not there for it.
    list = list.filter(
      (m) =>
        !m.model?.hidden ||
        within(ctx, c.id, m.id, 6, `Is ${m.name} (Hidden) within 6" of ${c.name}?`, answerer(ctx, m.id)),
    )
    for (const f of step.filter ?? []) list = list.filter((m) => passes(ctx, h, m, f))
    // B-BEHAVIOUR-14, R-BOARD-13: a Tender only goes for what keeps it near its ground.
    if (leash && "endMoveWithin" in leash)
      list = list.filter((m) => passes(ctx, h, m, { withinOf: leash.endMoveWithin, of: leash.of }))
    if (list.length === 0) continue
    return rank(ctx, h, step, list)
  }
  return undefined
}

const OLD_REFUGE: ReadonlyArray<TargetStep> = [
  { among: "survivors", filter: ["visible"], rank: ["mostNoise", "nearest"] },
]

/**
 * B-HOLLOWED-02: a Hollowed goes first for a survivor of its old Refuge it can see (the noisiest,
 * then the nearest), silent or not; with none of them in sight it hunts by Noise like a Hunter.
 */
const oldRefugeInSight = (ctx: Ctx, h: Hunter): Candidate | undefined =>
  h.c.remembers === undefined ? undefined : pick(ctx, h, OLD_REFUGE, (m) => m.model?.side === h.c.remembers)

/** The behaviour a creature follows now (an Ambusher once out follows what it becomes). */
export const hunterOf = (ctx: Ctx, c: Model): Hunter => {
  const entry = ctx.env.content.get("creatures", c.ref)
  let behaviour = entry ? ctx.env.content.get("behaviours", entry.behaviour) : undefined
  if (behaviour?.start === "hidden" && behaviour.emerge?.becomes)
    behaviour = ctx.env.content.get("behaviours", behaviour.emerge.becomes) ?? behaviour
  return {
    c,
    behaviour,
    huntsByNoise: behaviour?.huntsByNoise ?? true,
    senses: entry?.senses ?? 12,
    origin: c.id,
    originName: c.name,
  }
}

/** Fights a model, if the creature still stands. */
const strike = (ctx: Ctx, id: string, target: string, charge: boolean): void => {
  if (ctx.view(id).status !== "active") return
  resolveFight(ctx, id, target, { charge })
}

/** Is a creature within its own leash (a Tender within 12" of Spore terrain or a Lair)? */
const withinLeash = (ctx: Ctx, h: Hunter, l: MoveLeash, by: string): boolean =>
  within(ctx, h.c.id, l.of, l.inches, `Is ${h.c.name} within ${l.inches}" of ${leashWhere(h, l)}?`, by)

/**
 * R-BOARD-17: a Tender more than 12" from its ground that can't reach its target (ending within its
 * leash) could end no move towards it, so it spends its Move going back towards the nearest Spore
 * terrain or Lair, and Fights nobody with that action.
 */
const goBack = (ctx: Ctx, h: Hunter, l: MoveLeash): void => {
  moveAction(
    ctx,
    h.c,
    l.of,
    false,
    undefined,
    undefined,
    `goes back towards ${leashWhere(h, l)} (B-BEHAVIOUR-14, R-BOARD-17)`,
  )
}

/**
 * One Move action of a creature (B-ACT-07, R-BATTLE-55): its full Move towards `to`, never a Sprint
 * (creatures make no Noise, R-BATTLE-17), then Dread checked. `stated`: the contact the move states
 * (others are asked when a rule needs them, R-BOARD-06); none when unset. What it ended touching.
 */
const moveAction = (
  ctx: Ctx,
  c: Model,
  to: string,
  reach: boolean,
  leash: MoveLeash | undefined,
  stated: string | undefined,
  reason: string,
): ReadonlyArray<string> => {
  ctx.emit({ type: "action", model: c.id, action: "move" })
  const o = ctx.env.space.moveToward(ctx.draft, c, to, c.profile.move, reach, leash)
  ctx.emit({
    type: "moved",
    model: c.id,
    distance: o.distance,
    sprint: false,
    contact: stated === undefined ? [] : o.contact.filter((x) => x === stated),
    offTable: false,
    reason,
    ...(o.to ? { to: o.to } : {}),
  })
  checkDread(ctx, undefined, [c.id])
  return o.contact
}

/** The creature as it stands now (it may have moved), with the Move it has this activation. */
const standing = (ctx: Ctx, h: Hunter): Hunter => {
  const now = ctx.view(h.c.id)
  return { ...h, c: now.profile.move === h.c.profile.move ? now : { ...now, profile: h.c.profile } }
}

/**
 * One Move action towards the target (B-ACT-07, R-BATTLE-55), within its leash; a Tender outside its
 * ground that can't reach goes back towards it (R-BOARD-17). Is it in contact with its target after?
 */
const moveOnce = (ctx: Ctx, h0: Hunter, target: Candidate, by: string): boolean => {
  const h = standing(ctx, h0)
  const { c } = h
  const leash = leashOf(h)
  const reach = reaches(
    ctx,
    h,
    target,
    `Can ${c.name} reach base contact with ${target.name} with its ${c.profile.move}" Move`,
    by,
  )
  // R-BOARD-17: short of its target and outside its ground, a Tender goes back towards it.
  if (!reach && leash?.keeps === "end" && !withinLeash(ctx, h, leash, by)) {
    goBack(ctx, h, leash)
    return false
  }
  return moveAction(ctx, c, target.id, reach, leash, target.id, `goes for ${target.name}`).includes(target.id)
}

/**
 * The Fight action, if the behaviour's attack has anyone to Fight now (B-BEHAVIOUR-01, -10, -11):
 * did it Fight? `charge`: it moved into contact with its target this activation.
 */
const fightNow = (
  ctx: Ctx,
  h: Hunter,
  target: Candidate,
  inContact: boolean,
  charge: boolean,
  by: string,
) => {
  const { c } = h
  const id = c.id
  const attack = h.behaviour?.attack ?? { kind: "target" as const }
  if (attack.kind === "none") return false
  if (attack.kind === "allInContact") {
    // B-BEHAVIOUR-10: a Swarm Fights every model in contact, rolling separately for each.
    const foes = candidates(ctx, c, h.huntsByNoise).filter(
      (m) =>
        (m.id === target.id && inContact) ||
        (m.id !== target.id &&
          ctx.fact({ q: "contact", a: id, b: m.id }, `Is ${c.name} in base contact with ${m.name}?`, by) ===
            true),
    )
    if (foes.length === 0) return false
    ctx.emit({ type: "action", model: id, action: "fight" })
    for (const m of foes) strike(ctx, id, m.id, charge && m.id === target.id)
    return true
  }
  if (attack.kind === "choose") {
    // B-BEHAVIOUR-11: a Horror Fights the one in contact with the most Noise.
    const foe = pick(ctx, h, attack.choose)
    if (!foe?.model) return false
    ctx.emit({ type: "action", model: id, action: "fight" })
    strike(ctx, id, foe.id, charge && foe.id === target.id)
    return true
  }
  if (!inContact || !target.model) return false
  ctx.emit({ type: "action", model: id, action: "fight" })
  strike(ctx, id, target.id, charge)
  return true
}

/** A creature's two actions (B-ACT-07, R-BATTLE-55). */
const ACTIONS = 2

/** Runs one creature's activation. */
export const activateCreature = (ctx: Ctx, id: string): void => {
  const base = ctx.view(id)
  // Extra Move this round (Always closer, R-BATTLE via `core/unseen-move-bonus`): uses "move+N:<round>".
  const bonus = Object.keys(base.used)
    .filter((k) => k.startsWith("move+") && k.endsWith(`:${ctx.draft.round}`))
    .reduce((n, k) => n + Number(k.slice(5, k.indexOf(":"))), 0)
  // Rooted (R-BATTLE-34): it stays where it is in this activation.
  const rooted = (base.used.rooted ?? 0) > (base.used.unrooted ?? 0)
  const move = rooted ? 0 : base.profile.move + bonus
  const c: Model = move === base.profile.move ? base : { ...base, profile: { ...base.profile, move } }
  const h = hunterOf(ctx, c)
  const behaviour = h.behaviour
  ctx.emit({ type: "activation.start", model: id, actions: ACTIONS })
  fire(ctx, "activation.start", id)
  if (rooted) ctx.emit({ type: "used", model: id, key: "unrooted" })
  const steps = behaviour === undefined || behaviour.moveTowards.length === 0 ? HUNTER : behaviour.moveTowards
  const target = oldRefugeInSight(ctx, h) ?? pick(ctx, h, steps)
  if (target === undefined) {
    // "Drifts its full Move": one Move action (R-BATTLE-55).
    if ((behaviour?.otherwise ?? "driftToCentre") === "driftToCentre" && c.profile.move > 0) {
      moveAction(ctx, c, "centre", false, leashOf(h), undefined, "drifts towards the centre (B-BEHAVIOUR-02)")
    }
    fire(ctx, "activation.end", id)
    ctx.emit({ type: "activation.end", model: id })
    return
  }
  const by = answerer(ctx, target.id)
  let inContact =
    ctx.fact(
      { q: "contact", a: id, b: target.id },
      `Is ${c.name} in base contact with ${target.name}?`,
      by,
    ) === true
  // R-BATTLE-55: two actions — in contact, it Fights; out of contact, it Moves towards its target,
  // then Fights if the move brought it someone to Fight, or else Moves again (B-ACT-08) and Fights
  // nobody this activation. A creature that can't move (rooted) Fights what it is in contact with.
  let moved = false
  for (let left = ACTIONS; left > 0 && ctx.view(id).status === "active"; left--) {
    if (
      (inContact || moved || c.profile.move <= 0) &&
      fightNow(ctx, h, target, inContact, moved && inContact, by)
    )
      break
    if (c.profile.move <= 0) break
    inContact = moveOnce(ctx, h, target, by)
    moved = true
  }
  if (ctx.view(id).status === "active") fire(ctx, "activation.end", id)
  ctx.emit({ type: "activation.end", model: id })
}
