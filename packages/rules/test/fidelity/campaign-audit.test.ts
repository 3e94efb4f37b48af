/**
 * An outside tester's cases for the campaign, written from the rules text: a Trade Errand's
 * survivor brings their Market rules (R-MARKET-04), and probes found while auditing.
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, create, envOf, raidSetup } from "../../src/campaign/Campaign.js"
import { legalCommands } from "../../src/campaign/Legal.js"
import type { Prompt } from "../../src/campaign/State.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  aftermath,
  answerAll,
  campaign,
  edited,
  entries,
  env,
  finishedRaid,
  gardeners,
  granted,
  ok,
  refused,
  wharfside,
} from "../campaign/helpers.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

describe("a Trade Errand is a trip its runner makes (R-MARKET-04)", () => {
  it("B-MARKET-02 R-MARKET-08 the Office Worker who runs the Trade gets +1 on the availability roll: a 2 finds an Uncommon fire axe", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    // survivor-5 is Mr Patel, the Office Worker ("+1 to Market availability rolls on a trip it makes").
    const waiting = Result.getOrThrow(
      command(
        c,
        {
          type: "trade",
          refuge: 0,
          by: "survivor-5",
          orders: [{ buy: { kind: "weapons", id: "fire-axe" } }],
        },
        env,
      ),
    )
    const done = ok(waiting, { type: "roll", faces: [2] })
    expect(done.state.refuges[0]!.refuge.stash.weapons).toContain("fire-axe")
    const bought = entries(done, 0).at(-1)!
    expect(bought.item).toMatchObject({ kind: "weapons", id: "fire-axe" })
    expect(bought.modifiers).toEqual([expect.objectContaining({ value: 1 })])
  })

  it("B-MARKET-02 R-MARKET-08 a survivor without the Knack running the Trade: a 2 does not find it", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    const waiting = Result.getOrThrow(
      command(
        c,
        {
          type: "trade",
          refuge: 0,
          by: "survivor-1",
          orders: [{ buy: { kind: "weapons", id: "fire-axe" } }],
        },
        env,
      ),
    )
    const done = ok(waiting, { type: "roll", faces: [2] })
    expect(done.state.refuges[0]!.refuge.stash.weapons).not.toContain("fire-axe")
  })

  it("B-REROLL-01 R-MARKET-08 a Shopkeeper running the Trade may spend the Haggler's re-roll on a missed Uncommon: 1, then 3, bought", () => {
    const shop = edited(granted(wharfside(), { salvage: 40 }), "Sergeant Hollis", (s) => {
      s.background = "shopkeeper"
    })
    const c = campaign(undefined, [shop, gardeners()])
    const order = { buy: { kind: "weapons" as const, id: "fire-axe" }, reroll: true }
    // Anyone else running it has no re-roll to spend: refused, naming the rule.
    expect(refused(c, { type: "trade", refuge: 0, by: "survivor-2", orders: [order] })).toMatchObject({
      clause: "R-MARKET-04",
    })
    const first = Result.getOrThrow(
      command(c, { type: "trade", refuge: 0, by: "survivor-1", orders: [order] }, env),
    )
    const done = ok(first, { type: "roll", faces: [1] }, [[/Fire axe/, [3]]])
    expect(done.state.refuges[0]!.refuge.stash.weapons).toContain("fire-axe")
    expect(
      entries(done, 0)
        .at(-1)!
        .rolls!.map((r) => r.value),
    ).toEqual([1, 3])
  })
})

describe("a campaign's Refuges are told apart as the raid tells them (R-CAMPAIGN-36)", () => {
  it("B-HOLLOWED-02 R-CAMPAIGN-36 names that are the same in any case, or differ only in punctuation, are refused at refuges[1].name, and nothing is created", () => {
    for (const [name, clause] of [
      ["Wharfside", "B-AFTERMATH-01"],
      ["WHARFSIDE", "B-AFTERMATH-01"],
      ["Wharfside!", "R-CAMPAIGN-36"],
      ["wharfside.", "R-CAMPAIGN-36"],
    ]) {
      const r = create([wharfside(), { ...wharfside(), name: name! }], { seed: 1 }, env)
      expect(Result.isFailure(r), name).toBe(true)
      expect(Result.getFailure(r).pipe((x) => x._tag === "Some" && x.value)).toMatchObject({
        clause,
        reason: expect.stringMatching(/^refuges\[1\]\.name: each Refuge in a campaign needs its own name/),
      })
    }
    // A name the raid tells apart is fine: two sides, two ids.
    const c = Result.getOrThrow(
      create([wharfside(), { ...wharfside(), name: "Wharfside East" }], { seed: 1 }, env),
    )
    expect(Result.isSuccess(raidSetup(c.state, { seed: 1 }, "cache"))).toBe(true)
  })
})

describe("a raid recorded into the campaign must be one the campaign could have sent (R-CAMPAIGN-04)", () => {
  it("B-CASUALTY-01 R-CAMPAIGN-04 a survivor who must miss this raid cannot have raided: refused, naming them, nothing changed", () => {
    const c = campaign()
    const battle = finishedRaid(c)
    const state = structuredClone(c.state) as { refuges: { status: Record<string, { missRaids: number }> }[] }
    state.refuges[0]!.status["survivor-1"]!.missRaids = 1
    const r = command({ ...c, state: state as never }, { type: "recordRaid", battle }, env)
    expect(Result.isFailure(r)).toBe(true)
    expect(Result.getFailure(r).pipe((x) => x._tag === "Some" && x.value)).toMatchObject({
      clause: "R-CAMPAIGN-04",
      reason: expect.stringMatching(/Sergeant Hollis.*miss/),
    })
  })
})

describe("a refused Trade names the command's own path", () => {
  it("B-MARKET-01 B-CONGREGATION-08 a Trade's bad order is refused at orders[i] (not orders.orders[i]), with its rule", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    const trade = (refuge: number, orders: never[]) =>
      refused(c, { type: "trade", refuge, by: "survivor-1", orders })
    expect(trade(0, [{ buyReloads: 1 }, { buy: { kind: "weapons", id: "nope" } }] as never[])).toEqual({
      reason: 'orders[1].buy.id: the Market has no weapons "nope"',
      clause: "B-MARKET-01",
    })
    expect(trade(1, [{ buy: { kind: "weapons", id: "pistol" } }] as never[])).toMatchObject({
      reason: expect.stringMatching(/^orders\[0\]\.buy: a Congregation's firearms come only from Loot/),
      clause: "B-CONGREGATION-08",
    })
    expect(trade(0, [{ buyReloads: 100 }] as never[])).toMatchObject({
      reason: expect.stringMatching(/^orders\[0\]: not enough salvage/),
      clause: "B-MARKET-01",
    })
  })
})

describe("the Corner Shop's Laid Up roll is for those Laid Up (R-WORLD-19, R-CAMPAIGN-15)", () => {
  it("B-HOME-06 R-CAMPAIGN-15 when the other side forfeits, nobody of a Corner Shop who was fit rolls the Laid Up roll; one who was Laid Up does", () => {
    const c = campaign()
    // Wharfside's Home is the Corner Shop; Dr Okafor (survivor-2) is Laid Up for this raid, and every
    // member of the Congregation too, so it has nobody fit to raid and forfeits (R-CAMPAIGN-12).
    const state = structuredClone(c.state) as { refuges: { status: Record<string, { missRaids: number }> }[] }
    state.refuges[0]!.status["survivor-2"]!.missRaids = 1
    for (const st of Object.values(state.refuges[1]!.status)) st.missRaids = 1
    const r = command({ ...c, state: state as never }, { type: "forfeit", refuge: 1 }, env)
    const seen: Prompt[] = []
    const after = answerAll(Result.getOrThrow(r), [[/Laid Up roll/, [2]]], seen)
    const rolls = seen.flatMap((p) =>
      p.kind === "dice" && /Laid Up roll/.test(p.purpose) ? [p.purpose] : [],
    )
    expect(rolls).toEqual(["Dr Amara Okafor: the Laid Up roll (R-WORLD-19)"])
    // Her 2 keeps her home one more raid; everyone else is fit.
    expect(after.state.refuges[0]!.status["survivor-2"]!.missRaids).toBe(1)
    expect(
      Object.entries(after.state.refuges[0]!.status)
        .filter(([id]) => id !== "survivor-2")
        .map(([, st]) => st.missRaids),
    ).toEqual([0, 0, 0, 0])
  })
})

describe("a Molotov or pipe bomb is used up (R-CONTENT-23)", () => {
  it("B-BLAST-02 R-CONTENT-23 R-CAMPAIGN-37 a Molotov thrown in the raid is gone from the survivor after it; one not thrown comes home", () => {
    const twoBottles = edited(wharfside(), "Big Col", (s) => {
      ;(s.equipment as { weapons: string[] }).weapons.push("molotov")
    })
    let c = campaign(1, [twoBottles, gardeners()])
    const col = () => c.state.refuges[0]!.refuge.survivors.find((s) => s.name === "Big Col")!
    expect(col().equipment.weapons.filter((w) => w === "molotov")).toHaveLength(2)
    const battle = finishedRaid(c, (_s, model) => {
      const m = model("wharfside.3")
      expect(m.name).toBe("Big Col")
      const bottle = m.weapons.find((w) => w.weapon === "molotov")!
      bottle.spent = true
    })
    c = aftermath(c, battle)
    expect(col().equipment.weapons.filter((w) => w === "molotov")).toHaveLength(1)
    expect(col().equipment.weapons).toEqual(
      expect.arrayContaining(["crowbar", "improvised-weapon", "thrown-junk"]),
    )
    expect(c.state.refuges[0]!.refuge.stash.weapons).not.toContain("molotov")
  })

  it("R-CAMPAIGN-37 a Flare (one use) lit in the raid is gone from the survivor's kit after it; the Helmet stays", () => {
    const flare = edited(wharfside(), "Sergeant Hollis", (s) => {
      ;(s.equipment as { kit: string[] }).kit.push("flare")
    })
    let c = campaign(1, [flare, gardeners()])
    const hollis = () => c.state.refuges[0]!.refuge.survivors.find((s) => s.name === "Sergeant Hollis")!
    expect(hollis().equipment.kit).toEqual(["helmet", "flare"])
    c = aftermath(
      c,
      finishedRaid(c, (_s, model) => {
        const m = model("wharfside.1")
        m.used = { ...m.used, "act:kit: flare:Light a Flare": 1 }
      }),
    )
    expect(hollis().equipment.kit).toEqual(["helmet"])
  })
})

describe("a homebrew Reloading Bench's own rate (B-IMPROVEMENT-04)", () => {
  it("B-IMPROVEMENT-04 a pack's bench at 5 Salvage a Reload: with 4 Salvage it is not offered among the legal commands, and asking is refused; with 5 it is, and makes 1", () => {
    const improvements = JSON.parse(
      readFileSync(new URL("../../src/content/core/improvements.json", import.meta.url), "utf8"),
    )
    const core = improvements.improvements.find((i: { id: string }) => i.id === "reloading-bench")
    const e = envOf(
      homebrewRegistry("dear-bench", {
        improvements: [
          {
            ...core,
            replaces: "the-blight",
            effects: [
              {
                kind: "exchange",
                give: { store: "salvage", amount: 5 },
                get: { store: "reloads", amount: 1 },
              },
            ],
          },
        ],
      }),
    )
    const poorBy = (salvage: number) => {
      const w = { ...wharfside(), improvements: ["reloading-bench"] } as Refuge
      const have = storesOf(w.ledger).salvage
      return Result.getOrThrow(create([granted(w, { salvage: salvage - have }), gardeners()], "manual", e))
    }
    const four = poorBy(4)
    const benchFor = (c: typeof four) =>
      legalCommands(c.state, e).filter((x) => x.type === "bench" && x.refuge === 0)
    expect(benchFor(four)).toEqual([])
    expect(
      Result.getFailure(command(four, { type: "bench", refuge: 0, times: 1 }, e)).pipe(
        (x) => x._tag === "Some" && x.value,
      ),
    ).toMatchObject({ clause: "B-IMPROVEMENT-04" })
    const five = poorBy(5)
    expect(benchFor(five)).toEqual([{ type: "bench", refuge: 0, times: 1 }])
    const made = Result.getOrThrow(command(five, { type: "bench", refuge: 0, times: 1 }, e))
    expect(storesOf(made.state.refuges[0]!.refuge.ledger)).toMatchObject({ salvage: 0 })
    expect(storesOf(made.state.refuges[0]!.refuge.ledger).reloads).toBe(
      storesOf(five.state.refuges[0]!.refuge.ledger).reloads + 1,
    )
  })
})
