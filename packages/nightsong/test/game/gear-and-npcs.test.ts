import { describe, it } from "vitest"
import { UNTRACKED } from "../../src/game/procedures/Room.js"
import type { Game } from "../../src/index.js"
import { all, expect, type Log, no, ok, party, played, roll, seat, table, waiting } from "./helpers.js"

const bring = (g: Log, id: string, system: string, block: object): Log =>
  ok(g, { type: "convert", id, system, block } as Game.Command, "referee")

const goblin = {
  name: "Goblin",
  hp: 6,
  morale: 7,
  armorTier: 1,
  attacks: [
    { name: "bite", damage: "d2" },
    { name: "shiv", damage: "d4" },
  ],
  specials: ["Attacks in packs."],
  drives: ["shiny things"],
}

describe("creatures from other games at the table", () => {
  it("N-CONVERSION-01 N-CONVERSION-02 N-CONVERSION-03 a MÖRK BORG goblin: HP kept, D2 becomes D4, Tier 1 Armor D4, Morale 7 gives Resolve 50, Drives kept", () => {
    const g = bring(party(table()), "gob", "mork-borg", goblin)
    expect(g.state.npcs.gob).toMatchObject({
      name: "Goblin",
      hp: 6,
      attack: ["d4"],
      armor: "d4",
      resolve: 50,
      drives: ["shiny things"],
      status: "active",
    })
    const bad = no(
      g,
      { type: "convert", id: "gob2", system: "mork-borg", block: { ...goblin, morale: 13 } },
      "referee",
    )
    expect(bad).toMatchObject({ clause: "N-CONVERSION-02" })
    expect(bad.reason).toMatch(/^block\.morale/)
    expect(g.state.npcs.gob2).toBeUndefined()
    expect(no(g, { type: "convert", id: "x", system: "cairn", block: {} }, "ann").clause).toBe("R-N-GAME-01")
  })

  it("N-CONVERSION-04 a Cairn bear: HP and Weapon kept, Armor 1 becomes D4, WIL 9 gives Resolve 50", () => {
    const bear = {
      name: "Bear",
      hp: 9,
      str: 16,
      dex: 9,
      wil: 9,
      armor: 1,
      attacks: [{ name: "maul", damage: "d8" }],
    }
    const g = bring(party(table()), "bear", "cairn", bear)
    expect(g.state.npcs.bear).toMatchObject({ hp: 9, attack: ["d8"], armor: "d4", resolve: 50 })
    expect(bring(g, "old", "cairn", { ...bear, wil: 16 }).state.npcs.old?.resolve).toBe(90)
  })

  it("N-CONVERSION-05 a Knave ogre: HP = Hit Dice × 4, light Armor D4, Morale 10 gives Resolve 90", () => {
    const ogre = {
      name: "Ogre",
      hitDice: 4,
      armor: "light",
      morale: 10,
      attacks: [{ name: "club", damage: "d10" }],
    }
    const g = bring(party(table()), "ogre", "knave", ogre)
    expect(g.state.npcs.ogre).toMatchObject({ hp: 16, attack: ["d10"], armor: "d4", resolve: 90 })
  })

  it("N-CONVERSION-06 an OSE hobgoblin: HP = Hit Dice × 4 (+1), leather D4, Morale 8 gives Resolve 70", () => {
    const hob = {
      name: "Hobgoblin",
      hitDice: 1,
      hitDiceBonus: 1,
      armor: "leather",
      shield: true,
      morale: 8,
      attacks: [{ name: "weapon", damage: "d8" }],
      saveAs: "F1",
    }
    const g = bring(party(table()), "hob", "ose", hob)
    expect(g.state.npcs.hob).toMatchObject({ hp: 5, attack: ["d8"], armor: "d4", resolve: 70 })
  })

  it("N-CONVERSION-07 N-CONVERSION-08 N-COMBAT-12 R-N-GAME-19 a DCC cultist: funky dice rounded, two claws a multiple attack, temperament sets Resolve", () => {
    const cultist = {
      name: "Cultist",
      hitDice: 2,
      armor: "mail",
      temperament: "cultist",
      attacks: [
        { name: "claws", damage: "d7", count: 2 },
        { name: "sacrificial knife", damage: "d5" },
      ],
    }
    let g = bring(party(table()), "cult", "dcc", cultist)
    expect(g.state.npcs.cult).toMatchObject({ hp: 8, attack: ["d8", "d8"], armor: "d6", resolve: 70 })
    g = bring(g, "scared", "dcc", { ...cultist, temperament: "skittish" })
    expect(g.state.npcs.scared?.resolve).toBe(30)
    // Its claws in play: two D8s, the higher kept.
    g = ok(g, { type: "fight", enemies: ["cult"], surprise: "players" }, "referee")
    g = roll(
      ok(g, { type: "attack", attacker: "cult", target: "cy", advantage: "none" }, "referee"),
      [2],
      [5],
    )
    expect(
      played(g)
        .filter((e) => e.type === "attacked")
        .at(-1),
    ).toMatchObject({ kept: 5, damage: 5 })
  })
})

describe("NPCs in play", () => {
  it("N-NPC-01 N-RESOLVE-02 an NPC's drives are kept with it; outmatched, it withdraws rather than die", () => {
    const toll = { type: "npc", id: "toll", name: "toll-keeper", hp: 4, attack: ["d4"] } as const
    let g = ok(party(table()), { ...toll, drives: ["coin", "a quiet life"] }, "referee")
    expect(g.state.npcs.toll?.drives).toEqual(["coin", "a quiet life"])
    g = ok(g, { type: "fight", enemies: ["toll"], surprise: "none" }, "referee")
    // Half its HP gone: the Referee's d% against Resolve 50; a 90 and it yields.
    const hit = {
      type: "attack",
      attacker: "ann",
      target: "toll",
      weapon: "sword",
      advantage: "none",
    } as const
    g = roll(ok(g, hit, "ann"), [2])
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 100, by: "referee" })
    g = roll(g, [90])
    expect(g.state.npcs.toll).toMatchObject({ hp: 2, status: "routed" })
    // No enemy stands: the fight ends, and ann's sword and mail wear.
    g = roll(g, [6], [6])
    expect(g.state.fight).toBeUndefined()
  })

  it("N-NPC-03 NPC Damage: a weak attack rolls a D4, a deadly one a D10", () => {
    let g = all(party(table()), [
      [{ type: "npc", id: "rat", name: "rat", hp: 2, attack: ["d4"] }, "referee"],
      [{ type: "npc", id: "troll", name: "troll", hp: 18, attack: ["d10"] }, "referee"],
      [{ type: "fight", enemies: ["rat", "troll"], surprise: "players" }, "referee"],
    ])
    g = ok(g, { type: "attack", attacker: "rat", target: "cy", advantage: "none" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 4 })
    g = roll(g, [3])
    g = ok(g, { type: "attack", attacker: "troll", target: "cy", advantage: "none" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 10 })
  })

  it("N-NPC-05 a Special plays as the Referee's calls: a save for the target, a Condition on a failure, its own Damage Die", () => {
    let g = all(party(table()), [
      [{ type: "npc", id: "spider", name: "spider", hp: 6, attack: ["d6"] }, "referee"],
      [{ type: "fight", enemies: ["spider"], surprise: "players" }, "referee"],
    ])
    // Its venom calls for a Constitution save, and poisons on a failure.
    g = roll(ok(g, { type: "save", character: "bo", ability: "constitution", advantage: "none" }, "bo"), [4])
    expect(g.state.lastCheck?.result.succeeded).toBe(false)
    g = ok(g, { type: "condition", character: "bo", name: "poisoned" }, "referee")
    expect(g.state.party.bo?.adventurer.conditions.map((c) => c.name)).toEqual(["poisoned"])
    // Its web ignores its Weapon Die: the Referee gives the harm (limited, a D4).
    g = ok(
      g,
      { type: "attack", attacker: "spider", target: "cy", feat: "limited", advantage: "none" },
      "referee",
    )
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 4 })
  })

  it("N-COMBAT-08 a feat of position is a Check instead of Damage, and it is the character's action", () => {
    let g = all(party(table()), [
      [{ type: "npc", id: "g1", name: "goblin", hp: 5, attack: ["d6"] }, "referee"],
      [{ type: "fight", enemies: ["g1"], surprise: "none" }, "referee"],
    ])
    g = roll(
      ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 12, advantage: "none" }, "ann"),
      [11],
    )
    expect(g.state.lastCheck?.result).toMatchObject({ succeeded: true })
    expect(g.state.fight?.acted).toContain("ann")
    expect(no(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword" }, "ann").clause).toBe(
      "N-COMBAT-03",
    )
  })
})

describe("supplies and Remedies", () => {
  it("N-REMEDY-03 a rare Remedy starts at D8 and rolls it; a common one at D4 runs out sooner", () => {
    let g = all(table(), [
      seat("ann", "Ann", [0, 0, 0, 0], [["elixir", "remedy", "d8"]]),
      [{ type: "session", action: "start" }, "referee"],
    ])
    g = ok(g, { type: "remedy", character: "ann", remedy: "elixir" }, "ann")
    g = roll(g, [3])
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 8 })
    g = roll(g, [2])
    expect(g.state.party.ann?.gear[0]).toMatchObject({ die: "d6", start: "d8" })
    let c = all(table(), [seat("bo", "Bo", [0, 0, 0, 0], [["salve", "remedy", "d4"]])])
    c = roll(ok(c, { type: "remedy", character: "bo", remedy: "salve" }, "bo"), [3], [2])
    expect(c.state.party.bo?.gear[0]?.die).toBe("d0")
    expect(no(c, { type: "remedy", character: "bo", remedy: "salve" }, "bo").clause).toBe("N-STEPDIE-04")
  })

  it("N-ITEM-01 N-STEPDIE-04 a supply at D0 is gone: no torch is lit from a spent bundle", () => {
    let g = all(table(), [
      seat("ann", "Ann", [1, 2, 0, 1], [["torches", "supply", "d4"]]),
      [{ type: "delve", action: "start" }, "referee"],
    ])
    g = roll(ok(g, { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann"), [1])
    expect(g.state.party.ann?.gear[0]?.die).toBe("d0")
    g = roll(ok(g, { type: "turn", way: 50 }, "referee"), [1], [1])
    expect(g.state.light?.lit).toBe(false)
    expect(no(g, { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann").clause).toBe(
      "N-ITEM-01",
    )
  })
})

describe("what is found", () => {
  it("N-BACKGROUND-05 N-SPELL-01 R-N-GAME-23 a Spell Shard is found, never made: only the Referee adds one, a copy is refused, it takes a Slot", () => {
    let g = party(table())
    const shard = { name: "Ward", kind: "shard", die: "d8" } as const
    expect(no(g, { type: "find", character: "cy", item: shard }, "cy").clause).toBe("R-N-GAME-01")
    const slots = g.state.party.cy!.adventurer.itemSlots
    g = ok(g, { type: "find", character: "cy", item: shard }, "referee")
    expect(g.state.party.cy?.gear.at(-1)).toEqual({ ...shard, start: "d8" })
    expect(g.state.party.cy?.adventurer.itemSlots).toBe(slots + 1)
    expect(no(g, { type: "find", character: "cy", item: shard }, "referee").clause).toBe("N-BACKGROUND-05")
    expect(no(g, { type: "find", character: "bo", item: shard, slots: 2 }, "referee").clause).toBe(
      "N-SPELL-01",
    )
    // A drained Shard found must say what it refills to (R-N-SPELL-03).
    const drained = { name: "Husk", kind: "shard", die: "d0" } as const
    expect(no(g, { type: "find", character: "bo", item: drained }, "referee").clause).toBe("N-STEPDIE-04")
    g = ok(g, { type: "find", character: "bo", item: { ...drained, start: "d6" } }, "referee")
    expect(g.state.party.bo?.gear.at(-1)).toEqual({ ...drained, start: "d6" })
    // The found Shard casts like any other: its D8 is rolled.
    g = roll(ok(g, { type: "cast", character: "cy", shard: "Ward" }, "cy"), [15])
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 8 })
  })
})

describe("the cost of a Full Rest and of a full pack", () => {
  const restful = (): Log =>
    all(table(), [
      seat("ann", "Ann", [0, 0, 0, 0], [["rations", "supply", "d4"]]),
      [{ type: "session", action: "start" }, "referee"],
    ])

  it("N-REST-03 N-JOURNEY-06 R-N-GAME-17 a Full Rest's week eats a ration a day; when they run out, starving", () => {
    let g = ok(restful(), { type: "rest", kind: "full", shelter: true }, "referee")
    // Day 1: the D4 rations roll a 1 and are spent (N-STEPDIE-03); the other six days find none.
    g = roll(g, [1])
    expect(waiting(g)).toBeUndefined()
    expect(g.state.clock.day).toBe(8)
    expect(g.state.party.ann?.gear[0]?.die).toBe("d0")
    const starving = g.state.party.ann?.adventurer.conditions.find((c) => c.name === "starving")
    expect(starving?.slots).toBe(6)
    // Rest counts as each day's Long Rest: nobody is fatigued.
    expect(g.state.party.ann?.adventurer.conditions.map((c) => c.name)).toEqual(["starving"])
  })

  it("N-REST-03 R-N-GAME-17 a shelter that feeds the party: the week eats no rations; `fed` is for a Full Rest only", () => {
    const g = ok(restful(), { type: "rest", kind: "full", shelter: true, fed: true }, "referee")
    expect(waiting(g)).toBeUndefined()
    expect(g.state.party.ann?.gear[0]?.die).toBe("d4")
    expect(g.state.party.ann?.adventurer.conditions).toEqual([])
    expect(no(restful(), { type: "rest", kind: "long", fed: true }, "referee").clause).toBe("R-N-GAME-17")
  })

  it("N-SLOTS-01 N-CONDITION-02 R-N-GAME-18 each Condition past the Slots: the player is asked what goes, an untracked item or gear", () => {
    let g = all(table(), [seat("ann", "Ann", [-3, 0, 0, 0], [["spear", "weapon", "d6"]], "ann", 7)])
    expect(waiting(g)).toBeUndefined()
    g = ok(g, { type: "condition", character: "ann", name: "broken arm", severity: "major" }, "referee")
    expect((waiting(g) as { options: string[] }).options).toEqual(["spear", UNTRACKED])
    g = ok(g, { type: "choose", option: UNTRACKED }, "ann")
    g = ok(g, { type: "condition", character: "ann", name: "stress" }, "referee")
    expect(g.state.party.ann?.gear.map((x) => x.name)).toEqual(["spear"])
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "drop", by: "ann" })
    g = ok(g, { type: "choose", option: "spear" }, "ann")
    expect(waiting(g)).toBeUndefined()
    expect(g.state.party.ann?.adventurer).toMatchObject({ slots: 7, itemSlots: 5 })
    expect(played(g).filter((e) => e.type === "dropped")).toHaveLength(2)
  })
})
