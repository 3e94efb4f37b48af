/**
 * Every refusal names a rule (the brief: a clear error naming the path and the rule broken): the
 * commands that name what is not in the raid, or another side's model, cite R-BATTLE-54.
 */
import { describe, expect, it } from "vitest"
import type { Command } from "../../src/battle/Command.js"
import { faces, Table } from "./fixtures.js"

describe("what a command may name and who may give it (R-BATTLE-54)", () => {
  it("R-BATTLE-54 R-BATTLE-52 B-ACT-05 a model, target, contact or side not in the raid, another side's model, an empty adjust, an answer with nothing waiting: refused naming the field and the rule, nothing changed", () => {
    const t = Table.create()
    t.settle(faces(4, 1))
    t.settle([6, 1]) // a wins the roll-off
    const cite = (c: Command, by = "any") => {
      const r = t.reject(c, by)
      return [r.reason.split(":")[0], r.clause]
    }
    expect(cite({ type: "activate", model: "z.9" })).toEqual(["model", "R-BATTLE-54"])
    // A's turn: B's player may not activate A's survivor.
    expect(cite({ type: "activate", model: "a.1" }, "b")).toEqual(["model", "R-BATTLE-54"])
    expect(cite({ type: "adjust", model: "a.1", reason: "nothing said" })).toEqual(["adjust", "R-BATTLE-54"])
    expect(cite({ type: "roll", faces: [4] })).toEqual(["roll", "R-BATTLE-52"])
    expect(cite({ type: "withdraw", side: "nobody" })).toEqual(["side", "R-BATTLE-54"])
    t.do({ type: "activate", model: "a.1" })
    expect(cite({ type: "shoot", model: "a.1", weapon: "pistol", target: "z.9" })).toEqual([
      "target",
      "R-BATTLE-54",
    ])
    expect(cite({ type: "move", model: "a.1", contact: ["z.9"] })).toEqual(["contact", "R-BATTLE-54"])
  })
})
