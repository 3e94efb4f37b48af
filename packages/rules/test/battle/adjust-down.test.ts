import { describe, expect, it } from "vitest"
import { started } from "./fixtures.js"

describe("a correction to 0 Health", () => {
  it("B-DOWN-01 a survivor adjusted to 0 Health is Down, as a hit would leave it (it was left standing at 0)", () => {
    const t = started()
    t.do({ type: "adjust", model: "b.2", reason: "the table agrees b.2 was clubbed earlier", health: 0 })
    expect(t.of("down")).toEqual([{ type: "down", model: "b.2" }])
    expect(t.model("b.2").status).toBe("down")
    // A Down survivor doesn't activate (B-ACT-06): b.2 is no longer offered.
    expect(t.legal().some((c) => c.type === "activate" && c.model === "b.2")).toBe(false)
  })

  it("B-DOWN-01 a correction to 0 of a survivor already Down changes only its Health", () => {
    const t = started()
    t.do({ type: "adjust", model: "b.2", reason: "down", health: 0 })
    t.do({ type: "adjust", model: "b.2", reason: "still down", health: 0 })
    expect(t.of("down")).toEqual([])
  })
})
