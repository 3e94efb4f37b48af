/**
 * The raid requests' schemas, as decoded (bodies; a roster left `unknown` for the founding rules to
 * check, 422 with every violation) and as documented (OpenAPI and GraphQL's inputs), with the
 * ranges their errors state. Kept apart from the raids' use cases (this folder) and answers (schemas.ts); the use cases
 * decode with them, so every transport gets the same checks (REST and GraphQL hand them the raw
 * body).
 */
import { BattleCommand, BattleOptions, Board, Roster } from "@blight/rules"
import { Schema } from "effect"
import { encodedSide, NumberFromString, Unknown } from "../../schemas.js"
import { Id, SeedField } from "../requestFields.js"

/** A side as asked for: a stored Refuge of its player, or a roster founded now; or an open seat. */
const SideBody = Schema.Struct({
  player: Schema.optional(
    Id.annotate({ description: "The id of the player who plays this side (default: the caller)" }),
  ),
  refuge: Schema.optional(
    Id.annotate({ description: "A stored Refuge or Congregation of the caller's to play" }),
  ),
  roster: Schema.optional(Schema.Unknown),
})
const SideRequest = Schema.Struct({ ...SideBody.fields, roster: Schema.optional(Roster.Roster) }).annotate({
  identifier: "RaidSideRequest",
  description:
    "Give refuge (a stored one of the caller's) or roster (founded now); a side for another player " +
    "with neither is a seat they fill by joining with their own",
})

const createFields = {
  sides: Schema.Array(SideBody).check(Schema.isMinLength(2), Schema.isMaxLength(4)),
  scenario: Schema.optional(Id.annotate({ description: "A scenario id (default: cache)" })),
  options: Schema.optional(encodedSide(BattleOptions.Options)),
  packs: Schema.optional(Schema.Array(Id).check(Schema.isMaxLength(20))),
  dice: Schema.optional(
    Schema.Literals(["seeded", "manual"]).annotate({
      description: "seeded: the server rolls (default); manual: dice are typed in at the table",
    }),
  ),
  seed: SeedField,
  board: Schema.optional(
    Schema.Union([Schema.Literal("random"), Board.Board]).annotate({
      description: "Play on a board: a seeded random one, or the table's own layout (the SVG is then served)",
    }),
  ),
}

/** The request, as decoded (the roster is checked by the founding rules: 422 with every violation). */
export const CreateRaidBody = Schema.Struct(createFields)
/** The request, as documented. */
export const CreateRaidRequest = Schema.Struct({
  ...createFields,
  sides: Schema.Array(SideRequest).check(Schema.isMinLength(2), Schema.isMaxLength(4)),
}).annotate({
  identifier: "CreateRaidRequest",
})

export const JoinRaidBody = Schema.Struct({
  refuge: Schema.optional(Id),
  roster: Schema.optional(Schema.Unknown),
})
export const JoinRaidRequest = Schema.Struct({
  refuge: Schema.optional(Id.annotate({ description: "A stored Refuge or Congregation of the caller's" })),
  roster: Schema.optional(Roster.Roster),
}).annotate({ identifier: "JoinRaidRequest", description: "Give refuge or roster" })

// A refined schema's description is what a decode error says it expected: it states the range.
const Version = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000_000 })).annotate({
  description:
    "A whole number from 0 to 10,000,000: the raid's version the command was decided against (409 if stale)",
})

export const CommandBody = Schema.Struct({
  version: Version,
  command: Unknown,
})
export const CommandRequest = Schema.Struct({
  version: Version,
  command: BattleCommand.Command,
}).annotate({ identifier: "RaidCommandRequest" })

export const UndoRequest = Schema.Struct({ version: Version }).annotate({ identifier: "RaidUndoRequest" })

// Every field the `adjust` command corrects (R-BATTLE-76), with the raid's version.
const { type: _type, ...adjustFields } = BattleCommand.Adjust.fields
export const AdjustRequest = Schema.Struct({
  version: Version,
  ...adjustFields,
}).annotate({ identifier: "RaidAdjustRequest" })

export const EventsQuery = Schema.Struct({
  after: Schema.optional(
    NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 0, maximum: 10_000_000 })),
  ),
  limit: Schema.optional(
    NumberFromString.check(Schema.isInt(), Schema.isBetween({ minimum: 1, maximum: 1000 })),
  ),
})
