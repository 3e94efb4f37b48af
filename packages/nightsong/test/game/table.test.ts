import { describe, it } from "vitest"
import { Game } from "../../src/index.js"
import { all, expect, type Log, no, ok, party, played, roll, table, waiting } from "./helpers.js"

const fates = (g: Log) => played(g).filter((e) => e.type === "fated")
const lastFate = (g: Log) => fates(g).at(-1)
const solo = (): Log =>
  ok(
    Game.newGame({ players: ["ann"], solo: true }),
    {
      type: "join",
      id: "ann",
      name: "Ann",
      abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
    },
    "ann",
  )

describe("solo play", () => {
  it("N-CHECK-03 R-N-GAME-21 solo: the DR is 12 unless stated, and nobody is asked for it", () => {
    let g = ok(solo(), { type: "check", character: "ann", ability: "dexterity", advantage: "none" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "dice", sides: 20 })
    g = roll(g, [10], [9])
    expect(g.state.lastCheck?.result.dr).toBe(12)
    g = roll(
      ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 15, advantage: "none" }, "ann"),
      [13],
      [1],
    )
    expect(g.state.lastCheck?.result.dr).toBe(15)
    // At a table with a Referee the DR is still asked.
    const t = ok(party(table()), { type: "check", character: "ann", ability: "dexterity" }, "ann")
    expect(waiting(t)).toMatchObject({ kind: "choice", key: "dr" })
  })

  it("N-NUANCED-03 R-N-GAME-21 solo: every Check and save is a Nuanced Check, two totals against the DR", () => {
    let g = ok(solo(), { type: "check", character: "ann", ability: "dexterity", advantage: "none" }, "ann")
    g = roll(g, [10], [9])
    expect(g.state.lastCheck?.result).toMatchObject({ kind: "nuanced", outcome: "weak" })
    g = ok(g, { type: "save", character: "ann", ability: "constitution", advantage: "none" }, "ann")
    g = roll(g, [15], [14])
    expect(g.state.lastCheck?.result).toMatchObject({ kind: "nuanced", dr: 12, outcome: "strong" })
    const t = roll(
      ok(
        party(table()),
        { type: "check", character: "ann", ability: "dexterity", dr: 12, advantage: "none" },
        "ann",
      ),
      [10],
    )
    expect(t.state.lastCheck?.result.kind).toBe("plain")
  })
})

describe("the Die of Fate at the table", () => {
  it("N-SAVE-01 N-SAVE-02 an NPC does not save: the Referee rolls the Die of Fate, low is yes", () => {
    let g = ok(party(table()), { type: "npc", id: "wolf", name: "wolf", hp: 6, attack: ["d6"] }, "referee")
    expect(
      no(g, { type: "save", character: "wolf", ability: "constitution", threshold: 30 }, "ann").clause,
    ).toBe("R-N-GAME-01")
    expect(
      no(g, { type: "save", character: "wolf", ability: "constitution", severity: 3 }, "referee").clause,
    ).toBe("N-SAVE-02")
    g = ok(g, { type: "save", character: "wolf", ability: "constitution" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "threshold", by: "referee" })
    g = roll(ok(g, { type: "choose", option: "30" }, "referee"), [30])
    expect(lastFate(g)).toMatchObject({ threshold: 30, roll: 30, yes: true })
    g = roll(ok(g, { type: "save", character: "wolf", ability: "strength", threshold: 30 }, "referee"), [31])
    expect(lastFate(g)).toMatchObject({ yes: false })
    // A character's save is a Check, never the Die of Fate.
    expect(
      no(g, { type: "save", character: "ann", ability: "constitution", threshold: 50 }, "ann").clause,
    ).toBe("N-SAVE-01")
  })

  it('N-FATE-03 a published "35% chance": it happens on 1–35, not on 36', () => {
    let g = roll(
      ok(party(table()), { type: "fate", question: "35% chance of rain", threshold: 35 }, "referee"),
      [35],
    )
    expect(lastFate(g)).toMatchObject({ threshold: 35, roll: 35, yes: true })
    g = roll(ok(g, { type: "fate", question: "35% chance of rain", threshold: 35 }, "referee"), [36])
    expect(lastFate(g)).toMatchObject({ yes: false })
    expect(no(g, { type: "fate", question: "odd", threshold: 101 }, "referee").clause).toBe("N-FATE-02")
  })

  it("N-FATE-04 R-N-GAME-20 weather, navigation, the way ahead, distance, foraging, reactions and surprise all ask the Die of Fate", () => {
    let g = ok(
      party(table()),
      { type: "npc", id: "elk", name: "elk", hp: 8, attack: ["d6"], resolve: 30 },
      "referee",
    )
    g = ok(g, { type: "watch", weather: 70, navigation: 70, way: 70, badWeather: "pressOn" }, "referee")
    g = roll(g, [5], [5], [5])
    g = roll(ok(g, { type: "distance", threshold: 70 }, "referee"), [80])
    g = roll(ok(g, { type: "reaction", npc: "elk", threshold: 30 }, "referee"), [90])
    // Foraging: the Referee hands ann some rations found on the way, and ann forages to add to them.
    g = ok(
      g,
      { type: "find", character: "ann", item: { name: "rations", kind: "supply", die: "d4" }, slots: 0 },
      "referee",
    )
    g = roll(ok(g, { type: "forage", character: "ann", threshold: 70 }, "ann"), [10])
    expect(g.state.party.ann?.gear.find((x) => x.name === "rations")?.die).toBe("d6")
    // Surprise: the Referee asks the Die of Fate and gives its answer as the call (R-N-GAME-20).
    g = roll(
      ok(g, { type: "fate", question: "is the elk caught off guard?", threshold: 50 }, "referee"),
      [20],
    )
    const asked = fates(g).map((e) => (e as { question: string }).question)
    expect(asked).toEqual([
      expect.stringMatching(/weather hold/),
      expect.stringMatching(/on course/),
      expect.stringMatching(/way ahead/),
      expect.stringMatching(/far off/),
      expect.stringMatching(/curious, kind or helpful/),
      expect.stringMatching(/foraging find food/),
      expect.stringMatching(/caught off guard/),
    ])
    g = ok(g, { type: "fight", enemies: ["elk"], surprise: lastFate(g)?.yes ? "enemies" : "none" }, "referee")
    expect(played(g).find((e) => e.type === "fightBegan")).toMatchObject({
      surprise: { players: false, enemies: true },
    })
  })
})

describe("what a reaction does", () => {
  const met = (): Log =>
    all(party(table()), [
      [{ type: "npc", id: "hob", name: "Hob", hp: 6, attack: ["d6"], resolve: 50 }, "referee"],
      [{ type: "npc", id: "gob", name: "goblin", hp: 5, attack: ["d6"], resolve: 30 }, "referee"],
    ])

  it("N-EVENT-04 R-N-GAME-22 a reaction is kept: friendly NPCs are not offered as a fight; a hostile one is no companion to take over", () => {
    let g = roll(ok(met(), { type: "reaction", npc: "hob", threshold: 70 }, "referee"), [40])
    g = roll(ok(g, { type: "reaction", npc: "gob", threshold: 30 }, "referee"), [77])
    expect(g.state.attitudes).toEqual({ hob: "friendly", gob: "hostile" })
    const fights = Game.legal(g.state, "referee").filter((c) => c.type === "fight")
    expect(fights).toEqual([{ type: "fight", enemies: ["gob"] }])
    // Cy falls to a brute and no help comes: cy's player may take over friendly Hob, not the goblin.
    g = ok(g, { type: "npc", id: "brute", name: "brute", hp: 10, attack: ["d8"] }, "referee")
    g = ok(g, { type: "fight", enemies: ["brute"], surprise: "players" }, "referee")
    g = roll(
      ok(g, { type: "attack", attacker: "brute", target: "cy", advantage: "none" }, "referee"),
      [8],
      [1],
    )
    g = roll(ok(g, { type: "endFight", why: "the brute lumbers off" }, "referee"), [6])
    g = roll(ok(g, { type: "rest", kind: "short" }, "referee"), [1], [1])
    expect(g.state.party.cy?.adventurer.status).toBe("dead")
    const dead = g
    expect(ok(dead, { type: "takeOver", npc: "hob" }, "cy").state.party.hob?.owner).toBe("cy")
  })

  it("N-EVENT-04 R-N-GAME-22 whoever the party fights is hostile, and an enemy's response is no longer uncertain", () => {
    let g = roll(ok(met(), { type: "reaction", npc: "hob", threshold: 70 }, "referee"), [10])
    g = ok(g, { type: "fight", enemies: ["hob"], surprise: "none" }, "referee")
    expect(g.state.attitudes?.hob).toBe("hostile")
    expect(no(g, { type: "reaction", npc: "hob", threshold: 70 }, "referee").clause).toBe("N-EVENT-04")
  })
})
