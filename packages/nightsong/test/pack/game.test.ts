import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { Game } from "../../src/index.js"
import { all, type Log, no, ok, party, played, roll, waiting } from "../game/helpers.js"
import { exampleContent } from "./example.js"

/** Ann, Bo and Cy at a table set up with the example pack; a grave moth brought on. */
const table = (seed?: number): Log =>
  all(party(Game.newGame({ players: ["ann", "bo", "cy"], seed, content: exampleContent() })), [
    [{ type: "creature", id: "moth", creature: "grave-moth" }, "referee"],
  ])

const lastAttack = (log: Log) => played(log).findLast((e) => e.type === "attacked")

describe("a game set up with packs", () => {
  it("R-N-PACK-06 N-NPC-02 a pack's creature comes on with its stat block and specials", () => {
    const g = table()
    expect(g.state.npcs.moth).toMatchObject({
      name: "Grave Moth",
      hp: 8,
      attack: ["d6", "d6"],
      armor: "d4",
      resolve: 40,
      drives: ["The warm breath of the living"],
      creature: "grave-moth",
    })
    expect(g.state.npcs.moth?.specials?.map((s) => s.name)).toEqual(["Dust-laden bite", "Fluttering"])
    expect(no(g, { type: "creature", id: "wolf", creature: "dire-wolf" }, "referee")).toMatchObject({
      clause: "R-N-PACK-06",
    })
    expect(no(g, { type: "creature", id: "m2", creature: "grave-moth" }, "ann").clause).toBe("R-N-GAME-01")
    const bare = Game.newGame({ players: ["ann"] })
    expect(no(bare, { type: "creature", id: "m", creature: "grave-moth" }, "referee").clause).toBe(
      "R-N-PACK-06",
    )
  })

  it("R-N-PACK-06 legal lists the packs' creatures and Shards to the Referee, and no seat else", () => {
    const g = table()
    const types = (by: string) =>
      Game.legal(g.state, by).filter((c) => c.type === "creature" || c.type === "shard")
    expect(types("referee")).toEqual([
      { type: "creature", id: `grave-moth-${g.state.seq}`, creature: "grave-moth" },
      { type: "shard", character: "ann" },
      { type: "shard", character: "bo" },
      { type: "shard", character: "cy" },
    ])
    expect(types("ann")).toEqual([])
    expect(
      Game.legal(Game.newGame({ players: ["ann"] }).state, "referee").some((c) => c.type === "creature"),
    ).toBe(false)
  })

  it("N-NPC-05 N-COMBAT-12 R-N-PACK-03 the moth's bite bypasses Armor and its Damage inflicts a Condition", () => {
    let g = ok(table(), { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    g = ok(g, { type: "endTurn" }, "ann")
    g = ok(g, { type: "attack", attacker: "moth", target: "ann", advantage: "none" }, "referee")
    // d6 + d6: both rolled, the highest kept; Ann's mail is never rolled.
    expect(waiting(g)).toMatchObject({ kind: "dice", purpose: "moth → ann: damage (d6)", by: "referee" })
    g = roll(g, [2], [3])
    expect(waiting(g)).toBeUndefined()
    expect(lastAttack(g)).toMatchObject({ kept: 3, armor: undefined, damage: 3 })
    const ann = g.state.party.ann!.adventurer
    expect(ann.hp).toBe(2)
    expect(ann.conditions).toEqual([
      expect.objectContaining({ name: "poisoned", severity: "major", slots: 1 }),
    ])
  })

  it("R-N-PACK-03 a hit that deals no Damage inflicts nothing", () => {
    let g = ok(table(), { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    g = ok(g, { type: "endTurn" }, "ann")
    g = ok(g, { type: "attack", attacker: "moth", target: "ann", advantage: "none" }, "referee")
    g = roll(g, [1], [1])
    expect(lastAttack(g)).toMatchObject({ miss: true, damage: 0 })
    expect(g.state.party.ann!.adventurer.conditions).toEqual([])
  })

  it("N-NPC-04 R-N-ADV-01 attacks against the moth have Disadvantage, and cancel the Referee's Advantage", () => {
    let g = ok(table(), { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    g = ok(g, { type: "attack", attacker: "ann", target: "moth", weapon: "sword", advantage: "none" }, "ann")
    // Two D8s, the lowest kept, then the moth's D4 Armor.
    g = roll(g, [7], [3], [1])
    expect(lastAttack(g)).toMatchObject({ kept: 3, damage: 3 })
    let h = ok(table(), { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    h = ok(
      h,
      { type: "attack", attacker: "ann", target: "moth", weapon: "sword", advantage: "advantage" },
      "ann",
    )
    // 7 Damage takes the moth past half its HP: its morale roll (10, under Resolve 40) holds.
    h = roll(h, [7], [1], [10])
    expect(lastAttack(h)).toMatchObject({ kept: 7, damage: 7 })
  })

  it("N-COMBAT-13 R-N-PACK-03 a blast's Damage roll on the moth has Disadvantage too", () => {
    let g = ok(table(), { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    g = ok(
      g,
      { type: "blast", attacker: "ann", targets: ["moth"], weapon: "sword", advantage: "none" },
      "ann",
    )
    g = roll(g, [6], [2], [1])
    expect(lastAttack(g)).toMatchObject({ kept: 2, damage: 2 })
  })

  it("R-N-PACK-05 N-SPELL-01 a Shard found holds a Spell rolled on the pack's Spell table, takes a Slot, and casts", () => {
    let g = table()
    const slots = g.state.party.cy!.adventurer.itemSlots
    g = ok(g, { type: "shard", character: "cy" }, "referee")
    expect(waiting(g)).toMatchObject({
      kind: "dice",
      dice: 1,
      purpose: "cy's Shard: barrow-spells (d6)",
      by: "referee",
    })
    g = roll(g, [3])
    expect(g.state.party.cy!.gear.find((x) => x.name === "Grave Whisper")).toEqual({
      name: "Grave Whisper",
      kind: "shard",
      die: "d4",
      start: "d4",
    })
    expect(g.state.party.cy!.adventurer.itemSlots).toBe(slots + 1)
    g = ok(g, { type: "shard", character: "cy" }, "referee")
    g = roll(g, [3])
    expect(g.state.party.cy!.gear.map((x) => x.name)).toContain("Grave Whisper (2)")
    expect(no(g, { type: "shard", character: "cy", table: "no-such" }, "referee").clause).toBe("R-N-PACK-05")
    g = ok(g, { type: "cast", character: "cy", shard: "Grave Whisper" }, "cy")
    expect(waiting(g)).toMatchObject({ kind: "dice", by: "cy" })
  })

  it("R-N-PACK-06 a seeded game with the pack: a Spell from its table, a fight with its creature; replay gives the same hash", () => {
    let g = ok(table(20261207), { type: "shard", character: "ann" }, "referee")
    const spell = g.state.party.ann!.gear.find((x) => x.kind === "shard")
    expect(["Witchlight", "Grave Whisper", "Ash Ward", "Lantern Eyes"]).toContain(spell?.name)
    g = ok(g, { type: "fight", enemies: ["moth"], surprise: "none" }, "referee")
    const up = (id: string) => g.state.party[id]?.adventurer.status === "active"
    const on = () => g.state.fight !== undefined
    for (let round = 0; round < 20 && on(); round++) {
      for (const [id, weapon] of [
        ["ann", "sword"],
        ["bo", "axe"],
      ] as const)
        if (on() && up(id))
          g = ok(g, { type: "attack", attacker: id, target: "moth", weapon, advantage: "none" }, id)
      if (on()) g = ok(g, { type: "endTurn" }, "ann")
      const target = ["ann", "cy"].find(up)
      if (on() && target !== undefined)
        g = ok(g, { type: "attack", attacker: "moth", target, advantage: "none" }, "referee")
      if (on()) g = ok(g, { type: "endTurn" }, "referee")
    }
    expect(g.state.fight).toBeUndefined()
    expect(played(g).some((e) => e.type === "attacked" && e.attacker === "moth")).toBe(true)
    const hash = Game.hashOf(g.state)
    expect(Game.hashOf(Game.replay(g.events))).toBe(hash)
    const again = Game.redecide(g.events)
    expect(Result.isSuccess(again) && Game.hashOf(again.success.state)).toBe(hash)
    expect(
      JSON.parse(JSON.stringify(g.events[0])).state.content.packs.map((p: { id: string }) => p.id),
    ).toEqual(["nightsong", "barrow-lights"])
  })
})
