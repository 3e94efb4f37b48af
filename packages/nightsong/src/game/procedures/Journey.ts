/**
 * Journeys by the Watch (N-JOURNEY-01..07, N-TIME-02): at the start of a Watch the weather (and,
 * off the path, navigation) by the Die of Fate, then the way ahead and looming events; the miles
 * the Watch makes; the clock moves a Watch. When the clock passes midnight on the road each
 * character eats a ration or starves, and without a Long Rest that day is fatigued (R-N-GAME-12).
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import {
  eat,
  endOfDay,
  forage as forageOf,
  milesPerWatch,
  navigate,
  weather,
} from "../../procedures/journey/Journey.js"
import type { Forage, WatchCmd } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand, mustReferee } from "../Seats.js"
import type { Member } from "../State.js"
import { startOfSpan } from "./Encounters.js"
import { fateBy } from "./Fate.js"
import { timePasses } from "./Harm.js"

/** A character's rations: a supply named for them (R-N-GAME-12), the first not yet gone. */
const rationOf = (m: Member) => {
  const rations = m.gear.filter((g) => g.kind === "supply" && /ration/i.test(g.name))
  return rations.find((g) => g.die !== "d0") ?? rations[0]
}

const slots = (n: number) => (n > 0 ? `; must drop ${n} Slot(s) (N-CONDITION-02)` : "")

/** The end of day `day` on the road: a ration each or starving (N-JOURNEY-06), fatigued without a Long Rest (N-JOURNEY-07). */
export const dayEnds = (ctx: Ctx, day: number, fed = false): void => {
  for (const m0 of Object.values(st(ctx).party)) {
    if (m0.adventurer.status === "dead") continue
    if (!fed) eatOrStarve(ctx, m0)
    tireOrNot(ctx, m0.id, day)
  }
}

/** A character eats a day's ration, or starves (N-JOURNEY-06). */
const eatOrStarve = (ctx: Ctx, m0: Member): void => {
  const ration = rationOf(m0)
  const r = ruled(() => eat(diceOf(ctx, m0.owner, `${m0.id}'s ration: `), m0.adventurer, ration))
  if (r.ration !== undefined && r.roll !== undefined)
    ctx.emit({ type: "gearChanged", id: m0.id, gear: r.ration, why: "a day's ration (N-JOURNEY-06)" })
  ctx.emit({
    type: "memberChanged",
    id: m0.id,
    adventurer: r.adventurer,
    why: r.starving
      ? `no ration: starving (N-JOURNEY-06)${slots(r.mustDropSlots)}`
      : "ate a ration (N-JOURNEY-06)",
  })
}

/** Without a Long Rest on `day`, fatigued (N-JOURNEY-07). */
const tireOrNot = (ctx: Ctx, id: string, day: number): void => {
  const rested = st(ctx).rested?.[id] === day
  const tired = endOfDay(memberOf(st(ctx), id).adventurer, rested)
  if (tired.fatigued)
    ctx.emit({
      type: "memberChanged",
      id,
      adventurer: tired.adventurer,
      why: `no Long Rest on day ${day}: fatigued (N-JOURNEY-07)${slots(tired.mustDropSlots)}`,
    })
}

/** A Watch passes on the road; at midnight the day's upkeep runs (R-N-GAME-12). */
export const roadWatch = (ctx: Ctx, why: string): void => {
  const day = st(ctx).clock.day
  timePasses(ctx, 0, 1, 0, why)
  if (st(ctx).clock.day > day) dayEnds(ctx, day)
}

/** Wait out bad weather, or press on at half pace with Disadvantage (N-JOURNEY-02): the group's choice. */
const badWeatherChoice = (ctx: Ctx, given: "wait" | "pressOn" | undefined): "wait" | "pressOn" =>
  given ??
  (ctx.choose(
    "badWeather",
    "the weather breaks: wait or press on? (N-JOURNEY-02)",
    ["wait", "pressOn"],
    "any",
  ) as "wait" | "pressOn")

/** A Watch of travel (N-JOURNEY-01..04, N-EVENT-01, N-EVENT-02). */
const watch = (ctx: Ctx, c: Of<typeof WatchCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "a Watch of travel")
  if (s.fight !== undefined) refuse("no travel in a fight", "N-TIME-01")
  if (s.light !== undefined)
    refuse("the party is delving: time there passes by the Turn (`delve end` first)", "N-DELVE-01")
  const path = c.path ?? false
  if (path && c.navigation !== undefined)
    refuse("navigation: on a clear path there is nothing to navigate", "N-JOURNEY-04")
  const held = fateBy(ctx, c.weather, "does the weather hold? (N-JOURNEY-02)", weather).holds
  const choice = held ? "travel" : badWeatherChoice(ctx, c.badWeather)
  const onCourse =
    path || fateBy(ctx, c.navigation, "does the group stay on course? (N-JOURNEY-04)", navigate).onCourse
  startOfSpan(ctx, c.way, "Watch")
  const miles =
    choice === "wait"
      ? 0
      : milesPerWatch({
          terrain: c.terrain ?? "clear",
          clearPath: path,
          by: c.by ?? "foot",
          pressingOnInBadWeather: choice === "pressOn",
        })
  ctx.emit({ type: "journeyed", miles, choice, offCourse: !onCourse })
  roadWatch(
    ctx,
    `a Watch ${choice === "wait" ? "waiting out the weather" : `on the road, ${miles} miles`} (N-JOURNEY-01)`,
  )
}

/** Foraging or hunting (N-JOURNEY-05): a find steps one of the character's rations up. */
const forage = (ctx: Ctx, c: Of<typeof Forage>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "foraging")
  if (s.fight !== undefined) refuse("no foraging in a fight", "N-JOURNEY-05")
  const ration =
    c.ration === undefined
      ? rationOf(m)
      : m.gear.find((g) => g.name === c.ration && g.kind === "supply" && /ration/i.test(g.name))
  if (ration === undefined)
    refuse(`ration: ${m.id} carries no rations to add to (a supply named "ration…")`, "N-JOURNEY-05")
  const r = fateBy(ctx, c.threshold, `does ${m.id}'s foraging find food? (N-JOURNEY-05)`, (source, t) => {
    const out = forageOf(source, ration, t)
    return { ...out, roll: out.fate.roll, yes: out.found }
  })
  if (r.found)
    ctx.emit({ type: "gearChanged", id: m.id, gear: r.ration, why: "foraged: a step up (N-JOURNEY-05)" })
}

export const handlers = { watch, forage }
