/**
 * Between raids (B-ERRAND-01..04, GAP-B-16 as R-CAMPAIGN-08/09): each Refuge runs as many Errands
 * as its Home gives (two; three with an Office Block), each run by a survivor on the roster who is
 * not Laid Up and has not run one since the Aftermath. Unused Errands do not carry over. Errands
 * are content (`errands` entries, GAP-B-16): the core pack's Trade (one Market trip through
 * `refuge/Market`), Recruit (one survivor each), Drink Amber (+1 Blight by choice), Scavenge (a d6
 * on a small table, boosted like Loot) and Build (an improvement: its cost in Salvage), and any a
 * pack adds. An Errand that takes choices runs by its command (`trade`, `recruit`, `build`); the
 * rest by `errand` with the entry's id. Making Arrows and Bolts and the Reloading Bench take no
 * Errand.
 *
 * @since 0.3.0
 */
import { Result } from "effect"
import type { EntryOf } from "../content/schema/Entries.js"
import type { ErrandFind } from "../content/schema/Errand.js"
import { FOUNDING } from "../refuge/Founding.js"
import { makeAmmunition, reloadingBench } from "../refuge/HomeActions.js"
import { type LedgerDraft, storesOf } from "../refuge/Ledger.js"
import { marketTrip } from "../refuge/Market.js"
import type { Refuge } from "../refuge/Refuge.js"
import type { RulesViolated } from "../refuge/Violation.js"
import { gainBlight, rewardThresholds, settleBlight } from "./Blight.js"
import { newcomer, newSurvivorId, replaceLeader } from "./Casualties.js"
import type { CommandOf } from "./Command.js"
import { type Ctx, Refusal, refuse } from "./Context.js"
import { equip } from "./Equip.js"
import { freshStatus } from "./Evolve.js"
import { boost } from "./Loot.js"
import { statusAt } from "./Refuges.js"
import { rowFor } from "./Tables.js"

type ErrandEntry = EntryOf["errands"]
type Chosen = "market" | "recruit" | "build"

/** The command that runs an Errand whose action takes the player's choices. */
const COMMAND_OF: Record<Chosen, "trade" | "recruit" | "build"> = {
  market: "trade",
  recruit: "recruit",
  build: "build",
}
const takesChoices = (e: ErrandEntry): e is ErrandEntry & { does: { kind: Chosen } } =>
  e.does.kind in COMMAND_OF

/** The loaded Errand a `trade`, `recruit` or `build` command runs: the first that does it. */
const errandDoing = (ctx: Ctx, kind: Chosen): ErrandEntry =>
  ctx.env.content.list("errands").find((e) => e.does.kind === kind) ??
  refuse(`content: no loaded Errand does "${kind}" (the ${COMMAND_OF[kind]} command runs one)`, "GAP-B-16")

/** The clause an Errand's events cite: its first. */
const clauseOf = (e: ErrandEntry): string => e.clauses?.[0] ?? "GAP-B-16"

/** Joined survivors from a Congregation start Touched: 3 Blight, a Gift and a Mark (B-CONGREGATION-09). */
const TOUCHED = 3

const sameRefuge = (ctx: Ctx, refuge: number) => {
  const r = ctx.draft.refuges[refuge]
  if (r === undefined) throw new Refusal(`refuge: the campaign has no Refuge ${refuge}`, "B-AFTERMATH-01")
  return r
}

/** Checks an Errand may run: the between-raids phase, one left, this Refuge may run it, a survivor free to run it. */
const errand = (
  ctx: Ctx,
  refuge: number,
  by: string | undefined,
  entry: ErrandEntry,
): { r: ReturnType<typeof sameRefuge>; s: { readonly id: string | undefined; readonly name: string } } => {
  const r = sameRefuge(ctx, refuge)
  if (ctx.draft.phase !== "between")
    refuse("Errands run between raids, after the Aftermath", "B-AFTERMATH-01")
  if (r.errands <= 0) refuse(`${r.refuge.name} has no Errand left before the next raid`, "B-ERRAND-01")
  if (entry.refuges && !entry.refuges.includes(r.refuge.kind))
    refuse(`errand: ${entry.name} is run only by a ${entry.refuges.join(" or ")}`, clauseOf(entry))
  // An empty roster still recruits (R-CAMPAIGN-08): nobody is left to name.
  if (entry.does.kind === "recruit" && r.refuge.survivors.length === 0) {
    pay(ctx, refuge, r.refuge.name, entry)
    return { r, s: { id: undefined, name: "the Refuge" } }
  }
  if (by === undefined) throw new Refusal("by: name the survivor who runs the Errand", "R-CAMPAIGN-08")
  const s = r.refuge.survivors.find((x) => x.id === by)
  if (s === undefined) throw new Refusal(`by: ${r.refuge.name} has no survivor "${by}"`, "R-CAMPAIGN-08")
  const st = statusAt(ctx, refuge, by)
  if (st.noErrands)
    refuse(`by: ${s.name} is Laid Up and runs no Errand before the next raid`, "B-CASUALTY-01")
  if (st.errand) refuse(`by: ${s.name} has already run an Errand`, "R-CAMPAIGN-08")
  pay(ctx, refuge, s.name, entry)
  return { r, s }
}

/** Spends what the Errand costs (all or nothing: a store short refuses it). */
const pay = (ctx: Ctx, refuge: number, who: string, entry: ErrandEntry) => {
  if (entry.cost && entry.cost.length > 0)
    ctx.post(
      refuge,
      entry.cost.map((c) => ({
        store: c.store,
        amount: -c.amount,
        reason: `${who}: ${entry.name}`,
        clause: clauseOf(entry),
      })),
      clauseOf(entry),
    )
}

/** Posts the Ledger entries and stash change a builder function made (Market, home actions). */
const adopt = (ctx: Ctx, refuge: number, before: Refuge, after: Refuge, why: string, clause: string) => {
  const fresh = after.ledger.slice(before.ledger.length).map(({ seq: _s, ...d }) => d as LedgerDraft)
  ctx.post(refuge, fresh, clause)
  if (JSON.stringify(after.stash) !== JSON.stringify(before.stash))
    ctx.emit({
      type: "stash.changed",
      refuge,
      stash: structuredClone(after.stash),
      reason: why,
      clause,
    })
}

const firstProblem = (e: RulesViolated) => {
  const v = e.violations[0]
  return v ? ([`${v.path}: ${v.message}`, v.clause] as const) : (["refused", undefined] as const)
}

/** Emits that an Errand ran. */
const ran = (ctx: Ctx, refuge: number, entry: ErrandEntry, by: string | undefined, what: string) =>
  ctx.emit({
    type: "errand.run",
    refuge,
    errand: entry.id,
    ...(by ? { survivor: by } : {}),
    what,
    clause: clauseOf(entry),
  })

/** A d6 on the Errand's table of finds, brought home (boosted like Loot if it says so). */
const rollFinds = (
  ctx: Ctx,
  refuge: number,
  entry: ErrandEntry,
  does: Extract<ErrandEntry["does"], { kind: "roll" }>,
  s: { readonly id: string; readonly name: string },
) => {
  const clause = clauseOf(entry)
  const face = ctx.die(`${s.name}: ${does.table} (${clause})`, String(refuge))
  const find = rowFor<ErrandFind>(does, face, does.table)
  const gives = find.gives
  const amount = gives ? (does.boosted ? boost(gives.store, gives.amount) : gives.amount) : 0
  ctx.emit({
    type: "rolled",
    refuge,
    survivor: s.id,
    what: does.table,
    faces: [face],
    result: find.name,
    clause,
  })
  if (gives && amount > 0)
    ctx.post(refuge, [
      {
        store: gives.store,
        amount,
        reason: `${does.table}: ${find.name}${amount !== gives.amount ? `, boosted ${gives.amount}→${amount}` : ""}`,
        clause: amount !== gives.amount ? "B-LOOT-03" : clause,
        rolls: [{ sides: 6, value: face, label: does.table }],
      },
    ])
  ran(ctx, refuge, entry, s.id, `${s.name}: ${entry.name} — ${find.name}`)
}

/** `errand`: an Errand that takes no choices, by its entry's id (a d6 on a table, or Blight). */
const runErrand = (ctx: Ctx, c: CommandOf<"errand">): void => {
  const entry = ctx.env.content.get("errands", c.errand)
  if (entry === undefined) throw new Refusal(`errand: there is no Errand "${c.errand}"`, "GAP-B-16")
  if (takesChoices(entry))
    refuse(
      `errand: ${entry.name} takes choices: run it with the "${COMMAND_OF[entry.does.kind]}" command`,
      clauseOf(entry),
    )
  const { s } = errand(ctx, c.refuge, c.by, entry)
  const runner = { id: s.id!, name: s.name }
  if (entry.does.kind === "roll") rollFinds(ctx, c.refuge, entry, entry.does, runner)
  else if (entry.does.kind === "blight") {
    ran(ctx, c.refuge, entry, runner.id, `${runner.name}: ${entry.name}`)
    gainBlight(ctx, c.refuge, runner.id, entry.does.amount, entry.name, clauseOf(entry))
    settleBlight(ctx, c.refuge, runner.id, entry.name) // R-CAMPAIGN-07: Blight between raids settles at once
    replaceLeader(ctx, c.refuge) // R-CONTENT-26: a Leader lost to it is replaced before the raid
  }
}

/** `trade`: one Market trip by the survivor who runs the Errand. */
const trade = (ctx: Ctx, c: CommandOf<"trade">): void => {
  const entry = errandDoing(ctx, "market")
  const { s } = errand(ctx, c.refuge, c.by, entry)
  const before = sameRefuge(ctx, c.refuge).refuge as Refuge
  // R-MARKET-08: the survivor who runs the Errand is the one who goes; their rules apply (R-MARKET-04).
  const going = s.id === undefined ? [] : [s.id]
  const trip = marketTrip(
    before,
    { by: going, orders: c.orders },
    ctx.env.content,
    ctx.source(String(c.refuge)),
  )
  if (Result.isFailure(trip)) {
    // The trip's paths are the command's own (`orders[0].buy.id`); its crew is the command's `by`.
    const [why, clause] = firstProblem(trip.failure)
    throw new Refusal(why.replace(/^by\[\d+\]/, "by"), clause)
  }
  adopt(ctx, c.refuge, before, trip.success.refuge, "bought at the Market", "B-ERRAND-03")
  const lines = trip.success.lines.map((l) => `${l.what}${l.done ? "" : " (not there)"}`)
  ran(ctx, c.refuge, entry, s.id, `${s.name} went to the Market: ${lines.join("; ") || "looked around"}`)
}

/** Checks the recruit fits: a known background, room in the Home, the founding cap (R-CAMPAIGN-24). */
const recruitable = (ctx: Ctx, r: ReturnType<typeof sameRefuge>, background: string) => {
  const { content } = ctx.env
  const bg = content.get("backgrounds", background)
  if (bg === undefined) throw new Refusal(`background: there is no background "${background}"`, "B-ERRAND-04")
  const home = content.get("homes", r.refuge.home)
  if (home && r.refuge.survivors.length >= home.capacity)
    refuse(`${r.refuge.name}'s Home holds ${home.capacity} survivors`, "B-HOME-02")
  // R-CAMPAIGN-24: the founding cap on a background holds for every survivor recruited.
  const same = r.refuge.survivors.filter((x) => x.background === bg.id).length
  if (same >= FOUNDING.maxPerBackground)
    throw new Refusal(
      `background: ${r.refuge.name} already has ${same} ${bg.name}s; no more than ${FOUNDING.maxPerBackground} of any one background (R-CAMPAIGN-24)`,
      "B-FOUNDING-03",
    )
  return bg
}

/** `recruit`: pays the background's cost and a new survivor joins (Touched at a Congregation). */
const recruit = (ctx: Ctx, c: CommandOf<"recruit">): void => {
  const entry = errandDoing(ctx, "recruit")
  const { r, s } = errand(ctx, c.refuge, c.by, entry)
  const bg = recruitable(ctx, r, c.background)
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
    survivor: newcomer(ctx, id, c.name, bg.id, touched),
    status: { ...freshStatus(0), errand: true },
    reason: `${c.name} recruited by ${s.name}`,
    clause: touched ? "B-CONGREGATION-09" : "B-ERRAND-04",
  })
  if (touched) rewardThresholds(ctx, c.refuge, id)
  replaceLeader(ctx, c.refuge) // R-CONTENT-26: the first to join an empty Refuge leads it
  ran(ctx, c.refuge, entry, s.id, `${s.name} brought in ${c.name}`)
}

/** `build`: an improvement for its Salvage (an Errand if the improvement says so). */
const build = (ctx: Ctx, c: CommandOf<"build">): void => {
  const imp = ctx.env.content.get("improvements", c.improvement)
  if (imp === undefined)
    throw new Refusal(`improvement: there is no improvement "${c.improvement}"`, "B-IMPROVEMENT-01")
  const r = sameRefuge(ctx, c.refuge)
  if (r.refuge.improvements.includes(imp.id))
    refuse(`${r.refuge.name} already has a ${imp.name} (one of each, GAP-B-13)`, "B-IMPROVEMENT-01")
  const entry = imp.errand ? errandDoing(ctx, "build") : undefined
  const s = entry ? errand(ctx, c.refuge, c.by, entry).s : undefined
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
  if (entry && s) ran(ctx, c.refuge, entry, s.id, `${s.name} built a ${imp.name}`)
}

/** `makeAmmunition` and `bench`: made at home between raids, taking no Errand. */
const atHome = (ctx: Ctx, c: CommandOf<"makeAmmunition"> | CommandOf<"bench">): void => {
  const r = sameRefuge(ctx, c.refuge)
  const clause = c.type === "bench" ? "B-IMPROVEMENT-04" : "B-AMMO-08"
  if (ctx.draft.phase !== "between") refuse("this is done at home, between raids", clause)
  const before = r.refuge as Refuge
  const after =
    c.type === "bench"
      ? reloadingBench(before, c.times, ctx.env.content)
      : makeAmmunition(before, c.store, c.batches)
  if (Result.isFailure(after)) {
    const [why, broken] = firstProblem(after.failure)
    throw new Refusal(why, broken)
  }
  adopt(ctx, c.refuge, before, after.success, "made at home", clause)
}

/** `pass`: the Refuge gives up its Errands left before the next raid. */
const pass = (ctx: Ctx, c: CommandOf<"pass">): void => {
  const r = sameRefuge(ctx, c.refuge)
  if (ctx.draft.phase !== "between") refuse("Errands run between raids", "B-ERRAND-02")
  if (r.errands === 0) refuse(`${r.refuge.name} has no Errand left to give up`, "B-ERRAND-02")
  ctx.emit({ type: "errands.passed", refuge: c.refuge })
}

/** The commands run between raids, each by its own rule. */
export const BETWEEN: { readonly [K in BetweenCommand]: (ctx: Ctx, c: CommandOf<K>) => void } = {
  errand: runErrand,
  trade,
  recruit,
  build,
  makeAmmunition: atHome,
  bench: atHome,
  equip,
  pass,
}

/** A command run between raids. */
export type BetweenCommand =
  | "errand"
  | "trade"
  | "recruit"
  | "build"
  | "makeAmmunition"
  | "bench"
  | "equip"
  | "pass"

/** Amber in the stores (for the legal list). */
export const amberOf = (r: Refuge) => storesOf(r.ledger).amber
