/**
 * Activations (B-ACT-01..09, B-SHAKEN-01): a survivor of the side on turn activates and takes two
 * actions, one after the other (one if it starts Shaken, which then clears); the same action may
 * be taken twice, but only one attack; a rule may forbid an action (`forbidAction`). Withdrawing
 * at the start of a side's turn counts as a Rout (B-ROUT-03, R-BATTLE-29: "turn" is the side's
 * turn to activate a model).
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { holds } from "../Conditions.js"
import { type Ctx, type Env, refuse, Suspend } from "../Context.js"
import { aurasOn, effectsOf } from "../combat/Pools.js"
import { fire } from "../effects/Triggers.js"
import { routSide } from "../round/Rout.js"
import { sporeRoll } from "../round/Spores.js"
import { canActivate, isPlayerSide, sideOnTurn } from "../round/Turn.js"
import type { Model } from "../State.js"
import { decideResult } from "../scenario/Victory.js"

/** Checks who may command a side: "any" (the table) or the side's own player. */
export const mayCommand = (by: string, side: string): boolean => by === "any" || by === side

/** Activates a survivor (B-ACT-01, B-ACT-06, B-ACT-07, B-SHAKEN-01). */
export const activate = (ctx: Ctx, c: CommandOf<"activate">, by: string): void => {
  const d = ctx.draft
  if (d.phase !== "activations")
    refuse(`activate: no activations now (the raid is in its ${d.phase} phase)`, "B-ROUND-02")
  if (d.activation)
    refuse(
      `activate: ${ctx.view(d.activation.model).name} is still activating; end that activation first`,
      "B-ACT-01",
    )
  const m = ctx.view(c.model)
  const side = sideOnTurn(d)
  if (!side || side.id !== m.side)
    refuse(`model: it is ${side?.name ?? "nobody"}'s turn to activate a model, not ${m.side}'s`, "B-ACT-01")
  if (!mayCommand(by, m.side))
    refuse(`model: ${m.name} belongs to ${m.side}; a player commands only their own side`, "R-BATTLE-54")
  if (m.kind !== "survivor") refuse("model: creatures activate by their behaviour", "B-ACT-05")
  if (m.status === "down") refuse(`model: ${m.name} is Down; Down survivors don't activate`, "B-ACT-06")
  if (!canActivate(d, m))
    refuse(
      `model: ${m.name} ${m.activated ? "has already activated this round" : "can't activate"}`,
      "B-ACT-03",
    )
  ctx.emit({ type: "activation.start", model: m.id, actions: m.shaken ? 1 : 2 })
  fire(ctx, "activation.start", m.id)
}

/**
 * What probes found (`legalCommands` asks the same of every move into contact): per state as it
 * stood (a probe reads the real state, which changes nothing; a state changed in place has moved on
 * when its `seq` has), per model and action, the rule that forbids it, "" for none, or the prompt
 * that stopped the probe.
 */
const probed = new WeakMap<object, { seq: number; env: Env; found: Map<string, string | Suspend> }>()

/** Is an action forbidden for a model by a rule (its own, or an aura on it)? */
export const forbidden = (ctx: Ctx, m: Model, action: string): string | undefined => {
  if (!ctx.probe) return forbiddenBy(ctx, m, action)
  let memo = probed.get(ctx.draft)
  if (memo === undefined || memo.seq !== ctx.draft.seq || memo.env !== ctx.env) {
    memo = { seq: ctx.draft.seq, env: ctx.env, found: new Map() }
    probed.set(ctx.draft, memo)
  }
  const key = `${m.id}|${action}`
  const hit = memo.found.get(key)
  if (hit instanceof Suspend) throw hit
  if (hit !== undefined) return hit === "" ? undefined : hit
  try {
    const why = forbiddenBy(ctx, m, action)
    memo.found.set(key, why ?? "")
    return why
  } catch (e) {
    if (e instanceof Suspend) memo.found.set(key, e)
    throw e
  }
}

const forbiddenBy = (ctx: Ctx, m: Model, action: string): string | undefined => {
  if ((action === "move" || action === "sprint") && (m.used.rooted ?? 0) > (m.used.unrooted ?? 0))
    return "rooted until the end of its next activation (R-BATTLE-34)"
  // The auras are gathered (their facts asked) before any condition of the model's own is read.
  const own = effectsOf(ctx, m)
  const auras = aurasOn(ctx, m, (e) => e.kind === "forbidAction" && e.action === action)
  for (const list of [own, auras])
    for (const s of list) {
      const e = s.effect
      if (e.kind !== "forbidAction" || e.action !== action) continue
      if (e.when !== undefined && !holds(ctx, e.when, { self: m, action })) continue
      return s.source
    }
  return undefined
}

/** The activation under way: an action is taken only in one (B-ACT-01). */
export const activationOf = (ctx: Ctx): NonNullable<Ctx["draft"]["activation"]> => {
  const a = ctx.draft.activation
  if (!a) return refuse("model: no model is activating; activate one first", "B-ACT-01")
  return a
}

/** Starts an action of the activating model: checks it may act, then records the action. */
export const beginAction = (ctx: Ctx, modelId: string, action: string, by: string): Model => {
  const a = ctx.draft.activation
  const m = ctx.view(modelId)
  if (!mayCommand(by, m.side))
    refuse(`model: ${m.name} belongs to ${m.side}; a player commands only their own side`, "R-BATTLE-54")
  if (!a || a.model !== modelId) {
    // Its activation ended with its last action (two, one if Shaken): it can't be activated again.
    if (m.activated)
      refuse(
        `${action}: ${m.name} has already activated this round and its activation is over; a model activates once a round`,
        "B-ACT-03",
      )
    refuse(`model: ${m.name} is not activating; activate it first`, "B-ACT-01")
  }
  if (a.actionsLeft <= 0)
    refuse(
      `${action}: ${m.name} has no actions left this activation`,
      a.shakenAtStart ? "B-SHAKEN-01" : "B-ACT-07",
    )
  const why = forbidden(ctx, m, action)
  // Rooted is a ruling; anything else is forbidden by a content rule the reason names (an aura, a skill).
  if (why)
    refuse(
      `${action}: ${m.name} can't ${action} (${why})`,
      why.includes("R-BATTLE-34") ? "R-BATTLE-34" : undefined,
    )
  return m
}

/** Records the action once it is known to be legal. */
export const takeAction = (ctx: Ctx, modelId: string, action: string): void => {
  ctx.emit({ type: "action", model: modelId, action })
  fire(ctx, "action", modelId, { action })
}

/** Ends the activation when no action is left. */
export const afterAction = (ctx: Ctx, modelId: string): void => {
  const a = ctx.draft.activation
  if (a && a.model === modelId && (a.actionsLeft === 0 || ctx.view(modelId).status !== "active"))
    endActivation(ctx, modelId)
}

/** Ends an activation (B-SHAKEN-01 clears in evolve; Spores at the activation's end if the option says). */
export const endActivation = (ctx: Ctx, modelId: string): void => {
  const m = ctx.view(modelId)
  if (m.kind === "survivor" && m.status === "active" && ctx.draft.options.spores !== "endPhase") {
    const side = ctx.draft.sides.find((s) => s.id === m.side)
    if (side?.kind !== "congregation") {
      const inSpores = ctx.fact(
        { q: "in", a: m.id, terrain: "spore" },
        `Is ${m.name} in Spore terrain or a spore cloud?`,
        m.side,
      )
      if (inSpores === true) sporeRoll(ctx, m)
    }
  }
  if (m.status === "active") fire(ctx, "activation.end", modelId)
  // Rooted (`core/root`) lasts until the end of the rooted model's next activation (R-BATTLE-34).
  const r = ctx.view(modelId)
  if ((r.used.rooted ?? 0) > (r.used.unrooted ?? 0))
    ctx.emit({ type: "used", model: modelId, key: "unrooted" })
  ctx.emit({ type: "activation.end", model: modelId })
}

/** The endActivation command. */
export const endActivationCommand = (ctx: Ctx, c: CommandOf<"endActivation">, by: string): void => {
  const a = ctx.draft.activation
  const m = ctx.view(c.model)
  if (!mayCommand(by, m.side))
    refuse(`model: ${m.name} belongs to ${m.side}; a player commands only their own side`, "R-BATTLE-54")
  if (!a || a.model !== c.model) refuse(`model: ${m.name} is not activating`, "B-ACT-01")
  endActivation(ctx, c.model)
}

/** Withdraw (B-ROUT-03): at the start of the side's turn; it Routs. */
export const withdraw = (ctx: Ctx, c: CommandOf<"withdraw">, by: string): void => {
  const d = ctx.draft
  const side = d.sides.find((s) => s.id === c.side)
  if (!side || !isPlayerSide(side)) refuse(`side: there is no Refuge "${c.side}" in this raid`, "R-BATTLE-54")
  if (!mayCommand(by, c.side)) refuse(`side: a player withdraws only their own side`, "B-ROUT-03")
  if (side.routed) refuse(`side: ${side.name} has already left the raid`, "B-ROUT-02")
  if (d.phase !== "activations" || d.activation || sideOnTurn(d)?.id !== c.side)
    refuse(`side: ${side.name} may withdraw only at the start of one of its turns`, "B-ROUT-03")
  routSide(ctx, c.side, "withdrew")
  if (d.sides.filter((s) => isPlayerSide(s) && !s.routed).length <= 1)
    ctx.emit({ type: "battle.end", result: decideResult(ctx) })
}
