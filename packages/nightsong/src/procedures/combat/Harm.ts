/**
 * Taking Damage, 0 HP, dying and death (N-HP-02, N-HP-03, N-DEATH-01).
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import type { Adventurer } from "../Adventurer.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** What the player may do after a death (N-DEATH-01). */
export const AFTER_DEATH = ["newCharacter", "takeOverNpc"] as const

/** What taking Damage did. */
export interface DamageTaken {
  readonly adventurer: Adventurer
  readonly takenOut: boolean
  readonly died: boolean
}

/**
 * Takes Damage: HP fall by that amount (N-HP-02). At 0 HP or lower the character is taken out and
 * will die after Constitution + 1D4 Rounds in combat, minutes outside it (N-HP-03; ruling
 * R-N-HP-01: HP stop at 0, and a total of 0 or less means death at once).
 */
export const takeDamage = (
  source: DiceSource,
  a: Adventurer,
  amount: number,
  where: { readonly inCombat: boolean } = { inCombat: true },
) =>
  tracked(source, (s): DamageTaken => {
    ensure(
      Number.isInteger(amount) && amount >= 0,
      "amount",
      `Damage is a whole number 0 or more, got ${amount}`,
      "N-HP-02",
    )
    ensure(a.status !== "dead", "adventurer.status", `${a.name} is dead`, "N-DEATH-01")
    const hp = Math.max(0, a.hp - amount)
    if (a.status === "takenOut" || hp > 0)
      return { adventurer: { ...a, hp }, takenOut: a.status === "takenOut", died: false }
    const roll = s.die(4, "dying")
    const remaining = a.abilities.constitution + roll
    if (remaining <= 0) return { adventurer: { ...a, hp, status: "dead" }, takenOut: true, died: true }
    const dying = {
      remaining,
      unit: where.inCombat ? ("rounds" as const) : ("minutes" as const),
      stabilised: false,
    }
    return { adventurer: { ...a, hp, status: "takenOut", dying }, takenOut: true, died: false }
  })

/** Time passes for a taken-out character: when the timer runs out without help, they die (N-HP-03, N-DEATH-01). */
export const tickDying = (
  a: Adventurer,
  elapsed = 1,
): { readonly adventurer: Adventurer; readonly died: boolean } => {
  ensure(
    Number.isInteger(elapsed) && elapsed >= 0,
    "elapsed",
    `elapsed time is a whole number, got ${elapsed}`,
    "N-HP-03",
  )
  if (a.status !== "takenOut" || a.dying === undefined || a.dying.stabilised)
    return { adventurer: a, died: false }
  const remaining = a.dying.remaining - elapsed
  if (remaining > 0) return { adventurer: { ...a, dying: { ...a.dying, remaining } }, died: false }
  const { dying: _gone, ...rest } = a
  return { adventurer: { ...rest, status: "dead" }, died: true }
}

/**
 * Help for a dying character (GAP-N-07; ruling R-N-HP-02): the timer stops; they stay taken out
 * at 0 HP until they regain HP from a rest or a Remedy.
 */
export const help = (a: Adventurer): Adventurer => {
  ensure(
    a.status === "takenOut" && a.dying !== undefined,
    "adventurer.status",
    `${a.name} is not dying`,
    "N-HP-03",
  )
  return { ...a, dying: { ...a.dying!, stabilised: true } }
}

/** Regains HP up to the maximum; a taken-out character with HP again is back up (R-N-HP-02). */
export const heal = (a: Adventurer, amount: number): Adventurer => {
  ensure(
    a.status !== "dead",
    "adventurer.status",
    `${a.name} is dead; the player makes a new character or takes over an NPC`,
    "N-DEATH-01",
  )
  const hp = Math.min(a.maxHp, a.hp + Math.max(0, amount))
  if (hp <= 0) return { ...a, hp }
  const { dying: _gone, ...rest } = a
  return { ...rest, hp, status: "active" }
}
