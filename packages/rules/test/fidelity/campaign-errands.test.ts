/**
 * Fidelity, scripted: Errands and recruiting between raids ("each survivor Recruited is an errand
 * of its own", "paying each background's cost", "No more than 2 of any one background"), each
 * refusal naming its path and rule and changing nothing.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { legalCommands } from "../../src/campaign/Legal.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import { recruit } from "../../src/refuge/Recruit.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  aftermath,
  campaign,
  edited,
  env,
  finishedRaid,
  gardeners,
  granted,
  ok,
  refused,
  registry,
  storesIn,
  strangerRescuedBy,
  survivor,
  wharfside,
} from "../campaign/helpers.js"

/** Wharfside in the Church (holds 8), so there is room to recruit. */
const roomy = (): Refuge => ({ ...wharfside(), home: "church" as Refuge["home"] })
const salvageTo = (r: Refuge, n: number): Refuge => granted(r, { salvage: n - storesOf(r.ledger).salvage })

describe("recruiting (B-ERRAND-04, B-FOUNDING-03, R-CAMPAIGN-24)", () => {
  it("B-ERRAND-04 a recruit costs exactly its background: 12 Salvage recruits a Student to 0; 11 is refused, changing nothing", () => {
    const student = registry.get("backgrounds", "student")!.cost
    expect(student).toBe(12)
    let c = campaign(undefined, [salvageTo(roomy(), 12), gardeners()])
    c = ok(c, { type: "recruit", refuge: 0, by: "survivor-1", background: "student", name: "Pip" })
    expect(storesIn(c, 0).salvage).toBe(0)
    expect(survivor(c, 0, "Pip")).toMatchObject({ background: "student", blight: 0 })

    const poor = campaign(undefined, [salvageTo(roomy(), 11), gardeners()])
    const r = refused(poor, {
      type: "recruit",
      refuge: 0,
      by: "survivor-1",
      background: "student",
      name: "Pip",
    })
    expect(r.reason).toMatch(/salvage/i)
    expect(r.clause).toBe("B-ERRAND-04")
  })

  it("B-FOUNDING-03 R-CAMPAIGN-24 a second Labourer may be recruited, a third is refused at `background` and changes nothing", () => {
    let c = campaign(undefined, [granted(roomy(), { salvage: 40 }), gardeners()])
    c = ok(c, { type: "recruit", refuge: 0, by: "survivor-1", background: "labourer", name: "Dev" })
    expect(c.state.refuges[0]!.refuge.survivors.filter((s) => s.background === "labourer")).toHaveLength(2)
    const before = c.state
    const r = refused(c, {
      type: "recruit",
      refuge: 0,
      by: "survivor-2",
      background: "labourer",
      name: "Sam",
    })
    expect(r.clause).toBe("B-FOUNDING-03")
    expect(r.reason).toMatch(/^background: .*no more than 2 of any one background/)
    expect(c.state).toBe(before)
    // Not offered among the legal commands either; another background still is.
    const offered = legalCommands(c.state, env).flatMap((x) =>
      x.type === "recruit" && x.refuge === 0 ? [x.background] : [],
    )
    expect(offered).not.toContain("labourer")
    expect(offered).toContain("student")
  })

  it("R-CAMPAIGN-24 the library's recruit refuses a third of one background too, with every rule it breaks", () => {
    const w = edited(roomy(), "Mr Patel", (s) => {
      s.background = "labourer"
    })
    const r = recruit(w, { name: "Sam", background: "labourer" }, registry)
    expect(Result.isFailure(r) && r.failure.violations).toEqual([
      expect.objectContaining({ path: "background", clause: "B-FOUNDING-03" }),
    ])
  })

  it("B-STRANGER-01 R-CAMPAIGN-24 the Stranger joins even as a third Labourer: only recruiting is capped", () => {
    const w = edited(granted(roomy(), {}), "Mr Patel", (s) => {
      s.background = "labourer"
    })
    const c = campaign(undefined, [w, gardeners()])
    const done = aftermath(
      c,
      finishedRaid(c, strangerRescuedBy(0), ["win", "loss"], "someone-in-the-weeds"),
      [[/the Stranger's background/, [5]]],
    )
    expect(done.state.refuges[0]!.refuge.survivors.filter((s) => s.background === "labourer")).toHaveLength(3)
  })
})

describe("Drinking Amber (B-BLIGHT-05, R-CAMPAIGN-07)", () => {
  it("B-BLIGHT-05 B-GIFT-02 R-CAMPAIGN-07 Drinking Amber at 2 Blight reaches 3: the Gift and the Mark are rolled at once, between raids", () => {
    const w = granted(
      edited(wharfside(), "Jess", (s) => {
        s.blight = 2
      }),
      { amber: 1 },
    )
    const c = ok(
      campaign(undefined, [w, gardeners()]),
      { type: "errand", refuge: 0, by: "survivor-4", errand: "drink-amber" },
      [
        [/Jess: a gift/, [1, 1]],
        [/Jess: a mark/, [1, 1]],
      ],
    )
    const jess = survivor(c, 0, "Jess")!
    expect(jess).toMatchObject({ blight: 3 })
    expect(jess.gifts).toHaveLength(1)
    expect(jess.marks).toHaveLength(1)
    expect(storesIn(c, 0).amber).toBe(0)
    expect(c.state.refuges[0]!.errands).toBe(1)
  })

  it("B-CONGREGATION-10 R-CAMPAIGN-16 a member Drinking Amber at 5 is Bloomed at once and may choose Pollen Veil", () => {
    const g = granted(
      edited(gardeners(), "Wren", (s) => {
        s.blight = 5
      }),
      { amber: 1 },
    )
    const c = ok(
      campaign(undefined, [wharfside(), g]),
      { type: "errand", refuge: 1, by: "survivor-4", errand: "drink-amber" },
      [
        [/^bloomed:survivor-4/, "pollen-veil"],
        [/Wren: a mark/, [6, 6]],
      ],
    )
    const wren = survivor(c, 1, "Wren")!
    expect(wren.blight).toBe(6)
    expect(wren.gifts).toContain("pollen-veil")
    expect(wren.marks).toHaveLength(2)
  })
})

describe("everyone's free weapons (B-FOUNDING-07, R-CAMPAIGN-14)", () => {
  const free = ["improvised-weapon", "thrown-junk"]

  it("B-FOUNDING-07 a recruit and the Stranger carry the Improvised weapon and Thrown junk, as the founders do", () => {
    let c = campaign(undefined, [granted(roomy(), { salvage: 20 }), gardeners()])
    c = ok(c, { type: "recruit", refuge: 0, by: "survivor-1", background: "student", name: "Pip" })
    expect(survivor(c, 0, "Pip")!.equipment).toEqual({ weapons: free, armour: [], kit: [] })
    const done = aftermath(
      c,
      finishedRaid(c, strangerRescuedBy(0), ["win", "loss"], "someone-in-the-weeds"),
      [[/the Stranger's background/, [1]]],
    )
    expect(survivor(done, 0, "The Stranger")!.equipment).toEqual({ weapons: free, armour: [], kit: [] })
    // And the library's recruit agrees.
    const r = Result.getOrThrow(recruit(roomy(), { name: "Dot", background: "waitress" }, registry))
    expect(r.survivors.at(-1)!.equipment.weapons).toEqual(free)
  })
})
