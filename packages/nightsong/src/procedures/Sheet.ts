/**
 * Bridges a full character (`src/character`, the sheet) and the play state procedures use
 * ({@link Adventurer}): read a sheet into play, play, and write the results back onto the sheet.
 * Whether a character is taken out or dying is play state and stays on the Adventurer.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import * as C from "../character/index.js"
import type { Adventurer, Condition } from "./Adventurer.js"
import { advance } from "./advancement/Advance.js"
import { kindOf } from "./conditions/Conditions.js"
import { ensure } from "./Errors.js"
import type { Gear } from "./items/Gear.js"
import { DEFAULT_SHARD_DIE } from "./spells/Shard.js"

/** A sheet Condition in play: its stated severity, else its known kind's; an unknown one must state it. */
const inPlay = (k: C.Character["conditions"][number], i: number): Condition => {
  const severity = k.severity ?? kindOf(k.name)?.severity
  ensure(
    severity !== undefined,
    `character.conditions.${i}.severity`,
    `${JSON.stringify(k.name)} is not a Condition the rules name: say whether it is minor or major`,
    "N-CONDITION-01",
  )
  return {
    name: k.name,
    severity: severity!,
    slots: k.slots,
    ...(k.clearedBy ? { clearedBy: k.clearedBy } : {}),
  }
}

/** A Condition back on the sheet: severity written only where the rules' data would not give it. */
const onSheet = (k: Condition): C.Character["conditions"][number] => ({
  name: k.name,
  slots: k.slots,
  ...(kindOf(k.name)?.severity === k.severity ? {} : { severity: k.severity }),
  ...(k.clearedBy ? { clearedBy: k.clearedBy } : {}),
})

/** A sheet's Conditions are on it; everything else it carries fills `itemSlots` (N-SLOTS-03). */
export const adventurerOf = (c: C.Character): Adventurer => {
  const usage = C.slotUsage(c)
  return {
    name: c.name,
    abilities: {
      strength: c.abilities.STR,
      dexterity: c.abilities.DEX,
      presence: c.abilities.PRE,
      constitution: c.abilities.CON,
    },
    hp: c.hp,
    maxHp: c.maxHp,
    focus: c.focus,
    slots: c.slots.total,
    itemSlots: usage.items + usage.spellShards,
    conditions: c.conditions.map(inPlay),
    status: c.hp > 0 ? "active" : "takenOut",
  }
}

/**
 * Writes play results back onto the sheet: Abilities, HP, Focus, total Slots and Conditions, with
 * the Slots in use recounted. Items dropped in play (`itemSlots` went down) are the caller's to
 * remove from `items`, since only the player knows which.
 */
export const applyTo = (c: C.Character, a: Adventurer): C.Character =>
  C.recount({
    ...c,
    abilities: {
      STR: a.abilities.strength,
      DEX: a.abilities.dexterity,
      PRE: a.abilities.presence,
      CON: a.abilities.constitution,
    },
    hp: Math.max(0, a.hp),
    maxHp: a.maxHp,
    focus: a.focus,
    slots: { ...c.slots, total: a.slots },
    conditions: a.conditions.map(onSheet),
  })

/** An Advancement on a sheet (N-ADVANCE-01..04): counted in `advancements`. */
export const advanceSheet = (source: DiceSource, c: C.Character) => {
  const r = advance(source, adventurerOf(c))
  return { ...r, character: { ...applyTo(c, r.adventurer), advancements: c.advancements + 1 } }
}

const GEAR_KIND = { weapon: "weapon", armor: "armor", shield: "shield", supply: "supply" } as const

/**
 * Supplies that are curative preparations, so Remedies in play (N-REMEDY-01: "a potion, salve,
 * herbal bundle, or similar material"; R-N-REMEDY-02): the backgrounds' herbs and bandages.
 */
const CURATIVE = /\b(?:herbs?|herbal|bandages?|salves?|potions?|poultices?|remed(?:y|ies))\b/i

/** Where each piece of {@link gearOf}'s list comes from on the sheet. */
type GearSource = {
  readonly from: "items" | "spellShards"
  readonly index: number
  readonly kind: Gear["kind"]
}

const gearSources = (c: C.Character): GearSource[] => [
  ...c.items.flatMap((i, index): GearSource[] => {
    const kind =
      i.kind === "supply" && CURATIVE.test(i.name)
        ? "remedy"
        : i.kind in GEAR_KIND
          ? GEAR_KIND[i.kind as keyof typeof GEAR_KIND]
          : undefined
    return kind === undefined || i.die === undefined ? [] : [{ from: "items", index, kind }]
  }),
  ...c.spellShards.map((_, index): GearSource => ({ from: "spellShards", index, kind: "shard" })),
]

/**
 * The die a sheet's item or Shard started at (R-N-CHAR-10): its `start` where written; else the die
 * it shows, which it started at; but a die at D0 never started there (N-STEPDIE-04), so a spent
 * Shard without `start` refills to the default D6 (R-N-CHAR-05) and other spent gear has no known
 * start (a repair must name its die). A created Shard's die is provisional: it refills to D6.
 */
const startOf = (
  die: Gear["die"],
  start: Gear["die"] | undefined,
  shard: { readonly provisional: boolean } | undefined,
): Gear["die"] | undefined => {
  if (start !== undefined) return start
  if (shard !== undefined && (shard.provisional || die === "d0")) return DEFAULT_SHARD_DIE
  return die === "d0" ? undefined : die
}

/**
 * The sheet's items that carry a Step Die, as gear for the procedures (Spell Shards included), each
 * with the die it started at (R-N-CHAR-10), so a refilled Shard or a repaired Weapon goes back to it.
 * Curative supplies (herbs, bandages) come out as Remedies (R-N-REMEDY-02).
 */
export const gearOf = (c: C.Character): Gear[] =>
  gearSources(c).map((src): Gear => {
    const held = src.from === "items" ? c.items[src.index]! : c.spellShards[src.index]!
    const name = "spell" in held ? held.spell : held.name
    const die = held.die!
    const start = startOf(die, held.start, "spell" in held ? held : undefined)
    return { name, kind: src.kind, die, ...(start === undefined ? {} : { start }) }
  })

/**
 * Writes gear played from {@link gearOf}'s list (same order, same names) back onto the sheet: each
 * die, and its starting die wherever the die has moved off it (R-N-CHAR-10), so the sheet read again
 * gives the same gear. A list that does not match the sheet is refused, naming the entry.
 */
export const withGear = (c: C.Character, gear: readonly Gear[]): C.Character => {
  const sources = gearSources(c)
  ensure(
    gear.length === sources.length,
    "gear",
    `the sheet carries ${sources.length} Step-Die items and Shards, got ${gear.length}`,
    "N-STEPDIE-01",
  )
  const items = [...c.items]
  const spellShards = [...c.spellShards]
  sources.forEach((src, i) => {
    const g = gear[i]!
    const held = src.from === "items" ? items[src.index]! : spellShards[src.index]!
    const name = "spell" in held ? held.spell : held.name
    ensure(
      g.name === name && g.kind === src.kind,
      `gear[${i}]`,
      `expected the ${src.kind} ${JSON.stringify(name)}, got the ${g.kind} ${JSON.stringify(g.name)}`,
      "N-STEPDIE-01",
    )
    const { start: _old, ...rest } = held
    const moved = g.start !== undefined && g.start !== g.die ? { start: g.start } : {}
    if (src.from === "items") items[src.index] = { ...(rest as C.Item), die: g.die, ...moved }
    else spellShards[src.index] = { ...(rest as C.SpellShard), die: g.die, ...moved }
  })
  return { ...c, items, spellShards }
}
