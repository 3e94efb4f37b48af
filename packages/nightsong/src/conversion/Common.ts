/**
 * What every converted stat block shares: attacks whose dice "stay the same" (or are adjusted),
 * Specials with the saves they call for, Drives, shields, and the notes trail.
 *
 * @since 0.1.0
 */
import { Expression } from "@blight/dice"
import { Result, Schema } from "effect"
import type { AbilityName } from "../character/Ability.js"
import { ConversionError } from "./Errors.js"
import type { NightsongNpc, NpcAttack, NpcSpecial, SaveCheck, System } from "./Npc.js"
import { ProtectionDie } from "./Npc.js"

/** An attack in the source stat block: "claw", "d6", and how many per action (default 1). */
export const AttackIn = Schema.Struct({
  name: Schema.NonEmptyString,
  damage: Schema.NonEmptyString,
  count: Schema.optional(Schema.Int.check(Schema.isGreaterThanOrEqualTo(1))),
})
export type AttackIn = typeof AttackIn.Type

/**
 * Which Ability a player character saves with, for each kind of save the source systems name
 * (R-N-CONV-07, N-SAVE-01): classic save categories, DCC's three saves, and ability saves.
 */
export const SAVE_ABILITY: Readonly<Record<string, AbilityName>> = {
  death: "CON",
  poison: "CON",
  paralysis: "CON",
  petrification: "CON",
  wands: "DEX",
  breath: "DEX",
  spells: "PRE",
  fortitude: "CON",
  reflex: "DEX",
  will: "PRE",
  strength: "STR",
  dexterity: "DEX",
  agility: "DEX",
  constitution: "CON",
  toughness: "CON",
  willpower: "PRE",
  presence: "PRE",
  charisma: "PRE",
  wisdom: "PRE",
  intelligence: "PRE",
}

/** The DR ladder (N-CHECK-01), used to raise or lower a save's DR 12 for the threat (N-SAVE-01). */
export const SEVERITY_DR = { routine: 6, easy: 9, normal: 12, difficult: 15, extreme: 18 } as const

/** A save a special calls for, and how severe the threat is (default normal, DR 12). */
export const SaveIn = Schema.Struct({
  against: Schema.Literals(Object.keys(SAVE_ABILITY) as [string, ...string[]]),
  severity: Schema.optional(Schema.Literals(["routine", "easy", "normal", "difficult", "extreme"])),
})

/** A special: plain text, or text with the save it calls for. */
export const SpecialIn = Schema.Union([
  Schema.NonEmptyString,
  Schema.Struct({ text: Schema.NonEmptyString, save: Schema.optional(SaveIn) }),
])

/** A shield: `true` for a plain shield, or its die if the block gives one. */
export const ShieldIn = Schema.Union([Schema.Boolean, ProtectionDie])

/** The fields every source stat block may carry. */
export const common = {
  name: Schema.NonEmptyString,
  drives: Schema.optional(Schema.Array(Schema.String)),
  attacks: Schema.Array(AttackIn),
  specials: Schema.optional(Schema.Array(SpecialIn)),
}

/** The source fields every conversion reads. */
export interface CommonIn {
  readonly name: string
  readonly drives?: readonly string[] | undefined
  readonly attacks: readonly AttackIn[]
  readonly specials?: ReadonlyArray<typeof SpecialIn.Type> | undefined
}

/**
 * Reads a damage die and writes it the Nightsong way ("d6" → "D6", "2d4+1" → "2D4+1"), passing
 * its sides through `adjust` (e.g. MÖRK BORG's D2 → D4). Throws a {@link ConversionError} at `path`.
 */
export const convertDamage = (
  text: string,
  path: string,
  adjust: (sides: number) => number = (s) => s,
): string => {
  const parsed = Expression.parseExpression(text)
  if (Result.isFailure(parsed))
    throw new ConversionError({ path, reason: `not a damage roll: ${parsed.failure.reason}` })
  const e = parsed.success
  if (e.kind === "d3") return `D${adjust(3)}`
  if (e.kind !== "sum" || e.multiplier !== 1) {
    throw new ConversionError({
      path,
      reason: `a damage roll is dice plus a modifier, like "d6" or "2d4+1", got ${JSON.stringify(text)}`,
    })
  }
  const mod = e.modifier === 0 ? "" : e.modifier > 0 ? `+${e.modifier}` : `${e.modifier}`
  return `${e.count === 1 ? "" : e.count}D${adjust(e.sides)}${mod}`
}

/** Attacks whose Weapons "stay the same"; several per action are written "D6 + D6" (N-COMBAT multiple attacks). */
export const convertAttacks = (
  attacks: readonly AttackIn[],
  adjust?: (sides: number) => number,
): NpcAttack[] =>
  attacks.map((a, i) => {
    const die = convertDamage(a.damage, `attacks[${i}].damage`, adjust)
    return { name: a.name, damage: Array.from({ length: a.count ?? 1 }, () => die).join(" + ") }
  })

/** Specials carried over; a save they call for becomes a player character's Check (N-SAVE-01, R-N-CONV-07). */
export const convertSpecials = (specials: CommonIn["specials"]): NpcSpecial[] =>
  (specials ?? []).map((s) => {
    if (typeof s === "string") return { text: s }
    if (s.save === undefined) return { text: s.text }
    const save: SaveCheck = {
      ability: SAVE_ABILITY[s.save.against]!,
      dr: SEVERITY_DR[s.save.severity ?? "normal"],
    }
    return { text: s.text, save }
  })

/** A shield "stays the same": a given die is kept, a plain shield is a Shield (D6) as in the backgrounds (R-N-CONV-03). */
export const convertShield = (shield: typeof ShieldIn.Type | undefined): ProtectionDie | undefined =>
  shield === undefined || shield === false ? undefined : shield === true ? "d6" : shield

/** The note that the Drives are the Referee's to set, when the block has none (N-CONVERSION-01). */
export const drivesNote = (drives: readonly string[] | undefined): string[] =>
  drives === undefined || drives.length === 0
    ? [
        "Drives: the source block has none; the Referee gives the NPC what it wants or fears (N-CONVERSION-01).",
      ]
    : []

/** The note for source saves that an NPC no longer makes (N-SAVE-02). */
export const npcSavesNote = (saves: string | undefined): string[] =>
  saves === undefined
    ? []
    : [
        `Saves (${saves}) are not converted: when this NPC would save, the Referee rolls the 1D% Die of Fate instead (N-SAVE-02).`,
      ]

/** Nightsong's ceiling for NPC HP: "only colossal threats exceed 20 HP, up to a maximum of 30" (N-NPC-02). */
export const NPC_MAX_HP = 30

/**
 * A converted NPC above the 30 HP ceiling keeps its converted HP (the conversion rules are the
 * text's), with a note that the Referee may bring it down (N-NPC-02, N-CONVERSION-01).
 */
export const hpCapNote = (hp: number): string[] =>
  hp <= NPC_MAX_HP
    ? []
    : [
        `HP ${hp} are above Nightsong's 30 HP maximum for even colossal threats (N-NPC-02); the Referee may lower them (N-CONVERSION-01).`,
      ]

/** HP from Hit Dice: HD × 4, a fraction rounded up, plus any "+N" bonus (R-N-CONV-04). */
export const hpFromHitDice = (hitDice: number, bonus = 0): number => Math.ceil(hitDice * 4) + bonus

/**
 * HP where the block may list HP or Hit Dice: listed HP stay the same, otherwise Hit Dice × 4
 * (N-CONVERSION-05, N-CONVERSION-07). Returns the HP and the note saying which was used.
 */
export const hpListedOrFromHitDice = (
  b: { readonly hp?: number | undefined; readonly hitDice?: number | undefined },
  clause: string,
): { readonly hp: number; readonly note: string } => {
  if (b.hp !== undefined) return { hp: b.hp, note: `HP ${b.hp} stay the same (${clause}).` }
  if (b.hitDice === undefined)
    throw new ConversionError({ path: "hp", reason: "the block needs its HP or its Hit Dice", clause })
  const hp = hpFromHitDice(b.hitDice)
  return { hp, note: `HP ${hp} = Hit Dice ${b.hitDice} × 4 (${clause}).` }
}

/** What a system's rules decided; {@link buildNpc} adds what every conversion shares. */
export interface Converted {
  readonly hp: number
  readonly armor: ProtectionDie | undefined
  readonly shield?: typeof ShieldIn.Type | undefined
  readonly resolve: number
  /** How the system changes damage dice (MÖRK BORG's D2, DCC's funky dice); none by default. */
  readonly adjust?: (sides: number) => number
  /** The source's saves line, if any: dropped, with a note (N-SAVE-02). */
  readonly saves?: string | undefined
  readonly notes: readonly string[]
}

/** Assembles the Nightsong NPC (N-CONVERSION-01): Drives, HP, Attacks, Armor/Shields, Resolve, Specials, notes. */
export const buildNpc = (from: System, b: CommonIn, c: Converted): NightsongNpc => {
  const shield = convertShield(c.shield)
  return {
    name: b.name,
    from,
    drives: [...(b.drives ?? [])],
    hp: c.hp,
    attacks: convertAttacks(b.attacks, c.adjust),
    ...(c.armor === undefined ? {} : { armor: c.armor }),
    ...(shield === undefined ? {} : { shield }),
    resolve: c.resolve,
    specials: convertSpecials(b.specials),
    notes: [...c.notes, ...hpCapNote(c.hp), ...npcSavesNote(c.saves), ...drivesNote(b.drives)],
  }
}

/** Names an Armor result for the notes: "D4", or "no Armor". */
export const armorName = (armor: ProtectionDie | undefined): string =>
  armor === undefined ? "no Armor" : armor.toUpperCase()
