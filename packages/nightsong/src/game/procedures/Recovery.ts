/**
 * Recovery through the game (N-REST-01..04, N-REMEDY-01..03, N-SPELL-05): the Referee calls a
 * rest for the party; the clock moves (a Turn, a Watch, a week) and the dying timers with it; a
 * Long Rest refills Shards up to Presence, back to the die each started at (R-N-SPELL-03).
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { fullRest, longRest, shortRest, useRemedy } from "../../procedures/rest/Rest.js"
import type { RemedyCmd, Rest } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand, mustReferee } from "../Seats.js"
import type { Member } from "../State.js"
import { timePasses } from "./Harm.js"
import { dayEnds, roadWatch } from "./Journey.js"

const resters = (ctx: Ctx, ids: ReadonlyArray<string> | undefined): Member[] => {
  const s = st(ctx)
  const list =
    ids === undefined ? Object.values(s.party) : ids.map((id, i) => memberOf(s, id, `characters.${i}`))
  return list.filter((m) => m.adventurer.status !== "dead")
}

/** The indexes of the Shards a character refills, checked before any die is rolled. */
const refillOf = (m: Member, names: ReadonlyArray<string>): number[] => {
  const shards = m.gear.filter((g) => g.kind === "shard")
  const allowed = Math.max(0, m.adventurer.abilities.presence)
  if (names.length > allowed)
    refuse(
      `refill.${m.id}: ${m.id} may refill ${allowed} Shard(s) (Presence ${m.adventurer.abilities.presence})`,
      "N-SPELL-05",
    )
  return names.map((n, i) => {
    const k = shards.findIndex((g) => g.name === n)
    if (k < 0) refuse(`refill.${m.id}.${i}: ${m.id} carries no Shard ${JSON.stringify(n)}`, "N-SPELL-05")
    return k
  })
}

const longRestOf = (ctx: Ctx, m: Member, names: ReadonlyArray<string>) => {
  const shards = m.gear.filter((g) => g.kind === "shard")
  const which = refillOf(m, names)
  const r = ruled(() => longRest(diceOf(ctx, m.owner, `${m.id}'s long rest: `), m.adventurer, shards, which))
  ctx.emit({
    type: "memberChanged",
    id: m.id,
    adventurer: r.adventurer,
    why: `Long Rest: ${r.healed} HP${r.cleared.length ? `, cleared ${r.cleared.map((c) => c.name).join(", ")}` : ""}`,
  })
  for (const i of which) {
    const g = r.shards[i]
    if (g) ctx.emit({ type: "gearChanged", id: m.id, gear: g, why: "refilled in a Long Rest (N-SPELL-05)" })
  }
}

/** Days in a Full Rest (N-REST-03: one week). */
const WEEK = 7

/**
 * A Full Rest's week, a day at a time (R-N-GAME-17): each day counts as the day's Long Rest, and
 * each midnight each character eats a ration or starves (N-JOURNEY-06), unless the shelter feeds them.
 */
const restfulWeek = (ctx: Ctx, ids: ReadonlyArray<string>, fed: boolean): void => {
  for (let i = 0; i < WEEK; i++) {
    const day = st(ctx).clock.day
    ctx.emit({ type: "rested", ids, day })
    timePasses(ctx, 0, 0, 1, `a Full Rest, day ${i + 1} of ${WEEK} (N-REST-03)`)
    dayEnds(ctx, day, fed)
  }
}

const rest = (ctx: Ctx, c: Of<typeof Rest>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a rest")
  if (s.fight !== undefined) refuse("no rest in a fight", "N-REST-04")
  const who = resters(ctx, c.characters)
  if (c.fed !== undefined && c.kind !== "full")
    refuse("fed: only a Full Rest's week is fed by its shelter", "R-N-GAME-17")
  for (const id of Object.keys(c.refill ?? {}))
    if (c.kind !== "long") refuse(`refill: Shards are refilled in a Long Rest only`, "N-SPELL-05")
    else if (!who.some((m) => m.id === id)) refuse(`refill.${id}: ${id} is not resting`, "N-SPELL-05")
  for (const m of who) refillOf(m, c.refill?.[m.id] ?? [])
  // The time passes first: a dying character without help dies before the rest helps (R-N-GAME-06).
  if (c.kind === "short") timePasses(ctx, 1, 0, 0, "a Short Rest (N-REST-01)")
  else if (c.kind === "long") {
    // The rest counts for the day it began on, whose upkeep runs if it passes midnight (R-N-GAME-12).
    ctx.emit({ type: "rested", ids: who.map((m) => m.id), day: s.clock.day })
    roadWatch(ctx, "a Long Rest (N-REST-02)")
  } else {
    if (c.shelter !== true)
      refuse("shelter: a Full Rest needs shelter, care or what the fiction requires", "N-REST-03")
    restfulWeek(
      ctx,
      who.map((m) => m.id),
      c.fed === true,
    )
  }
  for (const m0 of who) {
    const m = memberOf(st(ctx), m0.id)
    if (m.adventurer.status === "dead") continue
    if (c.kind === "short") {
      const r = ruled(() => shortRest(diceOf(ctx, m.owner, `${m.id}'s short rest: `), m.adventurer))
      ctx.emit({
        type: "memberChanged",
        id: m.id,
        adventurer: r.adventurer,
        why: `Short Rest: ${r.healed} HP`,
      })
    } else if (c.kind === "long") longRestOf(ctx, m, c.refill?.[m.id] ?? [])
    else {
      const r = ruled(() => fullRest(m.adventurer, { shelter: true }))
      ctx.emit({
        type: "memberChanged",
        id: m.id,
        adventurer: r.adventurer,
        why: `Full Rest: ${r.healed} HP`,
      })
    }
  }
}

const remedy = (ctx: Ctx, c: Of<typeof RemedyCmd>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "a Remedy")
  if (s.fight !== undefined) refuse("a Remedy takes a Turn: not in a fight's Round", "N-REMEDY-02")
  const g = m.gear.find((x) => x.name === c.remedy && x.kind === "remedy")
  if (g === undefined) refuse(`remedy: ${m.id} carries no Remedy ${JSON.stringify(c.remedy)}`, "N-REMEDY-01")
  const r = ruled(() => useRemedy(diceOf(ctx, m.owner, `${m.id}'s Remedy: `), m.adventurer, g, c.treat))
  timePasses(ctx, 1, 0, 0, "a Remedy (N-REMEDY-02)")
  ctx.emit({ type: "memberChanged", id: m.id, adventurer: r.adventurer, why: `Remedy: ${r.healed} HP` })
  ctx.emit({
    type: "gearChanged",
    id: m.id,
    gear: r.remedy,
    why: r.usedUp ? "used up (N-STEPDIE-04)" : "a use (N-REMEDY-01)",
  })
}

export const handlers = { rest, remedy }
