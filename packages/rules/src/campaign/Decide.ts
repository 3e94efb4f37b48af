/**
 * `apply(state, command, env)` → a rejection, or the events and the state they fold to; the
 * command's batch, then the engine's own Aftermath steps (each its own `continue` batch), until a
 * player must choose, dice must be typed in, or the Refuges are back between raids. The loop is
 * the kernel's (`@blight/engine`); this file holds the campaign's commands and how it is answered.
 *
 * @since 0.3.0
 */
import {
  applyCommand,
  type Decision,
  type Rejection as EngineRejection,
  type Game,
  type Handler,
} from "@blight/engine"
import { Result } from "effect"
import { at, known } from "../terms/Indexed.js"
import { slainIn, slug } from "./Blight.js"
import type { Command, CommandOf } from "./Command.js"
import { Ctx, type Env, EVENT_RULES, refuse } from "./Context.js"
import { BETWEEN } from "./Errands.js"
import type { Event } from "./Event.js"
import { FOLD } from "./Evolve.js"
import { continueAftermath } from "./Flow.js"
import { checkNotRaiding, checkRecorded, openRaid, openRaidOf } from "./League.js"
import { carryOver } from "./NextRaid.js"
import { checkSetUp, type RaidMarker } from "./RaidMarker.js"
import { readBattle, recordOf } from "./RaidRecord.js"
import { type Answer, type CampaignState, RAID_SIZE, type RaidRecord, sideOf } from "./State.js"

/** A refused command: why, and the rule. Nothing was appended. */
export type Rejection = EngineRejection

/** B-STANDINGS-01: a win scores 3, a draw 1, a loss 0. */
export const POINTS = { win: 3, draw: 1, loss: 0 } as const

/** Has a Refuge nobody fit to raid (everyone lost or missing the raid)? */
export const unfit = (state: CampaignState, refuge: number): boolean => {
  const r = state.refuges[refuge]
  return r?.refuge.survivors.every((s) => (r.status[s.id]?.missRaids ?? 0) > 0) ?? false
}

const recordRaid = (ctx: Ctx, battle: unknown) => {
  if (ctx.draft.phase !== "between") refuse("finish this Aftermath before the next raid", "B-AFTERMATH-01")
  const b = readBattle(battle)
  if (Result.isFailure(b)) return refuse(b.failure, "B-AFTERMATH-01")
  const rec = recordOf(ctx.draft as CampaignState, b.success, ctx.env.content)
  if (Result.isFailure(rec)) return refuse(rec.failure, "B-AFTERMATH-01")
  // R-CAMPAIGN-04: a survivor who must miss this raid stays home; one in the raid was not sent by it.
  for (const side of rec.success.sides)
    for (const m of side.survivors)
      if ((ctx.draft.refuges[side.refuge]?.status[m.survivor]?.missRaids ?? 0) > 0)
        refuse(
          `battle: ${m.name} (${m.survivor}) must miss this raid and stays home; a raid with them in it is not this campaign's next raid`,
          "R-CAMPAIGN-04",
        )
  checkRecorded(
    ctx.draft as CampaignState,
    rec.success.sides.map((s) => s.refuge),
  )
  fold(ctx, rec.success)
  // A forfeit is no raid played: only a recorded raid spends or leaves statuses and trophies.
  carryOver(ctx, rec.success)
}

/**
 * The raid a forfeit gives up (R-CAMPAIGN-12, R-CAMPAIGN-42): the Refuge's open raid, else its
 * pairing in the round drawn, else (a campaign of 2 to 4 without a schedule) a raid of every Refuge.
 */
const forfeitedRaid = (state: CampaignState, refuge: number): ReadonlyArray<number> => {
  const open = openRaidOf(state, refuge)?.refuges ?? state.round?.pairings?.find((p) => p.includes(refuge))
  if (open !== undefined) return open
  if (state.refuges.length > RAID_SIZE.max || state.options.schedule !== undefined)
    return refuse(
      `refuge: ${at(state.refuges, refuge).refuge.name} is in no open raid nor pairing: open the raid it forfeits first`,
      "R-CAMPAIGN-42",
    )
  return state.refuges.map((_, i) => i)
}

/** R-CAMPAIGN-12: a Refuge with nobody fit to raid forfeits; the others score a win, and the Aftermath runs. */
const forfeit = (ctx: Ctx, refuge: number) => {
  if (ctx.draft.phase !== "between") refuse("finish this Aftermath before the next raid", "B-AFTERMATH-01")
  const r = ctx.draft.refuges[refuge]
  if (r === undefined) return refuse(`refuge: the campaign has no Refuge ${refuge}`, "B-AFTERMATH-01")
  if (!unfit(ctx.draft as CampaignState, refuge))
    refuse(`${r.refuge.name} has survivors fit to raid: it cannot forfeit`, "R-CAMPAIGN-12")
  const none = { reloads: 0, arrows: 0, bolts: 0 }
  const against = forfeitedRaid(ctx.draft as CampaignState, refuge)
  const sides = against.map((i) => ({
    refuge: i,
    side: slug(at(ctx.draft.refuges, i).refuge.name),
    outcome: (i === refuge ? "loss" : "win") as "loss" | "win",
    drawn: none,
    returned: none,
    survivors: [],
  }))
  fold(ctx, {
    number: ctx.draft.raids.length + 1,
    scenario: "forfeit",
    season: ctx.draft.season,
    hash: "",
    result: {
      reason: `${r.refuge.name} has nobody fit to raid and forfeits (R-CAMPAIGN-12)`,
      sides: sides.map((s) => ({ side: s.side, outcome: s.outcome, routed: false })),
    },
    sides,
    laidToRest: [],
  })
}

/** `have` without one of each id in `used` (a multiset difference: two Flares, one used, leave one). */
const less = (have: ReadonlyArray<string>, used: ReadonlyArray<string> = []): string[] => {
  const left = [...have]
  for (const id of used) {
    const i = left.indexOf(id)
    if (i >= 0) left.splice(i, 1)
  }
  return left
}

/** R-CAMPAIGN-37: the one-use weapons a raid used up (R-CONTENT-23) leave their carriers' gear. */
const usedUp = (ctx: Ctx, raid: RaidRecord) => {
  for (const side of raid.sides)
    for (const m of side.survivors) {
      const s = ctx.draft.refuges[side.refuge]?.refuge.survivors.find((x) => x.id === m.survivor)
      const gone = [...(m.spent ?? []), ...(m.spentKit ?? [])]
      if (s === undefined || gone.length === 0) continue
      ctx.emit({
        type: "survivor.changed",
        refuge: side.refuge,
        survivor: s.id,
        equipment: {
          weapons: less(s.equipment.weapons, m.spent),
          armour: [...s.equipment.armour],
          kit: less(s.equipment.kit, m.spentKit),
        } as never,
        reason: `used up in raid ${raid.number}: ${gone.join(", ")}`,
        clause: "R-CONTENT-23",
      })
    }
}

const fold = (ctx: Ctx, recorded: RaidRecord) => {
  // R-CAMPAIGN-15: who stayed home with a raid to miss, noted before the raid counts it off below.
  const raid: RaidRecord = {
    ...recorded,
    sides: recorded.sides.map((side) => {
      const r = ctx.draft.refuges[side.refuge]
      const went = new Set(side.survivors.map((s) => s.survivor))
      const home = (r?.refuge.survivors ?? []).filter(
        (s) => !went.has(s.id) && (r?.status[s.id]?.missRaids ?? 0) > 0,
      )
      return { ...side, stayedHome: home.map((s) => s.id) }
    }),
  }
  ctx.draft.refuges.forEach((r, i) => {
    // Only the raid's own Refuges count a raid off (a league raid is between some of them).
    const side = sideOf(raid, i)
    if (side === undefined) return
    const went = new Set(side.survivors.map((s) => s.survivor))
    for (const s of r.refuge.survivors) {
      const st = known(r.status[s.id], `status of survivor ${s.id}`)
      const missed = !went.has(s.id) && st.missRaids > 0
      if (missed || st.noErrands)
        ctx.emit({
          type: "survivor.changed",
          refuge: i,
          survivor: s.id,
          status: { ...(missed ? { missRaids: st.missRaids - 1 } : {}), noErrands: false },
          reason: missed ? `stayed home from raid ${raid.number}` : "the raid came: no longer Laid Up",
          clause: "B-CASUALTY-01",
        })
    }
  })
  ctx.emit({ type: "raid.recorded", raid })
  usedUp(ctx, raid)
  for (const side of raid.sides)
    ctx.emit({
      type: "standing.scored",
      refuge: side.refuge,
      outcome: side.outcome,
      points: POINTS[side.outcome],
    })
  // B-HOLLOWED-04: by Refuge and survivor where the record has them (two Hollowed may share a name).
  for (const h of slainIn(raid)) ctx.emit({ type: "hollowed.atRest", ...h })
}

/** A roll or a choice with no prompt: they answer what the Aftermath (or an Errand) asks. */
const NOTHING_WAITING = "type: nothing is waiting for an answer: roll and choose answer a waiting prompt"

type Rule = Handler<Ctx>

/** The rule of each command: the Errands' commands run between raids (`Errands.BETWEEN`). */
const HANDLERS: { readonly [type: string]: Rule } = {
  continue: ((ctx: Ctx) => continueAftermath(ctx)) as Rule,
  recordRaid: ((ctx: Ctx, c: CommandOf<"recordRaid">) => recordRaid(ctx, c.battle)) as Rule,
  openRaid: ((ctx: Ctx, c: CommandOf<"openRaid">) => openRaid(ctx, c.refuges)) as Rule,
  forfeit: ((ctx: Ctx, c: CommandOf<"forfeit">) => forfeit(ctx, c.refuge)) as Rule,
  ...(BETWEEN as { readonly [type: string]: Rule }),
}

/** What a `roll` or `choose` answers, or why it answers nothing (B-AFTERMATH-01, -02: the steps in order). */
const answerOf = (state: CampaignState, c: Command): Result.Result<Answer, Rejection> => {
  const q = state.pending?.prompt
  if (c.type === "roll" && q?.kind === "dice") return Result.succeed([...c.faces])
  if (c.type === "choose" && q?.kind === "choice") return Result.succeed(c.option)
  if (q?.kind === "dice" && c.type === "choose")
    return Result.fail({
      reason: `type: waiting for ${q.dice} dice (roll): ${q.purpose}`,
      clause: "B-AFTERMATH-02",
    })
  if (q?.kind === "choice" && c.type === "roll")
    return Result.fail({
      reason: `type: waiting for a choice (choose): ${q.question} (${q.options.join(", ")})`,
      clause: "B-AFTERMATH-02",
    })
  // Errands wait until the Aftermath is worked through (B-AFTERMATH-01: "then runs Errands").
  return Result.fail({
    reason: `type: ${c.type} must wait: the Aftermath is waiting for ${q?.kind === "choice" ? `a choice: ${q.question} (${q.options.join(", ")})` : q?.kind === "dice" ? `${q.dice} dice: ${q.purpose}` : "an answer"}`,
    clause: "B-AFTERMATH-01",
  })
}

/**
 * R-CAMPAIGN-40: a raid set up at the table says which campaign state it was set up from; it is
 * checked against the state before the command (the engine's own raids, set up by it, give none).
 */
const setUpRefused = (state: CampaignState, battle: unknown, setUp: RaidMarker): Rejection | undefined => {
  const b = readBattle(battle)
  if (Result.isFailure(b)) return { reason: b.failure, clause: "B-AFTERMATH-01" }
  const fits = checkSetUp(state, b.success, setUp)
  return Result.isFailure(fits) ? { reason: fits.failure, clause: "R-CAMPAIGN-40" } : undefined
}

/** The campaign as the kernel runs it. */
export const CAMPAIGN: Game<CampaignState, Event, Command, Env, Ctx> = {
  ...FOLD,
  events: EVENT_RULES,
  context: (draft, env, { recorded, answer, ...options }) => new Ctx(draft, env, recorded, answer, options),
  handlers: HANDLERS,
  // The Aftermath's steps run on their own until a player must choose or dice must be typed in.
  nextStep: (state) =>
    state.phase === "aftermath" && state.pending === undefined ? { type: "continue" } : undefined,
  answerOf,
  noHandler: (c) => ({ reason: `type: "${c.type}" is not a campaign command`, clause: "B-AFTERMATH-01" }),
  before: (state, c) =>
    c.type === "roll" || c.type === "choose"
      ? { reason: NOTHING_WAITING, clause: "B-AFTERMATH-01" }
      : c.type === "recordRaid" && c.setUp !== undefined
        ? setUpRefused(state, c.battle, c.setUp)
        : checkNotRaiding(state, (c as { refuge?: number }).refuge, c.type),
  // R-CAMPAIGN-38: the dice a refused command rolled stand; the refusal is recorded.
  refusedAfterInputs: (_events, r) => [
    { type: "refused", reason: r.reason, ...(r.clause ? { clause: r.clause } : {}) },
  ],
  undo: {
    command: "undo",
    nothing: { reason: "undo: nothing to undo since the last dice roll", clause: "R-CAMPAIGN-39" },
    inPlace: {
      reason: "undo: a campaign changed in place keeps nothing to go back to",
      clause: "R-CAMPAIGN-39",
    },
  },
  undoneEvent: { type: "undone" },
}

/** A decision: the events, and the state they fold to. */
export type Run = Decision<CampaignState, Event>

/** Applies a command and runs the engine's steps after it. */
export const apply = (
  state: CampaignState,
  c: Command,
  env: Env,
  by = "any",
): Result.Result<Run, Rejection> => applyCommand(CAMPAIGN, state, c, env, by)

/** The events a command appends (the decide half of decide/evolve). */
export const decide = (state: CampaignState, c: Command, env: Env, by = "any") =>
  Result.map(apply(state, c, env, by), (r) => r.events)
