import { describe, expect, it } from "vitest"
import type { Fact } from "../../src/battle/State.js"
import { sees, started } from "./fixtures.js"

/** a.1 activating in round 1 (no prompt waiting). */
const ready = () => {
  const t = started()
  t.do({ type: "activate", model: "a.1" })
  expect(t.prompt).toBeUndefined()
  return t
}

const stated = (facts: Fact[]) => ({ type: "state" as const, facts })

describe("facts stated at the table (R-BATTLE-52)", () => {
  it("R-BATTLE-52 a fact about a model or token not in the raid is refused with its path, and nothing is stored", () => {
    const t = ready()
    const r = t.reject(stated([sees("a.1", "b.1"), sees("a.1", "c9")]))
    expect(r.reason).toMatch(/^facts\.1\.query\.b: .*"c9"/)
    expect(r.clause).toBe("R-BATTLE-52")
  })

  it("R-BATTLE-52 a fact of a model about itself, a distance not above 0, a value not of its kind: refused", () => {
    const t = ready()
    expect(t.reject(stated([sees("a.1", "a.1")])).reason).toMatch(/^facts\.0\.query\.b: /)
    const near = (inches: number): Fact => ({
      query: { q: "within", a: "a.1", b: "b.1", inches },
      value: true,
    })
    expect(t.reject(stated([near(-4)])).reason).toMatch(/^facts\.0\.query\.inches: /)
    expect(t.reject(stated([near(0)])).reason).toMatch(/^facts\.0\.query\.inches: /)
    expect(t.reject(stated([{ query: { q: "sees", a: "a.1", b: "b.1" }, value: "most" }])).reason).toMatch(
      /^facts\.0\.value: /,
    )
    expect(t.reject(stated([{ query: { q: "cover", a: "a.1", b: "b.1" }, value: true }])).reason).toMatch(
      /^facts\.0\.value: /,
    )
    const nearest: Fact = { query: { q: "nearest", a: "a.1", among: ["b.1", "b.2"] }, value: "a.2" }
    expect(t.reject(stated([nearest])).reason).toMatch(/^facts\.0\.value: /)
  })

  it("R-BATTLE-52 a move's facts are checked the same way", () => {
    const t = ready()
    const r = t.reject({ type: "move", model: "a.1", inches: 2, facts: [sees("a.1", "zz")] })
    expect(r.reason).toMatch(/^facts\.0\.query\.b: /)
    expect(r.clause).toBe("R-BATTLE-52")
  })

  it("R-BATTLE-52 features, edges, placements and tokens are subjects a fact may name", () => {
    const t = ready()
    const token = t.s.tokens[0]?.id
    const subjects = [
      "centre",
      "blight-edge",
      "edge:b",
      "placement:b.1",
      "feature:sporeTerrain+lair",
      ...(token ? [token] : []),
    ]
    for (const b of subjects) t.do(stated([{ query: { q: "within", a: "a.2", b, inches: 6 }, value: false }]))
  })

  it("R-BATTLE-52 an answer to a fact prompt must be one of its options", () => {
    const t = ready()
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    const q = t.factQuery()
    const r = t.reject(stated([{ query: q, value: "most" }]))
    expect(r.reason).toMatch(/^facts\.0\.value: /)
    expect(r.clause).toBe("R-BATTLE-52")
  })
})
