import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { DARK, light, rollsInDarkness, TURN_ALLOWANCE, turn } from "../../src/procedures/delve/Light.js"
import { distance, loom, reaction, tickLooming, wayAhead } from "../../src/procedures/events/Events.js"
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
  weather,
} from "../../src/procedures/journey/Journey.js"
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

  it("N-JOURNEY-02 N-JOURNEY-03 R-N-JOURNEY-01 AMB-N-07 weather breaks on 30 or less in mild seasons, 70 in harsh", () => {
    expect(weather(manual([31]), "mild")).toMatchObject({ holds: true, options: [] })
    expect(weather(manual([30]), "mild")).toMatchObject({ holds: false, options: ["wait", "pressOn"] })
    expect(weather(manual([70]), "harsh").holds).toBe(false)
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
  it("N-EVENT-01 R-N-EVENT-01 AMB-N-07 the way stays clear above 30 when quiet, above 70 when dangerous", () => {
    expect(wayAhead(manual([31]), "quiet")).toMatchObject({ clear: true, introduce: [] })
    expect(wayAhead(manual([70]), "dangerous").clear).toBe(false)
    expect(wayAhead(manual([5]), "quiet").introduce).toContain("sign of a looming event")
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
  it("N-FATE-01 N-JOURNEY-03 N-JOURNEY-04 N-JOURNEY-05 N-EVENT-01 N-EVENT-03 N-EVENT-04 with no situation named, every roll is against the default 50", () => {
    // 50 is on the positive side and 51 past it, whichever way each procedure reads its answer.
    expect(weather(manual([50])).holds).toBe(false) // R-N-JOURNEY-01: the threshold is the chance it breaks
    expect(weather(manual([51])).holds).toBe(true)
    expect(navigate(manual([50])).onCourse).toBe(true)
    expect(navigate(manual([51])).onCourse).toBe(false)
    const rations = gear("Rations", "supply", "d6")
    expect(forage(manual([50]), rations).found).toBe(true)
    expect(forage(manual([51]), rations).found).toBe(false)
    expect(wayAhead(manual([50])).clear).toBe(false) // R-N-EVENT-01: the threshold is the chance of an event
    expect(wayAhead(manual([51])).clear).toBe(true)
    expect(distance(manual([50])).distance).toBe("far")
    expect(distance(manual([51])).distance).toBe("near")
    expect(reaction(manual([50])).reaction).toBe("friendly")
    expect(reaction(manual([51])).reaction).toBe("hostile")
    for (const r of [weather(manual([51])), navigate(manual([51])), wayAhead(manual([51]))])
      expect(r.threshold).toBe(50)
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
