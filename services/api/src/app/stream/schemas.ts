/** The answers' parts every stream shares: a page of its log, and whether a place's Refuge is in. */
import { Schema } from "effect"

/** A page of a stream's log (`entry`: one of its entries as a player sees it). */
export const EventsPage = <S extends Schema.Top>(entry: S, identifier: string) =>
  Schema.Struct({
    version: Schema.Int,
    after: Schema.Int,
    events: Schema.Array(entry),
    next: Schema.optional(Schema.Int.annotate({ description: "Ask again with after=next for more" })),
  }).annotate({ identifier })

/** A seat's or a member's place: whether its Refuge is in. */
export const Joined = Schema.Boolean.annotate({
  description: "Whether its Refuge is in (false: waiting for the player)",
})
