/** Fields the requests share: an id as a request names one, and a dice seed (with the range its errors state). */
import { Schema } from "effect"

/** An id as a request names one (a player, a Refuge, a pack, a scenario): bounded like the tables' ids. */
export const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

/** A dice seed: a whole number a double holds exactly. */
export const Seed = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER }))

/** A raid's or a campaign's seed, as its request takes it. */
export const SeedField = Schema.optional(
  Seed.annotate({
    description:
      "A whole number from 0 to 2^53−1: the dice's seed (kept on the server, never shown); default: a new one",
  }),
)
