import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { npcSave } from "../../src/procedures/checks/Save.js"
import { rollSurprise } from "../../src/procedures/combat/Round.js"
import { DARK, light, rollsInDarkness, TURN_ALLOWANCE, turn } from "../../src/procedures/delve/Light.js"
import {
  distance,
  EVENT_CHANCES,
  loom,
  reaction,
  tickLooming,
  WAY_CLEAR,
  wayAhead,
} from "../../src/procedures/events/Events.js"
import { gear } from "../../src/procedures/items/Gear.js"
import {
  BAD_WEATHER_CHOICES,
  eat,
  endOfDay,
  forage,
  milesPerWatch,
  navigate,
  nextWatch,
  TIME_SCALES,
  WATCHES,
  WEATHER_BREAKS,
  WEATHER_HOLDS,
  weather,
} from "../../src/procedures/journey/Journey.js"
import { morale, needUnmet, npc } from "../../src/procedures/npc/Npc.js"
import { hero } from "./fixtures.js"

describe("Time", () => {
  it("N-TIME-01 a Round is under a minute, a Turn 10 minutes, a Watch 6 hours", () => {
    expect(TIME_SCALES).toEqual({ round: 1, turn: 10, watch: 360 })
  })

  it("N-TIME-02 a day is four Watches: morning, afternoon, evening, night", () => {
    expect(WATCHES).toEqual(["morning", "afternoon", "evening", "night"])
    expect(nextWatch("night")).toEqual({ watch: "morning", newDay: true })
    expect(nextWatch("morning")).toEqual({ watch: "afternoon", newDay: false })
  })
})

describe("Journeying", () => {
  const foot = { terrain: "clear", clearPath: false, by: "foot" } as const

  it("N-JOURNEY-01 six miles a Watch; difficult ×½, clear path ×2, horseback ×2, ship ×3", () => {
    expect(milesPerWatch(foot)).toBe(6)
    expect(milesPerWatch({ ...foot, terrain: "difficult" })).toBe(3)
    expect(milesPerWatch({ ...foot, clearPath: true })).toBe(12)
    expect(milesPerWatch({ ...foot, by: "horse" })).toBe(12)
    expect(milesPerWatch({ ...foot, by: "ship" })).toBe(18)
  })

  it("R-N-JOURNEY-02 AMB-N-13 multipliers stack; pressing on through weather halves the result, with Disadvantage", () => {
    expect(milesPerWatch({ ...foot, clearPath: true, by: "horse" })).toBe(24)
    expect(milesPerWatch({ ...foot, terrain: "difficult", pressingOnInBadWeather: true })).toBe(1.5)
    expect(BAD_WEATHER_CHOICES).toEqual({
      wait: { milesFactor: 0, disadvantage: false },
      pressOn: { milesFactor: 0.5, disadvantage: true },
    })
  })

  it("N-JOURNEY-02 N-JOURNEY-03 N-FATE-01 R-N-JOURNEY-01 AMB-N-07 the weather holds on a low roll: 70 or less in mild seasons, 30 or less in harsh", () => {
    // The odds stay the ruling's (30% of breaking when mild, 70% when harsh); low is yes, as always.
    expect(WEATHER_BREAKS).toEqual({ mild: 30, harsh: 70 })
    expect(WEATHER_HOLDS).toEqual({ mild: 70, harsh: 30 })
    expect(weather(manual([18]), "mild")).toMatchObject({
      holds: true,
      yes: true,
      answer: "positive",
      options: [],
    })
    expect(weather(manual([70]), "mild")).toMatchObject({ holds: true, threshold: 70 })
    expect(weather(manual([71]), "mild")).toMatchObject({ holds: false, options: ["wait", "pressOn"] })
    expect(weather(manual([30]), "harsh")).toMatchObject({ holds: true, threshold: 30 })
    expect(weather(manual([31]), "harsh").holds).toBe(false)
    expect(weather(manual([95]), "harsh").answer).toBe("negative")
  })

  it("N-JOURNEY-03 N-FATE-02 R-N-JOURNEY-01 a threshold the Referee gives is the chance the weather holds", () => {
    expect(weather(manual([40]), 40)).toMatchObject({ holds: true, threshold: 40 })
    expect(weather(manual([41]), 40).holds).toBe(false)
  })

  it("N-JOURNEY-03 R-N-JOURNEY-01 the ruling's odds are kept: 30 faces of 100 break a mild season's weather, 70 a harsh one's", () => {
    const breaks = (season: "mild" | "harsh") =>
      Array.from({ length: 100 }, (_, i) => weather(manual([i + 1]), season)).filter((r) => !r.holds).length
    expect([breaks("mild"), breaks("harsh")]).toEqual([30, 70])
  })

  it("N-JOURNEY-04 navigation stays on course on 30 or less in fog, 70 or less on open plains", () => {
    expect(navigate(manual([31]), "poor")).toMatchObject({ onCourse: false, lost: true })
    expect(navigate(manual([70]), "clear").onCourse).toBe(true)
  })

  it("N-JOURNEY-05 R-N-JOURNEY-03 foraging success steps a ration up one step, to D12 at most", () => {
    const rations = gear("Rations", "supply", "d6")
    expect(forage(manual([70]), rations, "lush").ration.die).toBe("d8")
    expect(forage(manual([31]), rations, "barren").ration.die).toBe("d6")
    expect(forage(manual([1]), { ...rations, die: "d12" }, 100).ration.die).toBe("d12")
    expect(() => forage(manual([1]), { ...rations, die: "d0" }, "lush")).toThrow(/gone/)
  })

  it("N-JOURNEY-06 each day a ration is eaten (its die rolled), or the character starves", () => {
    const r = eat(manual([2]), hero(), gear("Rations", "supply", "d6"))
    expect(r).toMatchObject({ starving: false, ration: { die: "d4" } })
    const none = eat(manual([]), hero(), undefined)
    expect(none.starving).toBe(true)
    expect(none.adventurer.conditions.map((c) => c.name)).toEqual(["starving"])
  })

  it("N-JOURNEY-07 R-N-JOURNEY-04 no Long Rest in a day means “fatigued”", () => {
    expect(endOfDay(hero(), true).fatigued).toBe(false)
    expect(endOfDay(hero(), false).adventurer.conditions.map((c) => c.name)).toEqual(["fatigued"])
  })
})

describe("Delving", () => {
  it("N-DELVE-01 a Turn allows one careful move to a nearby area and one more action", () => {
    expect(TURN_ALLOWANCE).toEqual({ moves: 1, actions: 1 })
  })

  it("N-DELVE-02 without light every roll has Disadvantage; one light serves the group", () => {
    expect(rollsInDarkness(DARK)).toBe("disadvantage")
    expect(turn(manual([]), DARK)).toMatchObject({ advantage: "disadvantage", wentOut: false })
  })

  it("N-DELVE-03 R-N-DELVE-01 lighting a torch rolls the bundle's Step Die once", () => {
    const r = light(manual([3]), "torch", gear("Torches", "supply", "d6"))
    expect(r).toMatchObject({ consumable: { die: "d4" }, light: { lit: true, kind: "torch", die: "d6" } })
    expect(() => light(manual([]), "torch", { ...gear("Torches", "supply", "d6"), die: "d0" })).toThrow(
      /used up/,
    )
  })

  it("N-DELVE-04 the light's duration die (D6 torch, D8 lantern) rolls each Turn; at D0 it goes out", () => {
    const lantern = light(manual([5]), "lantern", gear("Oil", "supply", "d6")).light
    expect(lantern.die).toBe("d8")
    const t1 = turn(manual([2]), lantern)
    expect(t1).toMatchObject({ light: { die: "d6" }, wentOut: false, advantage: "none" })
    const t2 = turn(manual([1]), t1.light)
    expect(t2).toMatchObject({ wentOut: true, light: DARK, advantage: "disadvantage" })
  })
})

describe("Encounters and events", () => {
  it("N-EVENT-01 N-FATE-01 R-N-EVENT-01 AMB-N-07 the way stays clear on a low roll: 70 or less when quiet, 30 or less when dangerous", () => {
    // The odds stay the ruling's (30% of an event when quiet, 70% when dangerous); low is yes.
    expect(EVENT_CHANCES).toEqual({ quiet: 30, dangerous: 70 })
    expect(WAY_CLEAR).toEqual({ quiet: 70, dangerous: 30 })
    expect(wayAhead(manual([5]), "quiet")).toMatchObject({ clear: true, answer: "positive", introduce: [] })
    expect(wayAhead(manual([70]), "quiet")).toMatchObject({ clear: true, threshold: 70 })
    expect(wayAhead(manual([71]), "quiet").introduce).toContain("sign of a looming event")
    expect(wayAhead(manual([30]), "dangerous").clear).toBe(true)
    expect(wayAhead(manual([31]), "dangerous")).toMatchObject({ clear: false, answer: "negative" })
    expect(wayAhead(manual([60]), 60).clear).toBe(true) // a number is the chance the way stays clear
    const events = (a: "quiet" | "dangerous") =>
      Array.from({ length: 100 }, (_, i) => wayAhead(manual([i + 1]), a)).filter((r) => !r.clear).length
    expect([events("quiet"), events("dangerous")]).toEqual([30, 70])
  })

  it("N-EVENT-02 a looming event's die (D6 by default) rolls each Turn; at D0 it unfolds", () => {
    const l = loom("The bridge gives way")
    expect(l.die).toBe("d6")
    const t = tickLooming(manual([3]), l)
    expect(t).toMatchObject({ unfolds: false, looming: { die: "d4" } })
    expect(tickLooming(manual([2]), t.looming).unfolds).toBe(true)
    expect(() => loom("x", "d0")).toThrow(/N-EVENT-02/)
  })

  it("N-EVENT-03 distance: far on 30 or less in cover, 70 or less on open ground", () => {
    expect(distance(manual([30]), "dense").distance).toBe("far")
    expect(distance(manual([31]), "dense").distance).toBe("near")
    expect(distance(manual([70]), "open").distance).toBe("far")
  })

  it("N-EVENT-04 N-FATE-04 reactions: friendly on 30 or less for predators, 70 or less for peaceful folk", () => {
    expect(reaction(manual([31]), "hostile").reaction).toBe("hostile")
    expect(reaction(manual([70]), "peaceful").reaction).toBe("friendly")
  })
})

describe("Die of Fate defaults in the procedures", () => {
  it("N-FATE-01 N-JOURNEY-03 N-JOURNEY-04 N-JOURNEY-05 N-EVENT-01 N-EVENT-03 N-EVENT-04 R-N-JOURNEY-01 R-N-EVENT-01 with no situation named, every roll is against the default 50", () => {
    // 50 is on the positive side and 51 past it, in every procedure (R-N-JOURNEY-01, R-N-EVENT-01).
    expect(weather(manual([50])).holds).toBe(true)
    expect(weather(manual([51])).holds).toBe(false)
    expect(navigate(manual([50])).onCourse).toBe(true)
    expect(navigate(manual([51])).onCourse).toBe(false)
    const rations = gear("Rations", "supply", "d6")
    expect(forage(manual([50]), rations).found).toBe(true)
    expect(forage(manual([51]), rations).found).toBe(false)
    expect(wayAhead(manual([50])).clear).toBe(true)
    expect(wayAhead(manual([51])).clear).toBe(false)
    expect(distance(manual([50])).distance).toBe("far")
    expect(distance(manual([51])).distance).toBe("near")
    expect(reaction(manual([50])).reaction).toBe("friendly")
    expect(reaction(manual([51])).reaction).toBe("hostile")
    for (const r of [weather(manual([51])), navigate(manual([51])), wayAhead(manual([51]))])
      expect(r.threshold).toBe(50)
  })

  it("N-FATE-01 N-FATE-04 N-RESOLVE-02 N-RECRUIT-02 N-SAVE-02 R-N-FATE-01 R-N-COMBAT-05 R-N-JOURNEY-01 R-N-EVENT-01 every Die of Fate in the package answers yes low and no high", () => {
    // At its own threshold each question gets the positive answer, one above it the negative: no
    // procedure reads the die upside down.
    const hireling = npc({ name: "Hireling", hp: 6, attack: ["d6"], resolve: 40 })
    const asked: ReadonlyArray<[string, (roll: number) => boolean]> = [
      ["weather holds", (r) => weather(manual([r]), 40).holds],
      ["on course", (r) => navigate(manual([r]), 40).onCourse],
      ["found food", (r) => forage(manual([r]), gear("Rations", "supply", "d6"), 40).found],
      ["way clear", (r) => wayAhead(manual([r]), 40).clear],
      ["far", (r) => distance(manual([r]), 40).distance === "far"],
      ["friendly", (r) => reaction(manual([r]), 40).reaction === "friendly"],
      ["caught off guard", (r) => rollSurprise(manual([r]), 40).surprised],
      ["morale holds", (r) => morale(manual([r]), hireling).holds],
      ["recruits stay", (r) => !needUnmet(manual([r]), hireling, "paid").deserted],
      ["the NPC saves", (r) => npcSave(manual([r]), 40).yes],
    ]
    for (const [question, yes] of asked)
      expect([question, yes(1), yes(40), yes(41), yes(100)]).toEqual([question, true, true, false, false])
  })

  it("N-FATE-02 a situation the procedure does not name is refused, not read as an extreme", () => {
    const untyped = "stormy" as unknown as "harsh"
    expect(() => weather(manual([1]), untyped)).toThrow(/season: one of mild, harsh or a threshold/)
    expect(() => navigate(manual([1]), "foggy" as unknown as "poor")).toThrow(/N-JOURNEY-04/)
    expect(() => wayAhead(manual([1]), "busy" as unknown as "dangerous")).toThrow(/N-EVENT-01/)
    expect(() => distance(manual([1]), "far" as unknown as "open")).toThrow(/N-EVENT-03/)
    expect(() => reaction(manual([1]), "angry" as unknown as "hostile")).toThrow(/N-EVENT-04/)
    expect(() => forage(manual([1]), gear("Rations", "supply", "d6"), "rich" as unknown as "lush")).toThrow(
      /N-JOURNEY-05/,
    )
  })
})
