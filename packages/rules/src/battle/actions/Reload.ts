/**
 * Reload (B-ACTION-RELOAD-01, B-AMMO-02/05/06): refill a firearm's magazine with a Reload the
 * survivor carries, or ready a bow with an Arrow or a crossbow with a Bolt. A magazine is refilled
 * whole by one Reload (R-BATTLE-31, AMB-B-28).
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { effectsOf } from "../combat/Pools.js"
import { activationOf, afterAction, beginAction, takeAction } from "./Activation.js"

export const reload = (ctx: Ctx, c: CommandOf<"reload">, by: string): void => {
  const m = beginAction(ctx, c.model, "reload", by)
  const carried = m.weapons.find((w) => w.weapon === c.weapon && !w.spent)
  const weapon = ctx.env.content.get("weapons", c.weapon)
  if (!carried || !weapon) refuse(`weapon: ${m.name} carries no "${c.weapon}"`, "B-ACTION-RELOAD-01")
  const store = weapon.ammunition
  if (store === "none") refuse(`weapon: ${weapon.name} takes no ammunition`, "B-ACTION-RELOAD-01")
  const full = store === "reloads" ? (weapon.mag ?? 1) : 1
  if (carried.loaded >= full)
    refuse(`weapon: ${weapon.name} is already loaded`, store === "reloads" ? "B-AMMO-01" : "B-AMMO-05")
  const have = m[store as "reloads" | "arrows" | "bolts"]
  if (have < 1)
    refuse(
      `reload: ${m.name} carries no ${store === "reloads" ? "Reload" : store === "arrows" ? "Arrow" : "Bolt"}`,
      store === "reloads" ? "B-AMMO-02" : "B-AMMO-06",
    )
  // A free Reload (`freeAction` reload, Quick Reload): it doesn't use an action, `uses` times an activation.
  const free = effectsOf(ctx, m).find((s) => s.effect.kind === "freeAction" && s.effect.action === "reload")
  const per = free?.effect.uses?.times ?? 1
  const key = `free-reload:${ctx.draft.round}:${activationOf(ctx).actions.length}`
  const spent = Object.keys(m.used).filter((k) => k.startsWith(`free-reload:${ctx.draft.round}:`)).length
  if (free && spent < per) ctx.emit({ type: "used", model: m.id, key })
  else takeAction(ctx, m.id, "reload")
  ctx.emit({
    type: "reloaded",
    model: m.id,
    weapon: weapon.id,
    store: store as "reloads" | "arrows" | "bolts",
    loaded: full,
  })
  afterAction(ctx, m.id)
}
