import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import {
  addCondition,
  adventurer,
  clearCondition,
  dropItems,
  freeSlots,
} from "../../src/procedures/Adventurer.js"
import { advance } from "../../src/procedures/advancement/Advance.js"
import { takeDamage } from "../../src/procedures/combat/Harm.js"
import { gear } from "../../src/procedures/items/Gear.js"
import { fullRest, longRest, remedy, shortRest, useRemedy } from "../../src/procedures/rest/Rest.js"
import { cast, refill, shard } from "../../src/procedures/spells/Shard.js"
import { hero } from "./fixtures.js"

describe("Conditions", () => {
  it("N-ABILITY-01 a character read from JSON needs its four Abilities; errors name the path", () => {
    const json = JSON.parse(JSON.stringify(hero()))
    expect(adventurer(json)).toEqual(hero())
    delete json.abilities.presence
    expect(() => adventurer(json)).toThrow(/adventurer\.abilities\.presence/)
    expect(() => adventurer({ ...hero(), focus: 4 })).toThrow(/adventurer\.focus/)
  })

  it("N-CONDITION-01 R-N-CONDITION-01 a Condition takes a Slot; the same one again worsens by a Slot", () => {
    const once = addCondition(hero(), "poisoned")
    expect(freeSlots(once.adventurer)).toBe(10)
    const twice = addCondition(once.adventurer, "poisoned")
    expect(twice.condition).toEqual({ name: "poisoned", severity: "minor", slots: 2 })
  })

  it("N-CONDITION-01 R-N-CONDITION-01 R-N-CONDITION-04 the same Condition under another spelling worsens, not doubles", () => {
    // A sheet's "Fatigued", then a failed casting's "fatigued": one Condition of 2 Slots.
    const sheet = addCondition(hero(), "Fatigued").adventurer
    const again = addCondition(sheet, "fatigued")
    expect(again.adventurer.conditions).toEqual([{ name: "Fatigued", severity: "minor", slots: 2 }])
    expect(addCondition(sheet, "fatigue").adventurer.conditions).toHaveLength(1)
    expect(addCondition(addCondition(hero(), "Starving").adventurer, "starvation").condition.slots).toBe(2)
    // Two different afflictions of one kind stay two Conditions.
    const arm = addCondition(hero(), "broken arm").adventurer
    expect(addCondition(arm, "broken leg").adventurer.conditions.map((c) => c.slots)).toEqual([1, 1])
    expect(addCondition(arm, "Broken  Arm").adventurer.conditions).toEqual([
      { name: "broken arm", severity: "major", slots: 2 },
    ])
    // Clearing by the Referee's call finds it under either spelling.
    expect(clearCondition(again.adventurer, "fatigue").conditions).toEqual([])
  })

  it("N-CONDITION-02 with no free Slot the character must drop something", () => {
    const full = hero({ itemSlots: 11 })
    const r = addCondition(full, "stress")
    expect(r.mustDropSlots).toBe(1)
    expect(freeSlots(dropItems(r.adventurer, 1))).toBe(0)
    expect(() => dropItems(r.adventurer, 12)).toThrow(/N-CONDITION-02/)
  })

  it("N-CONDITION-03 the right care clears a Condition", () => {
    const r = addCondition(hero(), "broken arm", "major")
    expect(clearCondition(r.adventurer, "broken arm").conditions).toEqual([])
    expect(() => clearCondition(hero(), "broken arm")).toThrow(/N-CONDITION-03/)
  })

  it("N-SLOTS-01 N-SLOTS-03 Slots are Strength + 10, shared by items and Conditions", () => {
    const a = hero({ itemSlots: 4 }, { strength: 2 })
    expect(a.slots).toBe(12)
    expect(freeSlots(addCondition(a, "fatigued").adventurer)).toBe(7)
  })
})

describe("Rests and Remedies", () => {
  it("N-REST-01 N-REST-04 a Short Rest takes one Turn and refills 1D4 HP", () => {
    const r = shortRest(manual([3]), hero({ hp: 2 }))
    expect(r).toMatchObject({ healed: 3, adventurer: { hp: 5 }, elapsed: { unit: "turn", count: 1 } })
    expect(shortRest(manual([4]), hero({ hp: 6 })).adventurer.hp).toBe(7)
  })

  it("N-REST-02 a Long Rest takes one Watch, refills 1D6 HP and clears minor Conditions", () => {
    let a = addCondition(hero({ hp: 1 }), "fatigued").adventurer
    a = addCondition(a, "broken leg", "major").adventurer
    const r = longRest(manual([5]), a)
    expect(r.adventurer.hp).toBe(6)
    expect(r.adventurer.conditions.map((c) => c.name)).toEqual(["broken leg"])
    expect(r.cleared.map((c) => c.name)).toEqual(["fatigued"])
    expect(r.elapsed).toEqual({ unit: "watch", count: 1 })
  })

  it("N-REST-03 a Full Rest takes a week, refills all HP and clears major Conditions, with shelter", () => {
    const a = addCondition(hero({ hp: 1 }), "deep sickness", "major").adventurer
    expect(fullRest(a, { shelter: true })).toMatchObject({
      adventurer: { hp: 7, conditions: [] },
      elapsed: { unit: "week" },
    })
    expect(() => fullRest(a, { shelter: false })).toThrow(/N-REST-03/)
  })

  it("R-N-HP-02 resting brings a helped, taken-out character back up", () => {
    const out = takeDamage(manual([2]), hero(), 10).adventurer
    expect(shortRest(manual([2]), out).adventurer).toMatchObject({ hp: 2, status: "active" })
  })

  it("N-REMEDY-01 N-REMEDY-03 Remedies are D4 common, D6 well-crafted, D8+ rare, tracked by Step Die", () => {
    expect(remedy("Salve", "common").die).toBe("d4")
    expect(remedy("Tonic", "wellCrafted").die).toBe("d6")
    expect(remedy("Elixir", "rare").die).toBe("d8")
    expect(remedy("Phoenix draught", "rare", "d12").die).toBe("d12")
    expect(() => remedy("Salve", "common", "d10")).toThrow(/N-REMEDY-03/)
  })

  it("N-REMEDY-02 R-N-REMEDY-01 using a Remedy takes a Turn, heals 1D6, then rolls its die", () => {
    const r = useRemedy(manual([4, 1]), hero({ hp: 2 }), remedy("Salve", "common"))
    expect(r).toMatchObject({
      healed: 4,
      adventurer: { hp: 6 },
      usedUp: true,
      remedy: { die: "d0" },
      elapsed: { unit: "turn", count: 1 },
    })
    expect(() => useRemedy(manual([4]), hero(), r.remedy)).toThrow(/used up/)
  })
})

describe("Spells", () => {
  it("N-SPELL-01 R-N-CHAR-05 a Spell lives in a Shard tracked by a Step Die (D6 unless stated)", () => {
    expect(shard("Light")).toEqual({ name: "Light", kind: "shard", die: "d6", start: "d6" })
  })

  it("N-SPELL-02 N-SPELL-03 anyone can cast; the Spell works; a failed DR 12 Presence Check fatigues", () => {
    const r = cast(manual([5, 6]), hero({}, { presence: -1 }), shard("Light"))
    expect(r).toMatchObject({ tookEffect: true, fatigued: true, strain: { dr: 12, succeeded: false } })
    expect(r.adventurer.conditions).toEqual([{ name: "fatigued", severity: "minor", slots: 1 }])
    const ok = cast(manual([12, 6]), hero(), shard("Light"))
    expect(ok.fatigued).toBe(false)
  })

  it("N-SPELL-04 R-N-SPELL-02 after the strain Check the Shard's die rolls; at D0 the Spell is drained", () => {
    const r = cast(manual([15, 1]), hero(), shard("Light"))
    expect(r.dice.map((d) => d.sides)).toEqual([20, 6])
    expect(r).toMatchObject({ drained: true, shard: { die: "d0" } })
    expect(() => cast(manual([15, 4]), hero(), r.shard)).toThrow(/drained.*N-SPELL-04/)
  })

  it("N-SPELL-05 R-N-SPELL-03 a Long Rest refills up to Presence Shards, back to their starting die", () => {
    const drained = { ...shard("Light"), die: "d0" as const }
    const other = { ...shard("Ward", "d8"), die: "d4" as const }
    const caster = hero({}, { presence: 1 })
    expect(refill(caster, [drained, other], [0])).toEqual([shard("Light"), other])
    expect(() => refill(caster, [drained, other], [0, 1])).toThrow(/Presence 1.*N-SPELL-05/)
    const r = longRest(manual([2]), caster, [drained, other], [1])
    expect(r.shards.map((s) => s.die)).toEqual(["d0", "d8"])
    expect(() => refill(caster, [gear("Rope", "supply", "d6")], [0])).toThrow(/only Spell Shards/)
  })
})

describe("Advancement", () => {
  it("N-ADVANCE-01 N-ADVANCE-02 R-N-ADVANCE-01 an Advancement adds 1D6 maximum HP (and current HP)", () => {
    const r = advance(manual([4, 1, 1, 1, 1]), hero())
    expect(r).toMatchObject({ hpGain: 4, adventurer: { maxHp: 11, hp: 11 } })
  })

  it("N-ADVANCE-03 1D6 ≥ the score raises it by 1, to a limit of +6", () => {
    const r = advance(
      manual([1, 2, 1, 6, 6]),
      hero({}, { strength: 2, dexterity: 2, presence: 0, constitution: 6 }),
    )
    expect(r.rolls.map((x) => x.after)).toEqual([3, 2, 1, 6])
    expect(r.adventurer.abilities).toEqual({ strength: 3, dexterity: 2, presence: 1, constitution: 6 })
  })

  it("N-ADVANCE-04 N-SLOTS-01 raised Strength updates Slots; raised Dexterity the Focus cap (still 3 at most)", () => {
    const r = advance(manual([1, 6, 6, 1, 1]), hero({}, { strength: 1, dexterity: 3 }))
    expect(r.adventurer.slots).toBe(12)
    expect(r.adventurer.abilities.dexterity).toBe(4)
    expect(r.maxFocus).toBe(3)
  })
})
