/**
 * A bad value in an optional field is one problem, not two: effect/Schema reads an optional field
 * as a union with `undefined` and reports both members ("expected 0 to 100", "expected undefined"),
 * which misleads a reader. Founding, the battle's and the campaign's commands all keep only the
 * real one (Violation.withoutUndefinedAlternatives).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { parseCommand as parseBattleCommand } from "../src/battle/Battle.js"
import { parseCommand as parseCampaignCommand } from "../src/campaign/Campaign.js"
import { found } from "../src/refuge/Founding.js"
import { withAlternativesMerged, withoutUndefinedAlternatives } from "../src/refuge/Violation.js"
import { content, validRoster } from "./fixtures/refuge-content.js"

describe("an optional field's bad value is one problem at its path", () => {
  it("B-FOUNDING-09 R-BUILDER-08 negative Reloads: one violation at reloads, saying the range and the rule", () => {
    const r = found({ ...validRoster(), reloads: -5 }, content)
    expect(Result.isFailure(r) && r.failure.violations).toEqual([
      { path: "reloads", message: "Expected a number between 0 and 100, actual -5", clause: "B-FOUNDING-09" },
    ])
  })

  it("a battle command's optional field out of range: one line", () => {
    const r = parseBattleCommand({ type: "adjust", model: "a.1", reason: "typo", health: -1 })
    expect(Result.isFailure(r) && r.failure).toEqual([
      "health: Expected a number between 0 and 40, actual -1",
    ])
  })

  it("a campaign command's refuge out of range names the range", () => {
    const r = parseCampaignCommand({ type: "pass", refuge: 17 })
    expect(Result.isFailure(r) && r.failure).toEqual([
      "refuge: Expected The Refuge's index in the campaign, a whole number from 0 to 15, actual 17",
    ])
  })

  it("kept when it is the only problem at or under its path; dropped beside a nested one", () => {
    const undef = (path: string[]) => ({ path, message: "Expected undefined, actual {}" })
    expect(withoutUndefinedAlternatives([undef(["a"])])).toEqual([undef(["a"])])
    expect(
      withoutUndefinedAlternatives([{ path: ["a", "b"], message: "is missing" }, undef(["a"]), undef(["c"])]),
    ).toEqual([{ path: ["a", "b"], message: "is missing" }, undef(["c"])])
  })

  it("a value none of several literals: one issue listing them, where the first was", () => {
    const at = (message: string, path: string[] = ["table"]) => ({ path, message })
    expect(
      withAlternativesMerged([
        at('Expected "declared", actual "hex"'),
        at("is missing", ["raids"]),
        at('Expected "board", actual "hex"'),
      ]),
    ).toEqual([at('Expected "declared" | "board", actual "hex"'), at("is missing", ["raids"])])
  })
})
