import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { check } from "../../src/procedures/checks/Check.js"
import {
  attack,
  blast,
  featDie,
  rangedAttack,
  spendFocusOnDamage,
  UNARMED,
} from "../../src/procedures/combat/Damage.js"
import { AFTER_DEATH, heal, help, takeDamage, tickDying } from "../../src/procedures/combat/Harm.js"
import { checkTurn, rollSurprise, turnOrder } from "../../src/procedures/combat/Round.js"
import { gear } from "../../src/procedures/items/Gear.js"
import { hero } from "./fixtures.js"

describe("Rounds", () => {
  it("N-COMBAT-01 players usually act first, then the sides alternate", () => {
    expect(turnOrder(1)).toEqual(["players", "enemies"])
    expect(turnOrder(4)).toEqual(["players", "enemies"])
    expect(() => turnOrder(0)).toThrow(/N-COMBAT-01/)
  })

  it("N-COMBAT-02 R-N-COMBAT-04 a surprised side acts last in the first Round only", () => {
    expect(turnOrder(1, { players: true, enemies: false })).toEqual(["enemies", "players"])
    expect(turnOrder(1, { players: false, enemies: true })).toEqual(["players", "enemies"])
    expect(turnOrder(2, { players: true, enemies: false })).toEqual(["players", "enemies"])
    expect(turnOrder(1, { players: true, enemies: true })).toEqual(["players", "enemies"])
  })

  it("N-FATE-04 R-N-COMBAT-05 GAP-N-08 surprise is a Die of Fate roll", () => {
    expect(rollSurprise(manual([30]), 30).surprised).toBe(true)
    expect(rollSurprise(manual([31]), 30).surprised).toBe(false)
  })

  it("N-COMBAT-03 a short move and one other action each Round", () => {
    expect(checkTurn({ move: true, actions: ["attack"] }).actions).toEqual(["attack"])
    expect(() => checkTurn({ move: true, actions: ["attack", "useItem"] })).toThrow(/one action.*N-COMBAT-03/)
  })

  it("N-CHECK-05 R-N-CHECK-02 helping in combat is the helper's action for the Round", () => {
    expect(() => checkTurn({ move: true, actions: ["help", "attack"] })).toThrow(
      /helping is the action.*N-CHECK-05/,
    )
    expect(checkTurn({ move: true, actions: ["help"] }).move).toBe(true)
  })
})

describe("Damage", () => {
  it("N-COMBAT-05 N-ARMOR-01 Damage is the Weapon Die minus the Armor Die", () => {
    const r = attack(manual([7, 3]), { dice: ["d8"] }, { armor: "d6" })
    expect(r).toMatchObject({ damage: 4, damageRoll: { kept: 7 }, armorRoll: { face: 3, ignored: false } })
    expect(r.dice).toEqual([
      { sides: 8, value: 7, label: "damage" },
      { sides: 6, value: 3, label: "armor" },
    ])
    expect(attack(manual([2, 4]), { dice: ["d8"] }, { armor: "d4" }).damage).toBe(0)
  })

  it("N-COMBAT-06 Advantage rolls Damage twice and keeps the higher, Disadvantage the lower", () => {
    expect(attack(manual([2, 6]), { dice: ["d6"], advantage: true }).damage).toBe(6)
    expect(attack(manual([2, 6]), { dice: ["d6"], disadvantage: true }).damage).toBe(2)
  })

  it("N-COMBAT-07 feat Damage: D4 limited, D6 serious, D8 or higher devastating", () => {
    expect([
      featDie("limited"),
      featDie("serious"),
      featDie("devastating"),
      featDie("devastating", "d12"),
    ]).toEqual(["d4", "d6", "d8", "d12"])
    expect(() => featDie("limited", "d10")).toThrow(/N-COMBAT-07/)
  })

  it("N-COMBAT-08 a feat of position or escape is a Check, and the fiction shifts on a success", () => {
    expect(check(manual([14]), { ability: 0 }).succeeded).toBe(true)
  })

  it("N-COMBAT-09 R-N-COMBAT-01 a 1 on the kept Damage roll misses, and Armor is not rolled", () => {
    const r = attack(manual([1]), { dice: ["d10"] }, { armor: "d6" })
    expect(r).toMatchObject({ damage: 0, damageRoll: { miss: true } })
    expect(r.armorRoll).toBeUndefined()
    // A 1 on the discarded die of an Advantage roll does not matter.
    expect(attack(manual([1, 5]), { dice: ["d10"], advantage: true }).damage).toBe(5)
  })

  it("N-COMBAT-10 a 1 on the Armor roll ignores the Armor", () => {
    expect(attack(manual([5, 1]), { dice: ["d8"] }, { armor: "d6" })).toMatchObject({
      damage: 5,
      armorRoll: { ignored: true },
    })
  })

  it("N-COMBAT-12 multiple attacks (D8 + D8) roll each die and keep the single highest", () => {
    const r = attack(manual([3, 7]), { dice: ["d8", "d8"] })
    expect(r).toMatchObject({ damage: 7, damageRoll: { attempts: [{ faces: [3, 7], value: 7 }] } })
  })

  it("R-N-COMBAT-02 Advantage on a multiple attack rolls every die twice", () => {
    expect(attack(manual([3, 2, 6, 1]), { dice: ["d8", "d8"], advantage: true }).damage).toBe(6)
  })

  it("N-COMBAT-13 a blast rolls Damage for each target caught", () => {
    const r = blast(manual([5, 6, 2]), { dice: ["d6"] }, [{}, { armor: "d4" }])
    expect(r.hits.map((h) => h.damage)).toEqual([5, 4])
  })

  it("N-COMBAT-13 R-N-COMBAT-03 AMB-N-26 when the count is unclear, the Damage die gives it (highest of several)", () => {
    const r = blast(manual([1, 2, 2, 4, 1, 1, 5, 9, 2]), { dice: ["d12", "d12", "d12"] }, "unclear")
    expect(r).toMatchObject({ targets: 2, targetRoll: { faces: [1, 2, 2], value: 2 } })
    expect(r.hits.map((h) => h.damage)).toEqual([4, 9])
    expect(r.dice).toHaveLength(9)
  })

  it("N-COMBAT-14 unarmed attacks deal 1D4", () => {
    expect(attack(manual([4]), { dice: UNARMED }).dice).toEqual([{ sides: 4, value: 4, label: "damage" }])
  })

  it("N-COMBAT-15 no ranged attacks while engaged; line of sight needed; cover gives Disadvantage", () => {
    const bow = { dice: ["d6" as const] }
    expect(() =>
      rangedAttack(bow, { engagedInMelee: true, lineOfSight: true, targetInCover: false }),
    ).toThrow(/N-COMBAT-15/)
    expect(() =>
      rangedAttack(bow, { engagedInMelee: false, lineOfSight: false, targetInCover: false }),
    ).toThrow(/line of sight/)
    expect(
      rangedAttack(bow, { engagedInMelee: false, lineOfSight: true, targetInCover: true }).disadvantage,
    ).toBe(true)
  })

  it("N-SHIELD-01 N-SHIELD-02 R-N-SHIELD-01 a Shield cancels a whole attack, then rolls its Step Die", () => {
    const shield = gear("Shield", "shield", "d6")
    const r = attack(
      manual([2]),
      { dice: ["d10"] },
      { armor: "d4", shield: { ...shield, kind: "shield" }, block: true },
    )
    expect(r).toMatchObject({ blocked: true, damage: 0, shield: { die: "d4" }, shieldBroke: false })
    expect(r.dice).toEqual([{ sides: 6, value: 2, label: "step" }])
    expect(() => attack(manual([]), { dice: ["d6"] }, { block: true })).toThrow(/N-SHIELD-01/)
  })

  it("N-FOCUS-02 Focus gives a Damage roll Advantage after the roll", () => {
    const at = { dice: ["d8" as const] }
    const first = attack(manual([1]), at, { armor: "d4" })
    const r = spendFocusOnDamage(manual([7, 2]), hero({ focus: 1 }), at, { armor: "d4" }, first)
    expect(r.result).toMatchObject({
      damage: 5,
      focusSpent: true,
      damageRoll: { kept: 7, advantage: "advantage" },
    })
    expect(r.adventurer.focus).toBe(0)
  })

  it("N-FOCUS-02 R-N-FOCUS-03 Focus on a Disadvantaged Damage roll: the higher of the two rolls counts, in either order", () => {
    const at = { dice: ["d8" as const], disadvantage: true }
    for (const dice of [
      [6, 2],
      [2, 6],
    ]) {
      const first = attack(manual(dice), at)
      expect(first.damage).toBe(2)
      const r = spendFocusOnDamage(manual([]), hero({ focus: 1 }), at, {}, first)
      expect(r.result).toMatchObject({ damage: 6, damageRoll: { kept: 6, advantage: "none" } })
      expect(r.dice).toEqual([])
    }
  })
})

describe("Taking Damage and dying", () => {
  it("N-HP-01 a new character has Constitution + 6 HP", () => {
    expect(hero({}, { constitution: 2 }).maxHp).toBe(8)
  })

  it("N-HP-02 Damage reduces HP by that amount", () => {
    expect(takeDamage(manual([]), hero(), 3).adventurer.hp).toBe(4)
    expect(() => takeDamage(manual([]), hero(), -1)).toThrow(/N-HP-02/)
  })

  it("N-HP-03 R-N-HP-01 at 0 HP a character is taken out and dies after Constitution + 1D4 Rounds in combat", () => {
    const r = takeDamage(manual([3]), hero(), 9)
    expect(r.adventurer).toMatchObject({ hp: 0, status: "takenOut", dying: { remaining: 4, unit: "rounds" } })
    const outside = takeDamage(manual([1]), hero(), 9, { inCombat: false })
    expect(outside.adventurer.dying?.unit).toBe("minutes")
    const later = tickDying(r.adventurer, 3)
    expect(later.died).toBe(false)
    const dead = tickDying(later.adventurer, 1)
    expect(dead).toMatchObject({ died: true, adventurer: { status: "dead" } })
  })

  it("R-N-HP-01 AMB-N-02 a timer of 0 or less means death at once", () => {
    expect(takeDamage(manual([2]), hero({}, { constitution: -3 }), 9)).toMatchObject({
      died: true,
      adventurer: { status: "dead" },
    })
  })

  it("R-N-HP-02 GAP-N-07 help stops the timer; HP from healing brings the character back", () => {
    const out = takeDamage(manual([1]), hero(), 20).adventurer
    const helped = help(out)
    expect(tickDying(helped, 50).died).toBe(false)
    expect(heal(helped, 2)).toMatchObject({ hp: 2, status: "active" })
    expect(heal(helped, 2).dying).toBeUndefined()
  })

  it("N-DEATH-01 the dead take no more Damage or healing; the player makes a new character or takes over an NPC", () => {
    const dead = takeDamage(manual([2]), hero({}, { constitution: -3 }), 9).adventurer
    expect(() => heal(dead, 3)).toThrow(/new character.*N-DEATH-01/)
    expect(() => takeDamage(manual([]), dead, 1)).toThrow(/N-DEATH-01/)
    expect(AFTER_DEATH).toEqual(["newCharacter", "takeOverNpc"])
  })
})
