/**
 * Search (B-ACTION-SEARCH-01..03): at a Loot token in contact, test Wits (1); pass, pick it up,
 * each Crit a Rich find (at most +2). A survivor carries at most 1 Loot, so one already carrying
 * can't Search (R-BATTLE-32, AMB-B-56 (a)). Searching is Quiet.
 *
 * @since 0.2.0
 */
import type { CommandOf } from "../Command.js"
import { type Ctx, refuse } from "../Context.js"
import { checkBlightDice, poolModifiers, roll, spendExtraBlight, witsDice } from "../combat/Pools.js"
import { alwaysNoisyReveals } from "../noise/Noise.js"
import { afterAction, beginAction, takeAction } from "./Activation.js"
import { refused } from "./TableAnswers.js"

export const search = (ctx: Ctx, c: CommandOf<"search">, by: string): void => {
  const m = beginAction(ctx, c.model, "search", by)
  const token = ctx.draft.tokens.find((t) => t.id === c.token)
  if (token?.kind !== "loot")
    refuse(`token: there is no Loot token "${c.token}" on the table`, "B-ACTION-SEARCH-01")
  if (m.carrying.length > 0)
    refuse(`search: ${m.name} already carries Loot; a survivor carries at most 1`, "B-ACTION-SEARCH-02")
  const problem = checkBlightDice(ctx, m, c.blightDice)
  if (problem) refuse(problem, "B-BLIGHTDICE-01")
  if (
    ctx.fact(
      { q: "contact", a: m.id, b: token.id },
      `Is ${m.name} in contact with Loot token ${token.id}?`,
      m.side,
    ) !== true
  ) {
    refused(ctx, `token: ${token.id} is not in contact with ${m.name}`, "B-ACTION-SEARCH-01")
    return
  }
  takeAction(ctx, m.id, "search")
  const mods = poolModifiers(ctx, m, "wits.search", { self: m, action: "search" })
  spendExtraBlight(ctx, m, c.blightDice)
  const r = roll(
    ctx,
    m,
    witsDice(m) + mods.dice,
    (c.blightDice ?? 0) + mods.blight,
    `${m.name}'s Search`,
    undefined,
    "wits.search",
  )
  const passed = r.successes >= 1
  ctx.emit({ type: "test.rolled", model: m.id, pool: "wits.search", roll: r, target: 1, passed })
  if (passed) {
    ctx.emit({ type: "loot.taken", model: m.id, token: token.id, rich: Math.min(2, r.crits) })
    alwaysNoisyReveals(ctx, m.id) // the Radio (R-BATTLE-63)
  }
  afterAction(ctx, m.id)
}
