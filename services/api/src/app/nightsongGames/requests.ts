/**
 * A Nightsong game's requests as schemas, as decoded and as documented (OpenAPI, GraphQL's
 * inputs). The set-up is the game's own (`Game.Setup`'s seats), with the server's dice (a seed kept
 * on the server, or every die typed in) and the seat the caller takes; a command is the library's `Game.Command`.
 */
import { Game } from "@blight/nightsong"
import { Schema } from "effect"
import { PackRef } from "../NightsongPacks.js"
import { SeedField } from "../requestFields.js"

/** A seat's name: what the game's log calls it ("any" and "engine" are the engine's own words). */
export const SeatName = Game.SeatName

const { players, referee } = Game.Setup.fields

export const CreateGameRequest = Schema.Struct({
  players,
  referee,
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
