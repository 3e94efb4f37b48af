/**
 * Re-rolls a rule allows (B-REROLL-01, R-BATTLE-39): offered as choices to the pool's owner right
 * after the roll. No die is re-rolled more than once, so by default several rules may each re-roll
 * different dice of one roll; the `rerolls: "perRoll"` option keeps the stricter reading, one
 * re-roll per roll.
 *
 * @since 0.2.0
 */
import type { Effect } from "../../vocabulary/Effect.js"
import type { Ctx } from "../Context.js"
import type { RolledPool } from "../Event.js"
import type { Model } from "../State.js"
import { failedFace, score } from "./Faces.js"

type RerollEffect = Extract<Effect, { kind: "reroll" }>

/** A re-roll a rule of the model (or a friend's aura) gives on this pool, and its source. */
export interface RerollSource {
  readonly source: string
  readonly effect: RerollEffect
}

/** Where a limited use is counted: the model, or its side for a Refuge's rule. */
const usesLeft = (ctx: Ctx, m: Model, s: RerollSource): { key: string; left: boolean; side: boolean } => {
  const e = s.effect
  const per = e.uses?.per ?? "roll"
  const key = `reroll:${s.source}:${per}`
  if (e.uses === undefined) return { key, left: true, side: false }
  const side = e.scope === "refuge" || e.scope === "oneFriend"
  const roundKey = `${m.side}:${key}:round`
  const spent =
    per === "round"
      ? (ctx.draft.roundUses[roundKey] ?? 0)
      : side
        ? (ctx.draft.sides.find((x) => x.id === m.side)?.used[key] ?? 0)
        : (m.used[key] ?? 0)
  return { key: per === "round" ? roundKey : key, left: spent < e.uses.times, side }
}

/** The dice a re-roll takes: the lowest failed die ("one"), every failed die, or all of them. */
const diceFor = (
  e: RerollEffect,
  open: ReadonlyArray<{ f: number; i: number }>,
  all: ReadonlyArray<number>,
  desperate: boolean,
): number[] => {
  if (e.dice === "all") return all.map((_, i) => i)
  const failed = open.filter((x) => failedFace(x.f, desperate))
  if (e.dice === "failures") return failed.map((x) => x.i)
  const lowest = [...failed].sort((a, b) => a.f - b.f || a.i - b.i)[0]
  return lowest === undefined ? [] : [lowest.i]
}

/** Is this source on offer now? Whole-test re-rolls only for a failed test (R-BATTLE-51) none of whose dice were re-rolled. */
const onOffer = (
  ctx: Ctx,
  m: Model,
  s: RerollSource,
  pool: RolledPool,
  open: ReadonlyArray<{ f: number; i: number }>,
  passed: boolean,
  touched: boolean,
): boolean => {
  if (s.effect.dice === "all") return !passed && !touched && usesLeft(ctx, m, s).left
  return open.some((x) => failedFace(x.f, pool.desperate)) && usesLeft(ctx, m, s).left
}

/** One offer of the sources still on offer; the chosen one, or undefined for "no". */
const ask = (
  ctx: Ctx,
  m: Model,
  offers: ReadonlyArray<RerollSource>,
  faces: ReadonlyArray<number>,
  pool: string,
  purpose: string,
  k: number,
): RerollSource | undefined => {
  const options = ["no", ...offers.map((_, i) => String(i + 1))]
  const labels = offers.map((s, i) => `${i + 1}: ${s.source} (${s.effect.dice})`).join("; ")
  // The first offer keeps its key, so a recorded raid replays as before.
  const pick = ctx.choose(
    `reroll:${m.id}:${pool}:${ctx.draft.seq}${k === 0 ? "" : `:${k}`}`,
    `Re-roll ${purpose} [${faces.join(",")}]? no, or ${labels}`,
    options,
    m.side,
  )
  return pick === "no" ? undefined : offers[Number(pick) - 1]
}

/**
 * Offers the re-rolls `sources` allow on a rolled pool, one after another while one is on offer
 * (each source once a roll; a die already re-rolled is never re-rolled again, B-REROLL-01). A
 * Blight die re-rolled to a 1 adds Blight; the 1 it showed before still counts (R-DICE-02).
 * `target`: the successes the test needs, if it is a test (R-BATTLE-51).
 */
export const offerRerolls = (
  ctx: Ctx,
  m: Model,
  rolled: RolledPool,
  sources: ReadonlyArray<RerollSource>,
  pool: string,
  purpose: string,
  target?: number,
): { pool: RolledPool; blightOnes: number } | undefined => {
  const n = rolled.dice.length
  const faces = [...rolled.dice, ...rolled.blight]
  const done = new Set<number>()
  const used = new Set<RerollSource>()
  const before: number[] = []
  let current = rolled
  let blightOnes = 0
  for (let k = 0; k < sources.length; k++) {
    const open = faces.map((f, i) => ({ f, i })).filter((x) => !done.has(x.i))
    const passed = target !== undefined && current.successes >= target
    const offers = sources.filter(
      (s) => !used.has(s) && onOffer(ctx, m, s, current, open, passed, done.size > 0),
    )
    if (offers.length === 0) break
    const chosen = ask(ctx, m, offers, faces, pool, purpose, k)
    if (chosen === undefined) break
    used.add(chosen)
    const u = usesLeft(ctx, m, chosen)
    if (chosen.effect.uses !== undefined)
      ctx.emit({ type: "used", ...(u.side ? { side: m.side } : { model: m.id }), key: u.key })
    const which = diceFor(chosen.effect, open, faces, current.desperate)
    const fresh = ctx.dice(which.length, `re-roll of ${purpose} (${chosen.source}, B-REROLL-01)`, m.side)
    for (const [j, i] of which.entries()) {
      const face = fresh[j] ?? faces[i] ?? 1
      before.push(faces[i] ?? face)
      if (i >= n && face === 1) blightOnes++
      faces[i] = face
      done.add(i)
    }
    current = score(faces.slice(0, n), faces.slice(n), rolled.desperate)
    if (ctx.draft.options.rerolls === "perRoll") break
  }
  return before.length === 0 ? undefined : { pool: { ...current, rerolled: before }, blightOnes }
}
