/**
 * A Nightsong game's requests as schemas, as decoded and as documented (OpenAPI, GraphQL's
 * inputs). The set-up is the game's own (`Game.Setup`: the seats and the dice), with the seat the
 * caller takes; a command is the library's `Game.Command`.
 */
import { Game } from "@blight/nightsong"
import { Schema } from "effect"
import { PackRef } from "../NightsongPacks.js"
import { SeedField } from "../requestFields.js"

/** A seat's name: what the game's log calls it ("any" and "engine" are the engine's own words). */
export const SeatName = Schema.String.check(
  Schema.isPattern(/^(?!any$|engine$)[A-Za-z][A-Za-z0-9_-]{0,39}$/),
).annotate({
  description: "A seat's name: a letter, then letters, digits, _ or - (at most 40); not any or engine",
})

export const CreateGameRequest = Schema.Struct({
  players: Schema.Array(SeatName)
    .check(Schema.isMinLength(1), Schema.isMaxLength(8))
    .annotate({ description: "The players' seats, by name (1 to 8)" }),
  referee: Schema.optional(SeatName.annotate({ description: "The Referee's seat (default: referee)" })),
  dice: Schema.optional(
    Schema.Literal("manual").annotate({
      description: "Every die typed in at the table (default: the server rolls)",
    }),
  ),
  seed: SeedField,
  seat: Schema.optional(
    SeatName.annotate({ description: "The seat the caller takes (default: the Referee's); others join" }),
  ),
  packs: Schema.optional(
    Schema.Array(PackRef).check(Schema.isMaxLength(16)).annotate({
      description:
        "Stored Nightsong packs merged over the core pack, in order (a pack's requirements among them); kept in the game's first event (R-N-PACK-06)",
    }),
  ),
}).annotate({ identifier: "NightsongGameRequest" })
export type CreateGameRequest = typeof CreateGameRequest.Type

export const JoinGameRequest = Schema.Struct({ seat: SeatName }).annotate({
  identifier: "NightsongJoinRequest",
})

const Version = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 10_000_000 })).annotate({
  description:
    "A whole number from 0 to 10,000,000: the game's version the command was decided against (409 if stale)",
})

export const GameCommandRequest = Schema.Struct({ version: Version, command: Game.Command }).annotate({
  identifier: "NightsongCommandRequest",
})

export const GameUndoRequest = Schema.Struct({ version: Version }).annotate({
  identifier: "NightsongUndoRequest",
})
