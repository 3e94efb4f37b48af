/**
 * Fidelity, scripted: kit of limited uses counts its uses per piece carried. A Flare is "One use";
 * a survivor carrying two lights two (each then used up by the campaign, R-CAMPAIGN-37), never a
 * third.
 */
import { describe, expect, it } from "vitest"
import { passRound, refuge, started } from "../battle/fixtures.js"

const withFlares = (flares: number) =>
  started({
    refuges: [
      refuge("A", [{ leader: true, kit: Array.from({ length: flares }, () => "flare") }, {}]),
      refuge("B", [{ leader: true }, {}]),
    ],
  })

describe("kit uses (a Flare: one use)", () => {
  it("B-ACT-08 one Flare lights once: a second Light a Flare is refused", () => {
    const t = withFlares(1)
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "act", model: "a.1", action: "Light a Flare" })
    expect(t.s.tokens.filter((x) => x.kind === "light")).toHaveLength(1)
    expect(t.reject({ type: "act", model: "a.1", action: "Light a Flare" }).clause).toBe("B-ACT-08")
  })

  it("B-ACT-08 two Flares carried light twice (the same action twice in one activation), and no more", () => {
    const t = withFlares(2)
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "act", model: "a.1", action: "Light a Flare" })
    t.do({ type: "act", model: "a.1", action: "Light a Flare" })
    expect(t.s.tokens.filter((x) => x.kind === "light")).toHaveLength(2)
    expect(t.model("a.1").used["act:kit: flare:Light a Flare"]).toBe(2)
    // The next round: both are used up.
    passRound(t)
    t.settle([])
    t.initiative("a")
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "act", model: "a.1", action: "Light a Flare" }).clause).toBe("B-ACT-08")
  })
})
