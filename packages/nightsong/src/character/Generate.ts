/**
 * Character creation (N-CREATE-01), step by step, from a dice source: Abilities (array or 2D6),
 * Hit Points, Focus, Slots, background with the common supplies and any Spell Shards, details and
 * a full name. The result is valid by construction (`validateCharacter` accepts it).
 *
 * Dice are drawn in this order, so manual dice can replay a character made at the table:
 * 1. Abilities: the array order (d4, d3, d2) or 2D6 for STR, DEX, PRE, CON (again while none is +1);
 * 2. if several Abilities tie for highest and no table or background was chosen, a die among them;
 * 3. the background, 1D6 on its table, unless one was picked;
 * 4. coins, 3D6 × 10;
 * 5. the ten details, 1D6 each in the text's order, except those picked (N-DETAILS-01);
 * 6. the name (1D6 for the table, 1D20 name, 1D20 surname, 1D20 suffix), unless one was given;
 * 7. with packs that bring a Spell table, one roll on it for each Spell Shard (R-N-PACK-05); without
 *    one, no die: the Shards hold the unnamed Spell (R-N-CHAR-05).
 *
 * @since 0.1.0
 */
import { type DiceSource, Expression, Table } from "@blight/dice"
import { Schema } from "effect"
import type { Content } from "../pack/Content.js"
import { rollSpell, spellTableOf } from "../pack/Roll.js"
import { decodeUnknownSync } from "../SchemaDecode.js"
import { type Background, backgroundNamed, backgroundTables } from "../tables/backgrounds.js"
import { detailTables, rollFullName } from "../tables/details.js"
import {
  ABILITIES,
  type Abilities,
  type AbilityName,
  abilityFrom,
  abilityTitle,
  highest,
  isArray,
  rollAbilities,
  rollArrayOrder,
} from "./Ability.js"
import { type Character, type Details, focusFor, maxHpFor, type SpellShard, slotsFor } from "./Character.js"
import { type Item, slotsOf } from "./Item.js"
import { CharacterProblem } from "./Problem.js"

/** How to make a character. Every field is optional; what is not chosen is rolled. */
/** A chosen distribution of the array method (N-ABILITY-04): +2, +1, 0 and −1, one to each Ability. */
export const AbilityArray = Schema.Struct({
  STR: Schema.Int,
  DEX: Schema.Int,
  PRE: Schema.Int,
  CON: Schema.Int,
})

/** Details picked from their tables instead of rolled (N-DETAILS-01), e.g. `{ face: "Scarred" }`. */
export const PickedDetails = Schema.Struct({
  face: Schema.optional(Schema.String),
  eyes: Schema.optional(Schema.String),
  hair: Schema.optional(Schema.String),
  physique: Schema.optional(Schema.String),
  clothing: Schema.optional(Schema.String),
  mannerism: Schema.optional(Schema.String),
  speech: Schema.optional(Schema.String),
  virtue: Schema.optional(Schema.String),
  flaw: Schema.optional(Schema.String),
  drive: Schema.optional(Schema.String),
})

export const GenerateOptions = Schema.Struct({
  /** "array": distribute +2, +1, 0, −1 (N-ABILITY-04); "roll": 2D6 per Ability (N-ABILITY-05). Default "array". */
  method: Schema.optional(Schema.Literals(["array", "roll"])),
  /** With the array method, the chosen distribution; rolled when absent. */
  array: Schema.optional(AbilityArray),
  /** A background picked instead of rolled (N-BACKGROUND-03), by name. */
  background: Schema.optional(Schema.String),
  /** The table to roll on when Abilities tie for highest (N-BACKGROUND-02); rolled among the tied when absent. */
  backgroundTable: Schema.optional(Schema.String),
  /** Details picked from their tables instead of rolled (N-DETAILS-01), e.g. `{ face: "Scarred" }`. */
  details: Schema.optional(PickedDetails),
  name: Schema.optional(Schema.NonEmptyString),
  pronouns: Schema.optional(Schema.String),
  /** With packs, the Spell table the Shards are rolled on; the first loaded when absent (R-N-PACK-05). */
  spellTable: Schema.optional(Schema.String),
})
export type GenerateOptions = typeof GenerateOptions.Type

/** The unnamed Spell a created Shard holds while the Spell tables are missing (GAP-N-01, R-N-CHAR-05). */
export const UNNAMED_SPELL = "Unnamed Spell (the Spell tables are not published)"

const shard = (origin: SpellShard["origin"]): SpellShard => ({
  spell: UNNAMED_SPELL,
  die: "d6",
  origin,
  provisional: true,
})

/** The common supplies every character starts with, less the coins (N-ITEM-02, R-N-CHAR-02). */
export const commonSupplies: readonly Item[] = [
  { name: "Bundle of torches", kind: "supply", size: "standard", die: "d6" },
  { name: "Pack rations", kind: "supply", size: "petty", die: "d6" },
]

/** 3D6 × 10 coins, petty (N-ITEM-02). */
const COINS = Expression.expression("3d6x10")

const abilitiesFor = (source: DiceSource, o: GenerateOptions): Abilities => {
  if ((o.method ?? "array") === "roll") {
    if (o.array !== undefined) {
      throw new CharacterProblem({ path: "options.array", reason: "a chosen array needs the array method" })
    }
    return rollAbilities(source).scores
  }
  if (o.array === undefined) return rollArrayOrder(source)
  if (!isArray(o.array)) {
    throw new CharacterProblem({
      path: "options.array",
      reason: `the array method distributes +2, +1, 0 and -1, one each; got ${ABILITIES.map((a) => `${a} ${o.array?.[a]}`).join(", ")}`,
      clause: "N-ABILITY-04",
    })
  }
  return o.array
}

const tableFor = (source: DiceSource, abilities: Abilities, choice: string | undefined): AbilityName => {
  const top = highest(abilities)
  if (choice !== undefined) {
    const chosen = abilityFrom(choice)
    if (chosen === undefined || !top.abilities.includes(chosen)) {
      throw new CharacterProblem({
        path: "options.backgroundTable",
        reason: `the background table is the highest Ability's (${top.abilities.map((a) => abilityTitle[a]).join(" or ")}), got ${JSON.stringify(choice)}`,
        clause: "N-BACKGROUND-02",
      })
    }
    return chosen
  }
  // R-N-CHAR-03: with no choice made, a die among the tied Abilities stands in for the player.
  return top.abilities.length === 1
    ? top.abilities[0]!
    : top.abilities[source.die(top.abilities.length, "tie") - 1]!
}

const backgroundFor = (source: DiceSource, abilities: Abilities, o: GenerateOptions): Background => {
  if (o.background !== undefined) {
    const b = backgroundNamed(o.background)
    if (b === undefined) {
      throw new CharacterProblem({
        path: "options.background",
        reason: `no background is called ${JSON.stringify(o.background)} (one of: ${Object.values(
          backgroundTables,
        )
          .flatMap((t) => t.rows.map((r) => r.result.name))
          .join(", ")})`,
        clause: "N-BACKGROUND-03",
      })
    }
    return b
  }
  const table = backgroundTables[tableFor(source, abilities, o.backgroundTable)]
  return Table.rollOn(source, table, table.id).result
}

/**
 * The ten details: each picked one must be a row of its table (N-DETAILS-01: "roll on or pick
 * from"), spelled as the table does; the others are rolled, 1D6 each in the text's order.
 */
const detailsFor = (source: DiceSource, picked: GenerateOptions["details"] = {}): Details => {
  const chosen = picked as Readonly<Record<string, string | undefined>>
  return Object.fromEntries(
    Object.entries(detailTables).map(([k, t]) => {
      const want = chosen[k]
      if (want === undefined) return [k, Table.rollOn(source, t, t.id).result]
      const rows = t.rows.map((r) => r.result)
      const row = rows.find((r) => r.toLowerCase() === want.trim().toLowerCase())
      if (row === undefined) {
        throw new CharacterProblem({
          path: `options.details.${k}`,
          reason: `${k} is picked from the ${t.title} table (one of: ${rows.join(", ")}), got ${JSON.stringify(want)}`,
          clause: "N-DETAILS-01",
        })
      }
      return [k, row]
    }),
  ) as unknown as Details
}

/**
 * R-N-CHAR-07: if the starting kit does not fit the Slots, plain gear is left behind (last listed
 * first), then supplies, as when a full inventory must drop something (N-CONDITION-02).
 */
const fitToSlots = (items: readonly Item[], shards: number, total: number) => {
  const carried = [...items]
  const leftBehind: Item[] = []
  const used = () => carried.reduce((n, i) => n + slotsOf(i), 0) + shards
  for (const kind of ["gear", "supply", "weapon", "armor", "shield"] as const) {
    for (let i = carried.length - 1; i >= 0 && used() > total; i--) {
      const item = carried[i]!
      if (item.kind === kind && slotsOf(item) > 0) leftBehind.unshift(...carried.splice(i, 1))
    }
  }
  return { carried, leftBehind }
}

/**
 * The Spells the Shards hold: rolled on a pack's Spell table when one is loaded (R-N-PACK-05),
 * else the unnamed Spell (R-N-CHAR-05). A Shard takes the Spell's die, D6 when it gives none.
 */
const spellsFor = (
  source: DiceSource,
  shards: readonly SpellShard[],
  content: Content | undefined,
  tableId: string | undefined,
): SpellShard[] => {
  const table = content === undefined ? undefined : spellTableOf(content, tableId)
  if (tableId !== undefined && table === undefined)
    throw new CharacterProblem({
      path: "options.spellTable",
      reason: `no pack loaded has a Spell table "${tableId}"`,
      clause: "R-N-PACK-05",
    })
  if (content === undefined || table === undefined) return [...shards]
  return shards.map((s) => {
    const { spell } = rollSpell(source, content, table.id)
    return { ...s, spell: spell.name, die: spell.die ?? "d6", provisional: spell.provenance !== "rules" }
  })
}

/**
 * Makes a character (N-CREATE-01), its Shards' Spells rolled on a Spell table of `content` (loaded
 * packs) when it has one. Throws a {@link CharacterProblem} for options the rules do not allow.
 */
export const generateCharacter = (
  source: DiceSource,
  options: GenerateOptions = {},
  content?: Content,
): Character => {
  const o = decodeUnknownSync(GenerateOptions)(options)
  // 1. Abilities
  const abilities = abilitiesFor(source, o)
  // 2–4. Hit Points, Focus, Slots
  const maxHp = maxHpFor(abilities.CON)
  const total = slotsFor(abilities.STR)
  // 5. Background, supplies and Spell Shards
  const background = backgroundFor(source, abilities, o)
  const coins = Expression.rollExpression(source, COINS, "coins").value
  const top = highest(abilities)
  // R-N-CHAR-04 and AMB-N-06: Presence among the highest scores brings Presence-many Shards (none at 0 or below);
  // the Scholar's own Shard comes on top of them (R-N-CHAR-06).
  const spellShards: SpellShard[] = [
    ...Array.from({ length: top.abilities.includes("PRE") ? Math.max(0, abilities.PRE) : 0 }, () =>
      shard("presence"),
    ),
    ...background.items.filter((i) => i.kind === "spell-shard").map(() => shard("background")),
  ]
  const kit = [...commonSupplies, ...background.items.filter((i) => i.kind !== "spell-shard")]
  const { carried, leftBehind } = fitToSlots(kit, spellShards.length, total)
  // 6. Details and name
  const details = detailsFor(source, o.details)
  const name = o.name ?? rollFullName(source).full
  const used = carried.reduce((n, i) => n + slotsOf(i), 0) + spellShards.length
  // 7. The Shards' Spells, last, so a character made without packs rolls the dice it always did.
  const shards = spellsFor(source, spellShards, content, o.spellTable)
  return {
    name,
    ...(o.pronouns === undefined ? {} : { pronouns: o.pronouns }),
    abilities,
    hp: maxHp,
    maxHp,
    focus: focusFor(abilities.DEX),
    slots: { total, used },
    background: { name: background.name, table: background.ability },
    items: carried,
    spellShards: shards,
    conditions: [],
    coins,
    leftBehind,
    details,
    advancements: 0,
  }
}
