/**
 * Scenario objectives (B-OBJECTIVE-*): the Bloom Heart, the Radio, the Stranger, the Planting's
 * Rite, and homebrew ones. Their rules are effects; what data cannot say is a hook.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ObjectiveId } from "../../terms/Ids.js"
import { Effects } from "../../vocabulary/Effect.js"
import { Pool } from "../../vocabulary/Vocabulary.js"
import { entryFields, NamedRule } from "./Common.js"

/** An objective. */
export const Objective = Schema.Struct({
  ...entryFields(ObjectiveId),
  kind: Schema.Literals(["bloomHeart", "radio", "stranger", "rite", "other"]),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  carried: Schema.optional(Schema.Boolean).annotate({ description: "A model can carry it" }),
  health: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 20 }))),
  uses: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 12 }))).annotate({
    description: "Use actions that complete it (Bloom Heart: three burn it)",
  }),
  test: Schema.optional(
    Schema.Struct({
      pools: Schema.Array(Pool).check(Schema.isMinLength(1)),
      target: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 })),
    }),
  ).annotate({ description: "A test to work it (Stranger: Fight or Wits (2))" }),
  rules: Schema.optional(Schema.Array(NamedRule)),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "Objective" })
export type Objective = typeof Objective.Type
