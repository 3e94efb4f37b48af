/**
 * What players (and the tracker) ask of a raid: activate a model, take an action, answer a prompt,
 * state facts about the table, correct the state, undo. Commands arrive from outside (the CLI,
 * HTTP), so each is a schema and unknown keys are refused.
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { type Answer, Fact, ModelId, Point, SideId, TokenId } from "./State.js"

const blightDice = Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 4 }))).annotate({
  description: "Blight dice to add to the pool, up to the survivor's tier allowance (B-BLIGHTDICE-01)",
})
// Unknown keys are refused by the decoders (`decode`, `Battle.parseCommand`): effect 4 reads no
// per-schema parse options, so a schema embedding commands must decode with `onExcessProperty: "error"`.
const command = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F, description: string) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields }).annotate({
    identifier: `${type.charAt(0).toUpperCase()}${type.slice(1)}Command`,
    description,
  })

/** How a model moves: on a declared table the player states where it ends; on a board, the point. */
const movement = {
  model: ModelId,
  /** Inches moved (a declared table); left out: the full allowance. */
  distance: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 48 }))),
  /** Inches of it spent climbing, which cost double (B-ACTION-MOVE-02). */
  climb: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 48 }))),
  /** What it is in base contact with when it stops (models or tokens); left out: nothing. */
  contact: Schema.optional(Schema.Array(Schema.Union([ModelId, TokenId])).check(Schema.isMaxLength(40))),
  /** It leaves the table by its own edge. */
  offTable: Schema.optional(Schema.Boolean),
  /** A Down friend in contact dragged along (B-DOWN-04: both at half speed). */
  drag: Schema.optional(ModelId),
  /** Where it ends (a board with positions). */
  to: Schema.optional(Point),
  /** Facts about where it ended, stated with the move. */
  facts: Schema.optional(Schema.Array(Fact).check(Schema.isMaxLength(40))),
}

/** Starts a model's activation (B-ACT-01). */
export const Activate = command("activate", { model: ModelId }, "Activate a model of the side on turn")
/** Move up to M inches, Quiet (B-ACTION-MOVE-01). */
export const Move = command("move", movement, "Move up to M inches (B-ACTION-MOVE-01)")
/** Sprint up to M+3, 1 Noise, no Shoot this activation (B-ACTION-SPRINT-01/02). */
export const Sprint = command("sprint", movement, "Sprint up to M+3 inches (B-ACTION-SPRINT-01)")
/**
 * Where a blast weapon is thrown when not at a model (R-CONTENT-23: the thrower picks a point): a
 * point on a board, or on a declared table the point the table agrees on, told by the models
 * within the blast's radius of it (R-BATTLE-77).
 */
export const BlastPoint = Schema.Union([
  Point,
  Schema.Struct({ catches: Schema.Array(ModelId).check(Schema.isMaxLength(40)) }).annotate({
    identifier: "BlastPointCatches",
    description: "A point on a declared table, told by the models within the blast's radius of it",
  }),
]).annotate({ identifier: "BlastPoint" })
export type BlastPoint = typeof BlastPoint.Type

/** Shoot (or throw) at a target (B-ACTION-SHOOT-01, B-SHOOT-*). */
export const Shoot = command(
  "shoot",
  {
    model: ModelId,
    weapon: Schema.String,
    /** The model or token shot at (left out when a blast is thrown `at` a point). */
    target: Schema.optional(Schema.Union([ModelId, TokenId])),
    /** Where a blast weapon is thrown, instead of a `target` (R-CONTENT-23, R-BATTLE-77). */
    at: Schema.optional(BlastPoint),
    blightDice,
  },
  "Shoot or throw a weapon at a target in range and sight, or a blast weapon at a point (B-SHOOT-01, R-CONTENT-23)",
)
/** A Shoot at a model or a token, as the legal commands offer it (a point is thrown at only when a player says so). */
export type NamedShoot = Extract<typeof Shoot.Type, { readonly type: "shoot" }> & { readonly target: string }
export const atNamed = (c: typeof Shoot.Type): c is NamedShoot => typeof c.target === "string"

/** Fight an enemy in contact (B-ACTION-FIGHT-01, B-FIGHT-*). */
export const Fight = command(
  "fight",
  { model: ModelId, target: ModelId, weapon: Schema.optional(Schema.String), blightDice },
  "Fight an enemy in base contact (B-FIGHT-01)",
)
/** +1 die to the next Shoot this activation (B-ACTION-AIM-01). */
export const Aim = command("aim", { model: ModelId }, "Aim: +1 die to the next Shoot (B-ACTION-AIM-01)")
/** Reload a weapon (B-ACTION-RELOAD-01). */
export const Reload = command(
  "reload",
  { model: ModelId, weapon: Schema.String },
  "Reload a firearm, or ready a bow or crossbow (B-ACTION-RELOAD-01)",
)
/** Search a Loot token in contact (B-ACTION-SEARCH-01). */
export const Search = command(
  "search",
  { model: ModelId, token: TokenId, blightDice },
  "Search a Loot token in contact: Wits (1) (B-ACTION-SEARCH-01)",
)
/** Hide (B-ACTION-HIDE-01). */
export const Hide = command("hide", { model: ModelId }, 'Hide: in cover, unseen by enemies within 6"')
/** Use: first aid, hand an item over, clear a Jam, open (or force) a door, work an objective (B-ACTION-USE-01, R-BATTLE-62). */
export const Use = command(
  "use",
  {
    model: ModelId,
    use: Schema.Literals(["aid", "hand", "clearJam", "door", "forceDoor", "objective"]),
    target: Schema.optional(Schema.Union([ModelId, TokenId])),
    weapon: Schema.optional(Schema.String),
    /** What is handed over: a carried token, "reload", "arrow" or "bolt". */
    item: Schema.optional(Schema.String),
    blightDice,
  },
  "Use (B-ACTION-USE-01)",
)
/** Steady: stop being Shaken (B-ACTION-STEADY-01). */
export const Steady = command("steady", { model: ModelId }, "Steady: stop being Shaken")
/** Use a Gift that takes an action (B-ACTION-GIFT-01). */
export const Gift = command(
  "gift",
  { model: ModelId, gift: Schema.String, target: Schema.optional(Schema.Union([ModelId, TokenId])) },
  "Use a Gift that takes an action (B-ACTION-GIFT-01)",
)
/** An action a rule grants (Command Voice, lighting a Flare): named as the rule names it. */
export const Act = command(
  "act",
  {
    model: ModelId,
    action: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(80)),
    target: Schema.optional(Schema.Union([ModelId, TokenId])),
  },
  'Take an action a skill, kit or the Leader rules grant, by its name (e.g. "Command Voice")',
)
/** End the activation early. */
export const EndActivation = command("endActivation", { model: ModelId }, "End the activation")
/** Withdraw: the side leaves the raid, which counts as a Rout (B-ROUT-03). */
export const Withdraw = command(
  "withdraw",
  { side: SideId },
  "Withdraw at the start of the side's turn (B-ROUT-03)",
)
/** Dice rolled at the table, answering a dice prompt. */
export const Roll = command(
  "roll",
  {
    faces: Schema.Array(Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 6 }))).check(
      Schema.isMaxLength(40),
    ),
  },
  "The faces rolled at the table for the pending dice prompt",
)
/** Facts about the table (answering a fact prompt, or stated ahead). */
export const State = command(
  "state",
  { facts: Schema.Array(Fact).check(Schema.isMinLength(1), Schema.isMaxLength(40)) },
  "State facts about the table",
)
/** An answer to a choice prompt. */
export const Choose = command("choose", { option: Schema.String }, "Answer the pending choice")
/** A correction the table agrees on, logged with its reason. */
export const Adjust = command(
  "adjust",
  {
    reason: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(200)),
    model: ModelId,
    health: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 40 }))),
    blight: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 12 }))),
    noise: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 99 }))),
    shaken: Schema.optional(Schema.Boolean),
    hidden: Schema.optional(Schema.Boolean),
    reloads: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 99 }))),
    arrows: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 99 }))),
    bolts: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 99 }))),
    /** Has it activated this round (B-ACT-03)? */
    activated: Schema.optional(Schema.Boolean),
    /** Its weapons' state, each named: shots loaded (a bow's nocked Arrow is 1), Jammed. */
    weapons: Schema.optional(
      Schema.Array(
        Schema.Struct({
          weapon: Schema.String,
          loaded: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 30 }))),
          jammed: Schema.optional(Schema.Boolean),
        }),
      ).check(Schema.isMinLength(1), Schema.isMaxLength(8)),
    ),
    /** The Loot tokens it carries, all of them (`[]`: none); one left out is dropped where it stands. */
    carrying: Schema.optional(Schema.Array(TokenId).check(Schema.isMaxLength(4))),
    /** Where it stands, on a board. */
    position: Schema.optional(Point),
  },
  "Correct a model the table disagrees with; logged with its reason (R-BATTLE-76)",
)
/** Undo back to the last dice roll, never past it. */
export const Undo = command("undo", {}, "Undo the last command, back to the last dice roll")

/** Any command. */
export const Command = Schema.Union([
  Activate,
  Move,
  Sprint,
  Shoot,
  Fight,
  Aim,
  Reload,
  Search,
  Hide,
  Use,
  Steady,
  Gift,
  Act,
  EndActivation,
  Withdraw,
  Roll,
  State,
  Choose,
  Adjust,
  Undo,
]).annotate({ identifier: "BattleCommand" })
export type Command = typeof Command.Type
export type CommandType = Command["type"]
export type CommandOf<T extends CommandType> = Extract<Command, { type: T }>

/** Decodes a command from JSON-like input. */
export const decode = Schema.decodeUnknownResult(Command, {
  errors: "all",
  onExcessProperty: "error",
  reportInput: true,
})

export type { Answer }
