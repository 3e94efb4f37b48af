/**
 * Dread (B-DREAD-01..03): the first time in a battle a survivor sees a creature of a kind with
 * Dread within 12", it tests Nerve, needing the creature's Dread value in successes (R-WORLD-15,
 * AMB-B-33 (a)). Fail: Shaken. Fail with no successes and any 1: Panic, a full Move directly away,
 * then Shaken (a Hidden survivor whose Panic move ends in the open stops being Hidden,
 * B-ACTION-HIDE-03). Faithful Congregation members never Panic (B-CONGREGATION-11); some Knacks say the
 * same (`core/no-panic`). The check runs after a survivor moves and after a creature moves or
 * arrives (R-BATTLE-23). A Panic move is a move: one that ends within an Ambusher's Senses of its
 * Lair brings it out (B-BEHAVIOUR-06).
 *
 * @since 0.2.0
 */
import { revealInTheOpen } from "../actions/Hide.js"
import { moveAllowance } from "../actions/Move.js"
import type { Ctx } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { reactions } from "../Reactions.js"
import type { Model } from "../State.js"
import { nerveTest } from "./Nerve.js"

const dreadOf = (ctx: Ctx, creature: Model): number =>
  creature.ref === "hollowed"
    ? (ctx.env.content.get("creatures", "hollowed")?.dread ?? 0)
    : (ctx.env.content.get("creatures", creature.ref)?.dread ?? 0)

/** Checks Dread for pairs of survivors and creatures (either list may be everyone). */
export const checkDread = (
  ctx: Ctx,
  survivors?: ReadonlyArray<string>,
  creatures?: ReadonlyArray<string>,
): void => {
  const s = ctx.draft.models.filter(
    (m) =>
      m.kind === "survivor" && m.status === "active" && (survivors === undefined || survivors.includes(m.id)),
  )
  const c = ctx.draft.models.filter(
    (m) =>
      m.kind === "creature" &&
      m.status === "active" &&
      (creatures === undefined || creatures.includes(m.id)) &&
      dreadOf(ctx, m as Model) > 0,
  )
  for (const survivor of s) {
    for (const creature of c) {
      const me = ctx.view(survivor.id)
      if (me.status !== "active" || me.dreaded.includes(creature.ref)) continue
      const near = ctx.fact(
        { q: "within", a: survivor.id, b: creature.id, inches: 12 },
        `Is ${creature.name} within 12" of ${survivor.name}?`,
      )
      if (near !== true) continue
      const sees = ctx.fact(
        { q: "sees", a: survivor.id, b: creature.id },
        `Can ${survivor.name} see ${creature.name}?`,
      )
      if (sees !== true) continue
      dreadTest(ctx, me, creature as Model)
    }
  }
}

const faithful = (ctx: Ctx, m: Model): boolean =>
  ctx.draft.sides.find((x) => x.id === m.side)?.kind === "congregation" ||
  effectsOf(ctx, m).some((s) => s.effect.kind === "replaceOutcome" && s.effect.outcome === "panic")

/**
 * A Panic move is a move: what it brings into sight is checked for Dread (R-BATTLE-23; each kind
 * once, so this ends), and lurking Ambushers may hear it end (B-BEHAVIOUR-06 "ends a move").
 */
const panicEndsAMove = (ctx: Ctx, id: string): void => {
  const m = ctx.view(id)
  if (m.status === "active") revealInTheOpen(ctx, m, "Panic move")
  if (ctx.view(id).status === "active") checkDread(ctx, [id])
  if (ctx.view(id).status === "active") reactions.ambush(ctx, id, "endMove")
}

/** One Dread test. */
export const dreadTest = (ctx: Ctx, m: Model, creature: Model): void => {
  // The first time only: the kind is remembered (`used` keys "dread:<kind>").
  ctx.emit({ type: "used", model: m.id, key: `dread:${creature.ref}` })
  const target = dreadOf(ctx, creature)
  const { roll, passed } = nerveTest(ctx, m, "nerve.dread", target, `Dread test against ${creature.name}`)
  if (passed) return
  const ones = [...roll.dice, ...roll.blight].some((f) => f === 1)
  if (roll.successes === 0 && ones && !faithful(ctx, m)) {
    // "A full Move": the survivor's Move as it stands (carrying Loot costs 1", B-ACTION-SEARCH-02).
    const o = ctx.env.space.moveAway(ctx.draft, m, creature.id, moveAllowance(ctx, m, "move"))
    ctx.emit({
      type: "moved",
      model: m.id,
      distance: o.distance,
      sprint: false,
      // A Panic move goes directly away (B-DREAD-03): it ends in contact with nothing (R-BATTLE-41).
      contact: [],
      offTable: false,
      ...(o.to ? { to: o.to } : {}),
      reason: `Panic: a full Move away from ${creature.name} (B-DREAD-03)`,
    })
    panicEndsAMove(ctx, m.id)
  }
  ctx.emit({ type: "shaken", model: m.id, reason: `failed a Dread test against ${creature.name}` })
}
