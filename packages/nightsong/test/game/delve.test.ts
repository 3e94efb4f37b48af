import { describe, it } from "vitest"
import { all, expect, type Log, no, ok, PACK, played, roll, seat, table, waiting } from "./helpers.js"

/** Ann carries the pack (a bundle of torches, lantern oil); a session begun, the party in the depths. */
const delvers = (): Log =>
  all(table(), [
    seat("ann", "Ann", [1, 2, 0, 1], PACK),
    [{ type: "session", action: "start" }, "referee"],
    [{ type: "delve", action: "start" }, "referee"],
  ])

const lit = (g: Log): Log =>
  roll(ok(g, { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann"), [5])
const purposes = (g: Log, from: number) =>
  g.events
    .slice(from)
    .flatMap((e) => (e.type === "prompted" && e.prompt.kind === "dice" ? [e.prompt.purpose] : []))

describe("delving by the Turn", () => {
  it("N-DELVE-02 R-N-ADV-01 in the dark every roll has Disadvantage; a called Advantage cancels it", () => {
    let g = ok(
      delvers(),
      { type: "check", character: "ann", ability: "dexterity", dr: 9, advantage: "none" },
      "ann",
    )
    g = roll(g, [17], [4])
    expect(g.state.lastCheck?.result).toMatchObject({ advantage: "disadvantage", roll: { kept: 4 } })
    g = ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 9, advantage: "advantage" }, "ann")
    g = roll(g, [17])
    expect(g.state.lastCheck?.result).toMatchObject({ advantage: "none", succeeded: true })
    g = lit(g)
    g = ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 9, advantage: "none" }, "ann")
    g = roll(g, [17])
    expect(g.state.lastCheck?.result).toMatchObject({ advantage: "none" })
  })

  it("N-DELVE-02 R-N-GAME-13 the dark hinders the characters' rolls, not the NPCs'", () => {
    let g = ok(delvers(), { type: "npc", id: "rat", name: "rat", hp: 2, attack: ["d4"] }, "referee")
    g = ok(g, { type: "fight", enemies: ["rat"], surprise: "players" }, "referee")
    g = roll(ok(g, { type: "attack", attacker: "rat", target: "ann", advantage: "none" }, "referee"), [2])
    expect(waiting(g)).toBeUndefined()
    expect(
      played(g)
        .filter((e) => e.type === "attacked")
        .at(-1),
    ).toMatchObject({ dice: ["d4"], damage: 2 })
  })

  it("N-DELVE-03 N-DELVE-04 R-N-DELVE-01 lighting a torch rolls the bundle once and starts a D6; a lantern a D8", () => {
    let g = ok(delvers(), { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "dice", by: "ann" })
    g = roll(g, [2])
    expect(g.state.party.ann?.gear.find((x) => x.name === "torches")?.die).toBe("d4")
    expect(g.state.light).toEqual({ lit: true, kind: "torch", die: "d6" })
    expect(
      no(g, { type: "light", character: "ann", kind: "lantern", from: "lantern oil" }, "ann").clause,
    ).toBe("N-DELVE-02")
    const other = roll(
      ok(delvers(), { type: "light", character: "ann", kind: "lantern", from: "lantern oil" }, "ann"),
      [4],
    )
    expect(other.state.light).toEqual({ lit: true, kind: "lantern", die: "d8" })
    expect(
      no(delvers(), { type: "light", character: "ann", kind: "torch", from: "rope" }, "ann").clause,
    ).toBe("N-DELVE-03")
  })

  it("N-DELVE-01 N-DELVE-04 N-TIME-01 R-N-GAME-14 each Turn the clock moves a Turn and the light's die is rolled at its end; at D0 the torch dies", () => {
    let g = lit(delvers())
    g = roll(ok(g, { type: "turn", way: 70 }, "referee"), [10], [4])
    expect(g.state.light).toMatchObject({ lit: true, die: "d6" })
    g = roll(ok(g, { type: "turn", way: 70 }, "referee"), [10], [3])
    expect(g.state.light).toMatchObject({ lit: true, die: "d4" })
    g = roll(ok(g, { type: "turn", way: 70 }, "referee"), [10], [1])
    expect(g.state.light).toEqual({ lit: false, die: "d0" })
    expect(g.state.clock.turn).toBe(3)
    // In the dark the Turn rolls no light.
    const before = g.events.length
    g = roll(ok(g, { type: "turn", way: 70 }, "referee"), [10])
    expect(purposes(g, before)).toHaveLength(1)
    expect(g.state.clock.turn).toBe(4)
  })

  it("N-EVENT-01 N-EVENT-02 R-N-GAME-14 a Turn's start comes before its end: the way ahead, the looming event, then the light", () => {
    let g = lit(delvers())
    g = ok(g, { type: "loom", name: "the flood", die: "d4" }, "referee")
    const before = g.events.length
    g = roll(ok(g, { type: "turn", way: 30 }, "referee"), [31], [1], [5])
    const [way, flood, light] = purposes(g, before)
    expect([way, flood, light]).toEqual([
      expect.stringMatching(/fate/),
      expect.stringMatching(/^the flood/),
      expect.stringMatching(/^the light/),
    ])
    expect(
      played(g)
        .filter((e) => e.type === "fated")
        .at(-1),
    ).toMatchObject({ threshold: 30, roll: 31, yes: false })
    expect(played(g).some((e) => e.type === "unfolded" && e.name === "the flood")).toBe(true)
    expect(g.state.trackers["the flood"]?.die).toBe("d0")
  })

  it("N-ITEM-01 N-STEPDIE-05 R-N-DELVE-01 the last torch of a bundle burns its D6; then the bundle is gone and lights nothing", () => {
    let g = roll(
      ok(delvers(), { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann"),
      [1],
    )
    expect(g.state.party.ann?.gear.find((x) => x.name === "torches")?.die).toBe("d0")
    expect(g.state.light).toMatchObject({ lit: true, die: "d6" })
    g = roll(ok(g, { type: "turn", way: 70 }, "referee"), [10], [1])
    expect(g.state.light?.lit).toBe(false)
    expect(no(g, { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann").clause).toBe(
      "N-ITEM-01",
    )
  })

  it("N-DELVE-01 N-TIME-01 no Turn outside the depths, no Watch of travel in them; out of the depths the dark ends", () => {
    expect(
      no(ok(table(), { type: "session", action: "start" }, "referee"), { type: "turn" }, "referee").clause,
    ).toBe("N-DELVE-01")
    let g = delvers()
    expect(no(g, { type: "watch", path: true }, "referee").clause).toBe("N-DELVE-01")
    expect(no(g, { type: "turn" }, "ann").clause).toBe("R-N-GAME-01")
    g = ok(g, { type: "delve", action: "end" }, "referee")
    expect(g.state.light).toBeUndefined()
    expect(no(g, { type: "light", character: "ann", kind: "torch", from: "torches" }, "ann").clause).toBe(
      "N-DELVE-02",
    )
  })
})
