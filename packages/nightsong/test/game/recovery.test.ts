import { describe, it } from "vitest"
import { UNTRACKED } from "../../src/game/procedures/Room.js"
import { all, expect, type Log, no, ok, party, played, roll, table, waiting } from "./helpers.js"

const hurtAnn = (log: Log, damage: number): Log => {
  let g = ok(log, { type: "npc", id: "brute", name: "brute", hp: 10, attack: ["d8"], resolve: 50 }, "referee")
  g = ok(g, { type: "fight", enemies: ["brute"], surprise: "players" }, "referee")
  g = ok(g, { type: "attack", attacker: "brute", target: "ann", advantage: "none" }, "referee")
  return roll(g, [damage], [1])
}

const gearDie = (g: Log, who: string, name: string) =>
  g.state.party[who]?.gear.find((x) => x.name === name)?.die

describe("recovery, spells and advancement through the game", () => {
  it("N-REST-01 a Short Rest is a Turn and 1D4 HP, rolled by each player", () => {
    let g = hurtAnn(party(table()), 4)
    g = ok(g, { type: "endFight", why: "the brute flees" }, "referee")
    g = roll(g, [6])
    expect(g.state.fight).toBeUndefined()
    g = ok(g, { type: "rest", kind: "short", characters: ["ann"] }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "dice", by: "ann" })
    g = roll(g, [3])
    expect(g.state.party.ann?.adventurer.hp).toBe(4)
    expect(g.state.clock.turn).toBe(1)
  })

  it("N-REST-02 N-CONDITION-01 N-CONDITION-03 N-SPELL-05 R-N-SPELL-03 a Long Rest: a Watch, 1D6 HP, minor Conditions cleared, Shards refilled up to Presence", () => {
    let g = party(table())
    g = ok(g, { type: "condition", character: "cy", name: "fatigued" }, "referee")
    expect(g.state.party.cy?.adventurer.conditions).toEqual([
      { name: "fatigued", severity: "minor", slots: 1 },
    ])
    g = ok(g, { type: "cast", character: "cy", shard: "Sleep" }, "cy")
    // Presence 2 + 15 passes; the Shard's D4 rolls 1: drained.
    g = roll(g, [15], [1])
    expect(gearDie(g, "cy", "Sleep")).toBe("d0")
    expect(no(g, { type: "cast", character: "cy", shard: "Sleep" }, "cy").clause).toBe("N-SPELL-04")
    g = ok(g, { type: "rest", kind: "long", characters: ["cy"], refill: { cy: ["Sleep"] } }, "referee")
    g = roll(g, [2])
    expect(gearDie(g, "cy", "Sleep")).toBe("d4")
    expect(g.state.party.cy?.adventurer.conditions).toEqual([])
    expect(g.state.clock.watch).toBe(1)
    expect(no(g, { type: "rest", kind: "long", refill: { bo: ["Light"] } }, "referee").clause).toBe(
      "N-SPELL-05",
    )
  })

  it("N-REST-03 a Full Rest needs shelter, takes a week and refills every HP", () => {
    let g = hurtAnn(party(table()), 4)
    g = ok(g, { type: "endFight", why: "the brute flees" }, "referee")
    g = roll(g, [6])
    expect(no(g, { type: "rest", kind: "full" }, "referee").clause).toBe("N-REST-03")
    g = ok(g, { type: "rest", kind: "full", shelter: true }, "referee")
    expect(g.state.party.ann?.adventurer.hp).toBe(5)
    expect(g.state.clock.day).toBe(8)
  })

  it("N-REST-04 R-N-GAME-06 no rest in a fight; a rest's time runs out a dying timer nobody stopped", () => {
    let g = hurtAnn(party(table()), 8)
    g = roll(g, [4])
    expect(no(g, { type: "rest", kind: "short" }, "referee").clause).toBe("N-REST-04")
    g = ok(g, { type: "endFight", why: "the brute flees" }, "referee")
    g = roll(g, [6])
    g = ok(g, { type: "rest", kind: "short" }, "referee")
    g = roll(g, [1], [1])
    expect(g.state.party.ann?.adventurer.status).toBe("dead")
  })

  it("N-REMEDY-01 N-REMEDY-02 a Remedy: a Turn, 1D6 HP, and its Step Die rolled", () => {
    let g = party(table())
    g = ok(g, { type: "condition", character: "cy", name: "poisoned" }, "referee")
    g = ok(g, { type: "remedy", character: "cy", remedy: "herbs", treat: "poisoned" }, "cy")
    g = roll(g, [5], [2])
    expect(gearDie(g, "cy", "herbs")).toBe("d0")
    expect(g.state.party.cy?.adventurer.conditions).toEqual([])
    expect(played(g).some((e) => e.type === "timePassed")).toBe(true)
  })

  it("N-SPELL-02 N-SPELL-03 N-SPELL-04 a cast always takes effect; a failed DR 12 Presence Check leaves the caster fatigued", () => {
    let g = party(table())
    g = ok(g, { type: "cast", character: "cy", shard: "Light" }, "cy")
    g = roll(g, [9], [3])
    expect(g.state.party.cy?.adventurer.conditions.map((c) => c.name)).toEqual(["fatigued"])
    expect(gearDie(g, "cy", "Light")).toBe("d4")
    expect(no(g, { type: "cast", character: "cy", shard: "Light" }, "ann").clause).toBe("R-N-GAME-01")
  })

  it("N-ADVANCE-01 N-ADVANCE-02 N-ADVANCE-03 N-ADVANCE-04 the Referee grants an Advancement: +1D6 max HP, each Ability 1D6 ≥ score rises", () => {
    let g = party(table())
    expect(no(g, { type: "advance", character: "bo" }, "bo").clause).toBe("R-N-GAME-01")
    g = ok(g, { type: "advance", character: "bo" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "dice", by: "bo" })
    // HP 4; Strength 2 (roll 1: stays), Dexterity 0, Presence -1 and Constitution 1 (1s: each rises).
    g = roll(g, [4], [1], [1], [1], [1])
    expect(g.state.party.bo?.adventurer).toMatchObject({
      maxHp: 11,
      hp: 11,
      abilities: { strength: 2, dexterity: 1, presence: 0, constitution: 2 },
      slots: 12,
    })
  })

  it("N-STEPDIE-01 N-STEPDIE-02 N-STEPDIE-03 N-STEPDIE-04 a tracker's Step Die: 1 steps two down, 2–3 one, and D0 ends it", () => {
    let g = party(table())
    g = ok(g, { type: "track", name: "torch", die: "d6" }, "referee")
    g = all(g, [[{ type: "tick", name: "torch" }, "referee"]])
    g = roll(g, [2])
    expect(g.state.trackers.torch?.die).toBe("d4")
    g = ok(g, { type: "tick", name: "torch" }, "referee")
    g = roll(g, [1])
    expect(g.state.trackers.torch?.die).toBe("d0")
    expect(no(g, { type: "tick", name: "torch" }, "referee").clause).toBe("N-STEPDIE-04")
  })

  it("N-CONDITION-02 N-SLOTS-02 N-SLOTS-03 R-N-GAME-18 a Condition with no Slot free: the game asks the player what to drop", () => {
    let g = ok(
      table(),
      {
        type: "join",
        id: "ann",
        name: "Ann",
        abilities: { strength: -3, dexterity: 0, presence: 0, constitution: 0 },
        gear: [
          { name: "spear", kind: "weapon", die: "d6" },
          { name: "rations", kind: "supply", die: "d6" },
        ],
        slots: 7,
      },
      "ann",
    )
    expect(no(g, { type: "drop", character: "ann", item: "rope" }, "ann").clause).toBe("N-CONDITION-02")
    g = ok(g, { type: "condition", character: "ann", name: "stress" }, "referee")
    const a = g.state.party.ann?.adventurer
    expect(a && a.itemSlots + a.conditions.length - a.slots).toBe(1)
    // R-N-GAME-18: the game itself asks ann's player what to drop; nothing else goes on meanwhile.
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "drop", by: "ann" })
    expect((waiting(g) as { options: string[] }).options).toEqual(["spear", "rations", UNTRACKED])
    expect(no(g, { type: "choose", option: "spear" }, "bo").clause).toBe("R-N-GAME-01")
    g = ok(g, { type: "choose", option: "spear" }, "ann")
    expect(waiting(g)).toBeUndefined()
    expect(g.state.party.ann?.gear.map((x) => x.name)).toEqual(["rations"])
    expect(g.state.party.ann?.adventurer.itemSlots).toBe(6)
  })

  it("N-TIME-01 N-TIME-02 a Watch is a quarter of a day: four Long Rests make a day", () => {
    let g = party(table())
    for (let i = 0; i < 4; i++) {
      g = ok(g, { type: "rest", kind: "long" }, "referee")
      g = roll(g, [1], [1], [1])
    }
    expect(g.state.clock).toMatchObject({ day: 2, watch: 0 })
  })

  it("N-DEATH-01 a dead character acts no more; the player seats a new character", () => {
    let g = hurtAnn(party(table()), 8)
    g = roll(g, [1])
    g = ok(g, { type: "endTurn" }, "referee")
    g = ok(g, { type: "endTurn" }, "bo")
    expect(g.state.party.ann?.adventurer.status).toBe("dead")
    expect(no(g, { type: "check", character: "ann", ability: "strength", dr: 12 }, "ann").clause).toBe(
      "N-HP-03",
    )
    g = ok(
      g,
      {
        type: "join",
        id: "ann2",
        name: "Anwen",
        abilities: { strength: 0, dexterity: 1, presence: 2, constitution: -1 },
      },
      "ann",
    )
    expect(g.state.party.ann2).toMatchObject({
      owner: "ann",
      adventurer: { status: "active", hp: 5, slots: 10 },
    })
  })
})

describe("a whole sheet at the table", () => {
  it("N-CREATE-01 N-SLOTS-03 a character joins with its whole sheet; play is written back onto it", async () => {
    const { seeded } = await import("@blight/dice")
    const { Character, Game } = await import("../../src/index.js")
    const sheet = Character.generateCharacter(seeded(11))
    let g = ok(table(), { type: "join", id: "ann", name: sheet.name, sheet }, "ann")
    const m = g.state.party.ann
    expect(m?.adventurer).toMatchObject({ hp: sheet.hp, maxHp: sheet.maxHp, slots: sheet.slots.total })
    expect(m?.gear.length).toBe(
      sheet.items.filter((i) => i.die !== undefined).length + sheet.spellShards.length,
    )
    expect(
      no(
        table(),
        {
          type: "join",
          id: "ann",
          name: "Ann",
          sheet,
          abilities: { strength: 0, dexterity: 0, presence: 0, constitution: 0 },
        },
        "ann",
      ).clause,
    ).toBe("N-CREATE-01")
    g = ok(g, { type: "condition", character: "ann", name: "stress" }, "referee")
    const now = m && Game.sheetNow(g.state.party.ann ?? m)
    expect(now?.conditions.map((c) => c.name)).toEqual([...sheet.conditions.map((c) => c.name), "stress"])
    expect(now?.background).toEqual(sheet.background)
  })
})
