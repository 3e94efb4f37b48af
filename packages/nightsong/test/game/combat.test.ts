import { describe, it } from "vitest"
import { all, expect, type Log, no, ok, party, played, roll, table, waiting } from "./helpers.js"

/** The party and a band of two goblins (5 HP, D6, D4 Armor, Resolve 30) and a brute (D8 + D8). */
const band = (log: Log): Log =>
  all(log, [
    [{ type: "npc", id: "g1", name: "goblin", hp: 5, attack: ["d6"], armor: "d4", resolve: 30 }, "referee"],
    [{ type: "npc", id: "g2", name: "goblin", hp: 5, attack: ["d6"], armor: "d4", resolve: 30 }, "referee"],
    [{ type: "npc", id: "brute", name: "brute", hp: 10, attack: ["d8", "d8"], resolve: 50 }, "referee"],
  ])

const fightGoblins = (surprise: "none" | "players" | "enemies" = "none"): Log =>
  ok(band(party(table())), { type: "fight", enemies: ["g1", "g2"], surprise }, "referee")

const last = (log: Log, type: string) =>
  played(log)
    .filter((e) => e.type === type)
    .at(-1)

describe("combat through the game", () => {
  it("N-COMBAT-01 the players act first; an enemy acting on the players' turn is refused", () => {
    const g = fightGoblins()
    expect(g.state.fight).toMatchObject({ round: 1, side: "players" })
    expect(
      no(g, { type: "attack", attacker: "g1", target: "ann", advantage: "none" }, "referee").clause,
    ).toBe("N-COMBAT-01")
  })

  it("N-COMBAT-02 R-N-GAME-04 surprise is the Referee's call: surprised players act last in the first Round only", () => {
    let g = ok(band(party(table())), { type: "fight", enemies: ["g1"] }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "surprise", by: "referee" })
    g = ok(g, { type: "choose", option: "players" }, "referee")
    expect(g.state.fight?.order).toEqual(["enemies", "players"])
    expect(g.state.fight?.side).toBe("enemies")
    g = ok(g, { type: "endTurn" }, "referee")
    g = ok(g, { type: "endTurn" }, "ann")
    expect(g.state.fight).toMatchObject({ round: 2, side: "players", order: ["players", "enemies"] })
  })

  it("N-COMBAT-05 N-WEAPON-01 N-ARMOR-01 Weapon Die minus Armor Die; N-COMBAT-10 an Armor roll of 1 is ignored", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 8, by: "ann" })
    g = roll(g, [6])
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 4, by: "referee" })
    g = roll(g, [2])
    expect(last(g, "attacked")).toMatchObject({ kept: 6, armor: 2, damage: 4 })
    expect(g.state.npcs.g1?.hp).toBe(1)
    g = ok(g, { type: "attack", attacker: "bo", target: "g2", weapon: "axe", advantage: "none" }, "bo")
    g = roll(g, [4], [1])
    expect(last(g, "attacked")).toMatchObject({ kept: 4, damage: 4 })
  })

  it("N-COMBAT-09 R-N-COMBAT-01 a 1 on the Damage roll misses entirely, and no Armor is rolled", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
    g = roll(g, [1])
    expect(waiting(g)).toBeUndefined()
    expect(last(g, "attacked")).toMatchObject({ miss: true, damage: 0 })
  })

  it("N-COMBAT-03 one action a Round for each fighter", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
    g = roll(g, [1])
    expect(
      no(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
        .clause,
    ).toBe("N-COMBAT-03")
  })

  it("N-COMBAT-06 N-ADV-02 Advantage (the Referee's call) rolls the Damage twice and keeps the higher", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "advantage", by: "referee" })
    g = ok(g, { type: "choose", option: "advantage" }, "referee")
    g = roll(g, [2], [7], [3])
    expect(last(g, "attacked")).toMatchObject({ kept: 7, armor: 3, damage: 4 })
  })

  it("N-FOCUS-02 R-N-FOCUS-03 Focus on a Damage roll after seeing it: one more roll, the higher kept, the extra Damage lands", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
    g = roll(g, [2], [1])
    expect(g.state.npcs.g1?.hp).toBe(3)
    expect(no(g, { type: "focus", character: "bo", on: "damage" }, "bo").clause).toBe("N-FOCUS-02")
    g = ok(g, { type: "focus", character: "ann", on: "damage" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 8, by: "ann" })
    // The Armor's 1 stays ignored; 7 is kept: 5 more Damage, and the goblin is out; the band breaks.
    g = roll(g, [7], [90])
    expect(last(g, "damageFocused")).toMatchObject({ extra: 5 })
    expect(g.state.npcs.g1?.status).toBe("takenOut")
    expect(g.state.party.ann?.adventurer.focus).toBe(1)
    // The fight is over (wear and tear on the sword and the mail): the roll can no longer be improved.
    g = roll(g, [5], [5])
    expect(no(g, { type: "focus", character: "ann", on: "damage" }, "ann").clause).toBe("N-FOCUS-02")
  })

  it("N-COMBAT-13 R-N-COMBAT-03 R-N-GAME-09 a blast rolls Damage for each target caught; when unclear, its dice give how many", () => {
    let g = fightGoblins()
    g = ok(
      g,
      {
        type: "blast",
        attacker: "cy",
        targets: ["g1", "g2"],
        feat: "serious",
        advantage: "none",
        unclear: true,
      },
      "cy",
    )
    // Two caught (a 2 on the D6); g1: 5, its Armor's 1 ignored, out; the band holds (10); g2: 3 − 2.
    g = roll(g, [2], [5], [1], [10], [3], [2])
    const hits = played(g).filter((e) => e.type === "attacked")
    expect(hits.map((e) => e.type === "attacked" && [e.target, e.damage])).toEqual([
      ["g1", 5],
      ["g2", 1],
    ])
    expect([g.state.npcs.g1?.status, g.state.npcs.g2?.hp]).toEqual(["takenOut", 4])
    expect(no(g, { type: "blast", attacker: "ann", targets: ["g2", "g2"] }, "ann").clause).toBe("N-COMBAT-13")
  })

  it("N-COMBAT-12 a multiple attack (D8 + D8) rolls every die and keeps the highest", () => {
    let g = ok(band(party(table())), { type: "fight", enemies: ["brute"], surprise: "players" }, "referee")
    g = ok(g, { type: "attack", attacker: "brute", target: "cy", advantage: "none" }, "referee")
    g = roll(g, [3], [5])
    expect(last(g, "attacked")).toMatchObject({ dice: ["d8", "d8"], kept: 5, damage: 5 })
    expect(g.state.party.cy?.adventurer.hp).toBe(1)
  })

  it("N-COMBAT-14 an unarmed attack deals 1D4; N-COMBAT-07 a feat's die is the Referee's call", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "cy", target: "g1", advantage: "none" }, "cy")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 4, by: "cy" })
    g = roll(g, [3], [1])
    expect(last(g, "attacked")).toMatchObject({ weapon: "unarmed", damage: 3 })
    g = ok(g, { type: "attack", attacker: "ann", target: "g2", weapon: "feat", advantage: "none" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "harm", by: "referee" })
    g = ok(g, { type: "choose", option: "devastating" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 8, by: "ann" })
  })

  it("N-COMBAT-15 no ranged attack while engaged in melee; cover imposes Disadvantage", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "ann", target: "g1", weapon: "sword", advantage: "none" }, "ann")
    g = roll(g, [1])
    g = all(g, [[{ type: "endTurn" }, "ann"]])
    const r = no(
      g,
      { type: "attack", attacker: "g1", target: "ann", ranged: true, advantage: "none" },
      "referee",
    )
    expect(r.clause).toBe("N-COMBAT-15")
    g = ok(
      g,
      { type: "attack", attacker: "g2", target: "cy", ranged: true, cover: true, advantage: "none" },
      "referee",
    )
    g = roll(g, [5], [2])
    expect(last(g, "attacked")).toMatchObject({ kept: 2, damage: 2 })
  })

  it("N-SHIELD-01 N-SHIELD-02 R-N-SHIELD-01 the defender decides to block: the whole attack is cancelled, then the Shield's die is rolled", () => {
    let g = fightGoblins("players")
    g = ok(g, { type: "attack", attacker: "g1", target: "bo", advantage: "none" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "block", by: "bo" })
    expect(no(g, { type: "choose", option: "take" }, "referee").reason).toMatch(/for bo to answer/)
    g = ok(g, { type: "choose", option: "block" }, "bo")
    expect(waiting(g)).toMatchObject({ kind: "dice", purpose: "g1 → bo: step (d6)", by: "bo" })
    g = roll(g, [2])
    expect(last(g, "attacked")).toMatchObject({ blocked: true, damage: 0 })
    expect(g.state.party.bo?.gear.find((x) => x.kind === "shield")?.die).toBe("d4")
    expect(
      no(g, { type: "attack", attacker: "g2", target: "bo", block: true, advantage: "none" }, "referee")
        .clause,
    ).toBe("R-N-GAME-01")
  })

  it("N-COMBAT-04 N-RESOLVE-02 an NPC is out at 0 HP; a band at half its numbers rolls morale and routs above its Resolve", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "bo", target: "g1", weapon: "axe", advantage: "none" }, "bo")
    g = roll(g, [9], [2])
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 100, by: "referee" })
    g = roll(g, [64])
    expect(g.state.npcs.g1?.status).toBe("takenOut")
    expect(last(g, "morale")).toMatchObject({ resolve: 30, roll: 64, holds: false })
    expect(g.state.npcs.g2?.status).toBe("routed")
  })

  it("N-COMBAT-11 N-WEAPON-02 N-ARMOR-02 when the fight ends the game rolls wear and tear: a Weapon at D0 breaks", () => {
    let g = fightGoblins()
    g = ok(g, { type: "attack", attacker: "bo", target: "g1", weapon: "axe", advantage: "none" }, "bo")
    g = roll(g, [9], [2], [64])
    // The fight is over: Ann's mail (worn, D6) and Bo's axe (used, D10) roll; the axe's 1 steps it down two.
    expect(waiting(g)).toMatchObject({ kind: "dice", purpose: "ann's wear and tear: step (d6)", by: "ann" })
    g = roll(g, [5], [1])
    expect(g.state.fight).toBeUndefined()
    expect(g.state.party.bo?.gear.find((x) => x.name === "axe")?.die).toBe("d6")
    expect(last(g, "fightEnded")).toMatchObject({ why: "no enemy is left standing" })
  })

  it("N-HP-03 R-N-HP-01 at 0 HP a character is taken out and the timer (CON + 1D4 Rounds) runs by the Round", () => {
    let g = ok(band(party(table())), { type: "fight", enemies: ["brute"], surprise: "players" }, "referee")
    g = ok(g, { type: "attack", attacker: "brute", target: "ann", advantage: "none" }, "referee")
    // Her mail rolls a 1 (ignored); Constitution -1 + 1D4 (2): one Round to live.
    g = roll(g, [8], [8], [1], [2])
    expect(g.state.party.ann?.adventurer).toMatchObject({
      hp: 0,
      status: "takenOut",
      dying: { remaining: 1, unit: "rounds" },
    })
    g = ok(g, { type: "endTurn" }, "referee")
    g = ok(g, { type: "endTurn" }, "bo")
    expect(g.state.party.ann?.adventurer.status).toBe("dead")
  })

  it("N-HP-03 R-N-HP-02 help in time stops the timer; it is the helper's action", () => {
    let g = ok(band(party(table())), { type: "fight", enemies: ["brute"], surprise: "players" }, "referee")
    g = ok(g, { type: "attack", attacker: "brute", target: "ann", advantage: "none" }, "referee")
    g = roll(g, [8], [8], [1], [3])
    g = ok(g, { type: "endTurn" }, "referee")
    g = ok(g, { type: "help", helper: "cy", dying: "ann" }, "cy")
    expect(g.state.party.ann?.adventurer.dying?.stabilised).toBe(true)
    expect(no(g, { type: "cast", character: "cy", shard: "Light" }, "cy").clause).toBe("N-COMBAT-03")
    g = ok(g, { type: "endTurn" }, "cy")
    expect(g.state.party.ann?.adventurer.status).toBe("takenOut")
  })

  it("N-NPC-06 a Force ignores Damage from one fighter", () => {
    let g = party(table())
    g = ok(g, { type: "npc", id: "host", name: "warband", hp: 20, attack: ["d8"], force: true }, "referee")
    g = ok(g, { type: "fight", enemies: ["host"], surprise: "none" }, "referee")
    g = ok(g, { type: "attack", attacker: "ann", target: "host", weapon: "sword", advantage: "none" }, "ann")
    g = roll(g, [7])
    expect(g.state.npcs.host?.hp).toBe(20)
  })
})
