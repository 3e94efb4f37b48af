/**
 * What a fight leaves to the game: a band's morale when half its numbers are out (N-RESOLVE-02),
 * and wear and tear on Weapons used and Armor worn at the end (N-COMBAT-11, N-WEAPON-02,
 * N-ARMOR-02).
 *
 * @since 0.2.0
 */
import { wearAndTear as wear } from "../../procedures/items/Gear.js"
import { type Ctx, diceOf, ruled, st } from "../Context.js"

/**
 * A band that has lost half its numbers rolls morale once (R-N-RESOLVE-01), on the Resolve of
 * its steadiest member still standing (R-N-GAME-05); a failed roll routs every one still up.
 */
export const bandMorale = (ctx: Ctx): void => {
  const s = st(ctx)
  const f = s.fight
  if (f === undefined || f.moraleTested) return
  const standing = f.enemies.filter((id) => s.npcs[id]?.status === "active")
  if (standing.length === 0 || standing.length * 2 > f.enemies.length) return
  const resolve = Math.max(...standing.map((id) => s.npcs[id]?.resolve ?? 0))
  const roll = ctx.dice(1, "the band's morale (d100)", s.seats.referee, 100)[0] as number
  const holds = roll <= resolve
  ctx.emit({ type: "morale", npcs: standing, resolve, roll, holds })
  if (holds) return
  for (const id of standing) {
    const n = s.npcs[id]
    if (n)
      ctx.emit({
        type: "npcChanged",
        npc: { ...n, status: "routed" },
        why: "routs, flees or yields (N-RESOLVE-02)",
      })
  }
}

/** Rolls the Step Die of each Weapon a character used and the Armor each wears (N-COMBAT-11). */
export const wearAndTear = (ctx: Ctx): void => {
  const s = st(ctx)
  const f = s.fight
  if (f === undefined) return
  for (const m of Object.values(s.party)) {
    if (m.adventurer.status === "dead") continue
    const used = f.used[m.id] ?? []
    const items = m.gear.filter(
      (g) => g.die !== "d0" && ((g.kind === "weapon" && used.includes(g.name)) || g.kind === "armor"),
    )
    // Only the Armor worn: the first that is whole.
    const armor = items.find((g) => g.kind === "armor")
    const rolled = items.filter((g) => g.kind === "weapon" || g === armor)
    if (rolled.length === 0) continue
    const r = ruled(() => wear(diceOf(ctx, m.owner, `${m.id}'s wear and tear: `), rolled))
    for (const x of r.rolls)
      ctx.emit({
        type: "gearChanged",
        id: m.id,
        gear: x.gear,
        face: x.roll.face,
        why: x.ended ? `${x.gear.name} breaks in wear and tear (N-COMBAT-11)` : "wear and tear (N-COMBAT-11)",
      })
  }
}
