/**
 * The Blight between raids (Aftermath step 3 and Errands): Blight gained (capped at 12), a Gift
 * and a Mark for each of 3, 6 and 9 reached (B-GIFT-02), rolled half-and-entry on the core tables
 * (B-GIFT-04) with duplicates rolled again (B-GIFT-05), and survivors at 12 lost (B-TURN-03/04):
 * remembered as Hollowed (B-HOLLOWED-03), or, from a Congregation, gone into the Throat for 1
 * Amber (B-CONGREGATION-18).
 *
 * @since 0.3.0
 */
import { type HollowedWho, sameHollowed } from "../battle/creatures/Hollowed.js"
import { pairOf } from "../battle/Faces.js"
import { slug } from "../battle/Setup.js"
import type { BattleProfile } from "../battle/State.js"
import { effectiveProfile } from "../refuge/EffectiveProfile.js"
import { at, known } from "../terms/Indexed.js"
import type { Ctx } from "./Context.js"
import { refugeAt } from "./Refuges.js"
import { type RaidRecord, sideOf } from "./State.js"
import { halfRow, rowOf, tableOf } from "./Tables.js"

/** The Blight thresholds that give a Gift and a Mark (B-GIFT-02). */
export const THRESHOLDS = [3, 6, 9] as const

const survivorIn = (ctx: Ctx, refuge: number, id: string) =>
  ctx.draft.refuges[refuge]?.refuge.survivors.find((s) => s.id === id)

/** Adds Blight (never past 12). Thresholds and Turning are settled by {@link settleBlight}. */
export const gainBlight = (
  ctx: Ctx,
  refuge: number,
  id: string,
  n: number,
  reason: string,
  clause: string,
) => {
  const s = survivorIn(ctx, refuge, id)
  if (s === undefined || n <= 0) return
  const add = Math.min(n, 12 - s.blight)
  if (add > 0) ctx.emit({ type: "survivor.changed", refuge, survivor: id, blight: add, reason, clause })
}

/** Rolls one entry on the Gift or Mark half table, rolling duplicates again (B-GIFT-04/05). */
const rollNew = (ctx: Ctx, refuge: number, id: string, kind: "gifts" | "marks"): string | undefined => {
  const table = tableOf(ctx.env.content, kind)
  const s = known(survivorIn(ctx, refuge, id), `survivor ${id} of Refuge ${refuge}`)
  const have = new Set<string>(kind === "gifts" ? s.gifts : s.marks)
  const field = kind === "gifts" ? "gift" : "mark"
  const possible = table.rows.filter((r) => {
    const got = (r.result as Record<string, string | undefined>)[field]
    return got === undefined || !have.has(got)
  })
  if (possible.length === 0) return undefined // every entry held: nothing new can come
  for (;;) {
    const [a, b] = pairOf(ctx.dice(2, `${s.name}: a ${field} (B-GIFT-04)`))
    const got = rowOf<Record<string, string>>(table, halfRow(a, b))?.[field]
    ctx.emit({
      type: "rolled",
      refuge,
      survivor: id,
      what: kind === "gifts" ? "Gift" : "Mark",
      faces: [a, b],
      result: got === undefined ? "no row" : have.has(got) ? `${got} (held: roll again)` : got,
      clause: have.has(got ?? "") ? "B-GIFT-05" : "B-GIFT-04",
    })
    if (got !== undefined && !have.has(got)) return got
  }
}

/** The Gifts a Congregation member may choose instead of rolling at Bloomed (B-CONGREGATION-10). */
export const GROWTH_GIFTS = ["thornskin", "pollen-veil"] as const

/**
 * B-CONGREGATION-10: a Congregation member reaching Bloomed (Blight 6) may choose Thornskin or
 * Pollen Veil instead of rolling the Gift (one not already held; "roll" keeps the roll).
 */
const bloomedChoice = (ctx: Ctx, refuge: number, id: string, threshold: number): string | undefined => {
  const r = ctx.draft.refuges[refuge]
  const s = survivorIn(ctx, refuge, id)
  if (r?.refuge.kind !== "congregation" || threshold !== 6 || s === undefined) return undefined
  const open = GROWTH_GIFTS.filter(
    (g) => !s.gifts.includes(g as never) && ctx.env.content.get("gifts", g) !== undefined,
  )
  if (open.length === 0) return undefined
  const pick = ctx.choose(
    `bloomed:${id}`,
    `${s.name} is Bloomed: choose Thornskin or Pollen Veil instead of rolling the Gift? (B-CONGREGATION-10)`,
    ["roll", ...open],
    String(refuge),
  )
  return pick === "roll" ? undefined : pick
}

/** A Gift and a Mark gained (either may be missing when its table is used up), and the thresholds now rewarded. */
const gained = (
  ctx: Ctx,
  refuge: number,
  id: string,
  got: { gift: string | undefined; mark: string | undefined; thresholds: number | undefined },
  reason: string,
  clause: string,
) =>
  ctx.emit({
    type: "survivor.changed",
    refuge,
    survivor: id,
    ...(got.gift ? { gift: got.gift as never } : {}),
    ...(got.mark ? { mark: got.mark as never } : {}),
    ...(got.thresholds !== undefined ? { status: { thresholds: got.thresholds } } : {}),
    reason,
    clause,
  })

/** Rolls the Gift and Mark for each threshold reached and not yet rewarded (B-GIFT-02/03). */
export const rewardThresholds = (ctx: Ctx, refuge: number, id: string) => {
  const st = ctx.draft.refuges[refuge]?.status[id]
  const s = survivorIn(ctx, refuge, id)
  if (st === undefined || s === undefined) return
  const reached = THRESHOLDS.filter((t) => s.blight >= t).length
  for (let k = st.thresholds; k < reached; k++) {
    const gift = bloomedChoice(ctx, refuge, id, at(THRESHOLDS, k)) ?? rollNew(ctx, refuge, id, "gifts")
    const mark = rollNew(ctx, refuge, id, "marks")
    gained(
      ctx,
      refuge,
      id,
      { gift, mark, thresholds: k + 1 },
      `Blight ${THRESHOLDS[k]} reached: a Gift and a Mark`,
      "B-GIFT-02",
    )
  }
}

/** A survivor lost to the Blight (B-TURN-03): remembered as a Hollowed, or into the Throat. */
export const loseTurned = (
  ctx: Ctx,
  refuge: number,
  id: string,
  profile: BattleProfile | undefined,
  why: string,
  /** Its Hollowed was slain in the raid it Turned in (B-HOLLOWED-04): remembered, never to return. */
  atRest = false,
  /** Gifts its raid rolled at once (R-BATTLE-12), not yet on the roster. */
  rolledGifts: ReadonlyArray<string> = [],
) => {
  const r = refugeAt(ctx, refuge)
  const s = survivorIn(ctx, refuge, id)
  if (s === undefined) return
  if (r.refuge.kind === "congregation") {
    ctx.emit({
      type: "survivor.lost",
      refuge,
      survivor: id,
      cause: "throat",
      reason: `${s.name} walks into the Throat (${why})`,
      clause: "B-CONGREGATION-18",
    })
    ctx.post(refuge, [
      { store: "amber", amount: 1, reason: `${s.name} walked into the Throat`, clause: "B-CONGREGATION-18" },
    ])
    return
  }
  const p = profile ?? effectiveProfile(s, ctx.env.content).profile
  const side = slug(r.refuge.name)
  ctx.emit({
    type: "survivor.lost",
    refuge,
    survivor: id,
    cause: "turned",
    reason: `${s.name} Turned (${why})`,
    clause: "B-TURN-03",
  })
  ctx.emit({
    type: "hollowed.remembered",
    hollowed: {
      name: s.name,
      refuge: side,
      survivor: id, // which Hollowed this is: names may repeat (B-HOLLOWED-03)
      profile: {
        move: p.move,
        fight: p.fight,
        shoot: p.shoot,
        wits: p.wits,
        nerve: p.nerve,
        health: Math.max(1, p.health),
        armour: p.armour,
      },
      // B-HOLLOWED-01: it keeps their Gifts when it returns in a later raid.
      gifts: [...s.gifts, ...rolledGifts],
      atRest,
    },
  })
}

/** Settles Blight now: Gifts and Marks for thresholds, and the lost at 12 (B-TURN-04). */
export const settleBlight = (ctx: Ctx, refuge: number, id: string, why: string) => {
  const s = survivorIn(ctx, refuge, id)
  if (s === undefined) return
  rewardThresholds(ctx, refuge, id)
  if (s.blight >= 12) loseTurned(ctx, refuge, id, undefined, why)
}

/** A Refuge's raid side id: the raid engine's slug of its name. */
export { slug }

/**
 * Gifts and Marks the raid already rolled (R-BATTLE-12 `giftsAtOnce`, B-GIFT-03): kept, and their
 * thresholds counted as rewarded, so step 3 rolls only the thresholds the raid did not.
 */
const keepRolled = (
  ctx: Ctx,
  refuge: number,
  id: string,
  rolled: NonNullable<RaidRecord["sides"][number]["survivors"][number]["rolled"]>,
) => {
  const st = ctx.draft.refuges[refuge]?.status[id]
  if (st === undefined) return
  const n = Math.max(rolled.gifts.length, rolled.marks.length, 1)
  for (let k = 0; k < n; k++) {
    const gift = rolled.gifts[k]
    const mark = rolled.marks[k]
    const thresholds = k === n - 1 ? Math.min(3, st.thresholds + rolled.thresholds) : undefined
    gained(
      ctx,
      refuge,
      id,
      { gift, mark, thresholds },
      "a Gift and a Mark rolled in the raid (R-BATTLE-12)",
      "B-GIFT-03",
    )
  }
}

/** The Hollowed a raid laid to rest (B-HOLLOWED-04): by Refuge and survivor, or by name in older records. */
export const slainIn = (raid: RaidRecord): ReadonlyArray<HollowedWho> =>
  raid.slainHollowed ?? raid.laidToRest.map((name) => ({ name }))

/** Aftermath step 3 for one Refuge (B-TURN-04, B-GIFT-02/03, B-CONGREGATION-17/18). */
export const blightStep = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = sideOf(raid, refuge)
  if (side === undefined) return
  const congregation = refugeAt(ctx, refuge).refuge.kind === "congregation"
  for (const m of side.survivors) {
    const on = () => refugeAt(ctx, refuge).refuge.survivors.some((s) => s.id === m.survivor)
    if (!on()) continue
    if (m.status === "turned") {
      const atRest = slainIn(raid).some((h) =>
        sameHollowed(h, { name: m.name, refuge: side.side, survivor: m.survivor }),
      )
      loseTurned(ctx, refuge, m.survivor, m.profile, "Turned in the raid", atRest, m.rolled?.gifts)
      continue
    }
    if (m.rolled) keepRolled(ctx, refuge, m.survivor, m.rolled)
    if (m.blight > 0)
      gainBlight(ctx, refuge, m.survivor, m.blight, `Blight gained in raid ${raid.number}`, "B-BLIGHT-01")
    if (congregation) {
      const face = ctx.die(`${m.name}: the Congregation's cost (B-CONGREGATION-17)`, String(refuge))
      ctx.emit({
        type: "rolled",
        refuge,
        survivor: m.survivor,
        what: "The cost",
        faces: [face],
        result: face <= 2 ? "+1 Blight" : "no cost",
        clause: "B-CONGREGATION-17",
      })
      if (face <= 2) gainBlight(ctx, refuge, m.survivor, 1, "the Congregation's cost", "B-CONGREGATION-17")
    }
  }
  // Marks that act in the Blight step (e.g. Falling Dreams: a die, on a 1 +1 Blight).
  for (const s of [...refugeAt(ctx, refuge).refuge.survivors]) {
    for (const markId of s.marks) {
      const mark = ctx.env.content.get("marks", markId)
      if (mark === undefined) continue
      for (const e of (mark.effects ?? []) as ReadonlyArray<{
        kind: string
        on?: string
        do?: ReadonlyArray<{ kind: string; value?: number; chance?: { on: readonly [number, number] } }>
      }>) {
        if (e.kind !== "trigger" || e.on !== "aftermath.blight") continue
        for (const d of e.do ?? []) {
          if (d.kind !== "blight") continue
          let hit = true
          if (d.chance) {
            const face = ctx.die(`${s.name}: ${mark.name} (B-AFTERMATH-02)`, String(refuge))
            hit = face >= d.chance.on[0] && face <= d.chance.on[1]
            ctx.emit({
              type: "rolled",
              refuge,
              survivor: s.id,
              what: mark.name,
              faces: [face],
              result: hit ? `+${d.value ?? 1} Blight` : "nothing",
              clause: "B-GIFT-01",
            })
          }
          if (hit) gainBlight(ctx, refuge, s.id, d.value ?? 1, mark.name, "B-GIFT-01")
        }
      }
    }
  }
  for (const s of [...refugeAt(ctx, refuge).refuge.survivors])
    settleBlight(ctx, refuge, s.id, "12 Blight in the Aftermath (B-TURN-04)")
}
