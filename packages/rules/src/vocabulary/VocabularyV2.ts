/**
 * The second vocabulary of effects (issue 11): the words the core hooks needed and the first
 * vocabulary lacked, decided from the inventory of every hook's answer (XP and items gained,
 * healing, damage, thresholds, free actions, Noise of an action, outcomes replaced, visibility
 * scoped to who is looking, terrain, statuses with durations, exchanges of stores, Market limits,
 * counters). Hooks answer in these words, and data can say them directly, so a rule that used to
 * need a hook is now a line of JSON the engine reads by its kind.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { WeaponRef } from "../terms/Ids.js"
import { Condition } from "./Condition.js"
import { Amount, effect } from "./EffectKind.js"
import { Action, Inches, Store } from "./Vocabulary.js"

const int = (min: number, max: number) => Schema.Int.check(Schema.isBetween({ minimum: min, maximum: max }))

/** XP gained in the Aftermath's Experience step (Quick Study, the Casualty result Hardened). */
export const Experience = effect(
  "experience",
  { xp: int(1, 10) },
  "Gains XP in the Aftermath's Experience step (B-XP-01)",
)

/** The Refuge gains an item (the Loot firearm table). */
export const GainItem = effect("gainItem", { weapon: WeaponRef }, "The Refuge gains a weapon (B-LOOT-*)")

/** Health regained, never above the profile's Health (Sap Blood, the Carrion Bloom's feeding). */
export const Heal = effect(
  "heal",
  { health: Amount },
  "Regains Health, never above the starting Health; a model Down is not healed unless `when` says so",
)

/** Extra Damage on each Crit hit that gets through (a weapon's Crit effect). */
export const DamageModifier = effect(
  "damageModifier",
  { value: int(-3, 3), on: Schema.Literal("crit") },
  "Adds to the Damage of each hit of this kind that gets through (`crit`: each unblocked Crit)",
)

/** Hits dealt by a rule rather than an attack roll (Thorn Lash, Spore Breath); Armour applies. */
export const Hit = effect(
  "hit",
  {
    hits: int(0, 20),
    crits: int(0, 20),
    damage: int(1, 6),
    infectious: Schema.optional(int(0, 3)),
  },
  "The model takes hits (Crits among them) of this Damage; Armour applies (B-ARMOUR-*); `infectious` adds Blight per unblocked hit on a survivor",
)

/** A rule's number changed (the Mechanic's Tinker: Jam on three 1s). */
export const Threshold = effect(
  "threshold",
  { rule: Schema.Literal("jam"), value: int(2, 6) },
  "Changes a rule's number: `jam` is how many 1s on a Shoot roll Jam a Scrap weapon (B-JAM-01 says 2)",
)

/** An action that doesn't use one of the activation's two actions (Quick Reload). */
export const FreeAction = effect(
  "freeAction",
  { action: Action },
  "This action doesn't use one of the activation's two actions (B-ACT-07); `uses` says how often",
)

/** The Noise an action makes (Soft Step, Soundless: none). */
export const ActionNoise = effect(
  "actionNoise",
  { actions: Schema.Array(Action).check(Schema.isMinLength(1)), value: int(0, 3) },
  "These actions make this much Noise (0: Quiet) instead of their usual Noise (B-NOISE-01)",
)

/** An outcome becomes another (Under Fire Before: Panic becomes Shaken; Deep Roots: Down becomes standing). */
export const ReplaceOutcome = effect(
  "replaceOutcome",
  { outcome: Schema.Literals(["panic", "down"]), becomes: Schema.Literals(["shaken", "standing"]) },
  "An outcome is replaced: `panic` → `shaken` (a failed Dread test, B-DREAD-03), `down` → `standing` (B-DOWN-01)",
).check(
  Schema.makeFilter((e) =>
    (e.outcome === "panic") === (e.becomes === "shaken")
      ? undefined
      : { path: ["becomes"], issue: "panic becomes shaken; down becomes standing" },
  ),
)

/** Who can't target a model, from how far (the Stalk; Night Raid's dark). */
export const Untargetable = effect(
  "untargetable",
  {
    action: Schema.Literal("shoot"),
    beyond: Inches,
    by: Schema.Literals(["enemies", "models"]),
    unless: Schema.optional(Condition),
  },
  "The model can't be the target of this action from further than `beyond`, by `by` (who is looking); `unless` (tested on the model) lifts it",
)

/** Terrain a rule can let a model cross freely. */
export const TerrainWord = Schema.Literals(["climbing", "dense", "blocking"]).annotate({
  identifier: "TerrainWord",
  description: "climbing (ruins, costs double), dense (Blight growth, costs double), blocking (walls)",
})
export type TerrainWord = typeof TerrainWord.Type

/** Terrain that costs the model nothing (flying, burrowing). */
export const IgnoreTerrain = effect(
  "ignoreTerrain",
  { terrain: Schema.Array(TerrainWord).check(Schema.isMinLength(1)) },
  "This terrain costs the model no extra Move (climbing, dense growth) or doesn't block it (blocking)",
)

/** How long a status lasts. */
export const Duration = Schema.Union([
  Schema.Literals(["nextActivation", "round", "battle"]),
  Schema.Struct({ raids: int(1, 6) }),
]).annotate({
  identifier: "Duration",
  description: 'How long: "nextActivation", "round", "battle", or { "raids": N } (the next N raids)',
})
export type Duration = typeof Duration.Type

/** Statuses a rule sets or clears, in a raid or between raids. */
export const Status = Schema.Literals([
  "shaken",
  "rooted",
  "jammed",
  "laidUp",
  "hungry",
  "leaves",
  "laidToRest",
]).annotate({
  identifier: "Status",
  description:
    "shaken, rooted (no Move or Sprint), jammed (a firearm), laidUp (misses raids), hungry, leaves (the Refuge), laidToRest (a Hollowed never returns)",
})
export type Status = typeof Status.Type

/** A status set (or cleared, `set: false`), for a while. */
export const SetStatus = effect(
  "status",
  { status: Status, set: Schema.optional(Schema.Boolean), duration: Schema.optional(Duration) },
  "Sets a status (or clears it: `set: false`) for a `duration`",
)

const StoreAmount = Schema.Struct({ store: Store, amount: int(1, 20) })

/** Stores turned into other stores at a rate (the Reloading Bench). */
export const Exchange = effect(
  "exchange",
  { give: StoreAmount, get: StoreAmount },
  "Between raids, the Refuge may turn `give` into `get`, as often as its stores allow, without an Errand",
)

/** What the Market will deal in (a Congregation, B-CONGREGATION-07/08). */
export const MarketRestriction = effect(
  "marketRestriction",
  {
    weapons: Schema.Literal("commonMelee"),
    kit: Schema.Literal("common"),
    maxArmour: int(0, 6),
    reloads: Schema.Boolean,
    sellAmber: Schema.Boolean,
  },
  "The Market sells this Refuge only these: Common melee weapons, Common kit, armour up to `maxArmour`; Reloads and selling Amber as allowed",
)

/** A scenario's counter set to a value (the Planting's Rite). */
export const SetCounter = effect(
  "counter",
  { counter: Schema.Literal("rite"), value: int(0, 24) },
  "Sets a scenario counter (the Rite) to a value",
)

/** Creatures lurking at set-up in the Refuge's next raid, more or fewer (a clean street). */
export const Lurking = effect(
  "lurking",
  { value: int(-3, 3) },
  "Changes how many creatures lurk at set-up in the Refuge's next raid (never below 0)",
)
