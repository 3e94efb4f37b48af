/**
 * The campaigns' engine adapter for the event-stream module (app/stream): a campaign's log is the
 * campaign engine's events, its state their fold, and a command is decided once: a Refuge's
 * commands and answers are its member's (a seat refusal otherwise), the league's anyone's in it.
 */
import {
  applyCampaign,
  Campaign,
  CampaignCommand,
  type CampaignEvent,
  type CampaignState,
  evolveCampaign,
} from "@blight/rules"
import { Effect, Result } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import type { Player } from "../App.js"
import type { StreamEngine } from "../stream/index.js"
import { decodeLog, envOf, playsOf, setupOf, statusOf } from "./stored.js"

/** The Refuge a command is for: its `refuge`, or the waiting prompt's addressee (undefined: the league's). */
export const refugeCommanded = (
  state: CampaignState.CampaignState,
  c: CampaignCommand.Command,
): number | undefined => {
  if ("refuge" in c) return c.refuge
  const by = state.pending?.prompt?.by
  return by === undefined || by === "any" ? undefined : Number(by)
}

/**
 * May the player give this command? A Refuge's commands and answers are its member's; what is
 * the league's (a prompt for anyone) is the organiser's or any member's.
 */
export const mayCommand = (
  c: CampaignRepo.StoredCampaign,
  player: Player,
  state: CampaignState.CampaignState,
  command: CampaignCommand.Command,
): string | undefined => {
  const refuge = refugeCommanded(state, command)
  if (refuge === undefined || refuge >= c.members.length) return undefined
  return c.members[refuge]!.player === player.id
    ? undefined
    : `that is ${setupOf(c).refuges[refuge]?.name ?? `Refuge ${refuge}`}'s to command: you play ${
        playsOf(c, player)
          .map((i) => setupOf(c).refuges[i]?.name ?? i)
          .join(", ") || "no Refuge here"
      }`
}

/** Every field a command may have ("Wharfside: …" names a Refuge, not a field). */
const FIELDS = new Set(CampaignCommand.Command.members.flatMap((m) => Object.keys(m.fields)))

/**
 * Where in the command the engine refused it: its reasons open with the field ("refuge: …",
 * "weapons[0]: …"), when that is a field of the command; otherwise the command as a whole.
 */
const refusedAt = (command: CampaignCommand.Command, reason: string): string => {
  const at = /^([A-Za-z]\w*)((?:\[\d+\]|\.[A-Za-z]\w*)*): /.exec(reason)
  return at !== null && FIELDS.has(at[1]!) && (at[1]! in command || at[2] === "")
    ? `command.${at[1]}${at[2]}`
    : "command"
}

export const campaignEngine: StreamEngine<{
  row: CampaignRepo.StoredCampaign
  state: CampaignState.CampaignState
  event: CampaignEvent.Event
  command: CampaignCommand.Command
  status: CampaignRepo.CampaignStatus
  extra: { readonly unlinkRaid?: true }
}> = {
  noun: "campaign",
  kept: 200,
  decode: decodeLog,
  fold: (events, from) => (from ? events.reduce(evolveCampaign, from) : Campaign.replay(events)),
  status: statusOf,
  decide: (deps, c, player, state, command) =>
    Effect.gen(function* () {
      const refused = mayCommand(c, player, state, command)
      if (refused !== undefined) return Result.fail({ kind: "seat" as const, reason: refused })
      const env = yield* envOf(deps, c)
      const refuge = refugeCommanded(state, command)
      const by = refuge === undefined ? "any" : String(refuge)
      return Result.mapError(applyCampaign(state, command, env, by), (r) => ({
        kind: "rules" as const,
        reason: r.reason,
        clause: r.clause,
        path: refusedAt(command, r.reason),
      }))
    }),
  write: (deps, append) => CampaignRepo.appendCampaignEvents(deps.db, append),
}
