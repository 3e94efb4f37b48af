/**
 * Items and the Slots they take (N-SLOTS-02, N-SLOTS-03, N-ITEM-01): standard items take 1 Slot,
 * bulky items 2 and petty items none. Weapons, Armor, Shields, supplies and Spell Shards carry a
 * Step Die (quality or uses) where the text gives one.
 *
 * @since 0.1.0
 */
import { StepDie } from "@blight/dice"
import { Schema } from "effect"

/** How much room an item takes (N-SLOTS-02). */
export const ItemSize = Schema.Literals(["standard", "bulky", "petty"]).annotate({
  identifier: "ItemSize",
  description: "standard 1 Slot, bulky 2, petty none (N-SLOTS-02)",
})
export type ItemSize = typeof ItemSize.Type

/** What an item is, for the rules that treat kinds differently (N-WEAPON-*, N-ARMOR-*, N-SHIELD-*). */
export const ItemKind = Schema.Literals([
  "weapon",
  "armor",
  "shield",
  "supply",
  "spell-shard",
  "gear",
]).annotate({
  identifier: "ItemKind",
})
export type ItemKind = typeof ItemKind.Type

/** An item in an inventory. `die` is a Weapon, Armor or Shield quality, or a supply's uses. */
export const Item = Schema.Struct({
  name: Schema.NonEmptyString,
  kind: ItemKind,
  size: ItemSize,
  die: Schema.optional(StepDie.StepDie),
  /**
   * The Step Die the item started at, written once `die` has moved off it (worn, used up, broken):
   * a repair or refill goes back to it. Absent, the item started at the die it shows (R-N-CHAR-10).
   */
  start: Schema.optional(StepDie.StepDie),
  /** A detail the text gives in brackets that is not a die, e.g. "50ft". */
  note: Schema.optional(Schema.String),
  /** True where a value fills a gap in the text (e.g. a Spell Shard's die, GAP-N-01). */
  provisional: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "Item" })
export type Item = typeof Item.Type

/** Slots an item takes: standard 1, bulky 2, petty 0 (N-SLOTS-02). */
export const slotsOf = (item: Pick<Item, "size">): number =>
  item.size === "bulky" ? 2 : item.size === "standard" ? 1 : 0

/** The die range the text allows for each kind of item (N-WEAPON-01, N-ARMOR-01, N-SHIELD-02). */
export const dieRange: Partial<
  Record<ItemKind, { readonly dice: readonly StepDie.StepDie[]; readonly clause: string }>
> = {
  weapon: { dice: ["d12", "d10", "d8", "d6", "d4", "d0"], clause: "N-WEAPON-01" },
  armor: { dice: ["d6", "d4", "d0"], clause: "N-ARMOR-01" },
  shield: { dice: ["d6", "d4", "d0"], clause: "N-SHIELD-02" },
}

/** A Step Die as a sheet shows it: "D8", or "D4 of D8" once it has run down from its start (R-N-CHAR-10). */
export const dieShown = (die: StepDie.StepDie, start?: StepDie.StepDie): string =>
  start === undefined || start === die ? die.toUpperCase() : `${die.toUpperCase()} of ${start.toUpperCase()}`

/**
 * Writes an item the way the text does: "Greatsword (D10, bulky)", "incense (D6 Uses)",
 * "Pack rations (D6 Uses, petty)", "rope (50ft)", "spikes".
 */
export const formatItem = (item: Item): string => {
  const parts: string[] = []
  if (item.die !== undefined)
    parts.push(`${dieShown(item.die, item.start)}${item.kind === "supply" ? " Uses" : ""}`)
  if (item.note !== undefined) parts.push(item.note)
  if (item.size !== "standard") parts.push(item.size)
  return parts.length === 0 ? item.name : `${item.name} (${parts.join(", ")})`
}
