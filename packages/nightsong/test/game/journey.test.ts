import { describe, it } from "vitest"
import { all, expect, type Log, no, ok, party, played, roll, seat, table, waiting } from "./helpers.js"

/** Ann carries rations (a D6 supply); Bo carries none; a session begun. */
const travellers = (): Log =>
  all(table(), [
    seat("ann", "Ann", [1, 2, 0, 1], [["rations", "supply", "d6"]]),
    seat("bo", "Bo", [2, 0, 0, 1], []),
    [{ type: "session", action: "start" }, "referee"],
  ])

/** A Watch on a clear path in fair weather and a clear way: the weather's and the way's d% typed in. */
const fairWatch = (g: Log): Log =>
  roll(ok(g, { type: "watch", path: true, weather: 70, way: 70 }, "referee"), [10], [10])

const miles = (g: Log) =>
  played(g)
    .filter((e) => e.type === "journeyed")
    .at(-1)
const conditions = (g: Log, id: string) => g.state.party[id]?.adventurer.conditions.map((c) => c.name)

describe("journeys by the Watch", () => {
  it("N-JOURNEY-01 N-TIME-02 R-N-JOURNEY-02 miles by terrain, path, mount or ship, counted by the day; each Watch moves the clock", () => {
    let g = fairWatch(travellers())
    expect(miles(g)).toMatchObject({ miles: 12, choice: "travel", offCourse: false })
    expect(g.state.clock).toMatchObject({ watch: 1, day: 1 })
    g = ok(
      g,
      { type: "watch", terrain: "difficult", by: "horse", weather: 70, navigation: 70, way: 70 },
      "referee",
    )
    g = roll(g, [5], [5], [5])
    expect(miles(g)).toMatchObject({ miles: 6 })
    g = ok(
      g,
      { type: "watch", terrain: "difficult", by: "ship", path: true, weather: 70, way: 70 },
      "referee",
    )
    g = roll(g, [5], [5])
    expect(miles(g)).toMatchObject({ miles: 18 })
    expect(g.state.clock).toMatchObject({ watch: 3, day: 1 })
    expect(g.state.road).toEqual({ day: 1, miles: 36 })
    // The night's Watch passes midnight: Ann eats (her ration's D6), then the day's 48 miles stand.
    g = roll(fairWatch(g), [4])
    expect(g.state.road).toEqual({ day: 1, miles: 48 })
    g = fairWatch(g)
    expect(g.state.road).toEqual({ day: 2, miles: 12 })
  })

  it("N-JOURNEY-02 N-FATE-01 R-N-JOURNEY-01 the weather holds on the threshold or under (low is yes), breaks above it", () => {
    let g = ok(
      travellers(),
      { type: "watch", path: true, weather: 70, way: 70, badWeather: "wait" },
      "referee",
    )
    g = roll(g, [70], [1])
    expect(played(g).find((e) => e.type === "fated")).toMatchObject({ threshold: 70, roll: 70, yes: true })
    expect(miles(g)).toMatchObject({ miles: 12, choice: "travel" })
    g = ok(g, { type: "watch", path: true, weather: 70, way: 70, badWeather: "wait" }, "referee")
    g = roll(g, [71], [1])
    expect(miles(g)).toMatchObject({ miles: 0, choice: "wait" })
    expect(g.state.clock.watch).toBe(2)
  })

  it("N-JOURNEY-02 N-JOURNEY-03 R-N-GAME-11 R-N-GAME-13 the weather breaks: the group presses on at half pace, with Disadvantage until the next Watch", () => {
    let g = ok(travellers(), { type: "watch", path: true, weather: 30, way: 70 }, "referee")
    g = roll(g, [45])
    expect(waiting(g)).toMatchObject({
      kind: "choice",
      key: "badWeather",
      by: "any",
      options: ["wait", "pressOn"],
    })
    g = ok(g, { type: "choose", option: "pressOn" }, "ann")
    g = roll(g, [1])
    expect(miles(g)).toMatchObject({ miles: 6, choice: "pressOn" })
    g = ok(g, { type: "check", character: "ann", ability: "strength", dr: 9, advantage: "advantage" }, "ann")
    g = roll(g, [18])
    // Advantage and the road's Disadvantage cancel (R-N-ADV-01): one die.
    expect(g.state.lastCheck?.result).toMatchObject({ advantage: "none", roll: { rolls: [18] } })
    g = ok(g, { type: "check", character: "ann", ability: "strength", dr: 9, advantage: "none" }, "ann")
    g = roll(g, [18], [3])
    expect(g.state.lastCheck?.result).toMatchObject({ advantage: "disadvantage", roll: { kept: 3 } })
    g = fairWatch(g)
    expect(g.state.hardGoing).toBeUndefined()
  })

  it("N-JOURNEY-04 navigation only off the path: a roll above the threshold leaves the group off course", () => {
    let g = ok(travellers(), { type: "watch", weather: 70, navigation: 30, way: 70 }, "referee")
    g = roll(g, [10], [31], [10])
    expect(miles(g)).toMatchObject({ miles: 6, offCourse: true })
    expect(no(g, { type: "watch", path: true, navigation: 30 }, "referee").clause).toBe("N-JOURNEY-04")
  })

  it("N-FATE-02 R-N-GAME-04 a threshold left out is asked of the Referee; out of 0–100 it is refused", () => {
    let g = ok(travellers(), { type: "watch", path: true, way: 70 }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "threshold", by: "referee" })
    g = ok(g, { type: "choose", option: "30" }, "referee")
    g = roll(g, [30], [1])
    expect(miles(g)).toMatchObject({ choice: "travel" })
    expect(no(g, { type: "watch", path: true, weather: 101 }, "referee").clause).toBe("N-FATE-02")
    expect(no(g, { type: "watch", path: true }, "ann").clause).toBe("R-N-GAME-01")
  })

  it("N-JOURNEY-06 N-JOURNEY-07 R-N-GAME-12 at midnight on the road each eats a ration or starves, and without a Long Rest is fatigued", () => {
    let g = fairWatch(fairWatch(fairWatch(travellers())))
    g = ok(g, { type: "watch", path: true, weather: 70, way: 70 }, "referee")
    g = roll(g, [10], [10])
    expect(waiting(g)).toMatchObject({ kind: "dice", by: "ann", purpose: expect.stringMatching(/ration/) })
    g = roll(g, [2])
    expect(g.state.clock).toMatchObject({ day: 2, watch: 0 })
    expect(g.state.party.ann?.gear[0]?.die).toBe("d4")
    expect(conditions(g, "ann")).toEqual(["fatigued"])
    expect(conditions(g, "bo")).toEqual(["starving", "fatigued"])
  })

  it("N-JOURNEY-07 N-REST-02 R-N-JOURNEY-04 R-N-GAME-12 a Long Rest that day keeps fatigue away; its Watch passing midnight runs the upkeep", () => {
    let g = fairWatch(fairWatch(fairWatch(travellers())))
    g = ok(g, { type: "rest", kind: "long" }, "referee")
    // The ration (Ann's), then each Long Rest's 1D6.
    g = roll(g, [6], [3], [3])
    expect(g.state.clock).toMatchObject({ day: 2, watch: 0 })
    expect(conditions(g, "ann")).toEqual([])
    expect(conditions(g, "bo")).toEqual(["starving"])
    expect(g.state.rested).toEqual({ ann: 1, bo: 1 })
  })

  it("N-JOURNEY-05 R-N-JOURNEY-03 foraging: on yes one ration steps up; with no rations it is refused", () => {
    let g = ok(travellers(), { type: "forage", character: "ann", threshold: 70 }, "ann")
    g = roll(g, [40])
    expect(g.state.party.ann?.gear[0]?.die).toBe("d8")
    g = ok(g, { type: "forage", character: "ann", threshold: 30 }, "ann")
    g = roll(g, [40])
    expect(g.state.party.ann?.gear[0]?.die).toBe("d8")
    expect(no(g, { type: "forage", character: "bo", threshold: 70 }, "bo").clause).toBe("N-JOURNEY-05")
  })

  it("N-TIME-01 no travel in a fight", () => {
    let g = ok(party(table()), { type: "npc", id: "wolf", name: "wolf", hp: 4, attack: ["d6"] }, "referee")
    g = ok(g, { type: "fight", enemies: ["wolf"], surprise: "none" }, "referee")
    expect(no(g, { type: "watch", path: true }, "referee").clause).toBe("N-TIME-01")
  })
})
