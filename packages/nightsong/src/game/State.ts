/**
 * A Nightsong game's state: the seats at the table, the party with their play sheets and gear,
 * the NPCs, the clock (round, Turn, Watch, day, session), the fight under way, step-die trackers,
 * and the last roll Focus may still improve. Everything here is plain data, rebuilt by folding
 * the game's events (Event.ts).
 *
 * @since 0.2.0
 */
import type { StepDie } from "@blight/dice"
import type { Pending } from "@blight/engine"
import type { Character } from "../character/Character.js"
import type { Content } from "../pack/Content.js"
import type { Special } from "../pack/Entries.js"
import type { Adventurer } from "../procedures/Adventurer.js"
import type { CheckResult } from "../procedures/checks/Check.js"
import type { Attack, AttackResult, Defender } from "../procedures/combat/Damage.js"
import type { Side } from "../procedures/combat/Round.js"
import type { Light } from "../procedures/delve/Light.js"
import type { Gear } from "../procedures/items/Gear.js"
import type { Npc } from "../procedures/npc/Npc.js"
import type { Structure } from "../procedures/structures/Structures.js"
import type { World } from "../world/World.js"

/** A player character: whose seat commands it, its play sheet, and what it carries with a Step Die. */
export interface Member {
  readonly id: string
  readonly owner: string
  readonly adventurer: Adventurer
  /** Weapons, Armor, Shields, Spell Shards, Remedies and supplies, each with its Step Die. */
  readonly gear: ReadonlyArray<Gear>
  /** The whole sheet the character joined with (background, details, items), if it joined with one. */
  readonly sheet?: Character | undefined
}

/** An NPC, creature, recruit or Force in play. */
export interface Figure extends Npc {
  readonly id: string
  /** The pack creature it was made from, and the specials the game applies (R-N-PACK-06). */
  readonly creature?: string | undefined
  readonly specials?: ReadonlyArray<Special> | undefined
}

/** The clock (N-TIME-01, N-TIME-02): Watch 0–3 is morning, afternoon, evening, night. */
export interface Clock {
  readonly session: number
  /** True between `session start` and `session end` (N-FOCUS-01, N-FOCUS-03). */
  readonly inSession: boolean
  readonly day: number
  readonly watch: number
  /** Turns since the clock started (N-TIME-01: about 10 minutes each). */
  readonly turn: number
}

/** A fight under way (N-COMBAT-01..04). */
export interface Fight {
  readonly round: number
  /** The two sides in the order they act this Round. */
  readonly order: ReadonlyArray<Side>
  /** The side whose turn it is. */
  readonly side: Side
  /** Who has taken their action this Round. */
  readonly acted: ReadonlyArray<string>
  readonly enemies: ReadonlyArray<string>
  /** Pairs locked in melee: a ranged attack from either is refused (N-COMBAT-15). */
  readonly engaged: ReadonlyArray<ReadonlyArray<string>>
  /** Weapons each character attacked with, for wear and tear (N-COMBAT-11). */
  readonly used: Readonly<Record<string, ReadonlyArray<string>>>
  /** Whether the band has made its morale roll for losing half its numbers (R-N-RESOLVE-01: once). */
  readonly moraleTested: boolean
}

/** A Step Die counting something down: a torch, a looming event, a creature catching up (N-STEPDIE-02). */
export interface Tracker {
  readonly name: string
  readonly die: StepDie.StepDie
  readonly start: StepDie.StepDie
  /** A looming event (N-EVENT-02): rolled by the game at the start of each Turn and Watch. */
  readonly looming?: boolean | undefined
}

/** The last Check, which its character may still spend Focus on (N-FOCUS-02). */
export interface LastCheck {
  readonly character: string
  readonly result: CheckResult & { readonly focusSpent?: true }
}

/** A character's last Damage roll, which they may still spend Focus on (N-FOCUS-02). */
export interface LastDamage {
  readonly character: string
  readonly target: string
  readonly attack: Attack
  readonly defender: Defender
  readonly result: AttackResult
}

/** An NPC's disposition toward the group, from a reaction or a fight (N-EVENT-04). */
export type Attitude = "friendly" | "hostile"

/** The whole state. */
export interface GameState {
  readonly seq: number
  readonly dice: { readonly mode: "seeded" | "manual"; readonly prng?: ReadonlyArray<number> | undefined }
  readonly pending?: Pending | undefined
  readonly seats: { readonly referee: string; readonly players: ReadonlyArray<string> }
  /** Solo play: DR 12 unless stated, every Check Nuanced (N-CHECK-03, N-NUANCED-03; R-N-GAME-21). */
  readonly solo?: true | undefined
  readonly party: Readonly<Record<string, Member>>
  readonly npcs: Readonly<Record<string, Figure>>
  readonly clock: Clock
  readonly fight?: Fight | undefined
  readonly trackers: Readonly<Record<string, Tracker>>
  readonly lastCheck?: LastCheck | undefined
  readonly lastDamage?: LastDamage | undefined
  /** The party's light while delving (N-DELVE-02..04); absent outside the depths. */
  readonly light?: Light | undefined
  /** The miles the group has made on the road today (N-JOURNEY-01). */
  readonly road?: { readonly day: number; readonly miles: number } | undefined
  /** Pressing on in bad weather: Disadvantage on the rolls until the next Watch or rest (N-JOURNEY-02). */
  readonly hardGoing?: boolean | undefined
  /** The day of each character's last Long or Full Rest (N-JOURNEY-07). */
  readonly rested?: Readonly<Record<string, number>> | undefined
  /** The day each recruit's needs were last ruled on (R-N-RECRUIT-01: once a day). */
  readonly needsDay?: Readonly<Record<string, number>> | undefined
  /** Structures and vehicles in play, by name (N-STRUCTURE, N-VEHICLE). */
  readonly structures?: Readonly<Record<string, Structure>> | undefined
  /** The Land the game is played on (the Living World, N-FACTION-06). */
  readonly land?: World | undefined
  /** What each NPC's reaction showed (N-EVENT-04): friendly (curious, kind, helpful) or hostile. */
  readonly attitudes?: Readonly<Record<string, Attitude>> | undefined
  /** The game session after which the Land last took its turn (one turn between sessions, R-N-GAME-16). */
  readonly landTurnAfter?: number | undefined
  /** The packs the game was set up with, merged over the core pack: kept whole, so a replay reads them (R-N-PACK-06). */
  readonly content?: Content | undefined
}

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
