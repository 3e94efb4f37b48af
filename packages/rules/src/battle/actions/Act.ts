/**
 * Actions that rules grant besides Gifts (`grantAction` on a background's Knack, a skill, a Mark,
 * a piece of kit, a carried weapon or the Leader rules; its `test` rolled first): Command Voice (B-NOISE-03: Loud) and lighting a Flare. Limited uses are counted (the
 * Leader's once per battle; a piece of kit's `uses`, then it is spent). What the action does is its
 * effects: an order to a friend (`core/order`: a Shaken friend within range steadies, another gets
 * +1 die to its next pool this round), a token placed (a Flare's light), Noise.
 *
 * @since 0.2.0
 */
import type { Effect } from "../../vocabulary/Effect.js"
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { doEffect } from "../effects/Triggers.js"
import { makeNoise } from "../noise/Noise.js"
import type { Model } from "../State.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"
import { grantRoll } from "./GrantRoll.js"
import { revealOnAttack } from "./Hide.js"

type Grant = Extract<Effect, { kind: "grantAction" }>

/** The key a granted action's uses are counted under in a model's `used` (a piece of kit's: `kit: ID`). */
export const grantKey = (source: string, action: string): string => `act:${source}:${action}`

/** Where a piece of kit's granted actions come from (their {@link grantKey}'s source). */
export const kitSource = (id: string): string => `kit: ${id}`

/** The actions a model's rules grant (not Gifts), with where they come from and how often. */
export const grantedActions = (
  ctx: Ctx | { env: Ctx["env"] },
  m: Model,
): Array<{ grant: Grant; source: string; key: string; times?: number | undefined }> => {
  const c = ctx.env.content
  const out: Array<{ grant: Grant; source: string; key: string; times?: number | undefined }> = []
  const add = (effects: ReadonlyArray<Effect> | undefined, source: string, times?: number) => {
    for (const e of effects ?? [])
      if (e.kind === "grantAction")
        out.push({ grant: e, source, key: grantKey(source, e.name), times: e.uses?.times ?? times })
  }
  if (m.kind === "survivor") {
    const knack = c.get("backgrounds", m.ref)?.knack
    if (knack) add(knack.effects, `Knack: ${knack.name}`)
  }
  for (const id of m.skills) add(c.get("skills", id)?.effects, `skill: ${id}`)
  for (const id of m.marks) add(c.get("marks", id)?.effects, `Mark: ${id}`)
  for (const w of m.weapons) if (!w.spent) add(c.get("weapons", w.weapon)?.effects, `weapon: ${w.weapon}`)
  for (const id of new Set(m.kit)) {
    const k = c.get("kit", id)
    // Each piece carried has its own uses (two Flares light twice): one count for the kind, its
    // uses times the pieces (the campaign takes off as many pieces as were used up, R-CAMPAIGN-37).
    const carried = m.kit.filter((x) => x === id).length
    add(k?.effects, kitSource(id), k?.uses === undefined ? undefined : k.uses * carried)
  }
  if (m.leader && c.get("backgrounds", m.ref) !== undefined)
    for (const l of c.list("leader")) for (const a of l.abilities) add(a.effects, `the Leader: ${a.name}`)
  return out
}

export const act = (ctx: Ctx, c: CommandOf<"act">, by: string): void => {
  const m = beginAction(ctx, c.model, "act", by)
  const all = grantedActions(ctx, m).filter((g) => g.grant.name.toLowerCase() === c.action.toLowerCase())
  if (all.length === 0) refuse(`action: ${m.name} has no "${c.action}" to take`, "B-ACTION-GIFT-01")
  const usable = all.find((g) => g.times === undefined || (m.used[g.key] ?? 0) < g.times)
  if (!usable) refuse(`action: ${m.name} has used "${c.action}" as often as its rule allows`, "B-ACT-08")
  const g = usable.grant
  if (g.attack && activationOf(ctx).attacked)
    refuse(`action: ${c.action} is an attack, and ${m.name} has already attacked`, "B-ACT-09")
  const orders = g.do.some((e) => e.kind === "hook" && e.hook === "core/order")
  const target = c.target ? ctx.draft.models.find((x) => x.id === c.target) : undefined
  if (orders && (!target || target.side !== m.side || target.id === m.id || target.status !== "active"))
    refuse(`target: ${c.action} is given to a standing friend`, "B-ACTION-USE-01")
  takeAction(ctx, m.id, g.attack ? "attack" : "act")
  if (g.attack) revealOnAttack(ctx, m.id)
  if (usable.times !== undefined) ctx.emit({ type: "used", model: m.id, key: usable.key })
  if (g.noise) makeNoise(ctx, m.id, g.noise, g.name)
  // Its `test` first: a failed one spends the action and does nothing more.
  if (g.test !== undefined && !grantRoll(ctx, m, g.test, g.name).passed) {
    afterAction(ctx, m.id)
    return
  }
  for (const e of g.do) {
    if (e.kind === "hook" && e.hook === "core/order") {
      // Checked above: an order goes to a standing friend.
      if (target === undefined) continue
      const p = e.params as { range?: number; dice?: number } | undefined
      const range = Number(p?.range ?? 6)
      const near = ctx.fact(
        { q: "within", a: m.id, b: target.id, inches: range },
        `Is ${target.name} within ${range}" of ${m.name}?`,
        m.side,
      )
      if (near !== true) {
        ctx.emit({ type: "refused", reason: `${g.name}: ${target.name} is out of earshot (${range}")` })
        continue
      }
      if (ctx.view(target.id).shaken) ctx.emit({ type: "steadied", model: target.id })
      else ctx.emit({ type: "used", model: target.id, key: `order:${ctx.draft.round}` })
      continue
    }
    doEffect(ctx, ctx.view(m.id), e, g.name)
  }
  afterAction(ctx, m.id)
}
