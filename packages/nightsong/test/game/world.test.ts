import { describe, it } from "vitest"
import { generate } from "../../src/world/World.js"
import { all, expect, type Log, no, ok, party, played, roll, table } from "./helpers.js"

const lastFate = (g: Log) =>
  played(g)
    .filter((e) => e.type === "fated")
    .at(-1)
const withRecruit = (): Log =>
  ok(party(table()), { type: "npc", id: "hob", name: "Hob", hp: 6, attack: ["d6"], resolve: 60 }, "referee")
/** A week in a shelter that feeds the party: days pass with no rations to roll (R-N-GAME-17). */
const nextDay = (g: Log): Log => ok(g, { type: "rest", kind: "full", shelter: true, fed: true }, "referee")

describe("events through the game", () => {
  it("N-EVENT-02 a looming event starts at D6 unless stated, and never at D0", () => {
    const g = ok(party(table()), { type: "loom", name: "the storm" }, "referee")
    expect(g.state.trackers["the storm"]).toMatchObject({ die: "d6", looming: true })
    expect(no(g, { type: "loom", name: "the tide", die: "d0" }, "referee").clause).toBe("N-EVENT-02")
    expect(no(g, { type: "loom", name: "the storm" }, "referee").clause).toBe("N-EVENT-02")
  })

  it("N-EVENT-03 N-FATE-01 distance: far on the threshold or under, near above it", () => {
    let g = roll(ok(party(table()), { type: "distance", threshold: 30 }, "referee"), [30])
    expect(lastFate(g)).toMatchObject({ threshold: 30, roll: 30, yes: true })
    g = roll(ok(g, { type: "distance", threshold: 30 }, "referee"), [31])
    expect(lastFate(g)).toMatchObject({ yes: false })
  })

  it("N-EVENT-04 a reaction of an NPC in play: low is friendly; only the Referee asks", () => {
    let g = withRecruit()
    expect(no(g, { type: "reaction", npc: "hob", threshold: 70 }, "ann").clause).toBe("R-N-GAME-01")
    expect(no(g, { type: "reaction", npc: "nobody", threshold: 70 }, "referee").reason).toMatch(/^npc:/)
    g = roll(ok(g, { type: "reaction", npc: "hob", threshold: 70 }, "referee"), [55])
    expect(lastFate(g)).toMatchObject({ threshold: 70, roll: 55, yes: true })
  })
})

describe("recruits' needs by the day", () => {
  it("N-RECRUIT-01 N-RECRUIT-02 R-N-RECRUIT-01 R-N-GAME-15 a need unmet: at or under Resolve it drops 10%, and once a day only", () => {
    let g = roll(ok(withRecruit(), { type: "needs", npc: "hob", unmet: ["paid"] }, "referee"), [60])
    expect(g.state.npcs.hob).toMatchObject({ resolve: 50, status: "active" })
    expect(no(g, { type: "needs", npc: "hob", unmet: ["fed"] }, "referee").clause).toBe("R-N-RECRUIT-01")
    g = roll(ok(nextDay(g), { type: "needs", npc: "hob", unmet: ["fed", "rested"] }, "referee"), [51])
    expect(g.state.npcs.hob).toMatchObject({ resolve: 50, status: "deserted" })
    expect(no(nextDay(g), { type: "needs", npc: "hob" }, "referee").clause).toBe("N-RECRUIT-02")
  })

  it("N-RECRUIT-03 needs met again: Resolve recovers 10% a day, up to where it started", () => {
    let g = roll(ok(withRecruit(), { type: "needs", npc: "hob", unmet: ["paid"] }, "referee"), [1])
    g = roll(ok(nextDay(g), { type: "needs", npc: "hob", unmet: ["paid"] }, "referee"), [1])
    expect(g.state.npcs.hob?.resolve).toBe(40)
    g = ok(nextDay(g), { type: "needs", npc: "hob" }, "referee")
    expect(g.state.npcs.hob?.resolve).toBe(50)
    g = ok(nextDay(g), { type: "needs", npc: "hob" }, "referee")
    g = ok(nextDay(g), { type: "needs", npc: "hob" }, "referee")
    expect(g.state.npcs.hob?.resolve).toBe(60)
  })
})

describe("structures, vehicles and heavy ordnance", () => {
  const works = (): Log =>
    all(party(table()), [
      [{ type: "structure", name: "wall", kind: "fortification", size: "large" }, "referee"],
      [{ type: "structure", name: "hut", kind: "light", size: "small" }, "referee"],
      [{ type: "structure", name: "cart", kind: "vehicle", size: "small" }, "referee"],
      [{ type: "structure", name: "barge", kind: "vehicle", size: "large" }, "referee"],
    ])

  it("N-STRUCTURE-04 N-VEHICLE-02 R-N-STRUCTURE-01 HP and Armor by size", () => {
    const s = works().state.structures
    expect(s?.wall).toMatchObject({ hp: 10, armor: "d6" })
    expect(s?.hut).toMatchObject({ hp: 5, armor: "d4" })
    expect(s?.cart).toMatchObject({ hp: 4 })
    expect(s?.cart?.armor).toBeUndefined()
    expect(s?.barge).toMatchObject({ hp: 10, armor: "d6" })
  })

  it("N-STRUCTURE-02 N-STRUCTURE-03 R-N-GAME-15 weapons cannot harm a Light Structure, only ordnance a Fortification: refused, nothing changes", () => {
    const g = works()
    expect(no(g, { type: "strike", target: "hut", dice: ["d8"], means: "weapon" }, "referee").clause).toBe(
      "N-STRUCTURE-02",
    )
    expect(no(g, { type: "strike", target: "wall", dice: ["d8"], means: "fire" }, "referee").clause).toBe(
      "N-STRUCTURE-03",
    )
  })

  it("N-STRUCTURE-01 fire burns a hut down to 0 HP: destroyed; repairs take a day a HP", () => {
    // The fire's D8 rolls 8, the hut's D4 Armor 2: 6 Damage, 5 HP.
    let g = roll(
      ok(works(), { type: "strike", target: "hut", dice: ["d8"], means: "fire" }, "referee"),
      [8],
      [2],
    )
    expect(g.state.structures?.hut?.hp).toBe(0)
    expect(no(g, { type: "strike", target: "hut", dice: ["d8"], means: "fire" }, "referee").clause).toBe(
      "N-STRUCTURE-01",
    )
    g = ok(g, { type: "repair", name: "hut", hp: 3 }, "referee")
    expect(g.state.structures?.hut?.hp).toBe(3)
    expect(g.state.clock.day).toBe(4)
  })

  it("N-VEHICLE-01 R-N-VEHICLE-01 a collision: each takes D12, or the much larger D6; Armor does not help", () => {
    const g = roll(
      ok(works(), { type: "collide", a: "cart", b: "barge", larger: "barge" }, "referee"),
      [3],
      [5],
    )
    expect(g.state.structures?.cart?.hp).toBe(1)
    expect(g.state.structures?.barge?.hp).toBe(5)
    expect(no(works(), { type: "collide", a: "cart", b: "barge", larger: "hut" }, "referee").clause).toBe(
      "N-VEHICLE-01",
    )
  })

  it("N-ORDNANCE-01 N-COMBAT-13 small ordnance hits one target; a large piece's Blast rolls for each", () => {
    expect(no(works(), { type: "ordnance", size: "small", targets: ["wall", "hut"] }, "referee").clause).toBe(
      "N-ORDNANCE-01",
    )
    // 3D12 keep the highest against each, then its Armor: the wall 12 − 3, the hut 9 − 2.
    const g = roll(
      ok(works(), { type: "ordnance", size: "large", targets: ["wall", "hut"] }, "referee"),
      [12],
      [2],
      [3],
      [3],
      [9],
      [4],
      [6],
      [2],
    )
    expect(g.state.structures?.wall?.hp).toBe(1)
    expect(g.state.structures?.hut?.hp).toBe(0)
    expect(played(g).at(-1)).toMatchObject({
      type: "structureChanged",
      why: expect.stringMatching(/destroyed/),
    })
  })
})

describe("the Land and the Living World turn", () => {
  it("N-FACTION-06 R-N-GAME-16 between sessions each Faction rolls its Goal Die, once after each session", () => {
    let g = ok(party(table()), { type: "land", seed: 11 }, "referee")
    expect(g.state.land).toEqual(generate(11))
    expect(no(g, { type: "worldTurn" }, "referee").clause).toBe("N-FACTION-06")
    g = ok(g, { type: "session", action: "end" }, "referee")
    g = ok(g, { type: "worldTurn" }, "referee")
    const factions = generate(11).factions
    g = roll(g, ...factions.map(() => [6]))
    expect(g.state.land?.session).toBe(1)
    expect(g.state.land?.factions.map((f) => f.goal)).toEqual(factions.map((f) => f.goal))
    expect(no(g, { type: "worldTurn" }, "referee").clause).toBe("R-N-GAME-16")
  })

  it("N-FACTION-06 R-N-FACTION-02 a Goal Die at D0: the goal is reached and the chronicle records it", () => {
    let g = ok(party(table()), { type: "land", seed: 11 }, "referee")
    g = ok(ok(g, { type: "session", action: "end" }, "referee"), { type: "worldTurn" }, "referee")
    const n = generate(11).factions.length
    // A 1 on the first Faction's D6 takes it to D0; its new Wants is rolled at once.
    g = roll(g, [1])
    while (g.state.pending?.prompt?.kind === "dice") g = roll(g, [4])
    expect(g.state.land?.chronicle).toHaveLength(1)
    expect(g.state.land?.factions[0]?.goalsReached).toBe(1)
    expect(g.state.land?.factions).toHaveLength(n)
  })

  it("N-FACTION-06 a saved world loads as `world --load` checks it; a bad one is refused naming its path", () => {
    const saved = generate(5)
    const g = ok(party(table()), { type: "land", world: saved }, "referee")
    expect(g.state.land).toEqual(saved)
    const broken = {
      ...saved,
      factions: saved.factions.map((f, i) => (i === 0 ? { ...f, region: "somewhere" } : f)),
    }
    expect(no(g, { type: "land", world: broken }, "referee").reason).toMatch(/^world\.factions\.0\.region:/)
    expect(g.state.land).toEqual(saved)
    expect(no(g, { type: "land" }, "referee").reason).toMatch(/seed or a saved world/)
  })
})
