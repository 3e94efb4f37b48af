/**
 * A pack creature's specials in a fight (N-NPC-04, N-NPC-05; R-N-PACK-03): Advantage or
 * Disadvantage on its attacks or on attacks against it, joined with the Referee's call (both
 * cancel, R-N-ADV-01); attacks that bypass Armor; a hit that deals Damage inflicting a Condition.
 *
 * @since 0.3.0
 */
import type { SpecialEffect } from "../../pack/Entries.js"
import { addCondition } from "../../procedures/Adventurer.js"
import { netAdvantage } from "../../procedures/checks/Check.js"
import type { Attack } from "../../procedures/combat/Damage.js"
import { type Ctx, ruled, st } from "../Context.js"
import type { GameState } from "../State.js"

const effectsOf = (s: GameState, id: string): ReadonlyArray<SpecialEffect & { readonly special: string }> =>
  Object.hasOwn(s.npcs, id)
    ? (s.npcs[id]!.specials ?? []).flatMap((sp) => sp.effects.map((e) => ({ ...e, special: sp.name })))
    : []

/** An attack's dice bent by the specials of its attacker ("attacking") and its target ("attacked"). */
export const withSpecials = (s: GameState, attacker: string, target: string, spec: Attack): Attack => {
  const calls = [
    ...effectsOf(s, attacker).filter((e) => e.kind === "advantage" && e.when === "attacking"),
    ...effectsOf(s, target).filter((e) => e.kind === "advantage" && e.when === "attacked"),
  ].map((e) => (e as Extract<SpecialEffect, { kind: "advantage" }>).call)
  if (calls.length === 0) return spec
  const adv = netAdvantage(
    spec.advantage === true || calls.includes("advantage"),
    spec.disadvantage === true || calls.includes("disadvantage"),
  )
  return { ...spec, advantage: adv === "advantage", disadvantage: adv === "disadvantage" }
}

/** The special that lets an attacker's attacks bypass Armor, if it has one. */
export const bypassOf = (s: GameState, attacker: string): string | undefined =>
  effectsOf(s, attacker).find((e) => e.kind === "bypassArmour")?.special

/** After a hit on a party member: each Condition the attacker's specials inflict (R-N-PACK-03: only when it dealt Damage). */
export const inflictOnHit = (ctx: Ctx, attacker: string, target: string, damage: number): void => {
  if (damage <= 0 || !Object.hasOwn(st(ctx).party, target)) return
  for (const e of effectsOf(st(ctx), attacker)) {
    if (e.kind !== "inflict") continue
    const m = st(ctx).party[target]!
    if (m.adventurer.status === "dead") return
    const r = ruled(() => addCondition(m.adventurer, e.condition, e.severity))
    ctx.emit({
      type: "memberChanged",
      id: target,
      adventurer: r.adventurer,
      why: `condition ${e.condition}: ${attacker}'s ${e.special}${r.mustDropSlots > 0 ? `; must drop ${r.mustDropSlots} Slot(s) (N-CONDITION-02)` : ""}`,
    })
  }
}
