/**
 * A Nightsong game's state: the seats at the table, the party with their play sheets and gear,
 * the NPCs, the clock (round, Turn, Watch, day, session), the fight under way, step-die trackers,
 * and the last roll Focus may still improve. Everything here is plain data, rebuilt by folding
 * the game's events (Event.ts).
 *
 * @since 0.2.0
 */
import { StepDie } from "@blight/dice"
import { ChoicePrompt, Faces, SidedDicePrompt } from "@blight/engine"
import { Schema } from "effect"
import { Character } from "../character/Character.js"
import { Content } from "../pack/Content.js"
import { Special } from "../pack/Entries.js"
import { Adventurer } from "../procedures/Adventurer.js"
import { CheckResult } from "../procedures/checks/Check.js"
import { Attack, AttackResult, Defender } from "../procedures/combat/Damage.js"
import { Side } from "../procedures/combat/Round.js"
import { Light } from "../procedures/delve/Light.js"
import { Gear } from "../procedures/items/Gear.js"
import { Npc } from "../procedures/npc/Npc.js"
import { Structure } from "../procedures/structures/Structures.js"
import { World } from "../world/World.js"

const Ids = Schema.Array(Schema.String)

/** A player character: whose seat commands it, its play sheet, and what it carries with a Step Die. */
export const Member = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  adventurer: Adventurer,
  /** Weapons, Armor, Shields, Spell Shards, Remedies and supplies, each with its Step Die. */
  gear: Schema.Array(Gear),
  /** The whole sheet the character joined with (background, details, items), if it joined with one. */
  sheet: Schema.optional(Character),
}).annotate({ identifier: "NightsongMember", description: "A player character in the party" })
export type Member = typeof Member.Type

/** An NPC, creature, recruit or Force in play. */
export const Figure = Schema.Struct({
  id: Schema.String,
  ...Npc.fields,
  /** The pack creature it was made from, and the specials the game applies (R-N-PACK-06). */
  creature: Schema.optional(Schema.String),
  specials: Schema.optional(Schema.Array(Special)),
}).annotate({ identifier: "NightsongFigure", description: "An NPC, creature, recruit or Force in play" })
export type Figure = typeof Figure.Type

/** The clock (N-TIME-01, N-TIME-02): Watch 0–3 is morning, afternoon, evening, night. */
export const Clock = Schema.Struct({
  session: Schema.Int,
  /** True between `session start` and `session end` (N-FOCUS-01, N-FOCUS-03). */
  inSession: Schema.Boolean,
  day: Schema.Int,
  watch: Schema.Int.annotate({ description: "0–3: morning, afternoon, evening, night" }),
  /** Turns since the clock started (N-TIME-01: about 10 minutes each). */
  turn: Schema.Int,
}).annotate({ identifier: "NightsongClock" })
export type Clock = typeof Clock.Type

/** A fight under way (N-COMBAT-01..04). */
export const Fight = Schema.Struct({
  round: Schema.Int,
  /** The two sides in the order they act this Round. */
  order: Schema.Array(Side),
  /** The side whose turn it is. */
  side: Side,
  /** Who has taken their action this Round. */
  acted: Ids,
  enemies: Ids,
  /** Pairs locked in melee: a ranged attack from either is refused (N-COMBAT-15). */
  engaged: Schema.Array(Ids),
  /** Weapons each character attacked with, for wear and tear (N-COMBAT-11). */
  used: Schema.Record(Schema.String, Ids),
  /** Whether the band has made its morale roll for losing half its numbers (R-N-RESOLVE-01: once). */
  moraleTested: Schema.Boolean,
}).annotate({ identifier: "NightsongFight", description: "The fight under way" })
export type Fight = typeof Fight.Type

/** A Step Die counting something down: a torch, a looming event, a creature catching up (N-STEPDIE-02). */
export const Tracker = Schema.Struct({
  name: Schema.String,
  die: StepDie.StepDie,
  start: StepDie.StepDie,
  /** A looming event (N-EVENT-02): rolled by the game at the start of each Turn and Watch. */
  looming: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "NightsongTracker", description: "A Step Die counting something down" })
export type Tracker = typeof Tracker.Type

/** The last Check, which its character may still spend Focus on (N-FOCUS-02). */
export const LastCheck = Schema.Struct({
  character: Schema.String,
  result: Schema.Struct({ ...CheckResult.fields, focusSpent: Schema.optionalKey(Schema.Literal(true)) }),
}).annotate({ identifier: "NightsongLastCheck" })
export type LastCheck = typeof LastCheck.Type

/** A character's last Damage roll, which they may still spend Focus on (N-FOCUS-02). */
export const LastDamage = Schema.Struct({
  character: Schema.String,
  target: Schema.String,
  attack: Attack,
  defender: Defender,
  result: AttackResult,
}).annotate({ identifier: "NightsongLastDamage" })
export type LastDamage = typeof LastDamage.Type

/** An NPC's disposition toward the group, from a reaction or a fight (N-EVENT-04). */
export const Attitude = Schema.Literals(["friendly", "hostile"])
export type Attitude = typeof Attitude.Type

/** What a Nightsong prompt asks: dice of any size to roll, or a call to choose. */
export const Prompt = Schema.Union([SidedDicePrompt, ChoicePrompt]).annotate({
  identifier: "NightsongGamePrompt",
  description: "A prompt: dice to roll (answer with roll), or a call to choose (answer with choose)",
})
export type Prompt = typeof Prompt.Type

/** An answer to a prompt: the faces rolled, or the option chosen. */
export const Answer = Schema.Union([Faces, Schema.String]).annotate({ identifier: "NightsongAnswer" })
export type Answer = typeof Answer.Type

/** The dice: seeded (the PRNG's state kept) or typed in. */
export const Dice = Schema.Struct({
  mode: Schema.Literals(["seeded", "manual"]),
  prng: Schema.optional(Schema.Array(Schema.Number)),
})

/** The kernel's command running or waiting (its command is decoded by the game when it runs). */
export const Pending = Schema.Struct({
  command: Schema.Unknown,
  by: Schema.optional(Schema.String),
  answers: Schema.Array(Answer),
  prompt: Schema.optional(Prompt),
}).annotate({ identifier: "NightsongPending" })

/** The whole state. */
export const GameState = Schema.Struct({
  seq: Schema.Int,
  dice: Dice,
  pending: Schema.optional(Pending),
  seats: Schema.Struct({ referee: Schema.String, players: Ids }),
  /** Solo play: DR 12 unless stated, every Check Nuanced (N-CHECK-03, N-NUANCED-03; R-N-GAME-21). */
  solo: Schema.optional(Schema.Literal(true)),
  party: Schema.Record(Schema.String, Member),
  npcs: Schema.Record(Schema.String, Figure),
  clock: Clock,
  fight: Schema.optional(Fight),
  trackers: Schema.Record(Schema.String, Tracker),
  lastCheck: Schema.optional(LastCheck),
  lastDamage: Schema.optional(LastDamage),
  /** The party's light while delving (N-DELVE-02..04); absent outside the depths. */
  light: Schema.optional(Light),
  /** The miles the group has made on the road today (N-JOURNEY-01). */
  road: Schema.optional(Schema.Struct({ day: Schema.Int, miles: Schema.Number })),
  /** Pressing on in bad weather: Disadvantage on the rolls until the next Watch or rest (N-JOURNEY-02). */
  hardGoing: Schema.optional(Schema.Boolean),
  /** The day of each character's last Long or Full Rest (N-JOURNEY-07). */
  rested: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
  /** The day each recruit's needs were last ruled on (R-N-RECRUIT-01: once a day). */
  needsDay: Schema.optional(Schema.Record(Schema.String, Schema.Int)),
  /** Structures and vehicles in play, by name (N-STRUCTURE, N-VEHICLE). */
  structures: Schema.optional(Schema.Record(Schema.String, Structure)),
  /** The Land the game is played on (the Living World, N-FACTION-06). */
  land: Schema.optional(World),
  /** What each NPC's reaction showed (N-EVENT-04): friendly (curious, kind, helpful) or hostile. */
  attitudes: Schema.optional(Schema.Record(Schema.String, Attitude)),
  /** The game session after which the Land last took its turn (one turn between sessions, R-N-GAME-16). */
  landTurnAfter: Schema.optional(Schema.Int),
  /** The packs the game was set up with, merged over the core pack: kept whole, so a replay reads them (R-N-PACK-06). */
  content: Schema.optional(Content),
}).annotate({ identifier: "NightsongFullGameState", description: "A game's whole state, the dice state too" })
export type GameState = typeof GameState.Type

/** A game's first state: the seats, nobody in the party, the clock at day 1, morning, no session. */
export const emptyState = (
  players: ReadonlyArray<string>,
  dice: GameState["dice"],
  referee = "referee",
  solo = false,
): GameState => ({
  seq: 0,
  dice,
  seats: { referee, players: [...players] },
  ...(solo ? { solo: true as const } : {}),
  party: {},
  npcs: {},
  clock: { session: 0, inSession: false, day: 1, watch: 0, turn: 0 },
  trackers: {},
})

/** Is this id a party member's? */
export const isMember = (s: GameState, id: string): boolean => Object.hasOwn(s.party, id)
/** Is this id an NPC's? */
export const isNpc = (s: GameState, id: string): boolean => Object.hasOwn(s.npcs, id)
