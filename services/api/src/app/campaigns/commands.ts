/**
 * Commands on a campaign, through the event-stream module's one cycle (409 if stale, beaten by
 * another, or while a raid is in play; 403 if it is another member's Refuge's; 400 with the
 * engine's reason and clause if the rules refuse it), and the organiser's start of its next raid.
 */
import { Campaign, type CampaignCommand, type CampaignState, legalCampaignCommands } from "@blight/rules"
import { Effect, Result } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import { type ApiError, badRequest, conflict, forbidden } from "../ApiError.js"
import { type Caller, type Deps, decodeBody } from "../App.js"
import * as Raids from "../Raids.js"
import { commandMismatch, current, runCommand, stateAt } from "../stream/index.js"
import { campaignEngine, mayCommand } from "./engine.js"
import { isLeagueStart, startLeagueRaid } from "./league.js"
import { CommandBody, type PlayerCommand, StartRaidRequest } from "./requests.js"
import { viewEvent } from "./schemas.js"
import { cannot, envOf, linkedSetup, playsOf, statusOf } from "./stored.js"
import { readable } from "./sync.js"

/** 409 while the campaign waits for its members or has a raid in play. */
const notNow = (c: CampaignRepo.StoredCampaign) =>
  c.status === "waiting"
    ? Effect.fail(conflict(`campaign "${c.id}" is waiting for its members to join`))
    : c.status === "raiding"
      ? Effect.fail(
          conflict(
            `campaign "${c.id}" has a raid in play (${c.raidId}): its record is folded in when it ends`,
          ),
        )
      : Effect.void

const parseCommand = (input: unknown): Effect.Effect<CampaignCommand.Command, ApiError> => {
  const c = Campaign.parseCommand(input)
  if (Result.isFailure(c)) return Effect.fail(commandMismatch(c.failure))
  if (c.success.type === "recordRaid")
    return Effect.fail(
      badRequest("a raid is folded in by the server when the campaign's raid ends", [
        {
          path: "command.type",
          message: "recordRaid is the server's: start the campaign's raid and play it to its end",
          clause: "B-AFTERMATH-01",
        },
      ]),
    )
  return Effect.succeed(c.success)
}

/** Applies a command decided against the version it names. */
export const commandCampaign = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CommandBody, body)
    const command = yield* parseCommand(input.command)
    const c = yield* readable(deps, player, id)
    yield* notNow(c)
    const {
      events,
      state: after,
      version,
    } = yield* runCommand(campaignEngine, deps, player, c, input.version, command)
    return {
      version,
      events: events.map((event, i) => ({ seq: input.version + 1 + i, event: viewEvent(event) })),
      status: statusOf(after),
      ...(after.pending?.prompt ? { pending: after.pending.prompt } : {}),
    }
  })

/** The setup the campaign's next raid takes, or why it cannot be raided now. */
const nextRaidSetup = (
  state: CampaignState.CampaignState,
  scenario: string | undefined,
  env: ReturnType<typeof Campaign.envOf>,
) =>
  Campaign.raidSetup(
    state,
    state.dice.mode === "manual" ? "manual" : { seed: Campaign.raidSeed(state) },
    scenario,
    env.content,
  )

/** What the caller may do now: their Refuges' commands (and the league's), and whether they may start the next raid. */
export const campaignLegal = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    const you = playsOf(c, player)
    if (c.status === "waiting" || c.status === "raiding")
      return { version: c.version, you, commands: [], nextRaid: false }
    const state = yield* stateAt(campaignEngine, deps, c)
    const env = yield* envOf(deps, c)
    const commands = legalCampaignCommands(state, env).filter(
      (x) =>
        x.type !== "recordRaid" && x.type !== "openRaid" && mayCommand(c, player, state, x) === undefined,
    ) as ReadonlyArray<typeof PlayerCommand.Type>
    // A league's organiser may start a raid whenever the campaign is between raids (R-CAMPAIGN-42).
    const league = isLeagueStart(state, {})
    const nextRaid =
      c.ownerId === player.id &&
      (league
        ? state.phase === "between" && state.pending === undefined
        : Result.isSuccess(nextRaidSetup(state, undefined, env)))
    return { version: c.version, you, commands, nextRaid }
  })

/**
 * The organiser starts the campaign's next raid: set up by the campaign (who stays home, the
 * hungry, the Season, the remembered Hollowed), made through the raid machinery with each member
 * seated at their Refuge's side, and linked to the campaign in one transaction. 409 when stale or a
 * raid is in play; 422 when the campaign cannot raid now (a choice waiting, nobody fit).
 */
export const startRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(StartRaidRequest, body)
    const c = yield* readable(deps, player, id)
    if (c.ownerId !== player.id)
      return yield* Effect.fail(forbidden(`only the organiser starts campaign "${id}"'s raids`))
    yield* notNow(c)
    yield* current("campaign", c, input.version)
    const state = yield* stateAt(campaignEngine, deps, c)
    if (isLeagueStart(state, input))
      return yield* Raids.getRaid(deps, player, yield* startLeagueRaid(deps, c, state, input))
    const env = yield* envOf(deps, c)
    const s = nextRaidSetup(state, input.scenario, env)
    if (Result.isFailure(s))
      return yield* Effect.fail(cannot("the campaign cannot raid now", "(root)", s.failure))
    const setup = linkedSetup(c, input, s.success)
    const raidId = yield* Raids.startLinked(
      deps,
      c.ownerId,
      c.members.map((m) => m.player),
      setup,
      (raid, first) =>
        CampaignRepo.startCampaignRaid(
          deps.db,
          { id: c.id, expected: c.version, raids: c.raids },
          raid,
          first,
        ),
    )
    if (raidId === undefined)
      return yield* Effect.fail(conflict(`campaign "${id}" moved on while starting its raid: reload it`))
    return yield* Raids.getRaid(deps, player, raidId)
  })
