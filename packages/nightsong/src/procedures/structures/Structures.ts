/**
 * Structures, vehicles and heavy ordnance (N-STRUCTURE, N-VEHICLE, N-ORDNANCE).
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"
import { type Attack, type AttackResult, attack, blast } from "../combat/Damage.js"
import { LiveDie, tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** Size of a structure, vehicle or piece of ordnance. */
export const Size = Schema.Literals(["small", "medium", "large"])
export type Size = typeof Size.Type

/** HP and Armor of structures by size (N-STRUCTURE-04; ruling R-N-STRUCTURE-01 keeps Large at 10 HP, AMB-N-17). */
export const STRUCTURE_STATS = {
  small: { hp: 5, armor: "d4" },
  medium: { hp: 10, armor: "d4" },
  large: { hp: 10, armor: "d6" },
} as const satisfies Record<Size, { hp: number; armor: LiveDie }>

/** HP and Armor of vehicles by size (N-VEHICLE-02). */
export const VEHICLE_STATS = {
  small: { hp: 4 },
  medium: { hp: 7, armor: "d4" },
  large: { hp: 10, armor: "d6" },
} as const satisfies Record<Size, { hp: number; armor?: LiveDie }>

/** Heavy ordnance by size (N-ORDNANCE-01). */
export const ORDNANCE = {
  small: { dice: ["d12"], blast: false },
  medium: { dice: ["d12"], blast: true },
  large: { dice: ["d12", "d12", "d12"], blast: true },
} as const satisfies Record<Size, { dice: readonly LiveDie[]; blast: boolean }>

/** A structure, vehicle or vessel with HP and maybe Armor. */
export const Structure = Schema.Struct({
  name: Schema.String,
  kind: Schema.Literals(["light", "fortification", "vehicle"]),
  size: Size,
  hp: Schema.Int,
  maxHp: Schema.Int,
  armor: Schema.optional(LiveDie),
}).annotate({ identifier: "Structure" })
export type Structure = typeof Structure.Type

/** Untyped callers (JavaScript, JSON) get the sizes named, not a structure with no HP. */
const ensureSize = (table: Record<Size, unknown>, size: Size, clause: string): void =>
  ensure(Object.hasOwn(table, size), "size", `the size is one of ${Object.keys(table).join(", ")}`, clause)

/** A structure of a size (N-STRUCTURE-04): a Light Structure or a Fortification (ruling R-N-STRUCTURE-01: same table). */
export const structure = (name: string, kind: "light" | "fortification", size: Size): Structure => {
  ensure(
    kind === "light" || kind === "fortification",
    "kind",
    'a structure is "light" or "fortification"',
    "N-STRUCTURE-04",
  )
  ensureSize(STRUCTURE_STATS, size, "N-STRUCTURE-04")
  const s = STRUCTURE_STATS[size]
  return { name, kind, size, hp: s.hp, maxHp: s.hp, armor: s.armor }
}

/** A vehicle of a size (N-VEHICLE-02). */
export const vehicle = (name: string, size: Size): Structure => {
  ensureSize(VEHICLE_STATS, size, "N-VEHICLE-02")
  const s: { hp: number; armor?: LiveDie } = VEHICLE_STATS[size]
  return { name, kind: "vehicle", size, hp: s.hp, maxHp: s.hp, ...(s.armor ? { armor: s.armor } : {}) }
}

/** What an attack on a structure is made with. */
export const Means = Schema.Literals(["weapon", "fire", "magic", "ordnance", "hugeCreature"])
export type Means = typeof Means.Type

/**
 * Whether `means` can harm a structure: Light Structures only by fire, magic, heavy ordnance or a
 * creature large enough (N-STRUCTURE-02); Fortifications only by heavy ordnance (N-STRUCTURE-03,
 * N-ORDNANCE-01); vehicles by anything.
 */
export const canHarm = (s: Structure, means: Means): boolean =>
  s.kind === "vehicle" ? true : s.kind === "fortification" ? means === "ordnance" : means !== "weapon"

/** An attack on a structure: immune ones take nothing; at 0 HP it is destroyed (N-STRUCTURE-01). */
export const attackStructure = (source: DiceSource, s: Structure, a: Attack, means: Means) =>
  tracked(source, (dice) => {
    if (!canHarm(s, means)) {
      const clause = s.kind === "fortification" ? "N-STRUCTURE-03" : "N-STRUCTURE-02"
      return { structure: s, immune: true, clause, damage: 0, destroyed: false }
    }
    const { dice: _d, ...hit }: AttackResult & { dice: unknown } = attack(
      dice,
      a,
      s.armor ? { armor: s.armor } : {},
    )
    const hp = Math.max(0, s.hp - hit.damage)
    return { structure: { ...s, hp }, immune: false, hit, damage: hit.damage, destroyed: hp === 0 }
  })

/** Repairs a structure: one day of work per HP restored (N-STRUCTURE-01). */
export const repairStructure = (
  s: Structure,
  hp: number,
): { readonly structure: Structure; readonly days: number } => {
  ensure(Number.isInteger(hp) && hp >= 0, "hp", `HP restored is a whole number, got ${hp}`, "N-STRUCTURE-01")
  const restored = Math.min(hp, s.maxHp - s.hp)
  return { structure: { ...s, hp: s.hp + restored }, days: restored }
}

/**
 * Two mounts, flyers or vessels collide (N-VEHICLE-01): each takes D12, or if one is much larger it
 * takes D6 and the smaller D12. Ruling R-N-VEHICLE-01: collision Damage is a plain roll, not an
 * attack (no miss on a 1) and Armor does not reduce it.
 */
export const collide = (source: DiceSource, a: Structure, b: Structure, muchLarger?: "a" | "b") =>
  tracked(source, (dice) => {
    const damageA = dice.die(muchLarger === "a" ? 6 : 12, "collision")
    const damageB = dice.die(muchLarger === "b" ? 6 : 12, "collision")
    const hit = (s: Structure, d: number) => ({ ...s, hp: Math.max(0, s.hp - d) })
    return { a: hit(a, damageA), b: hit(b, damageB), damageA, damageB }
  })

/** Fires heavy ordnance (N-ORDNANCE-01) at structures: a Blast piece rolls for each one caught (N-COMBAT-13). */
export const fireOrdnance = (source: DiceSource, size: Size, targets: readonly Structure[]) =>
  tracked(source, (dice) => {
    ensure(targets.length >= 1, "targets", "ordnance needs a target", "N-ORDNANCE-01")
    const piece = ORDNANCE[size]
    ensure(
      piece.blast || targets.length === 1,
      "targets",
      `${size} ordnance is not a Blast weapon; it hits one target`,
      "N-ORDNANCE-01",
    )
    const { dice: _d, hits } = blast(
      dice,
      { dice: piece.dice },
      targets.map((t) => (t.armor ? { armor: t.armor } : {})),
    )
    const after = targets.map((t, i) => ({ ...t, hp: Math.max(0, t.hp - hits[i]!.damage) }))
    return { hits, structures: after, destroyed: after.filter((t) => t.hp === 0).map((t) => t.name) }
  })
