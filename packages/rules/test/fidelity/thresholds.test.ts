/**
 * Fidelity, scripted: thresholds and empty sides a test author would try from the text, checked
 * and found right. Rout at "half or more" of the starting survivors (B-ROUT-01); a side with
 * nothing left to activate is skipped (B-ACT-02) and, nobody standing, Routs (R-BATTLE-27); a Down
 * enemy Fought is Finished without a roll, and a Finished survivor is past first aid (B-FIGHT-05/06,
 * B-AID-01). A's pistols: Shoot 2 + 1; two hits of 1 Damage take a Student (Health 2) Down.
 */
import { describe, expect, it } from "vitest"
import {
  contact,
  passRound,
  refuge,
  type SurvivorSpec,
  shotFacts,
  started,
  type Table,
} from "../battle/fixtures.js"

const raid = (a: ReadonlyArray<SurvivorSpec>, b: ReadonlyArray<SurvivorSpec>): Table =>
  started({ refuges: [refuge("A", a, { reloads: 2 }), refuge("B", b)] })

/** `shooter` (activating now) shoots `target` Down with its pistol and ends its activation. */
const shootDown = (t: Table, shooter: string, target: string): void => {
  t.do({ type: "activate", model: shooter })
  t.state(...shotFacts(t, shooter, target, 12))
  t.do({ type: "shoot", model: shooter, weapon: "pistol", target })
  t.roll(4, 4, 1)
  expect(t.model(target).status).toBe("down")
  if (t.s.activation) t.do({ type: "endActivation", model: shooter })
}

const pass = (t: Table, model: string): void => {
  t.do({ type: "activate", model })
  t.do({ type: "endActivation", model })
}

describe("thresholds and empty sides", () => {
  it("B-ROUT-01 one of three starting survivors Down is less than half: no Rout test", () => {
    const t = raid([{ leader: true, weapons: ["pistol"] }, {}, {}], [{ leader: true }, {}, {}])
    shootDown(t, "a.1", "b.2")
    passRound(t)
    t.settle([1]) // the Din: the pistol's 1 Noise, no 6
    expect(t.of("rout.test", true)).toEqual([])
    t.initiative("a")
    expect(t.s.round).toBe(2)
  })

  it("B-ROUT-01 two of four starting survivors Down is exactly half: the Leader tests Nerve (1)", () => {
    const t = raid(
      [{ leader: true, weapons: ["pistol"] }, { weapons: ["pistol"] }, {}, {}],
      [{ leader: true }, {}, {}, {}],
    )
    shootDown(t, "a.1", "b.2")
    pass(t, "b.1")
    shootDown(t, "a.2", "b.3")
    passRound(t)
    t.settle([1, 1, 4, 1]) // the Din (2 dice), then b.1's Nerve 2 (a Student's 1, +1 the Leader)
    expect(t.of("rout.test", true)).toEqual([
      expect.objectContaining({ side: "b", model: "b.1", passed: true }),
    ])
  })

  it("B-ACT-02 R-BATTLE-27 a Refuge with every survivor Down is skipped, then Routs without a test and loses", () => {
    const t = raid([{ leader: true, weapons: ["pistol"] }, { weapons: ["pistol"] }], [{ leader: true }, {}])
    shootDown(t, "a.1", "b.1")
    pass(t, "b.2")
    shootDown(t, "a.2", "b.2")
    // Nobody of B can activate: the Activations phase is over (B-ACT-03), the End Phase asks for the Din.
    expect(t.prompt).toMatchObject({ kind: "dice", purpose: "the Din (B-DIN-01)" })
    t.settle([1, 1]) // the Din: two pistols' Noise, no 6
    expect(t.of("rout.test", true)).toEqual([{ type: "rout.test", side: "b", passed: false }])
    expect(t.of("routed", true)).toEqual([{ type: "routed", side: "b", reason: "nobody left standing" }])
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "win", routed: false },
      { side: "b", outcome: "loss", routed: true },
    ])
  })

  it("B-FIGHT-05 B-FIGHT-06 B-AID-01 a Down enemy Fought is Finished without a roll, and no first aid raises it", () => {
    const t = raid(
      [{ leader: true, weapons: ["pistol"] }, { weapons: ["baseball-bat"] }],
      [{ leader: true }, {}],
    )
    shootDown(t, "a.1", "b.2")
    pass(t, "b.1")
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "b.2"))
    t.do({ type: "fight", model: "a.2", target: "b.2" })
    expect(t.prompt).toBeUndefined() // no dice: a Down defender does not roll
    expect(t.of("finished")).toEqual([{ type: "finished", model: "b.2", by: "a.2" }])
    expect(t.of("attack.rolled")).toEqual([])
    expect(t.model("b.2").status).toBe("finished")
    t.do({ type: "endActivation", model: "a.2" })
    passRound(t)
    t.settle([1, 1, 6, 6]) // the Din (2 dice), then b.1 passes its Rout test
    t.initiative("b")
    t.do({ type: "activate", model: "b.1" })
    t.state(contact("b.1", "b.2"))
    expect(t.reject({ type: "use", use: "aid", model: "b.1", target: "b.2" }).clause).toBe("B-AID-01")
  })
})
