/**
 * Fidelity, scripted: The Last Broadcast's Radio and what becomes of it (B-OBJECTIVE-05..07) when
 * its carrier goes Down, leaves the table, or its Refuge Routs (B-ROUT-02 "Its survivors leave the
 * table with what they carry", B-BATTLE-01 "A Refuge that Routs loses"; R-BATTLE-60, R-BATTLE-61).
 * Its carrier always has Noise, so it can't be Hidden (R-BATTLE-63), and that Noise counts where
 * creatures arrive (B-CREATURE-06). The scenario is The Last Broadcast with nothing lurking, so no Encounter roll gets in the way.
 */
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import type { Scenario } from "../../src/content/schema/Scenario.js"
import {
  contact,
  content,
  inTerrain,
  passRound,
  refuge,
  started,
  type Table,
  within,
  withScenarios,
} from "../battle/fixtures.js"

const broadcast = content.get("scenarios", "the-last-broadcast")!
const quiet = (id: string, rounds: number): Scenario =>
  ({ ...broadcast, id, rounds, setup: { ...broadcast.setup, lurking: 0, lootTokens: 2 } }) as Scenario
const SCENARIOS: Record<string, Scenario> = { radio6: quiet("radio6", 6), radio1: quiet("radio1", 1) }
const view = withScenarios(SCENARIOS)
const env = Battle.envOf(view)

/** Two Refuges of two Students; A on turn; a.1, in contact, picks the Radio up (a Search, R-WORLD-07) and has one action left. */
const carrying = (scenario = "radio6"): { t: Table; radio: string } => {
  const t = started({
    scenario,
    env,
    refuges: [
      refuge("A", [{ leader: true }, {}]),
      refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
    ],
  })
  const radio = t.s.tokens.find((x) => x.contents === "radio")!.id
  t.do({ type: "activate", model: "a.1" })
  t.state(contact("a.1", radio))
  t.do({ type: "search", model: "a.1", token: radio })
  t.roll(5, 1)
  expect(t.model("a.1").carrying.map((c) => c.contents)).toEqual(["radio"])
  return { t, radio }
}

/** Every activation left in the round ends at once; the End Phase rolls 1s (no 6s) and passes Nerve tests on 6s. */
const endRound = (t: Table): void => {
  passRound(t)
  t.settle((n, purpose) => Array.from({ length: n }, () => (/Rout|Nerve/.test(purpose) ? 6 : 1)))
}

describe("the Radio's carrier (B-OBJECTIVE-05..07, R-BATTLE-60, R-BATTLE-61)", () => {
  it("B-OBJECTIVE-07 R-BATTLE-20 dropped where its carrier goes Down, the Radio can be picked up by an enemy", () => {
    const { t, radio } = carrying()
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "adjust", model: "a.1", reason: "test: one Health left", health: 1 })
    t.do({ type: "activate", model: "b.2" })
    t.state(contact("b.2", "a.1"), contact("b.1", "a.1", false), contact("a.2", "b.2", false))
    t.do({ type: "fight", model: "b.2", target: "a.1" })
    t.roll(6, 6) // Fight 2
    t.roll(1, 1) // a.1 defends with Fight 2
    expect(t.model("a.1").status).toBe("down")
    expect(t.model("a.1").carrying).toEqual([])
    expect(t.s.tokens.find((x) => x.id === radio)).toMatchObject({ kind: "loot", contents: "radio" })
    t.state(contact("b.2", radio))
    // The same activation's second action: a Search, like Loot.
    t.do({ type: "search", model: "b.2", token: radio })
    t.roll(4, 1)
    expect(t.model("b.2").carrying.map((c) => c.contents)).toEqual(["radio"])
  })

  it("B-ROUT-02 B-BATTLE-01 R-BATTLE-60 its carrier's Refuge withdraws (a Rout): the Radio leaves with it, and that Refuge loses", () => {
    const { t, radio } = carrying()
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "withdraw", side: "a" })
    expect(t.model("a.1").status).toBe("fled")
    expect(t.model("a.1").carrying.map((c) => c.contents)).toEqual(["radio"])
    expect(t.s.tokens.some((x) => x.id === radio)).toBe(false)
    // Routing is not carrying the Radio off: the objective is not rescued, and the Refuge loses.
    expect(t.s.objectives[0]?.state).toBe("standing")
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "loss", routed: true },
      { side: "b", outcome: "win", routed: false },
    ])
  })

  it("B-OBJECTIVE-05 R-BATTLE-61 carried off its own edge before round 4, the Radio is gone: nobody holds it at the end, a draw", () => {
    const { t } = carrying("radio1")
    t.do({ type: "move", model: "a.1", offTable: true })
    expect(t.model("a.1").status).toBe("fled")
    // 1 of A's 2 survivors off the table: A tests for Rout (R-BATTLE-27) and passes on 6s.
    endRound(t)
    expect(t.of("rout.test", true)).toEqual([expect.objectContaining({ side: "a", passed: true })])
    expect(t.s.phase).toBe("over")
    expect(t.s.result?.sides.map((x) => x.outcome)).toEqual(["draw", "draw"])
  })

  it("B-OBJECTIVE-05 a standing survivor holding the Radio at the end wins (the scenario's victory)", () => {
    const { t } = carrying("radio1")
    t.do({ type: "endActivation", model: "a.1" })
    endRound(t)
    expect(t.s.phase).toBe("over")
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "win", routed: false },
      { side: "b", outcome: "loss", routed: false },
    ])
  })

  it("B-OBJECTIVE-05 R-BATTLE-61 carried off its own edge from round 4 on, the Radio wins the raid", () => {
    const { t } = carrying()
    t.do({ type: "endActivation", model: "a.1" })
    for (let round = 1; round < 4; round++) {
      endRound(t)
      t.initiative("a")
    }
    expect(t.s.round).toBe(4)
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", offTable: true })
    for (let guard = 0; guard < 5 && t.s.phase !== "over"; guard++) {
      endRound(t)
      if (t.s.phase !== "over") t.initiative("a")
    }
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "win", routed: false },
      { side: "b", outcome: "loss", routed: false },
    ])
  })
})

describe("the Radio's Noise draws creatures (B-OBJECTIVE-05, B-CREATURE-06)", () => {
  it("B-OBJECTIVE-05 B-CREATURE-06 with no other Noise, creatures the Din brings arrive nearest the Radio's carrier", () => {
    const { t } = carrying()
    t.do({ type: "endActivation", model: "a.1" })
    passRound(t)
    // The Din: the carrier's 1 Noise is 1 die, and a 6 brings a Lesser Encounter; 1, 1 is row 1, a Husk.
    t.settle([6, 1, 1])
    expect(t.of("din.rolled", true)[0]).toMatchObject({ noise: 1, dice: 1, result: "lesser" })
    expect(t.of("creature.arrives", true)[0]).toMatchObject({ at: "the Lair or Blight edge nearest A 1" })
  })
})

describe("the Radio and Hiding (B-OBJECTIVE-05, B-ACTION-HIDE-03, R-BATTLE-63)", () => {
  it("B-OBJECTIVE-05 B-ACTION-HIDE-03 R-BATTLE-63 the Radio's carrier always has Noise, so it can't Hide", () => {
    const { t } = carrying()
    t.state(inTerrain("a.1", "open", false), within("a.1", "b.1", 6, false), within("a.1", "b.2", 6, false))
    expect(t.reject({ type: "hide", model: "a.1" }).clause).toBe("B-ACTION-HIDE-03")
  })

  it("B-OBJECTIVE-05 B-ACTION-HIDE-03 R-BATTLE-63 a Hidden survivor who picks the Radio up stops being Hidden", () => {
    const t = started({
      scenario: "radio6",
      env,
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
    })
    const radio = t.s.tokens.find((x) => x.contents === "radio")!.id
    t.do({ type: "adjust", model: "a.1", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", radio))
    t.do({ type: "search", model: "a.1", token: radio })
    t.roll(5, 1)
    expect(t.model("a.1").hidden).toBe(false)
  })
})

describe("Mule and the Radio (B-OBJECTIVE-06, B-ACTION-SEARCH-02, R-BATTLE-42)", () => {
  const mule = () => {
    const t = started({
      scenario: "radio6",
      env,
      refuges: [refuge("A", [{ leader: true, skills: ["mule"] }, {}]), refuge("B", [{ leader: true }, {}])],
    })
    t.do({ type: "activate", model: "a.1" })
    return t
  }

  it('B-OBJECTIVE-06 R-BATTLE-42 Mule ("carrying Loot costs it no Move") does not offset the Radio\'s −2": a Student carries it 4"', () => {
    const t = mule()
    const radio = t.s.tokens.find((x) => x.contents === "radio")!.id
    t.state(contact("a.1", radio))
    t.do({ type: "search", model: "a.1", token: radio })
    t.roll(5, 1)
    expect(t.reject({ type: "move", model: "a.1", distance: 4.5 }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "a.1", distance: 4 })
  })

  it('B-ACTION-SEARCH-02 Mule carries Loot at full Move: a Student carries it 6"', () => {
    const t = mule()
    const loot = t.s.tokens.find((x) => x.kind === "loot" && x.contents === "loot")!.id
    t.state(contact("a.1", loot))
    t.do({ type: "search", model: "a.1", token: loot })
    t.roll(5, 1)
    t.do({ type: "move", model: "a.1", distance: 6 })
  })
})
