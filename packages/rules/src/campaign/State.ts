/**
 * A campaign's state (B-AFTERMATH-01): its Refuges with what the campaign knows about each
 * survivor beyond the roster (raids to miss, Errands barred, hunger, Blight thresholds rewarded),
 * the Season, the standings, the Hollowed it remembers, who was lost, the Aftermath in progress,
 * the pending prompt and the hidden dice state. It is only ever the fold of the campaign's events.
 *
 * @since 0.3.0
 */
import { Effect, Schema } from "effect"
import { BattleProfile, ObjectiveState, Result } from "../battle/State.js"
import { Refuge } from "../refuge/Refuge.js"
import { CampaignOptions, campaignDefaults } from "./Options.js"

const count = (max: number) => Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: max }))

/** What the campaign tracks about a survivor between raids. */
export const SurvivorStatus = Schema.Struct({
  /** Raids still to miss (Casualty rows 2–3, short of fuel): stays home (R-CAMPAIGN-04). */
  missRaids: count(9),
  /** Laid Up (Casualty row 5): runs no Errand before the next raid. */
  noErrands: Schema.Boolean,
  /** Upkeeps running without a Ration (R-WORLD-10). */
  hungry: count(9),
  /** Blight thresholds (3, 6, 9) already rewarded with a Gift and a Mark (B-GIFT-02). */
  thresholds: count(3),
  /** Ran an Errand since the last Aftermath (R-CAMPAIGN-08). */
  errand: Schema.Boolean,
}).annotate({ identifier: "SurvivorStatus" })
export type SurvivorStatus = typeof SurvivorStatus.Type

/** A Refuge's standing (B-STANDINGS-01). */
export const Standing = Schema.Struct({
  played: count(999),
  wins: count(999),
  draws: count(999),
  losses: count(999),
  points: count(9999),
}).annotate({ identifier: "Standing" })
export type Standing = typeof Standing.Type

/**
 * A status the campaign keeps on a Refuge for its next raids, consumed by the raids it plays: a
 * clean street (`lurking` −1 for one raid, B-OBJECTIVE-04, R-WORLD-08).
 */
export const RefugeStatus = Schema.Struct({
  kind: Schema.Literal("lurking"),
  /** Creatures lurking at set-up, more or fewer (the total never below 0). */
  value: Schema.Int.check(Schema.isBetween({ minimum: -3, maximum: 3 })),
  /** Raids it still lasts: each raid the Refuge plays spends one. */
  raids: count(9),
  reason: Schema.String,
  clause: Schema.optional(Schema.String),
}).annotate({ identifier: "RefugeStatus" })
export type RefugeStatus = typeof RefugeStatus.Type

/** One of the campaign's Refuges. */
export const CampaignRefuge = Schema.Struct({
  refuge: Refuge,
  status: Schema.Record(Schema.String, SurvivorStatus),
  standing: Standing,
  /** Errands left before the next raid (B-ERRAND-01/02). */
  errands: count(9),
  /** Statuses for its next raids (left out: none; logs written before them have none). */
  statuses: Schema.optional(Schema.Array(RefugeStatus)),
  /** Objectives won and kept for good (the Radio, B-OBJECTIVE-08): their Refuge-wide rules apply in every raid. */
  trophies: Schema.optional(Schema.Array(Schema.String)),
}).annotate({ identifier: "CampaignRefuge" })
export type CampaignRefuge = typeof CampaignRefuge.Type

/** Which Hollowed: its name, the Refuge it remembers and the survivor's roster id (absent: older records). */
export const HollowedWho = Schema.Struct({
  name: Schema.String,
  refuge: Schema.String,
  survivor: Schema.optional(Schema.String),
}).annotate({ identifier: "HollowedWho" })
export type HollowedWho = typeof HollowedWho.Type

/** A Turned survivor the campaign remembers (B-TURN-03, B-HOLLOWED-03). */
export const Hollowed = Schema.Struct({
  name: Schema.String,
  /** The raid side id of the Refuge it remembers. */
  refuge: Schema.String,
  /**
   * The survivor's roster id: with `refuge`, which Hollowed this is, as two may share a name
   * (B-HOLLOWED-03/04); absent in campaigns saved before it was kept: known by name.
   */
  survivor: Schema.optional(Schema.String),
  /** The survivor's raid profile when it Turned (the raid engine derives the Hollowed's). */
  profile: BattleProfile,
  /** The Gifts it keeps (B-HOLLOWED-01); absent in campaigns saved before it was kept: none. */
  gifts: Schema.optional(Schema.Array(Schema.String)),
  /** Slain as a Hollowed in a later raid: laid to rest, never returns. */
  atRest: Schema.Boolean,
}).annotate({ identifier: "Hollowed" })
export type Hollowed = typeof Hollowed.Type

/** Why a survivor left a roster. */
export const LossCause = Schema.Literals(["dead", "turned", "throat", "left", "rescued"])

/** A survivor who left a roster, and why. */
export const Lost = Schema.Struct({
  refuge: Schema.Int,
  survivor: Schema.String,
  name: Schema.String,
  cause: LossCause,
  raid: Schema.Int,
}).annotate({ identifier: "Lost" })
export type Lost = typeof Lost.Type

/** A carried token brought home. */
export const Brought = Schema.Struct({
  contents: Schema.Literals(["loot", "amber", "radio", "meds"]),
  rich: count(2),
})

/** A survivor's raid, as the Aftermath needs it (read from the raid's final state). */
export const RaidSurvivor = Schema.Struct({
  survivor: Schema.String,
  model: Schema.String,
  name: Schema.String,
  status: Schema.Literals(["active", "down", "finished", "slain", "fled", "turned", "lurking"]),
  wasDown: Schema.Boolean,
  /** Blight gained in the raid (end minus start). */
  blight: count(12),
  /** Its raid profile, without the Health a Hunger took (R-CAMPAIGN-35): a Hollowed is made from it. */
  profile: BattleProfile,
  /** Creatures it slew: their ids in the bestiary (B-CREATURE-05). */
  slew: Schema.Array(Schema.String),
  /** Enemy survivors it took Down (R-CAMPAIGN-05). */
  downed: count(40),
  /** Taken Down by a survivor of this Refuge index (B-CONGREGATION-19). */
  downByRefuge: Schema.optional(Schema.Int),
  carrying: Schema.Array(Brought),
  /** One-use weapons it used up (a thrown Molotov or pipe bomb, R-CONTENT-23), one id each. */
  spent: Schema.optional(Schema.Array(Schema.String)),
  /** Kit of limited uses it used up (a lit Flare, one use), one id each (R-CAMPAIGN-37). */
  spentKit: Schema.optional(Schema.Array(Schema.String)),
  /**
   * Gifts and Marks rolled in the raid (R-BATTLE-12 `giftsAtOnce`, B-GIFT-03), and how many
   * thresholds they were for: the Aftermath keeps them instead of rolling those thresholds again.
   */
  rolled: Schema.optional(
    Schema.Struct({
      thresholds: count(3),
      gifts: Schema.Array(Schema.String),
      marks: Schema.Array(Schema.String),
    }),
  ),
}).annotate({ identifier: "RaidSurvivor" })
export type RaidSurvivor = typeof RaidSurvivor.Type

const Ammo = Schema.Struct({ reloads: count(999), arrows: count(999), bolts: count(999) })

/** An objective as the raid ended it, and the Refuge (index) that burned, freed or rescued it. */
export const EndedObjective = Schema.Struct({
  id: Schema.String,
  state: ObjectiveState.fields.state,
  refuge: Schema.optional(Schema.Int),
}).annotate({ identifier: "EndedObjective" })
export type EndedObjective = typeof EndedObjective.Type

/** A raid as the campaign keeps it. */
export const RaidRecord = Schema.Struct({
  number: Schema.Int,
  scenario: Schema.String,
  season: Schema.String,
  /** The raid engine's hash of the final state (audit: which raid this was). */
  hash: Schema.String,
  result: Result,
  sides: Schema.Array(
    Schema.Struct({
      refuge: Schema.Int,
      side: Schema.String,
      outcome: Schema.Literals(["win", "draw", "loss"]),
      drawn: Ammo,
      returned: Ammo,
      survivors: Schema.Array(RaidSurvivor),
      /**
       * Survivors who stayed home with a raid to miss (R-CAMPAIGN-04), read before the raid counts
       * it off: the ones Laid Up this raid (R-CAMPAIGN-15). Absent in campaigns saved before it.
       */
      stayedHome: Schema.optional(Schema.Array(Schema.String)),
    }),
  ),
  /** Names of remembered Hollowed slain in this raid (laid to rest). */
  laidToRest: Schema.Array(Schema.String),
  /**
   * The same Hollowed by Refuge and survivor id (names may repeat, B-HOLLOWED-04); absent in
   * records saved before it was kept: `laidToRest` names them.
   */
  slainHollowed: Schema.optional(Schema.Array(HollowedWho)),
  /** The scenario's objectives as the raid ended them (their `battle.end` rules act on them). */
  objectives: Schema.optional(Schema.Array(EndedObjective)),
}).annotate({ identifier: "RaidRecord" })
export type RaidRecord = typeof RaidRecord.Type

/** The side of a raid a Refuge (campaign index) played, if it played it (a league raid has some of them). */
export const sideOf = (raid: RaidRecord, refuge: number): RaidRecord["sides"][number] | undefined =>
  raid.sides.find((s) => s.refuge === refuge)

/** The most Refuges a campaign (a league) holds, and the fewest and most one raid is between. */
export const MAX_REFUGES = 16
export const RAID_SIZE = { min: 2, max: 4 } as const

const refugeIndex = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_REFUGES - 1 }))
/** The Refuges of one raid, by campaign index, in campaign order (R-CAMPAIGN-41). */
export const RaidRefuges = Schema.Array(refugeIndex).check(
  Schema.isMinLength(RAID_SIZE.min),
  Schema.isMaxLength(RAID_SIZE.max),
)

/** A raid opened between some of the league's Refuges and not yet recorded (R-CAMPAIGN-42). */
export const OpenRaid = Schema.Struct({ refuges: RaidRefuges }).annotate({ identifier: "OpenRaid" })
export type OpenRaid = typeof OpenRaid.Type

/**
 * The league's round in progress (R-CAMPAIGN-43): the Refuges that have played in it (or had its
 * bye), and, when the campaign keeps a schedule, its number, pairings and bye (R-CAMPAIGN-41).
 */
export const Round = Schema.Struct({
  number: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
  played: Schema.Array(refugeIndex),
  pairings: Schema.optional(Schema.Array(RaidRefuges)),
  bye: Schema.optional(refugeIndex),
}).annotate({ identifier: "LeagueRound" })
export type Round = typeof Round.Type

/** The six Aftermath steps in order (B-AFTERMATH-02). */
export const STEPS = ["casualties", "experience", "blight", "loot", "ammunition", "upkeep"] as const
export type Step = (typeof STEPS)[number]

/** Something the campaign waits for: dice typed in, or a player's choice. */
export const Prompt = Schema.Union([
  Schema.Struct({ kind: Schema.Literal("dice"), dice: count(40), purpose: Schema.String, by: Schema.String }),
  Schema.Struct({
    kind: Schema.Literal("choice"),
    key: Schema.String,
    question: Schema.String,
    options: Schema.Array(Schema.String),
    by: Schema.String,
  }),
]).annotate({ identifier: "CampaignPrompt" })
export type Prompt = typeof Prompt.Type

export const Answer = Schema.Union([Schema.Array(Schema.Int), Schema.String])
export type Answer = typeof Answer.Type

/** The campaign's state. */
export const CampaignState = Schema.Struct({
  ruleset: Schema.String,
  packs: Schema.Array(Schema.String),
  refuges: Schema.Array(CampaignRefuge),
  season: Schema.String,
  /** The rulings the group chose at creation (absent in an older file: the defaults). */
  options: CampaignOptions.pipe(Schema.withDecodingDefaultType(Effect.sync(() => campaignDefaults))),
  /** Raids played in this Season (R-WORLD-11). */
  seasonRaids: count(99),
  raids: Schema.Array(RaidRecord),
  phase: Schema.Literals(["between", "aftermath"]),
  /** The Aftermath in progress: the next step and Refuge to work through. */
  aftermath: Schema.optional(
    Schema.Struct({ step: count(STEPS.length), refuge: count(MAX_REFUGES), rescue: Schema.Boolean }),
  ),
  /** Raids opened and not yet recorded (absent: none; R-CAMPAIGN-42). */
  open: Schema.optional(Schema.Array(OpenRaid)),
  /** The round in progress when some Refuges have played in it (absent: none; R-CAMPAIGN-43). */
  round: Schema.optional(Round),
  /** Scheduled rounds completed (absent: none yet, or no schedule). */
  rounds: Schema.optional(count(9999)),
  /** The Refuges that have had a bye, in order (absent: none; R-CAMPAIGN-41). */
  byes: Schema.optional(Schema.Array(refugeIndex)),
  hollowed: Schema.Array(Hollowed),
  lost: Schema.Array(Lost),
  pending: Schema.optional(
    Schema.Struct({
      command: Schema.Unknown,
      /** Who gave the command. */
      by: Schema.optional(Schema.String),
      answers: Schema.Array(Answer),
      prompt: Schema.optional(Prompt),
    }),
  ),
  dice: Schema.Struct({
    mode: Schema.Literals(["seeded", "manual"]),
    prng: Schema.optional(Schema.Tuple([Schema.Number, Schema.Number, Schema.Number, Schema.Number])),
  }),
  counters: Schema.Struct({ survivor: count(99999) }),
  seq: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)),
}).annotate({ identifier: "CampaignState" })
export type CampaignState = typeof CampaignState.Type
