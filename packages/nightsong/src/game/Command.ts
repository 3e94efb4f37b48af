/**
 * A Nightsong game's commands, as schemas: what `do --command` decodes and `legal --json`
 * prints. The Referee's calls (a DR, Advantage, a threshold, a feat's harm) are optional fields:
 * given, they are facts of the command; left out, the game asks the Referee for them.
 *
 * @since 0.2.0
 */
import { StepDie } from "@blight/dice"
import { Schema } from "effect"
import { Character } from "../character/Character.js"
import { GenerateOptions } from "../character/Generate.js"
import { System } from "../conversion/Npc.js"
import { ABILITIES, Abilities } from "../procedures/Adventurer.js"
import { Harm } from "../procedures/combat/Damage.js"
import { LiveDie } from "../procedures/Dice.js"
import { LightKind } from "../procedures/delve/Light.js"
import { decoder } from "../procedures/Errors.js"
import { Gear } from "../procedures/items/Gear.js"
import { Need } from "../procedures/npc/Npc.js"
import { Size } from "../procedures/structures/Structures.js"
import { World } from "../world/World.js"

const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(60))
const Text = Schema.String.check(Schema.isMaxLength(200))
const Int = Schema.Int
/** The Referee's call on Advantage (N-ADV-01, N-ADV-02; R-N-ADV-01 for both at once). */
export const AdvantageCall = Schema.Literals(["none", "advantage", "disadvantage"])
export type AdvantageCall = typeof AdvantageCall.Type
/** An Ability by name. */
export const AbilityName = Schema.Literals(ABILITIES)
/** Who was caught off guard (N-COMBAT-02). */
export const SurpriseCall = Schema.Literals(["none", "players", "enemies", "both"])
export type SurpriseCall = typeof SurpriseCall.Type

const cmd = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields })

/** Answers to the waiting prompt, and undo. */
export const Roll = cmd("roll", { faces: Schema.Array(Int).check(Schema.isMaxLength(40)) })
export const Choose = cmd("choose", { option: Text })
export const Undo = cmd("undo", {})

/** The table. */
export const Join = cmd("join", {
  id: Id,
  name: Text,
  owner: Schema.optional(Id),
  /** Abilities, for a character made at the table; or `sheet`, a whole character sheet. */
  abilities: Schema.optional(Abilities),
  sheet: Schema.optional(Character),
  gear: Schema.optional(Schema.Array(Gear).check(Schema.isMaxLength(60))),
  /** Slots the character's items take (N-SLOTS-02: petty 0, standard 1, bulky 2); default one per piece of gear. */
  slots: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 60 }))),
})
/** A character made at the table with the game's dice (N-CREATE-01): what `options` leaves out is rolled. */
export const Create = cmd("create", {
  id: Id,
  owner: Schema.optional(Id),
  options: Schema.optional(GenerateOptions),
})
/** After a death, the player takes over an NPC travelling with the group (N-DEATH-01). */
export const TakeOver = cmd("takeOver", {
  npc: Id,
  owner: Schema.optional(Id),
  abilities: Schema.optional(Abilities),
})
/** Drops a piece of gear, freeing its Slot (N-CONDITION-02: to make room for a Condition). */
export const Drop = cmd("drop", { character: Id, item: Text })
/** The Referee puts something found into a character's pack (N-BACKGROUND-05: Shards are found, never crafted). */
export const Find = cmd("find", {
  character: Id,
  item: Gear,
  /** Slots it takes (N-SLOTS-02: petty 0, standard 1, bulky 2); default 1. */
  slots: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 2 }))),
})
/** The Referee's judgement of an action (N-ACTION-01): assured happens, impossible fails, uncertain is a Check. */
export const ActionCmd = cmd("action", {
  character: Id,
  what: Text,
  judgement: Schema.optional(Schema.Literals(["assured", "uncertain", "impossible"])),
})
export const AddNpc = cmd("npc", {
  id: Id,
  name: Text,
  hp: Int,
  attack: Schema.Array(LiveDie).check(Schema.isMinLength(1), Schema.isMaxLength(6)),
  armor: Schema.optional(LiveDie),
  resolve: Schema.optional(Int),
  force: Schema.optional(Schema.Boolean),
  /** What it wants (N-NPC-01): the Referee's guide to bribes, withdrawal and bargains. */
  drives: Schema.optional(Schema.Array(Text).check(Schema.isMaxLength(10))),
})
/** A stat block from another game, converted and brought into play (N-CONVERSION-01..08). */
export const ConvertNpc = cmd("convert", {
  id: Id,
  system: System,
  /** The block as `blight nightsong convert --schema SYSTEM` describes it. */
  block: Schema.Unknown.annotateKey({
    description:
      "Free-form here: the stat block, whose shape depends on the system; its own schema (blight nightsong convert --schema SYSTEM) checks it",
  }),
})
export const Session = cmd("session", { action: Schema.Literals(["start", "end"]) })
export const AddCondition = cmd("condition", {
  character: Id,
  name: Text,
  severity: Schema.optional(Schema.Literals(["minor", "major"])),
})

/** Checks. */
export const CheckCmd = cmd("check", {
  character: Id,
  ability: AbilityName,
  dr: Schema.optional(Int),
  advantage: Schema.optional(AdvantageCall),
  helper: Schema.optional(Id),
  nuanced: Schema.optional(Schema.Boolean),
})
export const Save = cmd("save", {
  /** A party member; or an NPC, for whom the Referee rolls the Die of Fate instead (N-SAVE-02). */
  character: Id,
  ability: AbilityName,
  severity: Schema.optional(Int),
  advantage: Schema.optional(AdvantageCall),
  /** An NPC's save: the Die of Fate threshold (asked when left out). */
  threshold: Schema.optional(Int),
})
export const Focus = cmd("focus", {
  character: Id,
  /** Which of the character's last rolls: its Check, or its Damage roll (default: the Check, else the Damage). */
  on: Schema.optional(Schema.Literals(["check", "damage"])),
})
export const Opposed = cmd("opposed", {
  character: Id,
  ability: AbilityName,
  against: Id,
  /** The other side's score: its Ability if a character, the Referee's call if an NPC. */
  againstAbility: Schema.optional(AbilityName),
  againstScore: Schema.optional(Int),
})
export const FateCmd = cmd("fate", { question: Text, threshold: Schema.optional(Int) })

/** Combat. */
export const FightCmd = cmd("fight", {
  enemies: Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(40)),
  surprise: Schema.optional(SurpriseCall),
})
export const AttackCmd = cmd("attack", {
  attacker: Id,
  target: Id,
  /** A Weapon the attacker carries; left out, unarmed (a character) or its attack (an NPC). */
  weapon: Schema.optional(Text),
  ranged: Schema.optional(Schema.Boolean),
  cover: Schema.optional(Schema.Boolean),
  advantage: Schema.optional(AdvantageCall),
  /** A feat's harm: the Referee assigns its Damage Die (N-COMBAT-07). */
  feat: Schema.optional(Harm),
  /** The defender blocks with a Shield (declared before the roll, R-N-SHIELD-01); asked when left out. */
  block: Schema.optional(Schema.Boolean),
})
/** Blast Damage (N-COMBAT-13): one Damage roll for each target caught. */
export const Blast = cmd("blast", {
  attacker: Id,
  /** The targets that may be caught, nearest first. */
  targets: Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(40)),
  weapon: Schema.optional(Text),
  feat: Schema.optional(Harm),
  advantage: Schema.optional(AdvantageCall),
  /** How many are caught is unclear: the attack's Damage dice give the number (R-N-COMBAT-03). */
  unclear: Schema.optional(Schema.Boolean),
})
export const EndTurn = cmd("endTurn", {})
export const Disengage = cmd("disengage", { who: Id })
export const EndFight = cmd("endFight", { why: Text })
export const HelpCmd = cmd("help", { helper: Id, dying: Id })

/** Recovery, spells, advancement, trackers. */
export const Rest = cmd("rest", {
  kind: Schema.Literals(["short", "long", "full"]),
  characters: Schema.optional(Schema.Array(Id).check(Schema.isMaxLength(40))),
  /** Shards each character refills in a Long Rest, by name (N-SPELL-05). */
  refill: Schema.optional(Schema.Record(Schema.String, Schema.Array(Text))),
  shelter: Schema.optional(Schema.Boolean),
  /** A Full Rest where the shelter feeds the party: no rations eaten that week (R-N-GAME-17). */
  fed: Schema.optional(Schema.Boolean),
})
export const RemedyCmd = cmd("remedy", { character: Id, remedy: Text, treat: Schema.optional(Text) })
export const Cast = cmd("cast", { character: Id, shard: Text })
export const Advance = cmd("advance", { character: Id })
export const Track = cmd("track", { name: Text, die: StepDie.StepDie })
export const Tick = cmd("tick", { name: Text })

/** A Die of Fate threshold the Referee gives (0–100, low is yes); left out, it is asked. */
const Threshold = Schema.optional(Int)

/** Journeys (N-JOURNEY): a Watch of travel, foraging. */
export const WatchCmd = cmd("watch", {
  terrain: Schema.optional(Schema.Literals(["clear", "difficult"])),
  /** A clear path or landmark: ×2 miles, and no navigation (N-JOURNEY-04). */
  path: Schema.optional(Schema.Boolean),
  by: Schema.optional(Schema.Literals(["foot", "horse", "ship"])),
  /** Thresholds of "does the weather hold?", "on course?" and "is the way clear?". */
  weather: Threshold,
  navigation: Threshold,
  way: Threshold,
  /** The group's choice if the weather breaks (asked when left out). */
  badWeather: Schema.optional(Schema.Literals(["wait", "pressOn"])),
})
export const Forage = cmd("forage", { character: Id, ration: Schema.optional(Text), threshold: Threshold })

/** Delving (N-DELVE). */
export const Delve = cmd("delve", { action: Schema.Literals(["start", "end"]) })
export const LightCmd = cmd("light", { character: Id, kind: LightKind, from: Text })
export const TurnCmd = cmd("turn", { way: Threshold })

/** Events (N-EVENT). */
export const Loom = cmd("loom", { name: Text, die: Schema.optional(StepDie.StepDie) })
export const Distance = cmd("distance", { threshold: Threshold })
export const Reaction = cmd("reaction", { npc: Id, threshold: Threshold })

/** Recruits (N-RECRUIT): the needs left unmet today (none: all met). */
export const Needs = cmd("needs", {
  npc: Id,
  unmet: Schema.optional(Schema.Array(Need).check(Schema.isMaxLength(3))),
})

/** Structures, vehicles, ordnance (N-STRUCTURE, N-VEHICLE, N-ORDNANCE). */
export const StructureCmd = cmd("structure", {
  name: Id,
  kind: Schema.Literals(["light", "fortification", "vehicle"]),
  size: Size,
})
export const Strike = cmd("strike", {
  target: Id,
  dice: Schema.Array(LiveDie).check(Schema.isMinLength(1), Schema.isMaxLength(6)),
  means: Schema.Literals(["weapon", "fire", "magic", "ordnance", "hugeCreature"]),
})
export const Ordnance = cmd("ordnance", {
  size: Size,
  targets: Schema.Array(Id).check(Schema.isMinLength(1), Schema.isMaxLength(40)),
})
export const Collide = cmd("collide", { a: Id, b: Id, larger: Schema.optional(Id) })
export const Repair = cmd("repair", {
  name: Id,
  hp: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 30 })),
})

/** Packs (R-N-PACK-06): a pack's creature brought on as an NPC; a Spell Shard rolled on a pack's Spell table. */
export const CreatureCmd = cmd("creature", { id: Id, creature: Id, name: Schema.optional(Text) })
export const ShardCmd = cmd("shard", { character: Id, table: Schema.optional(Id) })

/** The Land (N-FACTION-06): generated from a seed, or a saved world; its turn between sessions. */
export const LandCmd = cmd("land", { seed: Schema.optional(Int), world: Schema.optional(World) })
export const WorldTurn = cmd("worldTurn", {})

/** Every command (each area's rules are in the registry, Registry.ts). */
export const Command = Schema.Union([
  Roll,
  Choose,
  Undo,
  Join,
  Create,
  AddNpc,
  ConvertNpc,
  Session,
  AddCondition,
  Drop,
  Find,
  TakeOver,
  ActionCmd,
  CheckCmd,
  Save,
  Focus,
  Opposed,
  FateCmd,
  FightCmd,
  AttackCmd,
  Blast,
  EndTurn,
  Disengage,
  EndFight,
  HelpCmd,
  Rest,
  RemedyCmd,
  Cast,
  Advance,
  Track,
  Tick,
  WatchCmd,
  Forage,
  Delve,
  LightCmd,
  TurnCmd,
  Loom,
  Distance,
  Reaction,
  Needs,
  StructureCmd,
  Strike,
  Ordnance,
  Collide,
  Repair,
  LandCmd,
  WorldTurn,
  CreatureCmd,
  ShardCmd,
])
export type Command = typeof Command.Type

/** Reads a command from JSON-like input, or throws a ProcedureError naming the path. */
export const decodeCommand: (input: unknown) => Command = decoder(Command, "command")
