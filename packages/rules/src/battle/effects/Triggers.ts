/**
 * Content triggers in a raid (`trigger` effects, design-effects.md): when a model's own event
 * happens — it arrives, it ends an activation, it takes an action, it is slain — the trigger's
 * effects are done: Noise, Blight, a token placed where it stands (a spore cloud, an Amber Loot
 * token), creatures spawned, an aura over the models within a radius, a roll on a table. Scenario
 * and Home triggers on `battle.setup` bring their creatures at set-up. Hooks with engine support
 * (holding on instead of going Down, feeding on the fallen, the Seed-Bearer's Jar) are acted on where
 * their event happens (`combat/Damage.ts`).
 *
 * @since 0.2.0
 */
import type { Effect } from "../../vocabulary/Effect.js"
import type { EventName } from "../../vocabulary/Vocabulary.js"
import { holds, type Situation } from "../Conditions.js"
import type { Ctx } from "../Context.js"
import { gainBlight } from "../combat/Blight.js"
import { effectsOf } from "../combat/Pools.js"
import { faceOf } from "../Faces.js"
import { makeNoise } from "../noise/Noise.js"
import { reactions } from "../Reactions.js"
import { areEnemies } from "../round/Turn.js"
import type { Model } from "../State.js"

/**
 * Does one effect for a model (a trigger's `do`). `here` is the token a scenario's set-up effect
 * happens at (its objective), so what it spawns "here" stands beside it on a board.
 */
export const doEffect = (
  ctx: Ctx,
  owner: Model,
  e: Effect,
  source: string,
  here?: string,
  /** A Home's effect: its Refuge, whose nearest Lair a spawn "at a Lair" uses (R-WORLD-19). */
  home?: string,
): void => {
  switch (e.kind) {
    case "noise":
      makeNoise(ctx, owner.id, e.value, source)
      return
    case "blight":
      if (e.chance !== undefined) {
        const face = faceOf(
          ctx.dice(1, `${source}: ${e.chance.on[0]}–${e.chance.on[1]} for +${e.value} Blight`, owner.side),
        )
        if (face < e.chance.on[0] || face > e.chance.on[1]) return
      }
      gainBlight(ctx, owner.id, e.value, source)
      return
    case "placeToken": {
      const kind =
        e.token === "sporeCloud"
          ? "sporeCloud"
          : e.token === "loot"
            ? "loot"
            : e.token === "fire"
              ? "fire"
              : e.token === "light"
                ? "light"
                : undefined
      if (kind === undefined) return
      ctx.emit({
        type: "token.placed",
        token: {
          id: `t${ctx.draft.counters.token + 1}`,
          kind,
          rich: 0,
          ...(kind === "loot"
            ? {
                contents:
                  e.contents === "amber" || e.contents === "radio" || e.contents === "meds"
                    ? e.contents
                    : "loot",
              }
            : {}),
          ...(e.radius !== undefined ? { radius: e.radius } : {}),
          ...(owner.position ? { position: { ...owner.position } } : {}),
        },
      })
      return
    }
    case "spawn":
    case "rollTable":
      reactions.summon(ctx, owner, e, source, here, home)
      return
    case "aura": {
      for (const m of ctx.draft.models) {
        if (m.id === owner.id || m.status !== "active") continue
        const friend = m.side === owner.side
        const ok =
          e.affects === "models" ||
          (e.affects === "friends" && friend) ||
          (e.affects === "enemies" && areEnemies(owner, m as Model)) ||
          (e.affects === "creatures" && m.kind === "creature")
        if (!ok) continue
        const near =
          e.radius === 0
            ? ctx.fact(
                { q: "contact", a: owner.id, b: m.id },
                `Is ${m.name} in base contact with ${owner.name}?`,
              )
            : ctx.fact(
                { q: "within", a: owner.id, b: m.id, inches: e.radius },
                `Is ${m.name} within ${e.radius}" of ${owner.name}?`,
              )
        if (near !== true) continue
        for (const inner of e.effects) doEffect(ctx, m as Model, inner, source)
      }
      return
    }
    default:
      return
  }
}

/** Fires a model's own triggers on an event. */
export const fire = (ctx: Ctx, on: EventName, modelId: string, situation: Situation = {}): void => {
  const m = ctx.view(modelId)
  for (const s of effectsOf(ctx, m)) {
    const e = s.effect
    if (e.kind !== "trigger" || e.on !== on) continue
    if (e.when !== undefined && !holds(ctx, e.when, { ...situation, self: m })) continue
    for (const x of e.do) doEffect(ctx, ctx.view(modelId), x, s.source)
  }
}

/**
 * Where a scenario's set-up effects happen ("here"): at its objective, when it has one — the
 * Pharmacy's two Meds tokens are on its shelves and its Strangler Vine "at its door" (the set-up
 * text), not by whichever survivor is listed first. The first model still answers for the rest.
 */
const atObjective = (ctx: Ctx, anchor: Model): Model => {
  const o = ctx.draft.objectives[0]
  const token = o ? ctx.draft.tokens.find((t) => t.id === o.token) : undefined
  if (!o || !token) return anchor
  const { position: _, ...rest } = anchor
  return {
    ...rest,
    name: ctx.env.content.get("objectives", o.id)?.name ?? o.id,
    ...(token.position ? { position: token.position } : {}),
  } as Model
}

/** Set-up triggers of the scenario and of each Refuge's Home and improvements (`battle.setup`). */
export const fireSetup = (ctx: Ctx): void => {
  const scenario = ctx.env.content.get("scenarios", ctx.draft.scenario)
  const anchor = ctx.draft.models[0] as Model | undefined
  if (!anchor) return
  const run = (
    effects: ReadonlyArray<Effect> | undefined,
    source: string,
    owner: Model,
    here?: string,
    home?: string,
  ) => {
    for (const e of effects ?? []) {
      if (e.kind !== "trigger" || e.on !== "battle.setup") continue
      for (const x of e.do) doEffect(ctx, owner, x, source, here, home)
    }
  }
  const objective = ctx.draft.objectives[0]?.token
  run(scenario?.effects, scenario?.name ?? "the scenario", atObjective(ctx, anchor), objective)
  // The Season's raid effect (the Waking's extra Spore terrain, B-SEASON-01, R-CONTENT-43): it
  // belongs to no survivor, so what it places has no spot of its own; the players mark it.
  const season = ctx.draft.season ? ctx.env.content.get("seasons", ctx.draft.season) : undefined
  if (season) {
    const { position: _, ...nowhere } = anchor
    run(season.raidEffect.effects, `${season.name}: ${season.raidEffect.name}`, nowhere as Model)
  }
  for (const side of ctx.draft.sides) {
    const owner = ctx.draft.models.find((m) => m.side === side.id) as Model | undefined
    if (!owner || !side.home) continue
    const home = ctx.env.content.get("homes", side.home)
    run(home?.perk.effects, `${home?.name}: ${home?.perk.name}`, owner, undefined, side.id)
    run(home?.drawback.effects, `${home?.name}: ${home?.drawback.name}`, owner, undefined, side.id)
  }
}
