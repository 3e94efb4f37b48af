/**
 * Fidelity, scripted: who a Hollowed goes for (B-HOLLOWED-02 "Hunts by Noise. It remembers its old
 * Refuge, and goes for them first if it can see them"). A.2 (Blight 11) Turns in round 1 on a
 * Blight die's 1; in round 2 B (a Nurse Leader, Initiative 3) acts before the Hollowed's brood
 * (Initiative 2), and B 2 Sprints (1 Noise) before the Hollowed activates.
 */
import { describe, expect, it } from "vitest"
import type { FactQuery, FactValue } from "../../src/battle/State.js"
import { noFacts, passRound, refuge, shotFacts, started, type Table } from "../battle/fixtures.js"

/** Round 1: A 2 Turns; round 2 begins with B on top, then the Hollowed's brood, then A. */
const hollowedInRound2 = (): { t: Table; h: string } => {
  const t = started({
    refuges: [
      refuge("A", [{ leader: true }, { blight: 11, weapons: ["pistol"] }, {}], { reloads: 1 }),
      refuge("B", [{ leader: true, background: "nurse" }, {}, {}]),
    ],
  })
  for (const m of ["a.1", "b.1"]) {
    t.do({ type: "activate", model: m })
    t.do({ type: "endActivation", model: m })
  }
  t.do({ type: "activate", model: "a.2" })
  t.state(...shotFacts(t, "a.2", "b.1", 12))
  t.do({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.1", blightDice: 1 })
  t.roll(1, 1, 1, 1) // the Blight die's 1: Blight 12, A 2 Turns (B-TURN-01)
  const h = t.of("creature.arrives")[0]!.model.id
  passRound(t)
  t.settle([1]) // the Din: no 6
  t.settle((n, purpose) => Array.from({ length: n }, () => (purpose.startsWith("B") ? 6 : 1)))
  expect(t.s.round).toBe(2)
  expect(t.s.order).toEqual(["b", "brood-1", "a"])
  return { t, h }
}

/** B 2 Sprints 1" (1 Noise; any Dread test passes on 6s) and ends its activation; the Hollowed then acts, answered by `facts`. */
const noisyThenHollowed = (t: Table, facts: (q: FactQuery) => FactValue | undefined): void => {
  t.do({ type: "activate", model: "b.2" })
  t.do({ type: "sprint", model: "b.2", distance: 1 })
  const sixes = (n: number) => Array.from({ length: n }, () => 6)
  t.settle(sixes, facts)
  t.do({ type: "endActivation", model: "b.2" })
  t.settle(sixes, facts)
}

const mutual = (q: FactQuery, a: string, b: string): boolean =>
  "b" in q && ((q.a === a && q.b === b) || (q.a === b && q.b === a))

const goesFor = (t: Table, h: string): string | undefined =>
  t.battle.events
    .filter((e) => e.type === "moved" && e.model === h)
    .map((e) => (e.type === "moved" ? e.reason : undefined))
    .at(-1)

describe("the Hollowed remembers (B-HOLLOWED-02)", () => {
  it("B-HOLLOWED-02 a silent survivor of its old Refuge in sight comes before a noisy stranger in its Senses", () => {
    const { t, h } = hollowedInRound2()
    noisyThenHollowed(t, (q) => {
      if (q.q === "sees") return mutual(q, h, "a.1")
      if (q.q === "within") return mutual(q, h, "b.2")
      return noFacts(q)
    })
    expect(t.model("b.2").noise).toBe(1)
    expect(t.model("a.1").noise).toBe(0)
    expect(goesFor(t, h)).toBe("goes for A 1")
  })

  it("B-HOLLOWED-02 with none of its old Refuge in sight it hunts by Noise (B-BEHAVIOUR-01)", () => {
    const { t, h } = hollowedInRound2()
    noisyThenHollowed(t, (q) => {
      if (q.q === "sees") return mutual(q, h, "b.2") || mutual(q, h, "b.1")
      if (q.q === "within") return true // everyone within its 12" Senses
      return noFacts(q)
    })
    expect(goesFor(t, h)).toBe("goes for B 2")
  })

  it("B-HOLLOWED-02 two of its old Refuge in sight, both silent: the nearest", () => {
    const { t, h } = hollowedInRound2()
    noisyThenHollowed(t, (q) => {
      if (q.q === "sees") return mutual(q, h, "a.1") || mutual(q, h, "a.3")
      if (q.q === "within") return mutual(q, h, "b.2")
      if (q.q === "nearest") return q.among.includes("a.3") ? "a.3" : q.among[0]
      return noFacts(q)
    })
    expect(goesFor(t, h)).toBe("goes for A 3")
  })
})
