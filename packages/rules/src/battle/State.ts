/**
 * A raid's state (B-ROUND, B-ACT): sides in initiative order, models with their frozen profiles,
 * tokens on the table, the facts the table has stated, the open activation, the pending prompt,
 * and the hidden dice state. Every shape is a schema, so the CLI, the service and a replay agree.
 * The state is only ever the fold of the raid's events (`Evolve.ts`).
 *
 * @since 0.2.0
 */
import { Schema } from "effect"
import { TerrainWord } from "../vocabulary/VocabularyV2.js"
import { Options } from "./Options.js"
import { Board } from "./table/board/BoardData.js"

/** A model's id in a raid: `<side>.<n>` for survivors, `c<n>` for creatures. */
export const ModelId = Schema.String.check(
  Schema.isPattern(/^[a-z0-9][a-z0-9.-]{0,63}$/, {
    toJsonSchema: () => ({ pattern: /^[a-z0-9][a-z0-9.-]{0,63}$/.source }),
  }),
).annotate({
  identifier: "ModelId",
  description: 'A model in the raid ("wharfside.1", "c3")',
})
export type ModelId = typeof ModelId.Type

/** A side's id: a Refuge's slug, or `brood-<n>` / `gardeners-<n>`. */
export const SideId = Schema.String.check(
  Schema.isPattern(/^[a-z0-9][a-z0-9-]{0,63}$/, {
    toJsonSchema: () => ({ pattern: /^[a-z0-9][a-z0-9-]{0,63}$/.source }),
  }),
).annotate({
  identifier: "SideId",
  description: 'A side ("wharfside", "brood-1")',
})
export type SideId = typeof SideId.Type

/** A token's id (`t<n>`). */
export const TokenId = Schema.String.check(
  Schema.isPattern(/^t[0-9]{1,4}$/, { toJsonSchema: () => ({ pattern: /^t[0-9]{1,4}$/.source }) }),
).annotate({
  identifier: "TokenId",
  description: 'A token on the table ("t3")',
})
export type TokenId = typeof TokenId.Type

/** A point on the table, in inches (only on a board that has positions). */
export const Point = Schema.Struct({ x: Schema.Number, y: Schema.Number }).annotate({
  identifier: "Point",
})
export type Point = typeof Point.Type

const count = (max: number) => Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: max }))

/**
 * Where a model is in the raid: `active` (on the table, may activate), `down` (B-DOWN-01),
 * `finished` (taken out while Down, B-FIGHT-06), `slain` (a creature at 0 Health, B-CREATURE-01),
 * `fled` (left the table: Rout, carried off an edge), `turned` (12 Blight, B-TURN-01), `lurking`
 * (an Ambusher not yet emerged, B-BEHAVIOUR-05).
 */
export const ModelStatus = Schema.Literals([
  "active",
  "down",
  "finished",
  "slain",
  "fled",
  "turned",
  "lurking",
])
export type ModelStatus = typeof ModelStatus.Type

/** A weapon a model carries and its state: shots loaded (B-AMMO-01), Jammed (B-JAM-02). */
export const CarriedWeapon = Schema.Struct({
  weapon: Schema.String,
  loaded: count(30),
  jammed: Schema.Boolean,
  /** One-shot weapons (Molotovs, bombs) are gone once thrown. */
  spent: Schema.Boolean,
}).annotate({ identifier: "CarriedWeapon" })
export type CarriedWeapon = typeof CarriedWeapon.Type

/** A Loot token (or objective) a model carries (B-ACTION-SEARCH-02). */
export const Carried = Schema.Struct({
  token: TokenId,
  contents: Schema.Literals(["loot", "amber", "radio", "meds"]),
  /** Rich-find bonus rolls (B-ACTION-SEARCH-03, at most 2). */
  rich: count(2),
}).annotate({ identifier: "Carried" })
export type Carried = typeof Carried.Type

/** A model's frozen profile for the raid (B-PROFILE-01). */
export const BattleProfile = Schema.Struct({
  move: count(24),
  fight: count(12),
  shoot: count(12),
  wits: count(12),
  nerve: count(12),
  health: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 40 })),
  armour: count(6),
}).annotate({ identifier: "BattleProfile" })
export type BattleProfile = typeof BattleProfile.Type

/** A model on the table: a survivor, a creature, or a Gardener. */
export const Model = Schema.Struct({
  id: ModelId,
  side: SideId,
  kind: Schema.Literals(["survivor", "creature"]),
  name: Schema.String,
  /** Background (survivors) or creature id (creatures). */
  ref: Schema.String,
  /** The survivor's id on its Refuge's roster. */
  survivor: Schema.optional(Schema.String),
  leader: Schema.Boolean,
  profile: BattleProfile,
  /** A Helmet: Crits blocked on 5+ (B-ARMOUR-02). */
  helmet: Schema.Boolean,
  health: count(40),
  blight: count(12),
  status: ModelStatus,
  shaken: Schema.Boolean,
  hidden: Schema.Boolean,
  /** Noise tokens beside the model this round (B-NOISE-01). */
  noise: count(99),
  /** Has activated this round (B-ACT-03). */
  activated: Schema.Boolean,
  weapons: Schema.Array(CarriedWeapon),
  reloads: count(99),
  arrows: count(99),
  bolts: count(99),
  carrying: Schema.Array(Carried),
  kit: Schema.Array(Schema.String),
  skills: Schema.Array(Schema.String),
  gifts: Schema.Array(Schema.String),
  marks: Schema.Array(Schema.String),
  /** Creature kinds this survivor has tested Dread against (B-DREAD-01: the first time only). */
  dreaded: Schema.Array(Schema.String),
  /** Limited uses spent, by key ("cool-shot:battle"). */
  used: Schema.Record(Schema.String, count(99)),
  /** Who took it Down, slew or Finished it (Grafting, XP, rescue). */
  downBy: Schema.optional(ModelId),
  slainBy: Schema.optional(ModelId),
  /** Was ever Down this raid (AMB-B-06, R-BATTLE-10). */
  wasDown: Schema.Boolean,
  /** The round it arrived in (creatures arriving mid-battle act from the next round, B-CREATURE-07). */
  arrived: count(20),
  /** The Lair it belongs to (Ambushers, R-WORLD-12). */
  lair: Schema.optional(TokenId),
  /** Terrain its rules let it cross freely (`ignoreTerrain`: the Lantern Moths fly, the Rootmaw burrows). */
  terrain: Schema.optional(Schema.Array(TerrainWord)),
  /** For a Hollowed: the Refuge it remembers (B-HOLLOWED-02). */
  remembers: Schema.optional(SideId),
  /**
   * The Health a Hungry survivor raids without (R-CAMPAIGN-04): its Hunger, not its profile, so a
   * Hollowed made from it does not keep it (R-CAMPAIGN-35).
   */
  hunger: Schema.optional(count(12)),
  position: Schema.optional(Point),
  /** Where a creature was placed or arrived (a Guardian's leash, B-BEHAVIOUR-08). */
  placed: Schema.optional(Point),
  /** Base diameter in inches on a board (1" unless the model says otherwise, R-BOARD-05). */
  base: Schema.optional(Schema.Number.check(Schema.isBetween({ minimum: 0.5, maximum: 6 }))),
}).annotate({ identifier: "Model" })
export type Model = typeof Model.Type

/** A side in the initiative order (B-INIT-03): a Refuge, a Congregation, a creature brood, or Gardeners. */
export const Side = Schema.Struct({
  id: SideId,
  kind: Schema.Literals(["refuge", "congregation", "brood", "gardeners"]),
  name: Schema.String,
  /** Fixed Initiative of a brood (B-INIT-02). */
  initiative: Schema.optional(count(12)),
  /** This round's Initiative score. */
  score: Schema.optional(count(40)),
  /** Survivors it started with (B-ROUT-01). */
  starting: count(40),
  routed: Schema.Boolean,
  withdrew: Schema.Boolean,
  /** Its own table edge (deployment, B-SETUP-03). */
  edge: Schema.optional(Schema.Literals(["north", "south", "east", "west"])),
  /** Home and improvements (Initiative dice, B-INIT-01, B-IMPROVEMENT-01). */
  home: Schema.optional(Schema.String),
  improvements: Schema.Array(Schema.String),
  /** Reloads, Arrows and Bolts drawn from the stores at set-up (B-AMMO-03, B-SETUP-06). */
  drawn: Schema.Struct({ reloads: count(999), arrows: count(999), bolts: count(999) }),
  /** Limited side-wide uses spent, by key. */
  used: Schema.Record(Schema.String, count(99)),
  /** Objectives its Refuge keeps as trophies (the Radio, B-OBJECTIVE-08): their Refuge-wide rules apply. */
  trophies: Schema.optional(Schema.Array(Schema.String)),
}).annotate({ identifier: "Side" })
export type Side = typeof Side.Type

/** A token on the table: Loot, a Lair, a spore cloud, a light, a fire, an objective. */
export const Token = Schema.Struct({
  id: TokenId,
  kind: Schema.Literals(["loot", "lair", "sporeCloud", "light", "fire", "objective"]),
  contents: Schema.optional(Schema.Literals(["loot", "amber", "radio", "meds"])),
  /** A dropped Loot token keeps no Rich find (B-ACTION-SEARCH-04). */
  rich: count(2),
  objective: Schema.optional(Schema.String),
  radius: Schema.optional(Schema.Number),
  position: Schema.optional(Point),
}).annotate({ identifier: "BattleToken" })
export type Token = typeof Token.Type

/** Something a fact is about: a model, a token, or a table feature. */
export const Subject = Schema.String.annotate({
  description:
    'A model id, a token id, or a feature: "edge:<side>", "blight-edge", "centre", "placement:<model>", "feature:<sporeTerrain|lair|light>[+…]"',
})

/**
 * Where a leashed creature's move may go (B-BEHAVIOUR-08/14): within `inches` of a subject, over
 * its whole path (`path`: a Guardian never leaves 6" of its placing) or where it ends (`end`: a
 * Tender never ends a move more than 12" from Spore terrain or a Lair).
 */
export const MoveLeash = Schema.Struct({
  inches: Schema.Number,
  of: Subject,
  keeps: Schema.Literals(["path", "end"]),
}).annotate({ identifier: "MoveLeash" })
export type MoveLeash = typeof MoveLeash.Type

/**
 * A question about the table (see `table/Space.ts`): every geometric fact the rules need, as a question
 * with a finite set of answers, so a table without positions can state it.
 */
export const FactQuery = Schema.Union([
  Schema.Struct({ q: Schema.Literal("sees"), a: Subject, b: Subject }),
  Schema.Struct({ q: Schema.Literal("within"), a: Subject, b: Subject, inches: Schema.Number }),
  Schema.Struct({ q: Schema.Literal("cover"), a: Subject, b: Subject }),
  Schema.Struct({ q: Schema.Literal("contact"), a: Subject, b: Subject }),
  Schema.Struct({
    q: Schema.Literal("in"),
    a: Subject,
    terrain: Schema.Literals(["spore", "open", "cover"]),
  }),
  Schema.Struct({
    q: Schema.Literal("reach"),
    a: Subject,
    b: Subject,
    inches: Schema.Number,
    /** A leashed creature reaches only by a move its leash allows (R-BOARD-17). */
    leash: Schema.optional(MoveLeash),
  }),
  Schema.Struct({ q: Schema.Literal("nearest"), a: Subject, among: Schema.Array(Subject) }),
]).annotate({ identifier: "FactQuery" })
export type FactQuery = typeof FactQuery.Type

/** A fact's value: yes/no, a cover level, or the subject picked. */
export const FactValue = Schema.Union([Schema.Boolean, Schema.String]).annotate({ identifier: "FactValue" })
export type FactValue = typeof FactValue.Type

/** A stated fact. */
export const Fact = Schema.Struct({ query: FactQuery, value: FactValue }).annotate({ identifier: "Fact" })
export type Fact = typeof Fact.Type

/** Something the engine waits for: dice to be rolled at the table, a fact, or a player's choice. */
export const Prompt = Schema.Union([
  Schema.Struct({
    kind: Schema.Literal("dice"),
    /** How many d6. */
    dice: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 40 })),
    purpose: Schema.String,
    by: Schema.String,
  }),
  Schema.Struct({
    kind: Schema.Literal("fact"),
    query: FactQuery,
    /** The answers a player may give. */
    options: Schema.Array(FactValue),
    question: Schema.String,
    by: Schema.String,
  }),
  Schema.Struct({
    kind: Schema.Literal("choice"),
    key: Schema.String,
    question: Schema.String,
    options: Schema.Array(Schema.String),
    by: Schema.String,
  }),
]).annotate({ identifier: "Prompt" })
export type Prompt = typeof Prompt.Type

/** An answer given to a prompt: the faces rolled, the fact's value, or the option chosen. */
export const Answer = Schema.Union([Schema.Array(Schema.Int), FactValue]).annotate({ identifier: "Answer" })
export type Answer = typeof Answer.Type

/** The activation in progress (B-ACT-07..09, B-SHAKEN-01). */
export const Activation = Schema.Struct({
  model: ModelId,
  actionsLeft: count(4),
  actions: Schema.Array(Schema.String),
  attacked: Schema.Boolean,
  sprinted: Schema.Boolean,
  /** Models it moved into contact with this activation, not those it was already in contact with (Charge, B-FIGHT-02, R-BATTLE-57). */
  movedInto: Schema.Array(ModelId),
  aim: count(6),
  shot: Schema.Boolean,
  /** Was Shaken when it started (and not Shaken again since): one action, then it clears (B-SHAKEN-01, R-BATTLE-58). */
  shakenAtStart: Schema.Boolean,
}).annotate({ identifier: "Activation" })
export type Activation = typeof Activation.Type

/** How a raid ended for each side (B-BATTLE-01). */
export const SideResult = Schema.Struct({
  side: SideId,
  outcome: Schema.Literals(["win", "draw", "loss"]),
  routed: Schema.Boolean,
}).annotate({ identifier: "SideResult" })

/** The end of a raid. */
export const Result = Schema.Struct({
  reason: Schema.String,
  sides: Schema.Array(SideResult),
}).annotate({ identifier: "BattleResult" })
export type Result = typeof Result.Type

/** A scenario objective's state (B-OBJECTIVE-*, R-WORLD-06/07/08/14). */
export const ObjectiveState = Schema.Struct({
  id: Schema.String,
  kind: Schema.Literals(["bloomHeart", "radio", "stranger", "rite", "other"]),
  state: Schema.Literals([
    "standing",
    "burned",
    "carried",
    "dropped",
    "freed",
    "rescued",
    "complete",
    "stopped",
  ]),
  /** The token that stands for it on the table, if any. */
  token: Schema.optional(TokenId),
  /** Uses towards burning it (Bloom Heart), or the Rite's level. */
  progress: count(99),
  /** The side that burned, freed or rescued it. */
  by: Schema.optional(SideId),
  /** Per side: Amber harvested (Bloom Heart), disruptions and Gardeners slain (the Rite). */
  scores: Schema.Record(Schema.String, count(99)),
}).annotate({ identifier: "ObjectiveState" })
export type ObjectiveState = typeof ObjectiveState.Type

/** A command waiting for answers. */
export const Pending = Schema.Struct({
  command: Schema.Unknown,
  by: Schema.String,
  answers: Schema.Array(Answer),
  prompt: Schema.optional(Prompt),
}).annotate({ identifier: "Pending" })
export type Pending = typeof Pending.Type

/** The raid's state. */
export const State = Schema.Struct({
  ruleset: Schema.String,
  scenario: Schema.String,
  packs: Schema.Array(Schema.String),
  /** The campaign's Season, if any (its Din thresholds, B-DIN-05). */
  season: Schema.optional(Schema.String),
  options: Options,
  rounds: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 20 })),
  round: count(20),
  phase: Schema.Literals(["setup", "activations", "end", "over"]),
  /** Sides in this round's initiative order (B-INIT-03). */
  order: Schema.Array(SideId),
  /** Index in `order` of the side to activate next (B-ACT-01). */
  turn: count(40),
  sides: Schema.Array(Side),
  models: Schema.Array(Model),
  tokens: Schema.Array(Token),
  /** The scenario's objectives and their states. */
  objectives: Schema.Array(ObjectiveState),
  /** Facts stated about the table, by key; a model's facts are forgotten when it moves. */
  facts: Schema.Record(Schema.String, FactValue),
  activation: Schema.optional(Activation),
  pending: Schema.optional(Pending),
  /** Noise made this round, whether or not its tokens are still on the table (AMB-B-18). */
  noiseMade: count(999),
  /** Side-wide uses this round (the Mother's Blessing, once per round). */
  roundUses: Schema.Record(Schema.String, count(99)),
  dice: Schema.Struct({
    mode: Schema.Literals(["seeded", "manual"]),
    /** The PRNG state (seeded mode): never shown to players. */
    prng: Schema.optional(Schema.Tuple([Schema.Number, Schema.Number, Schema.Number, Schema.Number])),
  }),
  space: Schema.Literals(["declared", "plane"]),
  /** The board, when the raid is played on one (positions, terrain: `table/board/`). */
  board: Schema.optional(Board),
  counters: Schema.Struct({ creature: count(9999), token: count(9999), brood: count(999) }),
  /** Events applied so far. */
  seq: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
  /** Is the raid part of a campaign (the Hollowed return, B-HOLLOWED-03)? */
  campaign: Schema.optional(
    Schema.Struct({
      hollowed: Schema.Array(
        Schema.Struct({
          name: Schema.String,
          refuge: SideId,
          /** The survivor's roster id: with `refuge`, which Hollowed this is (names may repeat); absent: the name. */
          survivor: Schema.optional(Schema.String),
          profile: BattleProfile,
          /** The Gifts it kept when it Turned (B-HOLLOWED-01). */
          gifts: Schema.optional(Schema.Array(Schema.String)),
        }),
      ),
      /**
       * Per Refuge, in the order of the set-up's Refuges: creatures lurking at set-up, more or fewer
       * (a clean street, B-OBJECTIVE-04), and the trophies it keeps (the Radio, B-OBJECTIVE-08).
       */
      refuges: Schema.optional(
        Schema.Array(
          Schema.Struct({
            lurking: Schema.Int.check(Schema.isBetween({ minimum: -12, maximum: 12 })),
            trophies: Schema.Array(Schema.String),
          }),
        ),
      ),
    }),
  ),
  result: Schema.optional(Result),
}).annotate({ identifier: "BattleState" })
export type State = typeof State.Type

/** The model with this id in a state (the activating one, a command's): a state naming a model it lacks is a bug. */
export const modelIn = (state: Pick<State, "models">, id: string): Model => {
  const m = state.models.find((x) => x.id === id)
  if (m === undefined) throw new Error(`the state holds no model "${id}"`)
  return m
}
