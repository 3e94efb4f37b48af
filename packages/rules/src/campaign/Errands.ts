/**
 * Between raids (B-ERRAND-01..04, GAP-B-16 as R-CAMPAIGN-08/09): each Refuge runs as many Errands
 * as its Home gives (two; three with an Office Block), each run by a survivor on the roster who is
 * not Laid Up and has not run one since the Aftermath. Unused Errands do not carry over. Errands
 * are typed data here (not yet a content kind): Trade (one Market trip through `refuge/Market`),
 * Recruit (one survivor each), Drink Amber (+1 Blight by choice), Scavenge (a d6 on a small
 * table, boosted like Loot), and Build (an improvement: its cost in Salvage). Making Arrows and
 * Bolts and the Reloading Bench take no Errand.
 *
 * @since 0.3.0
 */
import { Either } from "effect"
import { makeAmmunition, reloadingBench } from "../refuge/HomeActions.js"
import { type LedgerDraft, storesOf } from "../refuge/Ledger.js"
import { marketTrip } from "../refuge/Market.js"
import type { Refuge } from "../refuge/Refuge.js"
import type { RulesViolated } from "../refuge/Violation.js"
import { gainBlight, rewardThresholds, settleBlight } from "./Blight.js"
import { newSurvivorId } from "./Casualties.js"
import type { Command } from "./Command.js"
import { type Ctx, Refusal, refuse } from "./Context.js"
import { freshStatus } from "./Evolve.js"
import { boost } from "./Loot.js"

/** The Errands (GAP-B-16): typed data until Errands are a content kind. */
export const ERRANDS = [
  {
    id: "trade",
    name: "Trade",
    clause: "B-ERRAND-03",
    text: "One trip to the Flyover Market: all buying and selling.",
  },
  {
    id: "recruit",
    name: "Recruit",
    clause: "B-ERRAND-04",
    text: "One survivor joins for their background's cost in Salvage.",
  },
  {
    id: "drinkAmber",
    name: "Drink Amber",
    clause: "B-BLIGHT-05",
    text: "Spend 1 Amber: the drinker gains +1 Blight.",
  },
  {
    id: "scavenge",
    name: "Scavenge",
    clause: "R-CAMPAIGN-09",
    text: "Roll a d6 on the Scavenging table (boosted like Loot).",
  },
  {
    id: "build",
    name: "Build",
    clause: "B-IMPROVEMENT-01",
    text: "Build an improvement for its cost in Salvage (one of each).",
  },
] as const

/** The Scavenging table (R-CAMPAIGN-09): a d6; amounts before the reward boost (B-LOOT-03). */
export const SCAVENGING: ReadonlyArray<{
  readonly on: readonly [number, number]
  readonly name: string
  readonly store?: "salvage" | "rations" | "reloads"
  readonly amount: number
}> = [
  { on: [1, 1], name: "Nothing worth carrying", amount: 0 },
  { on: [2, 2], name: "Scrap", store: "salvage", amount: 2 },
  { on: [3, 5], name: "Tins", store: "rations", amount: 2 },
  { on: [6, 6], name: "A box of cartridges", store: "reloads", amount: 1 },
]

/** Joined survivors from a Congregation start Touched: 3 Blight, a Gift and a Mark (B-CONGREGATION-09). */
const TOUCHED = 3

const sameRefuge = (ctx: Ctx, refuge: number) => {
  const r = ctx.draft.refuges[refuge]
  if (r === undefined) throw new Refusal(`refuge: the campaign has no Refuge ${refuge}`)
  return r
}

/** Checks an Errand may run: the between-raids phase, one left, a survivor free to run it. */
const errand = (ctx: Ctx, refuge: number, by: string | undefined) => {
  const r = sameRefuge(ctx, refuge)
  if (ctx.draft.phase !== "between")
    refuse("Errands run between raids, after the Aftermath", "B-AFTERMATH-01")
  if (r.errands <= 0) refuse(`${r.refuge.name} has no Errand left before the next raid`, "B-ERRAND-01")
  if (by === undefined) throw new Refusal("by: name the survivor who runs the Errand", "R-CAMPAIGN-08")
  const s = r.refuge.survivors.find((x) => x.id === by)
  if (s === undefined) throw new Refusal(`by: ${r.refuge.name} has no survivor "${by}"`, "R-CAMPAIGN-08")
  const st = r.status[by]!
  if (st.noErrands)
    refuse(`by: ${s.name} is Laid Up and runs no Errand before the next raid`, "B-CASUALTY-01")
  if (st.errand) refuse(`by: ${s.name} has already run an Errand`, "R-CAMPAIGN-08")
  return { r, s }
}

/** Posts the Ledger entries and stash change a builder function made (Market, home actions). */
const adopt = (ctx: Ctx, refuge: number, before: Refuge, after: Refuge, why: string, clause: string) => {
  const fresh = after.ledger.slice(before.ledger.length).map(({ seq: _s, ...d }) => d as LedgerDraft)
  ctx.post(refuge, fresh, clause)
  if (JSON.stringify(after.stash) !== JSON.stringify(before.stash))
    ctx.emit({
      type: "stash.changed",
      refuge,
      stash: structuredClone(after.stash) as never,
      reason: why,
      clause,
    })
}

const firstProblem = (e: RulesViolated) => {
  const v = e.violations[0]
  return v ? ([`${v.path}: ${v.message}`, v.clause] as const) : (["refused", undefined] as const)
}

/** Runs one between-raids command. */
export const between = (ctx: Ctx, c: Command): void => {
  const { content } = ctx.env
  switch (c.type) {
    case "trade": {
      const { r, s } = errand(ctx, c.refuge, c.by)
      const before = r.refuge as Refuge
      const trip = marketTrip(before, { orders: c.orders }, content, ctx.source(String(c.refuge)))
      if (Either.isLeft(trip)) {
        const [why, clause] = firstProblem(trip.left)
        throw new Refusal(`orders.${why}`, clause)
      }
      adopt(ctx, c.refuge, before, trip.right.refuge, "bought at the Market", "B-ERRAND-03")
      const lines = trip.right.lines.map((l) => `${l.what}${l.done ? "" : " (not there)"}`)
      ctx.emit({
        type: "errand.run",
        refuge: c.refuge,
        errand: "trade",
        survivor: s.id,
        what: `${s.name} went to the Market: ${lines.join("; ") || "looked around"}`,
        clause: "B-ERRAND-03",
      })
      return
    }
    case "recruit": {
      // An empty roster still recruits (R-CAMPAIGN-08): nobody is left to name.
      const empty = sameRefuge(ctx, c.refuge).refuge.survivors.length === 0
      const { r, s } = empty
        ? (() => {
            const r = sameRefuge(ctx, c.refuge)
            if (ctx.draft.phase !== "between") refuse("Errands run between raids", "B-AFTERMATH-01")
            if (r.errands <= 0)
              refuse(`${r.refuge.name} has no Errand left before the next raid`, "B-ERRAND-01")
            return { r, s: { id: undefined, name: "the Refuge" } }
          })()
        : errand(ctx, c.refuge, c.by)
      const bg = content.get("backgrounds", c.background)
      if (bg === undefined)
        throw new Refusal(`background: there is no background "${c.background}"`, "B-ERRAND-04")
      const home = content.get("homes", r.refuge.home)
      if (home && r.refuge.survivors.length >= home.capacity)
        refuse(`${r.refuge.name}'s Home holds ${home.capacity} survivors`, "B-HOME-02")
      ctx.post(
        c.refuge,
        [
          {
            store: "salvage",
            amount: -bg.cost,
            reason: `recruited ${c.name} (${bg.name})`,
            clause: "B-ERRAND-04",
          },
        ],
        "B-ERRAND-04",
      )
      const id = newSurvivorId(ctx)
      const touched = r.refuge.kind === "congregation" ? TOUCHED : 0
      ctx.emit({
        type: "survivor.joined",
        refuge: c.refuge,
        survivor: {
          id: id as never,
          name: c.name,
          background: bg.id,
          equipment: { weapons: [], armour: [], kit: [] },
          xp: 0,
          advances: [],
          skills: [],
          injuries: [],
          blight: touched,
          gifts: [],
          marks: [],
        },
        status: { ...freshStatus(0), errand: true },
        reason: `${c.name} recruited by ${s.name}`,
        clause: touched ? "B-CONGREGATION-09" : "B-ERRAND-04",
      })
      if (touched) rewardThresholds(ctx, c.refuge, id)
      ctx.emit({
        type: "errand.run",
        refuge: c.refuge,
        errand: "recruit",
        ...(s.id ? { survivor: s.id } : {}),
        what: `${s.name} brought in ${c.name}`,
        clause: "B-ERRAND-04",
      })
      return
    }
    case "drinkAmber": {
      const { s } = errand(ctx, c.refuge, c.by)
      ctx.post(
        c.refuge,
        [{ store: "amber", amount: -1, reason: `${s.name} drank Amber`, clause: "B-BLIGHT-05" }],
        "B-BLIGHT-05",
      )
      ctx.emit({
        type: "errand.run",
        refuge: c.refuge,
        errand: "drinkAmber",
        survivor: s.id,
        what: `${s.name} drank Amber`,
        clause: "B-BLIGHT-05",
      })
      gainBlight(ctx, c.refuge, s.id, 1, "drank Amber", "B-BLIGHT-05")
      settleBlight(ctx, c.refuge, s.id, "drank Amber") // R-CAMPAIGN-07: Blight between raids settles at once
      return
    }
    case "scavenge": {
      const { s } = errand(ctx, c.refuge, c.by)
      const face = ctx.die(`${s.name}: Scavenging (R-CAMPAIGN-09)`, String(c.refuge))
      const row = SCAVENGING.find((x) => face >= x.on[0] && face <= x.on[1])!
      const amount = row.store ? boost(row.store, row.amount) : 0
      ctx.emit({
        type: "rolled",
        refuge: c.refuge,
        survivor: s.id,
        what: "Scavenging",
        faces: [face],
        result: row.name,
        clause: "R-CAMPAIGN-09",
      })
      if (row.store && amount > 0)
        ctx.post(c.refuge, [
          {
            store: row.store,
            amount,
            reason: `Scavenging: ${row.name}${amount !== row.amount ? `, boosted ${row.amount}→${amount}` : ""}`,
            clause: amount !== row.amount ? "B-LOOT-03" : "R-CAMPAIGN-09",
            rolls: [{ sides: 6, value: face, label: "Scavenging" }],
          },
        ])
      ctx.emit({
        type: "errand.run",
        refuge: c.refuge,
        errand: "scavenge",
        survivor: s.id,
        what: `${s.name} scavenged: ${row.name}`,
        clause: "R-CAMPAIGN-09",
      })
      return
    }
    case "build": {
      const imp = content.get("improvements", c.improvement)
      if (imp === undefined)
        throw new Refusal(`improvement: there is no improvement "${c.improvement}"`, "B-IMPROVEMENT-01")
      const r = sameRefuge(ctx, c.refuge)
      if (r.refuge.improvements.includes(imp.id))
        refuse(`${r.refuge.name} already has a ${imp.name} (one of each, GAP-B-13)`, "B-IMPROVEMENT-01")
      const s = imp.errand ? errand(ctx, c.refuge, c.by).s : undefined
      if (!imp.errand && ctx.draft.phase !== "between")
        refuse("improvements are built between raids", "B-IMPROVEMENT-01")
      ctx.post(
        c.refuge,
        [
          {
            store: "salvage",
            amount: -imp.cost,
            reason: `built a ${imp.name}`,
            clause: "B-IMPROVEMENT-01",
            item: { kind: "improvements", id: imp.id },
          },
        ],
        "B-IMPROVEMENT-01",
      )
      ctx.emit({ type: "improvement.built", refuge: c.refuge, improvement: imp.id })
      if (s)
        ctx.emit({
          type: "errand.run",
          refuge: c.refuge,
          errand: "build",
          survivor: s.id,
          what: `${s.name} built a ${imp.name}`,
          clause: "B-IMPROVEMENT-01",
        })
      return
    }
    case "makeAmmunition":
    case "bench": {
      const r = sameRefuge(ctx, c.refuge)
      if (ctx.draft.phase !== "between")
        refuse("this is done at home, between raids", c.type === "bench" ? "B-IMPROVEMENT-04" : "B-AMMO-08")
      const before = r.refuge as Refuge
      const after =
        c.type === "bench"
          ? reloadingBench(before, c.times, content)
          : makeAmmunition(before, c.store, c.batches)
      if (Either.isLeft(after)) {
        const [why, clause] = firstProblem(after.left)
        throw new Refusal(why, clause)
      }
      adopt(
        ctx,
        c.refuge,
        before,
        after.right,
        "made at home",
        c.type === "bench" ? "B-IMPROVEMENT-04" : "B-AMMO-08",
      )
      return
    }
    case "pass": {
      const r = sameRefuge(ctx, c.refuge)
      if (ctx.draft.phase !== "between") refuse("Errands run between raids", "B-ERRAND-02")
      if (r.errands === 0) refuse(`${r.refuge.name} has no Errand left to give up`, "B-ERRAND-02")
      ctx.emit({ type: "errands.passed", refuge: c.refuge })
      return
    }
    default:
      throw new Refusal(`${c.type}: not an Errand`)
  }
}

/** Amber in the stores (for the legal list). */
export const amberOf = (r: Refuge) => storesOf(r.ledger).amber
