/**
 * The raids' engine adapter for the event-stream module (app/stream): a raid's log is the battle
 * engine's events, its state their fold (resumed from a snapshot taken at a dice roll), and a
 * command is decided once for the side the player commands as.
 */
import { Battle, type BattleCommand, type BattleEvent, BattleState } from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import * as Repo from "../../db/repositories.js"
import { contentWith, type Deps } from "../App.js"
import type { StreamEngine } from "../stream/index.js"
import { byFor, commandRefusal } from "./seats.js"
import { decodeLog, setupOf, statusOf } from "./stored.js"

/** A snapshot is saved when this many events have been stored since the last one (at a dice roll). */
export const SNAPSHOT_EVERY = 100

const decodeState = Schema.decodeUnknownSync(BattleState.State)

export const envOf = (deps: Deps, raid: Repo.StoredRaid, state: BattleState.State) =>
  Effect.gen(function* () {
    const content = yield* contentWith(deps, setupOf(raid).packs)
    const env = Battle.envFor(state, content)
    if (Result.isFailure(env))
      return yield* Effect.die(new Error(`raid ${raid.id}: packs ${env.failure} missing`))
    return env.success
  })

/**
 * Where in the body a refusal points: the engine's reasons lead with the command's field they are
 * about ("model: …", "facts.1.query.b: …"), so `command.<that>` when the command has that field,
 * else the command as a whole.
 */
const refusedPath = (command: object, reason: string): string => {
  const lead = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): /.exec(reason)?.[1]
  return lead !== undefined && Object.hasOwn(command, lead.split(".")[0]!) ? `command.${lead}` : "command"
}

/**
 * Run when a campaign's raid ends (its record is folded into the campaign): registered by the
 * campaigns' module, so the raid machinery does not depend on it. A hook's failure is its own: the
 * raid's command is stored either way, and the campaign folds the raid in when next read.
 */
const overHooks: Array<(deps: Deps, campaignId: string) => Effect.Effect<void>> = []
export const whenCampaignRaidEnds = (hook: (deps: Deps, campaignId: string) => Effect.Effect<void>): void => {
  overHooks.push(hook)
}

export const raidEngine: StreamEngine<{
  row: Repo.StoredRaid
  state: BattleState.State
  event: BattleEvent.Event
  command: BattleCommand.Command
  status: Repo.StoredRaid["status"]
  extra: Pick<Repo.Append, "seats">
}> = {
  noun: "raid",
  kept: 500,
  decode: decodeLog,
  fold: (events, from) => Battle.resume(events, from),
  snapshots: {
    every: SNAPSHOT_EVERY,
    decode: (json) => decodeState(JSON.parse(json)),
    mayTake: (state) => !Battle.canUndo(state),
  },
  status: statusOf,
  decide: (deps, raid, player, state, c) =>
    Effect.gen(function* () {
      const env = yield* envOf(deps, raid, state)
      const by = byFor(raid, player, state)
      const refused = yield* commandRefusal(deps, raid, player, state, c, by)
      if (refused !== undefined) return Result.fail({ kind: "seat" as const, reason: refused })
      return Result.mapError(Battle.command({ events: [], state }, c, env, by), (r) => ({
        kind: "rules" as const,
        reason: r.reason,
        clause: r.clause,
        path: refusedPath(c, r.reason),
      }))
    }),
  write: (deps, append) => Repo.appendEvents(deps.db, append),
  appended: (deps, raid, expected, version, state) => {
    const campaignId = setupOf(raid).campaignId
    return version > expected && state.phase === "over" && campaignId !== undefined
      ? Effect.forEach(overHooks, (hook) => hook(deps, campaignId), { discard: true })
      : Effect.void
  },
}
