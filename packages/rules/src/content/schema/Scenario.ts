/**
 * Scenarios (B-SCENARIO-*, GAP-B-17): set-up (Lairs, Blight edges, lurking creatures, Loot
 * tokens), length, objectives, victory, draw, rewards and extra Din dice.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { ObjectiveRef, ScenarioId } from "../../terms/Ids.js"
import { D6Amount, Effects, Hook } from "../../vocabulary/Effect.js"
import { Store } from "../../vocabulary/Vocabulary.js"
import { Count, entryFields } from "./Common.js"

/** A reward: stores for a side. */
export const Reward = Schema.Struct({
  to: Schema.Literals(["winner", "loser", "both", "each", "carrier"]),
  store: Store,
  amount: D6Amount,
  text: Schema.optional(Schema.String),
}).annotate({ identifier: "Reward" })

/** A condition in words, with an optional hook the engine uses to decide it. */
export const Outcome = Schema.Struct({
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  hook: Schema.optional(Hook),
}).annotate({ identifier: "Outcome" })

/**
 * A count a scenario sets, bounded: a pack's scenario can't ask a raid for millions of tokens,
 * creatures or dice (each is made one by one at set-up or in the End Phase).
 */
const upTo = (max: number, what: string) =>
  Count.check(Schema.isLessThanOrEqualTo(max, { message: `at most ${max} ${what}` }))

/** A scenario. */
export const Scenario = Schema.Struct({
  ...entryFields(ScenarioId),
  text: Schema.optional(Schema.String),
  setup: Schema.Struct({
    lairs: upTo(8, "Lairs (a board holds at most 8, B-SETUP-04)").annotate({
      description: "Lairs placed (standard: 2, B-SETUP-04; at most 8)",
    }),
    lairPlacement: Schema.Literals(["corners", "centre", "scenario"]).annotate({
      description:
        'Where the Lairs go on a board that names none: corners (B-SETUP-04, R-BOARD-07), centre (4" either side of it, R-BOARD-24), or scenario (the board names them; else the corners)',
    }),
    blightEdges: Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 })).annotate({
      description:
        "Blight edges, where creatures arrive (standard: 2): that many of the edges no Refuge holds, south, north, west, east first; 0: at the Lairs only (R-BOARD-26)",
    }),
    lurking: upTo(20, "lurking creatures (B-SETUP-07)").annotate({
      description: "Lesser Encounter rolls at set-up (B-SETUP-07; at most 20)",
    }),
    lootTokens: upTo(20, "Loot tokens (a board names at most 20 places, B-SETUP-05)").annotate({
      description: "Loot tokens (standard: 5, B-SETUP-05; at most 20)",
    }),
    text: Schema.optional(Schema.String),
  }),
  rounds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 20 })).annotate({
    description: "Battle length (usually 6)",
  }),
  objectives: Schema.Array(ObjectiveRef),
  victory: Outcome,
  draw: Outcome,
  rewards: Schema.Array(Reward),
  dinDice: upTo(12, "extra Din dice (B-SCENARIO-02, B-DIN-01)").annotate({
    description: "Extra Din dice the scenario adds (B-SCENARIO-02; at most 12)",
  }),
  effects: Schema.optional(Effects),
}).annotate({ identifier: "Scenario" })
export type Scenario = typeof Scenario.Type
