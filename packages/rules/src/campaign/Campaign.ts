/**
 * A campaign as a value: its events and the state they fold to. `create` starts one from founded
 * Refuges; `command` applies a command (and the engine's Aftermath steps after it); `replay`
 * rebuilds the state from the events alone; `raidSetup` sets up the next raid from the campaign
 * (survivors who must miss it stay home, Hungry ones fight at −1 Health, the Season and the
 * remembered Hollowed are passed on); `hash` is a stable hash; `view` hides the dice state.
 * `markerOf` says which state a raid was set up from (R-CAMPAIGN-40, `RaidMarker.ts`).
 *
 * @since 0.3.0
 */
import { Prng, SchemaText } from "@blight/dice"
import { hash as hashState, resume } from "@blight/engine"
import { Result, Schema } from "effect"
import { withPacks } from "../battle/Battle.js"
import { HUNGRY_INJURY } from "../battle/creatures/Hollowed.js"
import type { SetupInput } from "../battle/Setup.js"
import type { ContentView } from "../refuge/Content.js"
import type { Refuge } from "../refuge/Refuge.js"
import { readableIssues } from "../refuge/Violation.js"
import { at } from "../terms/Indexed.js"
import { slug } from "./Blight.js"
import { Command } from "./Command.js"
import type { Env } from "./Context.js"
import { apply, type Rejection } from "./Decide.js"
import { Event } from "./Event.js"
import { FOLD, fold, freshStatus } from "./Evolve.js"
import { FIRST_SEASON } from "./Flow.js"
import { campaignContext } from "./NextRaid.js"
import { CampaignOptions, type CampaignOptionsInput } from "./Options.js"
import { type CampaignState, MAX_REFUGES, RAID_SIZE } from "./State.js"
import { upkeepRules } from "./Upkeep.js"

export { markerOf, RaidMarker } from "./RaidMarker.js"

/** A campaign: its events and current state. */
export interface Campaign {
  readonly events: ReadonlyArray<Event>
  readonly state: CampaignState
}

export const envOf = (content: ContentView): Env => ({ content })

/**
 * Starts a campaign between two to four Refuges (B-AFTERMATH-01). `packs`: the ids of the packs it
 * is played with (the core pack first); every raid it sets up remembers them. `options`: the
 * group's rulings.
 */
export const create = (
  refuges: ReadonlyArray<Refuge>,
  dice: { readonly seed: Prng.Seed } | "manual",
  env: Env,
  packs: ReadonlyArray<string> = ["the-blight"],
  options: CampaignOptionsInput | Readonly<Record<string, string>> = {},
): Result.Result<Campaign, Rejection> => {
  const chosen = decodeOptions(options)
  if (Result.isFailure(chosen)) {
    const [first] = readableIssues(SchemaText.problems(chosen.failure))
    const where = ["options", ...(first?.path ?? [])].join(".")
    return Result.fail({
      reason: `${where}: ${first?.message ?? "not a campaign option"}`,
      clause: "R-CAMPAIGN-21",
    })
  }
  if (refuges.length < 2 || refuges.length > MAX_REFUGES)
    return Result.fail({
      reason: `refuge: a campaign is between 2 and ${MAX_REFUGES} Refuges, got ${refuges.length}`,
      clause: "R-CAMPAIGN-41",
    })
  // Two Refuges of one name (any case), or (R-CAMPAIGN-36) names that differ only in punctuation, are one raid side id (`slug`), by
  // which a Hollowed remembers its old Refuge (B-HOLLOWED-02): refuse them, naming both.
  const same = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()
  const seen = new Map<string, string>()
  for (const [i, r] of refuges.entries()) {
    const other = seen.get(slug(r.name))
    if (other !== undefined)
      return Result.fail({
        reason: `refuges[${i}].name: each Refuge in a campaign needs its own name: "${r.name}" and "${other}" ${same(r.name, other) ? "are the same" : "differ only in punctuation"}`,
        clause: same(r.name, other) ? "B-AFTERMATH-01" : "R-CAMPAIGN-36",
      })
    seen.set(slug(r.name), r.name)
  }
  const prng =
    dice === "manual"
      ? undefined
      : ([...Prng.Prng.fromSeed(dice.seed).snapshot().state] as [number, number, number, number])
  const state: CampaignState = {
    ruleset: "the-blight@0.3.0",
    packs: [...packs],
    refuges: refuges.map((refuge) => ({
      refuge,
      status: Object.fromEntries(refuge.survivors.map((s) => [s.id, freshStatus(s.blight)])),
      standing: { played: 0, wins: 0, draws: 0, losses: 0, points: 0 },
      errands: env.content.get("homes", refuge.home)?.errands ?? 2,
    })),
    season: FIRST_SEASON,
    options: chosen.success,
    seasonRaids: 0,
    raids: [],
    phase: "between",
    hollowed: [],
    lost: [],
    dice: prng ? { mode: "seeded", prng } : { mode: "manual" },
    counters: { survivor: 0 },
    seq: 0,
  }
  const first: Event = { type: "campaign.created", state }
  return Result.succeed({ events: [first], state: fold([first]) })
}

/** Applies a command; a rejection changes nothing. */
export const command = (
  c: Campaign,
  cmd: Command,
  env: Env,
  by = "any",
): Result.Result<Campaign, Rejection> =>
  Result.map(apply(c.state, cmd, env, by), (r) => ({ events: [...c.events, ...r.events], state: r.state }))

const decodeOptions = Schema.decodeUnknownResult(CampaignOptions, { onExcessProperty: "error" })

const decodeCommand = Schema.decodeUnknownResult(Command, {
  errors: "all",
  onExcessProperty: "error",
  reportInput: true,
})

/** Decodes a command from JSON input, naming each problem's path. */
export const parseCommand = (input: unknown): Result.Result<Command, ReadonlyArray<string>> => {
  const type = typeof input === "object" && input !== null ? (input as { type?: unknown }).type : undefined
  const member = Command.members.find((m) => m.fields.type.literal === type)
  if (member === undefined)
    return Result.fail([
      `type: a campaign command's type is one of ${Command.members.map((m) => m.fields.type.literal).join(", ")}`,
    ])
  return Result.mapError(decodeCommand(input), (e) =>
    readableIssues(SchemaText.problems(e))
      .slice(0, 20)
      .map((i) => `${i.path.length ? i.path.join(".") : "command"}: ${i.message}`),
  )
}

/** Rebuilds the state from the events alone (undo works on it as it did live). */
export const replay = (events: ReadonlyArray<Event>): CampaignState => resume(FOLD, events)

/** A stable hash of a campaign state. */
export const hash = (state: CampaignState): string => hashState(state)

/** What a player may see: the state without the dice state. */
export const view = (state: CampaignState): CampaignState => ({ ...state, dice: { mode: state.dice.mode } })

/**
 * The Env for a campaign: every pack it was started with must be loaded (as a raid's), so a
 * campaign is never played on with other content. Left: the packs missing.
 */
export const envFor = (
  state: CampaignState,
  content: ContentView & { readonly packs: ReadonlyArray<{ readonly id: string }> },
): Result.Result<Env, ReadonlyArray<string>> => withPacks(state.packs, content, () => envOf(content))

/** The campaign file: its format and its events. */
export const CampaignFile = Schema.Struct({
  format: Schema.Literal("blight-campaign@1"),
  events: Schema.Array(Event).check(Schema.isMinLength(1), Schema.isMaxLength(500_000)),
}).annotate({ identifier: "CampaignFile" })

const decodeFile = Schema.decodeUnknownResult(CampaignFile, { errors: "first", reportInput: true })

/** Reads a campaign file (already parsed JSON); Left: what is wrong, by path. */
export const fromFile = (input: unknown): Result.Result<Campaign, string> => {
  const d = decodeFile(input)
  if (Result.isFailure(d)) {
    const i = SchemaText.problems(d.failure)[0]
    return Result.fail(`${i?.path.join(".") || "campaign"}: ${i?.message ?? "not a campaign file"}`)
  }
  if (d.success.events[0]?.type !== "campaign.created")
    return Result.fail("events.0: a campaign's first event is its creation")
  try {
    return Result.succeed({ events: d.success.events, state: replay(d.success.events) })
  } catch (e) {
    return Result.fail(`events: the log does not fold (${(e as Error).message})`)
  }
}

export const toFile = (c: Campaign) => ({ format: "blight-campaign@1" as const, events: c.events })

/**
 * The raid's set-up from the campaign, or why it cannot be raided now. `refuges`: the raid's
 * Refuges by index (R-CAMPAIGN-41); left out, every Refuge of a campaign of 2 to 4, or the
 * Refuges of the one open raid.
 */
export const raidSetup = (
  state: CampaignState,
  dice: { readonly seed: Prng.Seed } | "manual",
  scenario?: string,
  content?: ContentView,
  refuges?: ReadonlyArray<number>,
): Result.Result<SetupInput, Rejection> => {
  const hungry = content ? upkeepRules(content).hungryHealth : -1
  if (state.pending)
    return Result.fail({
      reason: "a choice or dice are waiting: answer them first (blight campaign aftermath)",
      clause: "B-AFTERMATH-01",
    })
  if (state.phase !== "between")
    return Result.fail({ reason: "the Aftermath is not finished", clause: "B-AFTERMATH-01" })
  const which = raidRefuges(state, refuges)
  if (Result.isFailure(which)) return Result.fail(which.failure)
  const sent: Refuge[] = []
  for (const r of which.success.map((i) => at(state.refuges, i))) {
    const going = r.refuge.survivors
      .filter((s) => (r.status[s.id]?.missRaids ?? 0) === 0)
      .map((s) =>
        (r.status[s.id]?.hungry ?? 0) > 0
          ? { ...s, injuries: [...s.injuries, { name: HUNGRY_INJURY, stats: { health: hungry } }] }
          : s,
      )
    if (going.length === 0)
      return Result.fail({
        reason: `${r.refuge.name} has nobody fit to raid (everyone is Laid Up or lost)`,
        clause: "B-SETUP-03",
      })
    sent.push({ ...r.refuge, survivors: going })
  }
  const every = which.success.length === state.refuges.length
  return Result.succeed({
    refuges: sent,
    ...(scenario ? { scenario } : {}),
    dice,
    season: state.season,
    packs: state.packs,
    campaign: campaignContext(state, every ? undefined : which.success),
  })
}

/** The raid's Refuges (R-CAMPAIGN-41): those named, the one open raid's, or every one of 2 to 4. */
const raidRefuges = (
  state: CampaignState,
  refuges: ReadonlyArray<number> | undefined,
): Result.Result<ReadonlyArray<number>, Rejection> => {
  if (refuges !== undefined) {
    const bad = refuges.findIndex((i) => state.refuges[i] === undefined)
    if (bad >= 0)
      return Result.fail({
        reason: `refuges.${bad}: the campaign has no Refuge ${refuges[bad]}`,
        clause: "R-CAMPAIGN-41",
      })
    if (
      refuges.length < RAID_SIZE.min ||
      refuges.length > RAID_SIZE.max ||
      new Set(refuges).size !== refuges.length
    )
      return Result.fail({
        reason: `refuges: a raid is between ${RAID_SIZE.min} and ${RAID_SIZE.max} different Refuges`,
        clause: "R-CAMPAIGN-41",
      })
    return Result.succeed([...refuges].sort((a, b) => a - b))
  }
  if (state.open?.length === 1) return Result.succeed(at(state.open, 0).refuges)
  if (
    state.refuges.length > RAID_SIZE.max ||
    state.options.schedule !== undefined ||
    (state.open?.length ?? 0) > 1
  )
    return Result.fail({
      reason: "refuges: name the raid's Refuges (a league raid is between 2 and 4 of them)",
      clause: "R-CAMPAIGN-41",
    })
  return Result.succeed(state.refuges.map((_, i) => i))
}

/** A seed for the next raid drawn from the campaign's dice state (so an auto campaign replays). */
export const raidSeed = (state: CampaignState, refuges?: ReadonlyArray<number>): string =>
  `${state.dice.prng?.join("-") ?? "manual"}:raid-${state.raids.length + 1}${refuges === undefined || refuges.length === state.refuges.length ? "" : `-${refuges.join("-")}`}`
