/**
 * Fidelity, scripted: Dread (B-DREAD-01..03). A Rotweaver (Dread 1) lurks (the test scenario `lurk`,
 * Lesser row 11: faces 4 and 5); a.2, a Student (M6, Nerve 1), comes into its sight away from its
 * Leader and fails with no successes and a 1: Panic, "a full Move directly away … then Shaken".
 */
import { describe, expect, it } from "vitest"
import { comeIntoSight, contact, faces, noFacts, refuge, Table, within } from "../battle/fixtures.js"

/** Round 1 after the Rotweaver found nobody, a and b passed once; a.2 activates (optionally picking up Loot first). */
const beforeTheSight = (withLoot: boolean): Table => {
  const t = Table.create({
    scenario: "lurk",
    refuges: [
      refuge("A", [{ leader: true, background: "soldier" }, {}]),
      refuge("B", [{ leader: true }, {}]),
    ],
  })
  t.roll(4, 5) // Lesser row 11: a Rotweaver
  t.settle(faces(4, 1), noFacts)
  t.settle([6, 1], noFacts) // a wins the roll-off; the Rotweaver (Initiative 3) acts first and finds nobody
  expect(t.model("c1").ref).toBe("rotweaver")
  for (const m of ["a.1", "b.1"]) {
    t.do({ type: "activate", model: m })
    t.do({ type: "endActivation", model: m })
  }
  t.settle([], noFacts)
  t.do({ type: "activate", model: "a.2" })
  if (withLoot) {
    t.state(contact("a.2", "t3"), within("a.2", "c1", 3, false))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(4, 1) // Wits (1): passed, it carries the Loot (−1" Move, B-ACTION-SEARCH-02)
    expect(t.model("a.2").carrying).toHaveLength(1)
  }
  comeIntoSight(t, "a.2", "c1", "a.1", false)
  return t
}

describe("Panic (B-DREAD-03)", () => {
  it("B-DREAD-03 Panic is a full Move directly away: the Student's 6\"", () => {
    const t = beforeTheSight(false)
    t.roll(1)
    expect(t.of("moved").find((e) => e.reason?.includes("Panic"))).toMatchObject({
      model: "a.2",
      distance: 6,
    })
    expect(t.model("a.2").shaken).toBe(true)
  })

  it("B-DREAD-03 B-ACTION-SEARCH-02 a full Move is the survivor's Move as it stands: carrying Loot, 5\"", () => {
    const t = beforeTheSight(true)
    t.roll(1)
    expect(t.of("moved").find((e) => e.reason?.includes("Panic"))).toMatchObject({
      model: "a.2",
      distance: 5,
    })
  })
})
