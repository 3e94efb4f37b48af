/**
 * Fidelity, scripted: the campaign's things as they act in a raid — a Refuge's improvements
 * (B-IMPROVEMENT-01..03), its Home's perk and drawback (B-HOME-02, B-HOME-06, B-INIT-01), and the
 * Season's raid effect on the Din (B-SEASON-01, B-DIN-01..05).
 */
import { describe, expect, it } from "vitest"
import type { Refuge } from "../../src/index.js"
import {
  comeIntoSight,
  dicePrompt,
  faces,
  lurkingRotweaver,
  noFacts,
  passRound,
  refuge,
  shotFacts,
  started,
  type Table,
} from "../battle/fixtures.js"

/** Refuge A with a Home and improvements; B plain. */
const withHome = (home: string, improvements: string[] = []): [Refuge, Refuge] => [
  {
    ...refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
    home: home as never,
    improvements: improvements as never,
  },
  refuge("B", [{ leader: true }, {}]),
]

/** The dice each Refuge's Initiative pool rolled, from the events. */
const initiativeDice = (t: Table, side: string): number[] =>
  t
    .of("initiative.rolled", true)
    .filter((e) => e.side === side)
    .map((e) => e.pool.dice.length + (e.pool.blightDice?.length ?? 0))

/** Plays round 1 quietly and rolls round 2's Initiative. */
const twoRounds = (refuges: [Refuge, Refuge]): Table => {
  const t = started({ refuges })
  passRound(t)
  t.settle((n) => faces(n, 1), noFacts) // the End Phase, then round 2's Initiative
  return t
}

describe("improvements in a raid (B-IMPROVEMENT-01/02)", () => {
  it("B-IMPROVEMENT-02 B-INIT-01 the Watch Post: one more Initiative die in round 1 only, for its Refuge only", () => {
    const t = twoRounds(withHome("campsite", ["watch-post"]))
    // Student Leader: Wits 2.
    expect(initiativeDice(t, "a")).toEqual([3, 2])
    expect(initiativeDice(t, "b")).toEqual([2, 2])
  })
})

describe("the Amber Shrine in a raid (B-IMPROVEMENT-03, R-WORLD-05)", () => {
  it("B-IMPROVEMENT-03 R-WORLD-05 a Clean survivor takes the one extra Blight die; its 1 adds Blight; once a raid", () => {
    const shoot = (improvements: string[]) => {
      const refuges = withHome("campsite", improvements)
      const t = started({
        refuges: [
          {
            ...refuges[0],
            ...refuge("A", [{ leader: true, weapons: ["pistol"] }, { weapons: ["pistol"] }], { reloads: 2 }),
            improvements: improvements as never,
          },
          refuges[1],
        ],
      })
      t.do({ type: "activate", model: "a.1" })
      t.state(...shotFacts(t, "a.1", "b.2", 12))
      return t
    }
    const none = shoot([])
    expect(
      none.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2", blightDice: 1 }).reason,
    ).toMatch(/Blight/)
    none.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    const base = dicePrompt(none)
    const t = shoot(["amber-shrine"])
    expect(t.model("a.1").blight).toBe(0)
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2", blightDice: 1 })
    expect(dicePrompt(t)).toBe(base + 1) // the Shrine's die on top of the shot's
    t.roll(...faces(base + 1, 1))
    t.settle([], noFacts)
    expect(t.model("a.1").blight).toBe(1)
    t.do({ type: "endActivation", model: "a.1" })
    t.settle([], noFacts)
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.2", 12))
    expect(
      t.reject({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.2", blightDice: 1 }).reason,
    ).toMatch(/Blight/)
  })
})

describe("Ward-signs in a raid (B-DREAD-01, B-REROLL-01)", () => {
  /** A Rotweaver (Dread 1) lurks; a.2, a Student (Nerve 1), comes into its sight away from its Leader. */
  const inSight = (): Table => {
    const t = lurkingRotweaver([
      {
        ...refuge("A", [{ leader: true, background: "soldier" }, {}]),
        improvements: ["ward-signs"] as never,
      },
      refuge("B", [{ leader: true }, {}]),
    ])
    comeIntoSight(t, "a.2", "c1", "a.1", false)
    return t
  }

  it("B-DREAD-01 Ward-signs re-roll a failed Dread test, once a raid", () => {
    const t = inSight()
    t.roll(2) // failed
    expect(t.prompt).toMatchObject({ kind: "choice" })
    t.do({ type: "choose", option: "1" })
    t.roll(5) // the whole test again: passed
    expect(t.of("test.rolled", true).at(-1)).toMatchObject({
      model: "a.2",
      pool: "nerve.dread",
      passed: true,
    })
    expect(t.s.sides.find((x) => x.id === "a")!.used).toMatchObject({
      "reroll:improvement: Ward-signs:raid": 1,
    })
  })

  it("B-DREAD-01 R-BATTLE-51 Ward-signs re-roll only a failed Dread test: a passed one is not offered, and the use stays", () => {
    const t = inSight()
    t.roll(5) // passed
    expect(t.prompt?.kind).not.toBe("choice")
    expect(t.of("test.rolled", true).at(-1)).toMatchObject({ model: "a.2", passed: true })
    expect(t.s.sides.find((x) => x.id === "a")!.used["reroll:improvement: Ward-signs:raid"]).toBeUndefined()
  })
})

describe("a Home's perk in a raid (B-HOME-02, B-INIT-01)", () => {
  it("B-HOME-02 B-INIT-01 the Sixth-floor Flat's High windows: one more Initiative die every round", () => {
    const t = twoRounds(withHome("sixth-floor-flat"))
    expect(initiativeDice(t, "a")).toEqual([3, 3])
    expect(initiativeDice(t, "b")).toEqual([2, 2])
  })

  it("B-HOME-02 B-INIT-01 the Tower Block's Lookouts: one more Initiative die in round 1 only", () => {
    const t = twoRounds(withHome("tower-block"))
    expect(initiativeDice(t, "a")).toEqual([3, 2])
  })

  it("B-HOME-02 the Church's Bells and ward-signs: its Refuge's Rout tests roll one more die, nobody else's", () => {
    const rout = (home: string, target: string) => {
      const refuges = withHome("campsite")
      const t = started({
        refuges: [refuges[0], { ...refuges[1], home: home as never }],
      })
      t.do({ type: "activate", model: "a.1" })
      t.state(...shotFacts(t, "a.1", target, 12))
      t.do({ type: "shoot", model: "a.1", weapon: "pistol", target })
      t.roll(4, 5, 1)
      expect(t.model(target).status).toBe("down")
      passRound(t)
      t.settle((n) => faces(n, 5), noFacts)
      return t.of("rout.test", true)[0]
    }
    // The Church adds one die to whatever the tester's pool is without it.
    const base = rout("campsite", "b.2")!.roll.dice.length
    expect(rout("church", "b.2")!.roll.dice).toHaveLength(base + 1)
  })
})

describe("the Season's raid effect on the Din (B-SEASON-01, B-DIN-01, B-DIN-05)", () => {
  /** A round with `noise` Noise made; returns the Din's dice prompt. */
  const din = (noise: number, season?: string) => {
    const t = started({ season, options: { dinCounts: "onTable" } })
    if (noise > 0) t.do({ type: "adjust", model: "a.1", reason: "a flare gun", noise })
    passRound(t)
    return t
  }

  it("B-DIN-01 B-SEASON-01 R-WORLD-09 Glassfall's extra die comes after the cap: 12 Noise rolls 13", () => {
    expect(din(15, "glassfall").prompt).toMatchObject({ kind: "dice", dice: 13 })
    expect(din(2, "glassfall").prompt).toMatchObject({ kind: "dice", dice: 3 })
    expect(din(15).prompt).toMatchObject({ kind: "dice", dice: 12 })
  })

  it("B-DIN-01 B-SEASON-01 R-CONTENT-43 the Long Days roll one die fewer: 12 Noise rolls 11, 1 Noise none", () => {
    expect(din(15, "the-long-days").prompt).toMatchObject({ kind: "dice", dice: 11 })
    const one = din(1, "the-long-days")
    one.settle((n) => faces(n, 6), noFacts)
    expect(one.of("din.rolled", true)[0]).toMatchObject({ noise: 1, dice: 0, result: "none" })
  })

  it("B-DIN-05 R-WORLD-01 in the Silence one 6 wakes nothing, two roll Lesser, three Greater", () => {
    const result = (sixes: number, season = "the-silence") => {
      const t = din(4, season)
      t.roll(...[...faces(sixes, 6), ...faces(4 - sixes, 2)])
      t.settle((n) => faces(n, 2), noFacts)
      return t.of("din.rolled", true)[0]!.result
    }
    expect([1, 2, 3].map((n) => result(n))).toEqual(["none", "lesser", "greater"])
    expect([1, 2, 3].map((n) => result(n, "the-waking"))).toEqual(["lesser", "greater", "greater"])
  })
})
