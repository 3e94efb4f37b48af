/**
 * Aftermath step 6, Upkeep (B-UPKEEP-01, R-WORLD-10): (1) income — the Home's and improvements'
 * `aftermath.upkeep` triggers for this Season, and The Local's cellar die (R-WORLD-19); (2) the
 * Season's need plus the Home's extra (fuel paid from the fuel store, then 2 Salvage per fuel, then
 * 1 Amber per 3 fuel, R-CAMPAIGN-10; clearing in Salvage; spoilage from the Rations), unless the
 * Home waives it (the Grove, B-CONGREGATION-06); short of fuel: each survivor rolls, on a 1 misses
 * the next raid; short of clearing: on a 1 +1 Blight; (3) feed every survivor 1 Ration, the Leader
 * first then roster order (R-CAMPAIGN-11), with any extra its own rules eat (Sap Hunger), or it
 * goes Hungry (R-CAMPAIGN-22); Hungry twice running: leaves.
 *
 * @since 0.3.0
 */

import { Expression } from "@blight/dice"
import type { ContentView } from "../refuge/Content.js"
import type { LedgerDraft } from "../refuge/Ledger.js"
import { storesOf } from "../refuge/Ledger.js"
import { gainBlight, settleBlight } from "./Blight.js"
import type { Ctx } from "./Context.js"
import { boost } from "./Loot.js"
import { ownRules } from "./OwnRules.js"
import { refugeAt, statusAt } from "./Refuges.js"

type When = { season?: string; not?: When; any?: ReadonlyArray<When>; all?: ReadonlyArray<When> }

/** Does a trigger's `when` hold in this Season? (Only Season conditions arise at Upkeep.) */
export const holds = (when: When | undefined, season: string): boolean => {
  if (when === undefined) return true
  if (when.season !== undefined && when.season !== season) return false
  if (when.not !== undefined && holds(when.not, season)) return false
  if (when.any !== undefined && !when.any.some((w) => holds(w, season))) return false
  if (when.all !== undefined && !when.all.every((w) => holds(w, season))) return false
  return true
}

type Trigger = { kind: string; on?: string; when?: When; do?: ReadonlyArray<Record<string, unknown>> }

/** The `aftermath.upkeep` triggers of a Refuge's Home and improvements, with their source's name. */
const upkeepTriggers = (ctx: Ctx, refuge: number) => {
  const r = refugeAt(ctx, refuge).refuge
  const home = ctx.env.content.get("homes", r.home)
  const out: { source: string; t: Trigger; survivor?: string }[] = []
  const add = (source: string, effects: ReadonlyArray<unknown> | undefined, survivor?: string) => {
    for (const e of (effects ?? []) as ReadonlyArray<Trigger>)
      if (e.kind === "trigger" && e.on === "aftermath.upkeep")
        out.push({ source, t: e, ...(survivor !== undefined ? { survivor } : {}) })
  }
  if (home) {
    add(home.name, home.perk?.effects)
    add(home.name, (home.drawback as { effects?: ReadonlyArray<unknown> } | undefined)?.effects)
  }
  for (const id of r.improvements) {
    const imp = ctx.env.content.get("improvements", id)
    if (imp) add(imp.name, imp.effects)
  }
  // A survivor's own rules on the Upkeep (Sap Hunger: it eats an extra Ration).
  for (const sv of r.survivors)
    for (const rule of ownRules(ctx.env.content, sv)) add(`${sv.name}: ${rule.name}`, rule.effects, sv.id)
  return out
}

type Hooked = { kind: string; hook?: string; params?: unknown }
const hookParams = (effects: ReadonlyArray<unknown> | undefined, name: string) =>
  ((effects ?? []) as ReadonlyArray<Hooked>).find((e) => e.kind === "hook" && e.hook === name)?.params as
    | Record<string, unknown>
    | undefined

/** The Upkeep numbers, read from the loaded `upkeep` entry's hooks (R-WORLD-10's values by default). */
export const upkeepRules = (content: ContentView) => {
  const u = content.list("upkeep")[0]
  const unmet = hookParams(u?.unmetNeed.effects, "core/unmet-need") as
    | { fuel?: { laidUpOn?: number }; clearing?: { blightOn?: number } }
    | undefined
  const hunger = hookParams(u?.hunger.effects, "core/hunger") as
    | { health?: number; leavesAfter?: number }
    | undefined
  const fuel = hookParams(
    (u?.rules ?? []).flatMap((r) => r.effects ?? []),
    "core/pay-fuel",
  ) as { amberFuel?: number; salvagePerFuel?: number } | undefined
  return {
    rationsPerSurvivor: u?.rationsPerSurvivor ?? 1,
    laidUpOn: unmet?.fuel?.laidUpOn ?? 1,
    blightOn: unmet?.clearing?.blightOn ?? 1,
    hungryHealth: hunger?.health ?? -1,
    leavesAfter: hunger?.leavesAfter ?? 2,
    amberFuel: fuel?.amberFuel ?? 3,
    salvagePerFuel: fuel?.salvagePerFuel ?? 2,
  }
}

const balance = (ctx: Ctx, refuge: number) => storesOf(refugeAt(ctx, refuge).refuge.ledger)

/** Of a cost of `amount`, what the store holds to pay: the rest is not paid (R-WORLD-10, R-CAMPAIGN-22). */
const payable = (ctx: Ctx, refuge: number, store: string, amount: number) =>
  Math.min(amount, Math.max(0, balance(ctx, refuge)[store as keyof ReturnType<typeof balance>] ?? 0))

type Rules = ReturnType<typeof upkeepRules>
/** Rations a survivor's own rule makes it eat on top of its own, by survivor (Sap Hunger). */
type Extra = Map<string, Array<{ amount: number; reason: string }>>

/** A `stores` income or cost: posted, or (a survivor's own Rations) kept to eat at the feeding. */
const storesIncome = (
  ctx: Ctx,
  refuge: number,
  source: string,
  d: Record<string, unknown>,
  extra: Extra,
  survivor?: string,
) => {
  // An amount in dice ("d3" Rations) is rolled, as a reward in dice is (R-CAMPAIGN-17).
  const rolled =
    typeof d.amount === "number"
      ? undefined
      : Expression.rollExpression(
          ctx.source(String(refuge)),
          d.amount as never,
          `${source}: how much ${String(d.store)} (B-UPKEEP-01)`,
        )
  const rolledOrSet = rolled?.value ?? Number(d.amount)
  // `boosted: true`: the reward boost (B-LOOT-03), +10% rounded up on Salvage, Rations, Reloads.
  const amount = d.boosted === true && rolledOrSet > 0 ? boost(String(d.store), rolledOrSet) : rolledOrSet
  const reason = String(d.reason ?? source)
  if (survivor !== undefined && d.store === "rations" && amount < 0) {
    extra.set(survivor, [...(extra.get(survivor) ?? []), { amount: -amount, reason }])
    return
  }
  // A cost the stores can't cover takes what there is (R-CAMPAIGN-22), as spoilage does.
  const posted = amount < 0 ? -payable(ctx, refuge, String(d.store), -amount) : amount
  if (posted === 0 && amount !== 0) return
  ctx.post(refuge, [{ store: d.store as never, amount: posted, reason, clause: "R-WORLD-10" }])
}

/** The Local's cellar die (R-WORLD-19): on `on` or less, half the Rations are lost. */
const cellarDie = (ctx: Ctx, refuge: number, source: string, params: unknown) => {
  const on = Number((params as { on?: number } | undefined)?.on ?? 1)
  const face = ctx.die(`${source}: the cellar die (R-WORLD-19)`, String(refuge))
  const lose = face <= on ? Math.floor(balance(ctx, refuge).rations / 2) : 0
  ctx.emit({
    type: "rolled",
    refuge,
    what: "Cellar die",
    faces: [face],
    result: lose ? `lose ${lose} Rations` : "all quiet",
    clause: "R-WORLD-19",
  })
  ctx.post(refuge, [
    { store: "rations", amount: -lose, reason: `${source}: the cellar floods`, clause: "R-WORLD-19" },
  ])
}

/** (1) income, and the hooks that run at Upkeep: the stores whose need is waived, and the extra Rations. */
const income = (ctx: Ctx, refuge: number, season: string) => {
  const waived = new Set<string>()
  // Eaten at the feeding, with the survivor's Ration, or it goes Hungry (R-CAMPAIGN-22).
  const extra: Extra = new Map()
  for (const { source, t, survivor } of upkeepTriggers(ctx, refuge)) {
    if (!holds(t.when, season)) continue
    for (const d of t.do ?? []) {
      if (d.kind === "stores") storesIncome(ctx, refuge, source, d, extra, survivor)
      else if (d.kind === "hook" && d.hook === "core/waive-season-need") {
        for (const s of (d.params as { stores?: string[] } | undefined)?.stores ?? []) waived.add(s)
      } else if (d.kind === "hook" && d.hook === "core/the-local-cellar-die")
        cellarDie(ctx, refuge, source, d.params)
    }
  }
  return { waived, extra }
}

/** The Season's need plus the Home's extra, by store. */
const seasonNeeds = (ctx: Ctx, refuge: number, season: string) => {
  const r = refugeAt(ctx, refuge).refuge
  const seasonEntry = ctx.env.content.get("seasons", season)
  const home = ctx.env.content.get("homes", r.home)
  const needs = new Map<string, number>()
  // A need marked `perSurvivor` is asked of every survivor on the roster; the Home's extra is not.
  const times = seasonEntry?.need?.perSurvivor ? r.survivors.length : 1
  for (const n of seasonEntry?.need?.stores ?? [])
    needs.set(n.store, (needs.get(n.store) ?? 0) + Number(n.amount) * times)
  for (const sn of home?.seasonNeeds ?? [])
    if (sn.season === season)
      for (const x of sn.extra) needs.set(x.store, (needs.get(x.store) ?? 0) + Number(x.amount))
  return { needs, home, why: `${seasonEntry?.name ?? season}: the Season's need` }
}

/** Fuel is paid from the fuel store, then Salvage, then Amber (R-CAMPAIGN-10); is any left unpaid? */
const payFuel = (ctx: Ctx, refuge: number, amount: number, why: string, rules: Rules): boolean => {
  const b = balance(ctx, refuge)
  const drafts: LedgerDraft[] = []
  let left = amount
  const fromFuel = Math.min(left, b.fuel)
  drafts.push({ store: "fuel", amount: -fromFuel, reason: `${why} (${amount} fuel)`, clause: "B-UPKEEP-01" })
  left -= fromFuel
  const salvageFuel = Math.min(left, Math.floor(b.salvage / rules.salvagePerFuel))
  drafts.push({
    store: "salvage",
    amount: -rules.salvagePerFuel * salvageFuel,
    reason: `${why}: ${salvageFuel} fuel burned as Salvage`,
    clause: "R-WORLD-10",
  })
  left -= salvageFuel
  const amber = Math.min(Math.ceil(left / rules.amberFuel), b.amber)
  drafts.push({
    store: "amber",
    amount: -amber,
    reason: `${why}: ${amber} Amber burned for fuel`,
    clause: "R-WORLD-10",
  })
  left = Math.max(0, left - rules.amberFuel * amber)
  ctx.post(refuge, drafts)
  return left > 0
}

/** (2) the Season's need, plus the Home's extra: the needs left short ("fuel", "clearing"). */
const payNeeds = (ctx: Ctx, refuge: number, season: string, waived: Set<string>, rules: Rules) => {
  const { needs, home, why } = seasonNeeds(ctx, refuge, season)
  const short = new Set<string>()
  for (const [store, amount] of needs) {
    if (amount <= 0) continue
    if (waived.has(store)) {
      ctx.emit({
        type: "rolled",
        refuge,
        what: "Season's need",
        faces: [],
        result: `${amount} ${store} waived (${home?.name ?? "the Home"})`,
        clause: "B-CONGREGATION-06",
      })
      continue
    }
    if (store === "fuel") {
      if (payFuel(ctx, refuge, amount, why, rules)) short.add("fuel")
    } else {
      const paid = payable(ctx, refuge, store, amount)
      ctx.post(refuge, [{ store: store as never, amount: -paid, reason: why, clause: "B-UPKEEP-01" }])
      if (paid < amount && store === "salvage") short.add("clearing")
      // Spoilage short is simply lost (R-WORLD-10).
    }
  }
  return short
}

/** Short of fuel, each survivor rolls and may miss the next raid; short of clearing, may gain Blight. */
const shortOf = (ctx: Ctx, refuge: number, need: string, rules: Rules) => {
  for (const s of [...refugeAt(ctx, refuge).refuge.survivors]) {
    const face = ctx.die(`${s.name}: short of ${need} (R-WORLD-10)`, String(refuge))
    // "On a 1" with the default; a pack's higher number means that or less, as the hook rolls it.
    const hit = face <= (need === "fuel" ? rules.laidUpOn : rules.blightOn)
    ctx.emit({
      type: "rolled",
      refuge,
      survivor: s.id,
      what: `Short of ${need}`,
      faces: [face],
      result: hit ? (need === "fuel" ? "misses the next raid" : "+1 Blight") : "no harm",
      clause: "R-WORLD-10",
    })
    if (!hit) continue
    if (need === "fuel")
      ctx.emit({
        type: "survivor.changed",
        refuge,
        survivor: s.id,
        status: { missRaids: Math.max(1, statusAt(ctx, refuge, s.id).missRaids) },
        reason: "the cold: Laid Up for the next raid",
        clause: "R-WORLD-10",
      })
    else {
      gainBlight(ctx, refuge, s.id, 1, "the growth gets in", "R-WORLD-10")
      settleBlight(ctx, refuge, s.id, "short of clearing")
    }
  }
}

type Survivor = ReturnType<typeof refugeAt>["refuge"]["survivors"][number]

/**
 * (3) feed everyone: the Leader first, then roster order. A survivor whose whole need (its Ration
 * and any extra) the stores can't meet eats nothing and is Hungry; the next in order may still be
 * fed (R-CAMPAIGN-22). Returns who ate.
 */
const feed = (ctx: Ctx, refuge: number, order: ReadonlyArray<Survivor>, extra: Extra, rules: Rules) => {
  const per = rules.rationsPerSurvivor
  let left = balance(ctx, refuge).rations
  const fedIds = new Set<string>()
  const extras: LedgerDraft[] = []
  for (const s of order) {
    const more = extra.get(s.id) ?? []
    const need = per + more.reduce((n, x) => n + x.amount, 0)
    if (need > left) continue
    left -= need
    fedIds.add(s.id)
    for (const x of more)
      extras.push({ store: "rations", amount: -x.amount, reason: x.reason, clause: "R-WORLD-10" })
  }
  ctx.post(refuge, [
    {
      store: "rations",
      amount: -fedIds.size * per,
      reason: `fed ${fedIds.size} of ${order.length} survivors`,
      clause: "B-UPKEEP-01",
    },
    ...extras,
  ])
  return fedIds
}

/** The fed are no longer Hungry; the unfed go Hungry, and leave at `leavesAfter` Upkeeps running. */
const hunger = (
  ctx: Ctx,
  refuge: number,
  order: ReadonlyArray<Survivor>,
  fedIds: Set<string>,
  rules: Rules,
) => {
  for (const s of order) {
    const st = statusAt(ctx, refuge, s.id)
    if (fedIds.has(s.id)) {
      if (st.hungry > 0)
        ctx.emit({
          type: "survivor.changed",
          refuge,
          survivor: s.id,
          status: { hungry: 0 },
          reason: "fed again",
          clause: "R-WORLD-10",
        })
    } else if (st.hungry + 1 >= rules.leavesAfter) {
      ctx.emit({
        type: "survivor.lost",
        refuge,
        survivor: s.id,
        cause: "left",
        reason: `${s.name}: Hungry at ${rules.leavesAfter} Upkeeps running, leaves`,
        clause: "R-WORLD-10",
      })
    } else {
      ctx.emit({
        type: "survivor.changed",
        refuge,
        survivor: s.id,
        status: { hungry: st.hungry + 1 },
        reason: `Hungry: ${rules.hungryHealth} Health next raid`,
        clause: "R-WORLD-10",
      })
    }
  }
}

/** Step 6 for one Refuge. */
export const upkeep = (ctx: Ctx, refuge: number) => {
  const season = ctx.draft.season
  const rules = upkeepRules(ctx.env.content)
  const { waived, extra } = income(ctx, refuge, season)
  for (const need of payNeeds(ctx, refuge, season, waived, rules)) shortOf(ctx, refuge, need, rules)
  const order = [...refugeAt(ctx, refuge).refuge.survivors].sort(
    (a, b) => (a.role ? 0 : 1) - (b.role ? 0 : 1),
  )
  hunger(ctx, refuge, order, feed(ctx, refuge, order, extra, rules), rules)
}
