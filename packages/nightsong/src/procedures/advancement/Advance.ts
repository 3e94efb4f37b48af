/**
 * Advancement (N-ADVANCE): +1D6 maximum HP, a 1D6 for each Ability (equal or higher raises it by 1,
 * up to +6), and Slots and Focus follow Strength and Dexterity.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { ABILITIES, type Ability, type Adventurer, maxFocus } from "../Adventurer.js"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** The highest an Ability can rise to (N-ADVANCE-03). */
export const ABILITY_LIMIT = 6

/** One Ability's roll on an Advancement. */
export interface AbilityRoll {
  readonly ability: Ability
  readonly before: number
  readonly roll: number
  readonly after: number
}

/**
 * Applies an Advancement (N-ADVANCE-01: the Referee decides when). +1D6 maximum HP (N-ADVANCE-02;
 * ruling R-N-ADVANCE-01: an active character's current HP rise by the same amount); per Ability, in the order Strength,
 * Dexterity, Presence, Constitution, 1D6 ≥ score raises it by 1 to +6 (N-ADVANCE-03); Slots are
 * Strength + 10 (N-SLOTS-01) and maximum Focus Dexterity up to 3 (N-ADVANCE-04, N-FOCUS-01).
 */
export const advance = (source: DiceSource, a: Adventurer) => {
  ensure(a.status !== "dead", "adventurer.status", `${a.name} is dead and cannot advance`, "N-DEATH-01")
  return tracked(source, (s) => {
    const hpGain = s.die(6, "advancement hp")
    const abilities = { ...a.abilities }
    const rolls: AbilityRoll[] = ABILITIES.map((ability) => {
      const before = abilities[ability]
      const roll = s.die(6, ability)
      const after = roll >= before ? Math.min(ABILITY_LIMIT, before + 1) : before
      abilities[ability] = after
      return { ability, before, roll, after }
    })
    const adventurer: Adventurer = {
      ...a,
      abilities,
      maxHp: a.maxHp + hpGain,
      hp: a.status === "active" ? a.hp + hpGain : a.hp,
      slots: abilities.strength + 10,
      // Raised Dexterity raises the cap; Focus itself refills at the next session.
      focus: Math.min(a.focus, maxFocus(abilities.dexterity)),
    }
    return { adventurer, hpGain, rolls, maxFocus: maxFocus(abilities.dexterity) }
  })
}
