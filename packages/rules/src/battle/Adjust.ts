/**
 * `adjust` (R-BATTLE-54, R-BATTLE-76): a correction the table agrees on, logged with its reason —
 * anything a table loses track of on a model: Health, Blight, Noise, Shaken, Hidden, whether it has
 * activated this round, its ammunition and its weapons' state, the Loot it carries, and where it
 * stands on a board. Each bad value is refused naming its path and the rule it breaks; nothing
 * changes then.
 *
 * @since 0.3.0
 */
import { onBoard } from "./table/board/BoardData.js"
import type { CommandOf } from "./Command.js"
import { type Ctx, refuse } from "./Context.js"
import { takenOut } from "./combat/Damage.js"
import type { Model } from "./State.js"

type Adjust = CommandOf<"adjust">

/** Checks weapon corrections: each named one must be carried; a magazine holds at most its Mag. */
const checkWeapons = (ctx: Ctx, m: Model, asked: NonNullable<Adjust["weapons"]>): void => {
  for (const [i, a] of asked.entries()) {
    const carried = m.weapons.find((w) => w.weapon === a.weapon && !w.spent)
    if (carried === undefined)
      refuse(`weapons.${i}.weapon: ${m.name} carries no "${a.weapon}"`, "R-BATTLE-76")
    const weapon = ctx.env.content.get("weapons", a.weapon)
    const store = weapon?.ammunition ?? "none"
    if (a.loaded !== undefined) {
      if (store === "none")
        refuse(`weapons.${i}.loaded: ${weapon?.name ?? a.weapon} takes no ammunition`, "B-AMMO-01")
      // A magazine holds its Mag (B-AMMO-01); a bow or crossbow one Arrow or Bolt (B-AMMO-05).
      const full = store === "reloads" ? (weapon?.mag ?? 1) : 1
      if (a.loaded > full)
        refuse(
          `weapons.${i}.loaded: ${weapon?.name ?? a.weapon} holds at most ${full}`,
          store === "reloads" ? "B-AMMO-01" : "B-AMMO-05",
        )
    }
  }
}

/**
 * The Loot as corrected: a token on the table is picked up, one carried and not listed is dropped
 * where the model stands (B-ACTION-SEARCH-04); an objective it carries (the Radio) is its
 * objective's to move, so it is kept and may not be listed.
 */
const correctLoot = (ctx: Ctx, m: Model, asked: ReadonlyArray<string>): void => {
  if (m.kind !== "survivor" && asked.length > 0)
    refuse(`carrying: ${m.name} is a creature and carries no Loot`, "B-ACTION-SEARCH-02")
  if (asked.length > 1)
    refuse(`carrying: a survivor carries at most 1 Loot, asked ${asked.length}`, "B-ACTION-SEARCH-02")
  const taken: Array<{ token: string; rich: number }> = []
  for (const [i, id] of asked.entries()) {
    const own = m.carrying.find((c) => c.token === id)
    if (own !== undefined && own.contents !== "radio") continue
    const holder = ctx.draft.models.find((x) => x.id !== m.id && x.carrying.some((c) => c.token === id))
    if (holder !== undefined)
      refuse(`carrying.${i}: ${id} is carried by ${holder.name}; adjust ${holder.id} first`, "R-BATTLE-76")
    const token = ctx.draft.tokens.find((t) => t.id === id)
    if (token === undefined || token.kind !== "loot" || own !== undefined)
      refuse(`carrying.${i}: ${id} is not a Loot token on the table`, "R-BATTLE-76")
    taken.push({ token: id, rich: token?.rich ?? 0 })
  }
  for (const c of m.carrying)
    if (c.contents !== "radio" && !asked.includes(c.token))
      ctx.emit({ type: "loot.dropped", model: m.id, token: c.token })
  for (const t of taken) ctx.emit({ type: "loot.taken", model: m.id, token: t.token, rich: t.rich })
}

/** Applies a correction (see the module's comment). */
export const adjust = (ctx: Ctx, c: Adjust): void => {
  const m = ctx.view(c.model)
  const { type: _t, reason, model: _m, weapons, carrying, position, ...plain } = c
  if (
    Object.keys(plain).length === 0 &&
    weapons === undefined &&
    carrying === undefined &&
    position === undefined
  )
    refuse(
      "adjust: say what to change (health, blight, noise, shaken, hidden, activated, reloads, arrows, bolts, weapons, carrying, position)",
      "R-BATTLE-54",
    )
  if (plain.health !== undefined && plain.health > m.profile.health)
    refuse(`health: ${m.name}'s Health is at most ${m.profile.health}`, "B-PROFILE-04")
  if (plain.activated === false && ctx.draft.activation?.model === m.id)
    refuse(`activated: ${m.name} is activating now; end its activation first`, "R-BATTLE-76")
  const board = ctx.draft.board
  if (position !== undefined) {
    if (board === undefined)
      refuse("position: this raid has no board; state facts about the table instead", "R-BATTLE-76")
    else if (!onBoard(board, position))
      refuse(
        `position: (${position.x}, ${position.y}) is off the ${board.width}" × ${board.height}" table`,
        "B-SETUP-01",
      )
  }
  const changes: Record<string, unknown> = { ...plain }
  if (weapons !== undefined) checkWeapons(ctx, m, weapons)
  if (weapons !== undefined) changes.weapons = weapons
  if (position !== undefined) changes.position = { x: position.x, y: position.y }
  // Logged with its reason even when only the Loot changes (the Loot's own events follow).
  ctx.emit({ type: "adjusted", model: c.model, reason, changes })
  if (carrying !== undefined) correctLoot(ctx, m, carrying)
  // B-DOWN-01, B-CREATURE-01: a model corrected to 0 Health is Down (or slain), as a hit would leave it.
  if (plain.health === 0 && m.status === "active") takenOut(ctx, c.model, undefined)
}
