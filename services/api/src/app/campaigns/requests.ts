/**
 * The campaign requests' schemas: what creating, joining, commanding and starting a raid take,
 * with the ranges their errors state. Kept apart from the campaigns' use cases (this folder) and answers (schemas.ts); the
 * use cases decode with them, so REST and GraphQL (which hand them the raw body) check alike.
 */
import { BattleOptions, CampaignCommand, CampaignOptions, CampaignState } from "@blight/rules"
import { Schema } from "effect"
import { encodedSide, Unknown } from "../../schemas.js"
import { Id, SeedField } from "../requestFields.js"

const Member = Schema.Struct({
  player: Schema.optional(
    Id.annotate({ description: "The id of the player who plays this Refuge (default: the caller)" }),
  ),
  refuge: Schema.optional(
    Id.annotate({
      description:
        "A stored Refuge or Congregation of the caller's (for the caller's own members); another player's member joins with theirs",
    }),
  ),
}).annotate({ identifier: "CampaignMemberRequest" })

export const CreateCampaignRequest = Schema.Struct({
  members: Schema.Array(Member).check(Schema.isMinLength(2), Schema.isMaxLength(CampaignState.MAX_REFUGES)),
  packs: Schema.optional(Schema.Array(Id).check(Schema.isMaxLength(20))),
  dice: Schema.optional(
    Schema.Literals(["seeded", "manual"]).annotate({
      description:
        "seeded: the server rolls (default); manual: dice are typed in at the table (roll commands)",
    }),
  ),
  seed: SeedField,
  options: Schema.optional(
    encodedSide(CampaignOptions).annotate({
      description:
        "The group's rulings for the whole campaign, by name (docs/rulings/campaign.md): stranger (R-CAMPAIGN-21), schedule (R-CAMPAIGN-41)",
    }),
  ),
}).annotate({ identifier: "CreateCampaignRequest" })

export const JoinCampaignRequest = Schema.Struct({
  refuge: Id.annotate({ description: "A stored Refuge or Congregation of the caller's" }),
}).annotate({ identifier: "JoinCampaignRequest" })

// A refined schema's description is what a decode error says it expected: it states the range.
const Version = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000_000 })).annotate({
  description:
    "A whole number from 0 to 10,000,000: the campaign's version the command was decided against (409 if stale)",
})

/** A type name from a tag (`raid.recorded` → `RaidRecorded`). */
export const pascal = (tag: string) =>
  tag
    .split(/[^A-Za-z0-9]+/)
    .map((w) => w[0]!.toUpperCase() + w.slice(1))
    .join("")

/** Each kind of command named (`CampaignPassCommand`), so a client's types are not numbered. */
const named = <T extends string, F extends Schema.Struct.Fields>(
  m: Schema.Struct<{ readonly type: Schema.Literal<T> } & F>,
): Schema.Struct<{ readonly type: Schema.Literal<T> } & F> =>
  m.annotate({ identifier: `Campaign${pascal(m.fields.type.literal)}Command` })

/** What a player may command: every campaign command but `recordRaid`, which the server gives when a raid ends. */
export const PlayerCommand = Schema.Union([
  named(CampaignCommand.Forfeit),
  named(CampaignCommand.Roll),
  named(CampaignCommand.Choose),
  named(CampaignCommand.Trade),
  named(CampaignCommand.Recruit),
  named(CampaignCommand.RunErrand),
  named(CampaignCommand.Build),
  named(CampaignCommand.MakeAmmunition),
  named(CampaignCommand.Bench),
  named(CampaignCommand.Equip),
  named(CampaignCommand.Pass),
]).annotate({
  identifier: "CampaignPlayerCommand",
  description: "A campaign command a member (or the organiser) gives",
})

export const CommandBody = Schema.Struct({ version: Version, command: Unknown })
export const CommandRequest = Schema.Struct({ version: Version, command: PlayerCommand }).annotate({
  identifier: "CampaignCommandRequest",
})

export const StartRaidRequest = Schema.Struct({
  version: Version,
  scenario: Schema.optional(Id.annotate({ description: "A scenario id (default: cache)" })),
  board: Schema.optional(
    Schema.Literal("random").annotate({ description: '"random": play on a seeded random board' }),
  ),
  options: Schema.optional(
    encodedSide(BattleOptions.Options).annotate({
      description: "Ruling options for this raid, by name (as a raid's)",
    }),
  ),
  refuges: Schema.optional(
    CampaignState.RaidRefuges.annotate({
      description:
        "A league raid's Refuges by index, 2 to 4, none in another raid in play (R-CAMPAIGN-41, R-CAMPAIGN-42); left out: every Refuge of a campaign of 2 to 4 without a schedule",
    }),
  ),
  next: Schema.optional(
    Schema.Boolean.annotate({
      description: "true: the league's schedule picks the raid, its next pairing (R-CAMPAIGN-41)",
    }),
  ),
}).annotate({ identifier: "StartCampaignRaidRequest" })
