/**
 * Blight gained in a raid (B-BLIGHT-01, B-TIER-*) and Turning at 12 (B-TURN-01/02): the survivor
 * is replaced on the table by a Hollowed (B-HOLLOWED-01) that forms its own brood and remembers its
 * old Refuge (R-WORLD-03). A Congregation member who Turns walks into the Throat instead: it leaves
 * play at once (B-CONGREGATION-18, R-BATTLE-19).
 *
 * @since 0.2.0
 */
import { Roll } from "@blight/dice"
import { arrivingEmptyHanded } from "../Arrival.js"
import type { Ctx } from "../Context.js"
import { turnedProfile } from "../creatures/Hollowed.js"
import { pairOf } from "../Faces.js"
import type { Model, Side } from "../State.js"
import { dropAll } from "./Loot.js"

/** Gains Blight (capped at 12); Turning happens at once at 12 (B-TURN-01). */
export const gainBlight = (ctx: Ctx, id: string, amount: number, source: string): void => {
  const m = ctx.model(id)
  if (m.kind !== "survivor" || amount <= 0) return
  if (m.status === "turned" || m.status === "slain" || m.status === "fled") return
  const blight = Math.min(12, m.blight + amount)
  if (blight === m.blight) return
  const before = m.blight
  ctx.emit({ type: "blight.gained", model: id, amount: blight - before, blight, source })
  if (blight === 12) {
    turn(ctx, id)
    return
  }
  // B-GIFT-02/03: a Gift and a Mark for each of 3, 6 and 9 reached (crossing counts, AMB-B-23), rolled
  // now if the table tracks it so (R-BATTLE-12), otherwise in the Aftermath.
  if (ctx.draft.options.giftsAtOnce)
    for (const t of [3, 6, 9]) if (before < t && blight >= t) rollGiftAndMark(ctx, id, t)
}

/** A survivor Turns (B-TURN-01, B-TURN-02). */
export const turn = (ctx: Ctx, id: string): void => {
  const m = ctx.view(id)
  dropAll(ctx, id)
  ctx.emit({ type: "turned", model: id })
  const side = ctx.draft.sides.find((s) => s.id === m.side)
  if (side?.kind === "congregation") return // B-CONGREGATION-18: no Hollowed; gone into the Throat
  arriveHollowed(ctx, m, m.side, `where ${m.name} stood`)
}

/** Brings a side of creatures into the raid (a brood, the Gardeners): no stores drawn, nothing used yet. */
export const addCreatureSide = (
  ctx: Ctx,
  id: string,
  kind: Side["kind"],
  name: string,
  initiative: number,
): void => {
  const side: Side = {
    id,
    kind,
    name,
    initiative,
    starting: 0,
    routed: false,
    withdrew: false,
    improvements: [],
    drawn: { reloads: 0, arrows: 0, bolts: 0 },
    used: {},
  }
  ctx.emit({ type: "side.added", side })
}

/** A Hollowed made from a survivor (B-HOLLOWED-01): Move, Fight +1, Health +1, Armour 1, Gifts kept. */
export const arriveHollowed = (ctx: Ctx, survivor: Model, remembers: string, at: string): void => {
  const entry = ctx.env.content.get("creatures", "hollowed")
  const brood = `brood-${ctx.draft.counters.brood + 1}`
  addCreatureSide(ctx, brood, "brood", `${survivor.name}, Hollowed`, entry?.initiative ?? 2)
  // B-HOLLOWED-01, R-CAMPAIGN-35: from the survivor's profile, without the Health Hunger took.
  const p = turnedProfile(survivor)
  const hollowed: Model = {
    ...blankCreature(ctx, `c${ctx.draft.counters.creature + 1}`, brood, "hollowed"),
    name: `${survivor.name} (Hollowed)`,
    profile: {
      move: p.move,
      fight: p.fight + 1,
      shoot: 0,
      wits: 0,
      nerve: 0,
      health: p.health + 1,
      armour: 1,
    },
    health: p.health + 1,
    gifts: [...survivor.gifts],
    remembers,
    // The survivor it was (B-HOLLOWED-03): with `remembers`, which Hollowed this is; names may repeat.
    ...(survivor.survivor !== undefined ? { survivor: survivor.survivor } : {}),
    // On a board it rises where the survivor stood (B-HOLLOWED-01).
    ...(survivor.position ? { position: survivor.position } : {}),
  }
  ctx.emit({ type: "creature.arrives", model: hollowed, at })
}

/** A creature model from its entry, arriving now. */
export const blankCreature = (ctx: Ctx, id: string, side: string, creature: string): Model => {
  const c = ctx.env.content.get("creatures", creature)
  // Its unconditional `ignoreTerrain` rules, carried on the model for the board's path costs.
  const terrain = [
    ...new Set(
      (c?.specialRules ?? []).flatMap((r) =>
        (r.effects ?? []).flatMap((e) =>
          e.kind === "ignoreTerrain" && e.when === undefined ? e.terrain : [],
        ),
      ),
    ),
  ].sort()
  return {
    id,
    side,
    kind: "creature",
    name: c?.name ?? creature,
    ref: creature,
    leader: false,
    profile: {
      move: c?.move ?? 4,
      fight: c?.fight ?? 2,
      shoot: 0,
      wits: 0,
      nerve: 0,
      health: c?.health ?? 1,
      armour: c?.armour ?? 0,
    },
    health: c?.health ?? 1,
    ...arrivingEmptyHanded(ctx.draft.round, false),
    ...(terrain.length > 0 ? { terrain } : {}),
  }
}

/** Rolls a Gift and a Mark on their half tables, duplicates rolled again (B-GIFT-04/05). */
const rollGiftAndMark = (ctx: Ctx, id: string, threshold: number): void => {
  for (const table of ["gifts", "marks"] as const) {
    const entry = ctx.env.content.list("tables").find((t) => t.table === table)
    if (!entry) continue
    const m = ctx.view(id)
    const have = table === "gifts" ? m.gifts : m.marks
    const pickable = entry.rows.filter((r) => {
      const x = r.result as { gift?: string; mark?: string }
      const name = x.gift ?? x.mark
      return name === undefined || !have.includes(name)
    })
    if (pickable.length === 0) continue
    for (let tries = 0; tries < 100; tries++) {
      const faces = ctx.dice(2, `${m.name}'s ${table === "gifts" ? "Gift" : "Mark"} (B-GIFT-04)`, m.side)
      const row = Roll.halfRow(...pairOf(faces))
      const found = entry.rows.find((r) => r.key === row)?.result as
        | { gift?: string; mark?: string }
        | undefined
      const got = found?.gift ?? found?.mark
      if (got === undefined || have.includes(got)) continue // B-GIFT-05: a duplicate is rolled again
      ctx.emit({
        type: "gained",
        model: id,
        ...(table === "gifts" ? { gift: got } : { mark: got }),
        faces: [...faces],
        threshold,
      })
      break
    }
  }
}
