/**
 * What a player submits to found a Refuge or a Congregation: a name, a Home, 4–8 survivors with
 * their backgrounds and gear, one Leader (or Verdant Mother), and the Reloads, Arrows and Bolts to
 * start with. References are plain ids here; founding checks them and reports every bad one.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const Ids = Schema.Array(Schema.String)

/** One recruit on a roster. */
export const RosterSurvivor = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
  background: Schema.String,
  /** The Leader (a Refuge) or the Verdant Mother (a Congregation). Exactly one. */
  leader: Schema.optional(Schema.Boolean),
  weapons: Schema.optional(Ids),
  armour: Schema.optional(Ids),
  kit: Schema.optional(Ids),
}).annotate({ identifier: "RosterSurvivor" })
export type RosterSurvivor = typeof RosterSurvivor.Type

/** A roster to found. */
export const Roster = Schema.Struct({
  $schema: Schema.optional(Schema.String),
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
  kind: Schema.optional(Schema.Literals(["refuge", "congregation"])),
  home: Schema.String,
  survivors: Schema.Array(RosterSurvivor),
  reloads: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))),
  arrows: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 500 }))),
  bolts: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 500 }))),
}).annotate({
  identifier: "Roster",
  description: "A roster to found a Refuge or a Congregation (B-FOUNDING-*)",
})
export type Roster = typeof Roster.Type
