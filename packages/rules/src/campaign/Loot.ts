/**
 * Aftermath step 4, Loot (B-LOOT-01..04, B-BLIGHT-04) and the Stranger (B-STRANGER-01/02): one
 * Loot roll (half and entry, R-CONTENT-29) for each Loot token carried home plus one per Rich
 * find; a 6 on the amount die doubles it (Plentiful), then Salvage, Rations and Reloads are +10%
 * rounded up (R-CAMPAIGN-03: doubled, then boosted); Amber carried home is 1 Amber and a die, on a
 * 1 the carrier gains +1 Blight; a Meds token is 1 Meds; then the scenario's rewards (already
 * boosted, B-LOOT-04; in a draw each Refuge gets half the winner's Salvage, rounded down,
 * R-WORLD-18; a reward in dice is rolled, R-CAMPAIGN-17). A survivor's `reroll` of `loot`
 * (Scavenger, the Rough Sleeper's Knack) lets the Refuge re-roll a Loot roll it has seen, as often
 * as those rules' `uses` allow each Aftermath (R-CAMPAIGN-18). The Stranger joins the winner of a
 * scenario that has one, free (Touched, with a Gift and a Mark, if it joins a Congregation,
 * B-CONGREGATION-09).
 *
 * @since 0.3.0
 */
import { Expression, Roll } from "@blight/dice"
import { pairOf } from "../battle/Faces.js"
import type { EntryOf } from "../content/schema/Entries.js"
import { FOUNDING } from "../refuge/Founding.js"
import type { LedgerDraft } from "../refuge/Ledger.js"
import { gainBlight, rewardThresholds, settleBlight } from "./Blight.js"
import { newcomer, newSurvivorId } from "./Casualties.js"
import type { Ctx } from "./Context.js"
import { freshStatus } from "./Evolve.js"
import { endEffects } from "./NextRaid.js"
import { ownRules } from "./OwnRules.js"
import { refugeAt } from "./Refuges.js"
import { type RaidRecord, sideOf } from "./State.js"
import { halfRow, rowOf, tableOf } from "./Tables.js"

type LootResult = Extract<EntryOf["tables"], { table: "loot" }>["rows"][number]["result"]
type StrangerResult = Extract<EntryOf["tables"], { table: "stranger" }>["rows"][number]["result"]

/** The reward boost (B-LOOT-03): these stores +10%, rounded up. */
export const BOOSTED = new Set(["salvage", "rations", "reloads"])
export const boost = (store: string, n: number): number => (BOOSTED.has(store) ? Math.ceil((n * 11) / 10) : n)

/** The Loot re-rolls a Refuge has this Aftermath: its survivors' `reroll` `loot` rules, with their names. */
export const lootRerolls = (ctx: Ctx, refuge: number): { left: number; from: string[] } => {
  const from: string[] = []
  let left = 0
  for (const s of refugeAt(ctx, refuge).refuge.survivors)
    for (const r of ownRules(ctx.env.content, s))
      for (const e of r.effects)
        if (
          e.kind === "reroll" &&
          e.roll === "loot" &&
          e.when === undefined &&
          (e.uses?.per ?? "aftermath") === "aftermath"
        ) {
          left += e.uses?.times ?? 1
          from.push(`${s.name}'s ${r.name}`)
        }
  return { left, from }
}

/**
 * One roll on the Loot table: the Ledger drafts and weapons it gives. With a re-roll left, the
 * Refuge sees the row and may roll again (a re-rolled roll is never re-rolled, B-REROLL-01).
 */
export const lootRoll = (
  ctx: Ctx,
  refuge: number,
  label: string,
  rerolls: { left: number; from: string[] } = { left: 0, from: [] },
) => {
  const table = tableOf(ctx.env.content, "loot")
  let [a, b] = pairOf(ctx.dice(2, `${label}: Loot (B-LOOT-01)`, String(refuge)))
  if (rerolls.left > 0) {
    const seen = rowOf<LootResult>(table, halfRow(a, b))
    const again = ctx.choose(
      `loot-reroll:${label}`,
      `${label}: ${a}, ${b} on the Loot table (${seen?.name ?? "nothing"}). Re-roll it (${rerolls.from.join(", ")}; ${rerolls.left} left)? (B-REROLL-01)`,
      ["keep", "reroll"],
      String(refuge),
    )
    if (again === "reroll") {
      rerolls.left--
      ;[a, b] = pairOf(ctx.dice(2, `${label}: Loot re-roll (B-REROLL-01)`, String(refuge)))
    }
  }
  const row = halfRow(a, b)
  const result = rowOf<LootResult>(table, row)
  const drafts: LedgerDraft[] = []
  const weapons: string[] = []
  if (result === undefined) return { drafts, weapons }
  for (const g of result.gives) {
    // Each find's own notes: Plentiful belongs to the die that set this amount (B-LOOT-02).
    const notes: string[] = []
    let n: number
    const rolls: { sides: number; value: number; label: string }[] = [
      { sides: 6, value: a, label: "Loot: half" },
      { sides: 6, value: b, label: "Loot: entry" },
    ]
    const x = g.amount
    if (typeof x === "number") n = x
    else if (
      x.kind === "sum" &&
      x.sides === 6 &&
      !(x.count === 1 && x.modifier === 0 && x.multiplier === 1)
    ) {
      // R-CAMPAIGN-28: a pack's "2d6" (or "d6+1") is rolled as written; Plentiful is for one die.
      const faces = ctx.dice(x.count, `${label}: how much ${g.store} (B-LOOT-01)`, String(refuge))
      rolls.push(...faces.map((value) => ({ sides: 6, value, label: `how much ${g.store}` })))
      n = Math.max(0, (faces.reduce((p, q) => p + q, 0) + x.modifier) * x.multiplier)
    } else {
      const d = ctx.die(`${label}: how much ${g.store} (B-LOOT-02)`, String(refuge))
      rolls.push({ sides: 6, value: d, label: `how much ${g.store}` })
      // The amount is decoded ({ kind: "d3" }), not the text "d3": a d3 is the d6 halved (B-DICE-03).
      n = x.kind === "d3" ? Roll.d3FromD6(d) : d
      if (d === 6) {
        n *= 2 // Plentiful (B-LOOT-02)
        notes.push("Plentiful")
      }
    }
    const amount = boost(g.store, n)
    drafts.push({
      store: g.store,
      amount,
      reason: `Loot: ${result.name} (${label})${notes.length ? `, ${notes.join(", ")}` : ""}${amount !== n ? `, boosted ${n}→${amount}` : ""}`,
      clause: amount !== n ? "B-LOOT-03" : notes.length ? "B-LOOT-02" : "B-LOOT-01",
      rolls,
    })
  }
  for (const e of result.effects ?? []) {
    if (e.kind !== "rollTable") continue
    const sub = ctx.env.content.get("tables", (e as { table: string }).table)
    if (sub === undefined) continue
    const d = ctx.die(`${label}: ${sub.name} (B-LOOT-01)`, String(refuge))
    const r = rowOf<{
      name?: string
      effects?: ReadonlyArray<{ kind: string; weapon?: string }>
    }>(sub, d)
    for (const h of r?.effects ?? []) if (h.kind === "gainItem" && h.weapon) weapons.push(h.weapon)
  }
  ctx.emit({
    type: "rolled",
    refuge,
    what: "Loot",
    faces: [a, b],
    result: `${row}: ${result.name}${weapons.length ? ` (${weapons.join(", ")})` : ""}`,
    clause: "B-LOOT-01",
  })
  return { drafts, weapons }
}

/** A token carried home: one of its store (B-LOOT-01). */
const carriedHome = (store: LedgerDraft["store"], what: string, by: string): LedgerDraft => ({
  store,
  amount: 1,
  reason: `${what} carried home by ${by}`,
  clause: "B-LOOT-01",
})

/** Step 4 for one Refuge. */
export const loot = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = sideOf(raid, refuge)
  if (side === undefined) return
  const drafts: LedgerDraft[] = []
  const weapons: string[] = []
  const rerolls = lootRerolls(ctx, refuge)
  for (const m of side.survivors) {
    for (const c of m.carrying) {
      if (c.contents === "loot") {
        for (let k = 0; k <= c.rich; k++) {
          const r = lootRoll(ctx, refuge, `${m.name}${k ? `, Rich find ${k}` : ""}`, rerolls)
          drafts.push(...r.drafts)
          weapons.push(...r.weapons)
        }
      } else if (c.contents === "amber") {
        drafts.push(carriedHome("amber", "Amber", m.name))
        const d = ctx.die(`${m.name}: carrying Amber home (B-BLIGHT-04)`, String(refuge))
        ctx.emit({
          type: "rolled",
          refuge,
          survivor: m.survivor,
          what: "Amber",
          faces: [d],
          result: d === 1 ? "+1 Blight" : "no harm",
          clause: "B-BLIGHT-04",
        })
        if (d === 1) {
          gainBlight(ctx, refuge, m.survivor, 1, `${m.name} carried Amber home`, "B-BLIGHT-04")
          settleBlight(ctx, refuge, m.survivor, "carrying Amber")
        }
      } else if (c.contents === "meds") {
        drafts.push(carriedHome("meds", "Meds", m.name))
      }
    }
  }
  const scenario = ctx.env.content.get("scenarios", raid.scenario)
  // Rewards come only with a scenario entry, and so its name.
  const title = scenario?.name ?? raid.scenario
  for (const rw of scenario?.rewards ?? []) {
    // R-WORLD-18: in a draw each Refuge gets half the winner's Salvage, rounded down.
    const halved = rw.to === "winner" && side.outcome === "draw" && rw.store === "salvage"
    const mine =
      rw.to === "both" ||
      rw.to === "each" ||
      (rw.to === "winner" && side.outcome === "win") ||
      (rw.to === "loser" && side.outcome === "loss")
    if (!(mine || halved)) continue
    // A reward in dice (a homebrew "d3" Rations) is rolled as stated, not boosted (R-CAMPAIGN-17).
    const rolled =
      typeof rw.amount === "number"
        ? undefined
        : Expression.rollExpression(
            ctx.source(String(refuge)),
            rw.amount,
            `${title}: how much ${rw.store} (B-LOOT-04)`,
          )
    const whole = rolled?.value ?? (rw.amount as number)
    const amount = halved ? Math.floor(whole / 2) : whole
    if (amount === 0) continue
    drafts.push({
      store: rw.store,
      amount,
      reason: halved
        ? `${title}: a draw, half the winner's reward (R-WORLD-18)`
        : `${title}: reward (${rw.to}${rolled ? `, ${rolled.expression} rolled ${rolled.dice.join(", ")}` : ""})`,
      clause: "B-LOOT-04",
      ...(rolled
        ? { rolls: rolled.dice.map((value) => ({ sides: 6, value, label: `${rw.store} reward` })) }
        : {}),
    })
  }
  ctx.post(refuge, drafts, "B-LOOT-01")
  if (weapons.length > 0) {
    const stash = structuredClone(refugeAt(ctx, refuge).refuge.stash)
    stash.weapons.push(...(weapons as never[]))
    ctx.emit({
      type: "stash.changed",
      refuge,
      stash: stash,
      reason: `Loot: ${weapons.join(", ")}`,
      clause: "B-LOOT-01",
    })
  }
  if (strangerJoins(ctx, refuge, raid)) stranger(ctx, refuge)
}

/** Does this objective's end rule bring the Stranger home (a roll on its table)? */
const bringsStranger = (ctx: Ctx, objective: string): boolean =>
  (ctx.env.content.get("objectives", objective)?.rules ?? []).some((r) =>
    (r.effects ?? []).some(
      (e) =>
        e.kind === "trigger" &&
        e.on === "battle.end" &&
        e.do.some((x) => x.kind === "rollTable" && x.table === "stranger"),
    ),
  )

/**
 * Does the Stranger join this Refuge (R-CAMPAIGN-21)? By default the raid's winner, whether or not
 * it rescued the Stranger; with the `stranger: "rescuer"` option only the Refuge whose rescue set
 * off the objective's `battle.end` roll (the rescuer wins, R-WORLD-06).
 */
const strangerJoins = (ctx: Ctx, refuge: number, raid: RaidRecord): boolean => {
  if (ctx.draft.options.stranger === "rescuer")
    return endEffects(ctx.env.content, raid).some(
      (x) => x.refuge === refuge && x.effect.kind === "rollTable" && x.effect.table === "stranger",
    )
  return (
    sideOf(raid, refuge)?.outcome === "win" && (raid.objectives ?? []).some((o) => bringsStranger(ctx, o.id))
  )
}

/** The Stranger joins the winner, free, without an Errand (B-STRANGER-01/02, R-CONTENT-27). */
export const stranger = (ctx: Ctx, refuge: number) => {
  const table = tableOf(ctx.env.content, "stranger")
  const d = ctx.die("the Stranger's background (B-STRANGER-02)", String(refuge))
  const row = rowOf<StrangerResult>(table, d)
  let background: string | undefined
  if (row && "background" in row) background = row.background
  else if (row) {
    const options = ctx.env.content
      .list("backgrounds")
      .filter((b) => b.cost <= row.anyBackground.maxCost)
      .map((b) => b.id)
    if (options.length > 0)
      background = ctx.choose(
        "stranger",
        "The Stranger: any background costing 20 or less (R-CONTENT-27)",
        options,
        String(refuge),
      )
  }
  ctx.emit({
    type: "rolled",
    refuge,
    what: "Stranger",
    faces: [d],
    result: background ?? "nobody",
    clause: "B-STRANGER-02",
  })
  if (background === undefined) return
  const id = newSurvivorId(ctx)
  // B-CONGREGATION-09: a member who joins a Congregation later is Touched, the Stranger too.
  const touched = refugeAt(ctx, refuge).refuge.kind === "congregation" ? FOUNDING.congregationBlight : 0
  ctx.emit({
    type: "survivor.joined",
    refuge,
    survivor: newcomer(ctx, id, "The Stranger", background, touched),
    status: freshStatus(0),
    reason: `Someone in the Weeds: the Stranger joins the winner, free${touched ? ", Touched" : ""}`,
    clause: "B-STRANGER-01",
  })
  if (touched) rewardThresholds(ctx, refuge, id)
}
