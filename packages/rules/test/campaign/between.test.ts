import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { create as createBattle } from "../../src/battle/Battle.js"
import { command, create, raidSetup } from "../../src/campaign/Campaign.js"
import { Ctx } from "../../src/campaign/Context.js"
import type { Draft } from "../../src/campaign/Evolve.js"
import { legalCommands } from "../../src/campaign/Legal.js"
import { standings } from "../../src/campaign/Standings.js"
import { upkeep } from "../../src/campaign/Upkeep.js"
import { post, storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  aftermath,
  battleEnv,
  campaign,
  entries,
  env,
  finishedRaid,
  gardeners,
  granted,
  ok,
  refused,
  survivor,
  wharfside,
} from "./helpers.js"

const W = "wharfside"
const stores = (c: ReturnType<typeof campaign>, i: number) => storesOf(c.state.refuges[i]!.refuge.ledger)

describe("Errands", () => {
  it("B-ERRAND-01 two Errands between raids; a third is refused", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 50 }), gardeners()])
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }, [[/Scavenging/, [2]]])
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-2", errand: "scavenge" }, [[/Scavenging/, [4]]])
    expect(refused(c, { type: "errand", refuge: 0, by: "survivor-3", errand: "scavenge" })).toMatchObject({
      clause: "B-ERRAND-01",
    })
  })

  it("R-CAMPAIGN-30 B-ERRAND-01 Errands before the first raid: a new campaign's Refuges start with theirs", () => {
    let c = campaign()
    expect(c.state.raids).toHaveLength(0)
    expect(c.state.refuges.map((r) => r.errands)).toEqual([2, 2])
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }, [[/Scavenging/, [3]]])
    expect(c.state.refuges.map((r) => r.errands)).toEqual([1, 2])
  })

  it("B-ERRAND-01 three Errands with an Office Block", () => {
    const w = { ...wharfside(), home: "office-block" } as Refuge
    let c = campaign(undefined, [w, gardeners()])
    expect(c.state.refuges[0]!.errands).toBe(3)
    for (const by of ["survivor-1", "survivor-2", "survivor-3"])
      c = ok(c, { type: "errand", refuge: 0, by, errand: "scavenge" }, [[/Scavenging/, [1]]])
    expect(refused(c, { type: "errand", refuge: 0, by: "survivor-4", errand: "scavenge" }).clause).toBe(
      "B-ERRAND-01",
    )
  })

  it("B-ERRAND-02 Errands come back after the next Aftermath; unused ones do not carry over", () => {
    let c = campaign()
    c = ok(c, { type: "pass", refuge: 1 })
    expect(c.state.refuges.map((r) => r.errands)).toEqual([2, 0])
    expect(refused(c, { type: "errand", refuge: 1, by: "survivor-1", errand: "scavenge" }).clause).toBe(
      "B-ERRAND-01",
    )
    c = aftermath(c, finishedRaid(c))
    expect(c.state.refuges.map((r) => r.errands)).toEqual([2, 2])
  })

  it("B-ERRAND-03 a Trade Errand is one Market trip, however much is bought and sold", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 30, amber: 1 }), gardeners()])
    const before = entries(c, 0).length
    c = ok(c, {
      type: "trade",
      refuge: 0,
      by: "survivor-1",
      orders: [{ buyReloads: 2 }, { sellAmber: 1 }, { buy: { kind: "weapons", id: "knife" }, quantity: 2 }],
    })
    expect(c.state.refuges[0]!.errands).toBe(1)
    const trip = entries(c, 0, before)
    expect(trip.map((e) => e.clause)).toEqual(
      expect.arrayContaining(["B-FOUNDING-09", "B-MARKET-04", "B-MARKET-01"]),
    )
    expect(c.state.refuges[0]!.refuge.stash.weapons.filter((w) => w === "knife")).toHaveLength(2)
    // A trip the stores cannot pay for is refused whole.
    expect(
      refused(c, { type: "trade", refuge: 0, by: "survivor-2", orders: [{ buyReloads: 100 }] }).reason,
    ).toMatch(/not enough salvage/)
  })

  it("B-MARKET-02 an Uncommon item's availability die names its rule in a manual campaign, and a die off the d6 is refused naming it", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    const r = command(
      c,
      {
        type: "trade",
        refuge: 0,
        by: "survivor-1",
        orders: [{ buy: { kind: "weapons", id: "fire-axe" }, quantity: 1 }],
      },
      env,
    )
    const waiting = Result.getOrThrow(r)
    expect(waiting.state.pending?.prompt).toMatchObject({
      kind: "dice",
      purpose: "market: Fire axe (B-MARKET-02)",
    })
    expect(refused(waiting, { type: "roll", faces: [7] })).toMatchObject({ clause: "B-MARKET-02" })
    // The Ledger keeps the die's own label.
    const bought = ok(waiting, { type: "roll", faces: [3] })
    expect(entries(bought, 0).at(-1)!.rolls).toEqual([{ sides: 6, value: 3, label: "market: Fire axe" }])
  })

  it("B-ERRAND-04 each survivor Recruited is a separate Errand, paid for in Salvage (the background's cost), up to the Home's capacity", () => {
    const full = campaign(undefined, [granted(wharfside(), { salvage: 40 }), gardeners()])
    expect(
      refused(full, { type: "recruit", refuge: 0, by: "survivor-1", background: "student", name: "Pip" })
        .clause,
    ).toBe("B-HOME-02")
    const w = granted(wharfside(), { salvage: 40 })
    let c = campaign(undefined, [{ ...w, survivors: w.survivors.slice(0, 3) }, gardeners()])
    const s0 = stores(c, 0).salvage
    c = ok(c, { type: "recruit", refuge: 0, by: "survivor-1", background: "student", name: "Pip" })
    c = ok(c, { type: "recruit", refuge: 0, by: "survivor-2", background: "office-worker", name: "Dot" })
    expect(c.state.refuges[0]!.errands).toBe(0)
    expect(survivor(c, 0, "Pip")).toMatchObject({ background: "student", blight: 0 })
    expect(stores(c, 0).salvage).toBe(s0 - 24)
    expect(c.state.refuges[0]!.refuge.survivors).toHaveLength(5)
  })

  it("B-CONGREGATION-09 a member who joins later is Touched: 3 Blight, a Gift and a Mark rolled", () => {
    let c = campaign()
    c = ok(c, { type: "recruit", refuge: 1, by: "survivor-1", background: "student", name: "Moss" }, [
      [/Moss: a gift/, [1, 2]],
      [/Moss: a mark/, [1, 1]],
    ])
    expect(survivor(c, 1, "Moss")).toMatchObject({ blight: 3, gifts: ["thornskin"], marks: ["grey-thread"] })
  })

  it("B-BLIGHT-05 Drinking Amber is an Errand: 1 Amber spent, +1 Blight by choice", () => {
    let c = campaign(undefined, [granted(wharfside(), { amber: 1 }), gardeners()])
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-4", errand: "drink-amber" })
    expect(survivor(c, 0, "Jess")!.blight).toBe(1)
    expect(stores(c, 0).amber).toBe(0)
    expect(refused(c, { type: "errand", refuge: 0, by: "survivor-5", errand: "drink-amber" }).reason).toMatch(
      /not enough amber/,
    )
  })

  it("R-CAMPAIGN-08 an Errand is run by a survivor who is not Laid Up and has not run one yet", () => {
    let c = campaign()
    c = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [[/Jess: Casualty/, [5]]],
    )
    expect(refused(c, { type: "errand", refuge: 0, by: "survivor-4", errand: "scavenge" }).reason).toMatch(
      /Laid Up/,
    )
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }, [[/Scavenging/, [1]]])
    expect(refused(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }).reason).toMatch(
      /already run/,
    )
  })

  it("R-CAMPAIGN-08 the legal Errands name every survivor free to run them, so the player chooses who goes (who Drinks Amber takes the Blight)", () => {
    let c = campaign(undefined, [granted(wharfside(), { amber: 1 }), gardeners()])
    const ids = c.state.refuges[0]!.refuge.survivors.map((s) => s.id)
    const drinkers = () =>
      legalCommands(c.state, env)
        .filter((x) => x.type === "errand" && x.errand === "drink-amber" && x.refuge === 0)
        .map((x) => (x.type === "errand" ? x.by : ""))
    expect(drinkers()).toEqual(ids)
    c = ok(c, { type: "errand", refuge: 0, by: ids[0]!, errand: "scavenge" }, [[/Scavenging/, [1]]])
    // The one who has run an Errand is no longer offered; the rest still are.
    expect(drinkers()).toEqual(ids.slice(1))
    expect(legalCommands(c.state, env).filter((x) => x.type === "pass" && x.refuge === 0)).toHaveLength(1)
    const jess = survivor(c, 0, "Jess")!
    c = ok(c, { type: "errand", refuge: 0, by: jess.id, errand: "drink-amber" })
    expect(survivor(c, 0, "Jess")!.blight).toBe(jess.blight + 1)
    // Both Errands spent: nothing more is offered to run.
    expect(legalCommands(c.state, env).filter((x) => "by" in x && x.refuge === 0)).toEqual([])
  })

  it("R-CAMPAIGN-09 Scavenging: a d6 on the Scavenging table, boosted like Loot (B-LOOT-03)", () => {
    let c = campaign()
    const r0 = stores(c, 0).rations
    c = ok(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }, [[/Scavenging/, [4]]])
    expect(stores(c, 0).rations).toBe(r0 + 3) // 2 Rations, boosted to 3
  })
})

describe("improvements", () => {
  it("B-IMPROVEMENT-01 B-IMPROVEMENT-02 building a Watch Post is an Errand for its cost; it goes into every raid", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 20 }), gardeners()])
    const s0 = stores(c, 0).salvage
    c = ok(c, { type: "build", refuge: 0, by: "survivor-1", improvement: "watch-post" })
    expect(c.state.refuges[0]!.refuge.improvements).toEqual(["watch-post"])
    expect(stores(c, 0).salvage).toBe(s0 - 15)
    expect(c.state.refuges[0]!.errands).toBe(1)
    expect(refused(c, { type: "build", refuge: 0, by: "survivor-2", improvement: "watch-post" }).clause).toBe(
      "B-IMPROVEMENT-01",
    )
    const battle = Result.getOrThrow(
      createBattle(Result.getOrThrow(raidSetup(c.state, { seed: 1 })), battleEnv),
    )
    expect(battle.state.sides[0]!.improvements).toEqual(["watch-post"])
  })

  it("B-IMPROVEMENT-03 an Amber Shrine built goes into the raid with the Refuge", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 20 }), gardeners()])
    c = ok(c, { type: "build", refuge: 0, by: "survivor-1", improvement: "amber-shrine" })
    const setup = Result.getOrThrow(raidSetup(c.state, { seed: 1 }))
    expect(setup.refuges[0]!.improvements).toContain("amber-shrine")
  })

  it("B-IMPROVEMENT-04 the Reloading Bench turns 3 Salvage into 1 Reload without an Errand", () => {
    let c = campaign(undefined, [granted(wharfside(), { salvage: 30 }), gardeners()])
    c = ok(c, { type: "build", refuge: 0, by: "survivor-1", improvement: "reloading-bench" })
    const before = stores(c, 0)
    c = ok(c, { type: "bench", refuge: 0, times: 2 })
    expect(stores(c, 0).salvage).toBe(before.salvage - 6)
    expect(stores(c, 0).reloads).toBe(before.reloads + 2)
    expect(c.state.refuges[0]!.errands).toBe(1)
  })

  it("B-IMPROVEMENT-04 B-CONGREGATION-08 R-CAMPAIGN-31 a Congregation may build the Reloading Bench and make Reloads there; it still buys none", () => {
    let c = campaign(undefined, [wharfside(), granted(gardeners(), { salvage: 30 })])
    c = ok(c, { type: "build", refuge: 1, by: "survivor-1", improvement: "reloading-bench" })
    const before = stores(c, 1)
    c = ok(c, { type: "bench", refuge: 1, times: 1 })
    expect(stores(c, 1).salvage).toBe(before.salvage - 3)
    expect(stores(c, 1).reloads).toBe(before.reloads + 1)
    const buy = refused(c, { type: "trade", refuge: 1, by: "survivor-2", orders: [{ buyReloads: 1 }] })
    expect(buy).toMatchObject({ clause: "B-CONGREGATION-08" })
  })
})

describe("Upkeep", () => {
  const run = (c: ReturnType<typeof campaign>, season: string, refuge: number, dice: number[] = []) => {
    const draft = structuredClone({ ...c.state, season }) as Draft
    const faces = [...dice]
    const ctx = new Ctx(
      draft,
      env,
      faces.map((f) => [f]),
    )
    upkeep(ctx, refuge)
    return { draft, ctx, stores: storesOf(draft.refuges[refuge]!.refuge.ledger) }
  }

  it("B-UPKEEP-01 the Season's need is met first (the Waking: 1 Salvage to clear), then everyone eats 1 Ration", () => {
    const c = campaign()
    const s = stores(c, 0)
    const { stores: after, ctx } = run(c, "the-waking", 0)
    expect(after.salvage).toBe(s.salvage - 1)
    expect(after.rations).toBe(s.rations - 5)
    const clauses = ctx.game.flatMap((e) => (e.type === "ledger.posted" ? e.entries.map((x) => x.store) : []))
    expect(clauses).toEqual(["salvage", "rations"])
  })

  it("B-UPKEEP-01 fuel in the Silence: from the fuel store, then 2 Salvage each, then Amber (R-CAMPAIGN-10); short: each survivor rolls, a 1 misses the next raid (R-WORLD-10)", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 2 }), gardeners()])
    // The Silence: 1 fuel + the Corner Shop's extra 1; no fuel store, 3 Salvage buys 1 fuel.
    const { stores: after, draft } = run(c, "the-silence", 0, [1, 6, 6, 6, 6])
    expect(after.salvage).toBe(1)
    expect(Object.values(draft.refuges[0]!.status).filter((s) => s.missRaids === 1)).toHaveLength(1)
  })

  it("B-CONGREGATION-06 the Grove never needs fuel and grows a Ration each Upkeep (R-WORLD-10 income first)", () => {
    const c = campaign()
    const s = stores(c, 1)
    const { stores: after } = run(c, "the-silence", 1)
    expect(after.fuel).toBe(0)
    expect(after.rations).toBe(s.rations + 1 - 5)
  })

  it("R-WORLD-10 a survivor not fed is Hungry (−1 Health next raid); Hungry at two Upkeeps running leaves", () => {
    const w = wharfside()
    const poor: Refuge = {
      ...w,
      ledger: Result.getOrThrow(post(w.ledger, [{ store: "rations", amount: -5, reason: "test: spoiled" }])),
    }
    let c = campaign(undefined, [poor, gardeners()])
    expect(stores(c, 0).rations).toBe(3)
    c = aftermath(c, finishedRaid(c))
    const hungry = Object.entries(c.state.refuges[0]!.status).filter(([, s]) => s.hungry === 1)
    expect(hungry).toHaveLength(2)
    expect(c.state.refuges[0]!.refuge.survivors.find((s) => s.role)!.id).not.toBe(hungry[0]![0]) // the Leader eats first
    const setup = Result.getOrThrow(raidSetup(c.state, { seed: 1 }))
    const hungryOne = setup.refuges[0]!.survivors.find((s) => s.id === hungry[0]![0])!
    expect(hungryOne.injuries).toContainEqual({ name: "Hungry", stats: { health: -1 } })
    c = aftermath(c, finishedRaid(c))
    expect(c.state.lost.filter((l) => l.cause === "left").length).toBeGreaterThanOrEqual(2)
  })
})

describe("Seasons and standings", () => {
  it("B-SEASON-01 four Seasons in order, 3 raids each (R-WORLD-11): the Waking, the Long Days, Glassfall, the Silence, then the Waking", () => {
    const rich = (r: Refuge) => granted(r, { rations: 200, salvage: 100, fuel: 20 })
    let c = campaign(undefined, [rich(wharfside()), rich(gardeners())])
    const seasons: string[] = [c.state.season]
    for (let i = 0; i < 12; i++) {
      c = aftermath(c, finishedRaid(c))
      seasons.push(c.state.season)
    }
    expect(seasons).toEqual([
      "the-waking",
      "the-waking",
      "the-waking",
      "the-long-days",
      "the-long-days",
      "the-long-days",
      "glassfall",
      "glassfall",
      "glassfall",
      "the-silence",
      "the-silence",
      "the-silence",
      "the-waking",
    ])
    expect(c.state.raids.map((r) => r.season).slice(0, 4)).toEqual([
      "the-waking",
      "the-waking",
      "the-waking",
      "the-long-days",
    ])
    // The Season goes into the raid (its Din thresholds and effects are the raid engine's).
    expect(Result.getOrThrow(raidSetup(c.state, { seed: 1 })).season).toBe("the-waking")
  })

  it("B-STANDINGS-01 a win scores 3, a draw 1, a loss 0", () => {
    let c = campaign()
    c = aftermath(
      c,
      finishedRaid(c, () => {}, ["win", "loss"]),
    )
    c = aftermath(
      c,
      finishedRaid(c, () => {}, ["draw", "draw"]),
    )
    expect(c.state.refuges.map((r) => r.standing)).toEqual([
      { played: 2, wins: 1, draws: 1, losses: 0, points: 4 },
      { played: 2, wins: 0, draws: 1, losses: 1, points: 1 },
    ])
    expect(standings(c.state).map((s) => s.name)).toEqual(["Wharfside", "The Gardeners of Carrow Fields"])
  })

  it("B-STANDINGS-02 ties are broken by total Experience across the roster", () => {
    const w = wharfside()
    const g = gardeners()
    const c = Result.getOrThrow(
      create([w, { ...g, survivors: g.survivors.map((s) => ({ ...s, xp: 3 })) }], "manual", env),
    )
    const table = standings(c.state)
    expect(table[0]).toMatchObject({ name: g.name, points: 0, xp: 15 })
    expect(table[1]).toMatchObject({ name: w.name, points: 0, xp: 0 })
  })

  it("R-CAMPAIGN-12 a Refuge with nobody fit to raid forfeits: a loss for it, a win for the others, and the Aftermath runs", () => {
    const w = wharfside()
    let c = campaign(undefined, [{ ...w, survivors: [] }, gardeners()])
    expect(Result.isFailure(raidSetup(c.state, { seed: 1 }))).toBe(true)
    expect(legalCommands(c.state, env)).toContainEqual({ type: "forfeit", refuge: 0 })
    expect(refused(c, { type: "forfeit", refuge: 1 }).clause).toBe("R-CAMPAIGN-12")
    const r = Result.getOrThrow(command(c, { type: "forfeit", refuge: 0 }, env))
    c = ok(r, { type: "pass", refuge: 0 })
    expect(c.state.refuges.map((x) => x.standing.points)).toEqual([0, 3])
    expect(c.state.phase).toBe("between")
  })
})
