import { manual, seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
import * as C from "../../src/character/index.js"
import { addCondition, tend } from "../../src/procedures/Adventurer.js"
import { kindOf } from "../../src/procedures/conditions/Conditions.js"
import { ProcedureError } from "../../src/procedures/Errors.js"
import { gear } from "../../src/procedures/items/Gear.js"
import { eat } from "../../src/procedures/journey/Journey.js"
import { fullRest, longRest, remedy, shortRest, useRemedy } from "../../src/procedures/rest/Rest.js"
import { adventurerOf, applyTo } from "../../src/procedures/Sheet.js"
import { hero } from "./fixtures.js"

/** A character with one of each: the text's examples and two the rules don't name. */
const afflicted = () => {
  let a = hero({ hp: 1 })
  for (const name of [
    "fatigued",
    "stress",
    "exhaustion",
    "poisoned",
    "lingering poisons",
    "broken left arm",
    "deep sickness",
    "starving",
  ])
    a = addCondition(a, name).adventurer
  a = addCondition(a, "nightmares", "minor").adventurer
  a = addCondition(a, "cursed", "major").adventurer
  return a
}
const names = (cs: ReadonlyArray<{ readonly name: string }>) => cs.map((c) => c.name)

describe("Conditions as data", () => {
  it("N-CONDITION-01 N-REST-02 N-REST-03 N-JOURNEY-06 R-N-CONDITION-02 the text's examples are classified, any broken limb and any lingering poison", () => {
    const read = (n: string) => {
      const k = kindOf(n)
      return k && [k.name, k.severity, k.clearedBy.rest ?? "-", k.clearedBy.action ?? "-", k.clearedBy.remedy]
    }
    expect(read("Fatigue")).toEqual(["fatigued", "minor", "long", "-", false])
    expect(read("stress")).toEqual(["stress", "minor", "long", "-", false])
    expect(read("exhaustion")).toEqual(["exhausted", "minor", "long", "-", false])
    for (const limb of [
      "broken limbs",
      "broken limb",
      "Broken leg",
      "broken left arm",
      "broken ribs",
      "arm broken",
    ])
      expect(read(limb)).toEqual(["broken limb", "major", "full", "-", false])
    expect(read("deep sickness")).toEqual(["deep sickness", "major", "full", "-", false])
    for (const p of ["lingering poisons", "lingering poison", "Lingering venom"])
      expect(read(p)).toEqual(["lingering poison", "major", "full", "-", false])
    expect(read("poisoned")).toEqual(["poisoned", "minor", "long", "-", true])
    expect(read("starving")).toEqual(["starving", "minor", "-", "eat", false])
    expect(kindOf("broken promise")).toBeUndefined()
    expect(kindOf("nightmares")).toBeUndefined()
  })

  it("N-CONDITION-01 a Condition takes its severity from the data; one the rules don't name must state it (a typed error)", () => {
    expect(addCondition(hero(), "broken leg").condition).toEqual({
      name: "broken leg",
      severity: "major",
      slots: 1,
    })
    expect(addCondition(hero(), "broken leg", "minor").condition.severity).toBe("minor") // the Referee's call
    expect(() => addCondition(hero(), "nightmares")).toThrow(ProcedureError)
    expect(() => addCondition(hero(), "nightmares")).toThrow(
      /condition\.severity.*minor or major.*N-CONDITION-01/,
    )
    const stated = addCondition(hero(), "frostbite", {
      severity: "minor",
      clearedBy: { remedy: false, action: "warmth" },
    })
    expect(stated.condition.clearedBy).toEqual({ remedy: false, action: "warmth" })
  })
})

describe("what each rest clears", () => {
  it("N-REST-01 a Short Rest clears no Condition", () => {
    expect(shortRest(manual([2]), afflicted()).adventurer.conditions).toEqual(afflicted().conditions)
  })

  it("N-REST-02 R-N-CONDITION-03 a Long Rest clears fatigue, stress, exhaustion, a plain poison and a minor unnamed one; not lingering poisons, a broken limb, deep sickness, starving", () => {
    const r = longRest(manual([3]), afflicted())
    expect(names(r.cleared)).toEqual(["fatigued", "stress", "exhaustion", "poisoned", "nightmares"])
    expect(names(r.adventurer.conditions)).toEqual([
      "lingering poisons",
      "broken left arm",
      "deep sickness",
      "starving",
      "cursed",
    ])
  })

  it("N-REST-03 R-N-CONDITION-03 a Full Rest clears the major ones too, but starving waits for a meal", () => {
    const r = fullRest(afflicted(), { shelter: true })
    expect(names(r.adventurer.conditions)).toEqual(["starving"])
    expect(r.cleared).toHaveLength(9)
  })

  it("N-JOURNEY-06 R-N-CONDITION-03 starving clears when the character eats, by the day's ration or told so", () => {
    const starving = addCondition(hero(), "starving").adventurer
    const fed = eat(manual([4]), starving, gear("Rations", "supply", "d6"))
    expect(fed).toMatchObject({ starving: false, adventurer: { conditions: [] } })
    expect(tend(starving, "starving", "eat").conditions).toEqual([])
    expect(() => tend(starving, "starving", "remedy")).toThrow(
      /not cleared by a Remedy; it clears by the action "eat"/,
    )
  })

  it("N-REST-02 N-REMEDY-02 a Remedy used on a plain poison clears it; on a broken limb it is refused before any die", () => {
    const poisoned = addCondition(hero({ hp: 3 }), "poisoned").adventurer
    const r = useRemedy(manual([2, 3]), poisoned, remedy("Antidote", "common"), "poisoned")
    expect(r).toMatchObject({ healed: 2, adventurer: { hp: 5, conditions: [] } })
    const broken = addCondition(hero(), "broken leg").adventurer
    expect(() => useRemedy(manual([]), broken, remedy("Salve", "common"), "broken leg")).toThrow(
      /not cleared by a Remedy; it clears by a Full Rest/,
    )
  })

  it("N-REST-01 N-REST-02 N-REMEDY-02 healing reports the HP regained, never past the maximum, and the die apart", () => {
    expect(shortRest(manual([4]), hero({ hp: 6 }))).toMatchObject({
      roll: 4,
      healed: 1,
      adventurer: { hp: 7 },
    })
    expect(shortRest(manual([3]), hero())).toMatchObject({ roll: 3, healed: 0 })
    expect(longRest(manual([6]), hero({ hp: 5 }))).toMatchObject({ roll: 6, healed: 2 })
    expect(useRemedy(manual([5, 4]), hero({ hp: 6 }), remedy("Salve", "common"))).toMatchObject({
      roll: 5,
      healed: 1,
    })
    expect(fullRest(hero({ hp: 2 }), { shelter: true }).healed).toBe(5)
  })
})

describe("Conditions on a character sheet", () => {
  it("N-CONDITION-01 a sheet's unnamed Condition needs its severity; play writes it back, and only where the data would not give it", () => {
    const c = C.generateCharacter(seeded(3))
    const bad = { ...c, conditions: [{ name: "nightmares", slots: 1 }] }
    expect(() => adventurerOf(bad)).toThrow(/character\.conditions\.0\.severity/)
    const a = addCondition(
      addCondition(adventurerOf({ ...c, conditions: [] }), "nightmares", "minor").adventurer,
      "broken arm",
    ).adventurer
    const back = applyTo(c, a)
    expect(back.conditions).toEqual([
      { name: "nightmares", slots: 1, severity: "minor" },
      { name: "broken arm", slots: 1 },
    ])
    expect(adventurerOf(back).conditions.map((k) => k.severity)).toEqual(["minor", "major"])
  })
})
