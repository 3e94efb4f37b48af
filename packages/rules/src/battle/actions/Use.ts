/**
 * Use (B-ACTION-USE-01, B-AID-01/02, B-JAM-02): first aid on a friend in contact — Wits (1), pass:
 * +1 Health, or up from Down with 1 Health; a Med kit or a Knack skips the test (`skipTest`);
 * hand a carried item (a Loot token, a Reload, an Arrow, a Bolt) to a friend in contact; clear a
 * Jam (no test); open a door (a Wits test, Quiet) or force it (no test, Loud: B-NOISE-03 "forcing a
 * door", R-BATTLE-62); work an objective in contact (recorded for the scenario's rules as a `used`
 * count on the objective). A board has no doors (R-BOARD-25), so door Uses are for a declared table.
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import {
  checkBlightDice,
  effectsOf,
  poolModifiers,
  roll,
  spendExtraBlight,
  witsDice,
} from "../combat/Pools.js"
import { alwaysNoisyReveals, makeNoise, noiseFor } from "../noise/Noise.js"
import type { Model } from "../State.js"
import { checkUse, objectiveAt, useObjective } from "../scenario/Objectives.js"
import { afterAction, beginAction, takeAction } from "./Activation.js"
import { refused } from "./TableAnswers.js"

const inContact = (ctx: Ctx, m: Model, other: string, what: string): boolean =>
  ctx.fact({ q: "contact", a: m.id, b: other }, `Is ${m.name} in contact with ${what}?`, m.side) === true

const test = (
  ctx: Ctx,
  m: Model,
  pool: "wits.aid" | "wits.door" | "wits.use",
  blight: number | undefined,
  what: string,
): boolean => {
  if (effectsOf(ctx, m).some((s) => s.effect.kind === "skipTest" && s.effect.test === pool)) return true
  const mods = poolModifiers(ctx, m, pool, { self: m, action: "use" })
  spendExtraBlight(ctx, m, blight)
  const r = roll(
    ctx,
    m,
    witsDice(m) + mods.dice,
    (blight ?? 0) + mods.blight,
    `${m.name}'s ${what}`,
    undefined,
    pool,
  )
  const passed = r.successes >= 1
  ctx.emit({ type: "test.rolled", model: m.id, pool, roll: r, target: 1, passed })
  return passed
}

/** A board's terrain has no doors (R-BOARD-01's kinds; R-BOARD-25): a door is a declared table's. */
const noDoorsOnBoard = (ctx: Ctx): void => {
  if (ctx.env.space.kind === "plane")
    refuse("use: a board has no doors to open or force (R-BOARD-25)", "GAP-B-23")
}

/**
 * Forcing a door (R-BATTLE-62, GAP-B-23): the door opens with no Wits test, and it is Loud — 1 Noise
 * (B-NOISE-03 "forcing a door"). Opening it quietly is the Wits test of "door".
 */
const forceDoor = (ctx: Ctx, m: Model): void => {
  makeNoise(ctx, m.id, noiseFor(ctx, m.id, "use", 1), "forcing a door (B-NOISE-03, R-BATTLE-62)")
}

/** The model a Use names as its target, if it names one that is there. */
const targetOf = (ctx: Ctx, c: CommandOf<"use">): Model | undefined =>
  c.target ? (ctx.draft.models.find((x) => x.id === c.target) as Model | undefined) : undefined

export const use = (ctx: Ctx, c: CommandOf<"use">, by: string): void => {
  if (c.use === "door" || c.use === "forceDoor") noDoorsOnBoard(ctx)
  const m = beginAction(ctx, c.model, "use", by)
  const problem = checkBlightDice(ctx, m, c.blightDice)
  if (problem) refuse(problem, "B-BLIGHTDICE-01")
  const notInContact = (what: string) =>
    refused(ctx, `target: ${what} is not in contact with ${m.name}`, "B-ACTION-USE-01")
  switch (c.use) {
    case "aid": {
      const friend = targetOf(ctx, c)
      if (!friend || friend.side !== m.side || friend.id === m.id || friend.kind !== "survivor")
        refuse("target: first aid is given to a friend in contact", "B-AID-01")
      if (friend.status !== "down" && (friend.status !== "active" || friend.health >= friend.profile.health))
        refuse(`target: ${friend.name} needs no first aid`, "B-AID-01")
      if (!inContact(ctx, m, friend.id, friend.name)) {
        notInContact(friend.name)
        return
      }
      takeAction(ctx, m.id, "use")
      if (test(ctx, m, "wits.aid", c.blightDice, `first aid on ${friend.name}`)) {
        const f = ctx.view(friend.id)
        ctx.emit({
          type: "healed",
          model: f.id,
          health: f.status === "down" ? 1 : Math.min(f.profile.health, f.health + 1),
        })
      }
      break
    }
    case "hand": {
      const friend = targetOf(ctx, c)
      if (!friend || friend.side !== m.side || friend.id === m.id || friend.status !== "active")
        refuse("target: an item is handed to a standing friend in contact", "B-ACTION-USE-01")
      const item = c.item ?? m.carrying[0]?.token
      const ok =
        item === "reloads" || item === "arrows" || item === "bolts"
          ? m[item] > 0
          : item !== undefined && m.carrying.some((x) => x.token === item)
      // No item is never carried (`ok` is false): the check only tells TypeScript so.
      if (!ok || item === undefined)
        refuse(`item: ${m.name} carries no ${item ?? "item"} to hand over`, "B-ACTION-USE-01")
      if (item !== "reloads" && item !== "arrows" && item !== "bolts" && friend.carrying.length > 0)
        refuse(`target: ${friend.name} already carries Loot`, "B-ACTION-SEARCH-02")
      if (!inContact(ctx, m, friend.id, friend.name)) {
        notInContact(friend.name)
        return
      }
      takeAction(ctx, m.id, "use")
      ctx.emit({ type: "handed", model: m.id, to: friend.id, item })
      alwaysNoisyReveals(ctx, friend.id) // handed the Radio (R-BATTLE-63)
      break
    }
    case "clearJam": {
      const w = m.weapons.find((x) => x.jammed && (c.weapon === undefined || x.weapon === c.weapon))
      if (!w) refuse(`weapon: ${m.name} has no Jammed weapon`, "B-JAM-02")
      takeAction(ctx, m.id, "use")
      ctx.emit({ type: "unjammed", model: m.id, weapon: w.weapon })
      break
    }
    case "door": {
      takeAction(ctx, m.id, "use")
      test(ctx, m, "wits.door", c.blightDice, "door")
      break
    }
    case "forceDoor": {
      takeAction(ctx, m.id, "use")
      forceDoor(ctx, m)
      break
    }
    case "objective": {
      const token = ctx.draft.tokens.find((t) => t.id === c.target && t.kind === "objective")
      const o = token ? objectiveAt(ctx, token.id) : undefined
      if (!token || !o)
        refuse(`target: there is no objective "${c.target ?? ""}" on the table`, "B-ACTION-USE-01")
      checkUse(ctx, o, m, c.item)
      if (!inContact(ctx, m, token.id, `the objective ${token.id}`)) {
        notInContact(`the objective ${token.id}`)
        return
      }
      takeAction(ctx, m.id, "use")
      useObjective(ctx, o, ctx.view(m.id), c.item, c.blightDice)
      break
    }
  }
  afterAction(ctx, m.id)
}
