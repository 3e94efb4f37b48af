/**
 * Fidelity, scripted: Upkeep (Aftermath step 6: "meet the Season's need (fuel, spoilage), then
 * feed everyone") at its edges, and its numbers read from the loaded `upkeep` entry (R-CAMPAIGN-15)
 * as a pack that replaces it states them.
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/campaign/Campaign.js"
import { Ctx } from "../../src/campaign/Context.js"
import type { Draft } from "../../src/campaign/Evolve.js"
import { upkeep } from "../../src/campaign/Upkeep.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import {
  aftermath,
  campaign,
  edited,
  env,
  finishedRaid,
  gardeners,
  granted,
  storesIn,
  wharfside,
} from "../campaign/helpers.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

type C = ReturnType<typeof campaign>

/** Step 6 alone for one Refuge in a given Season, with dice typed in. */
const upkeepIn = (c: C, season: string, dice: number[] = [], e = env) => {
  const draft = structuredClone({ ...c.state, season }) as Draft
  const ctx = new Ctx(
    draft,
    e,
    dice.map((f) => [f]),
  )
  upkeep(ctx, 0)
  return { draft, ctx, stores: storesOf(draft.refuges[0]!.refuge.ledger) }
}

/** The parts of the core `upkeep` entry these tests change. */
type UpkeepJson = {
  rules: Array<{ effects?: Array<{ params?: Record<string, number> }> }>
  unmetNeed: { effects: Array<{ params: { clearing: { blightOn: number } } }> }
}

/** A pack replacing the core `upkeep` entry with other numbers. */
const withUpkeep = (change: (u: UpkeepJson) => void) => {
  const core = JSON.parse(
    readFileSync(new URL("../../src/content/core/upkeep.json", import.meta.url), "utf8"),
  ) as { upkeep: UpkeepJson[] }
  const entry = { ...structuredClone(core.upkeep[0]!), replaces: "the-blight" }
  change(entry)
  return envOf(homebrewRegistry("harsher-winters", { upkeep: [entry] }))
}

describe("feeding (B-UPKEEP-01, R-WORLD-10, R-CAMPAIGN-11)", () => {
  it("B-UPKEEP-01 Rations exactly one a survivor: everyone eats and the stores reach 0; nobody is Hungry", () => {
    // Wharfside: 5 survivors, 8 Rations (5 + the Corner Shop's 3); 3 spoiled leaves exactly 5.
    const c = campaign(undefined, [granted(wharfside(), { rations: -3 }), gardeners()])
    expect(storesIn(c, 0).rations).toBe(5)
    const { stores, draft } = upkeepIn(c, "the-waking")
    expect(stores.rations).toBe(0)
    expect(Object.values(draft.refuges[0]!.status).every((s) => s.hungry === 0)).toBe(true)
  })

  it("R-CAMPAIGN-11 one Ration short: the Leader, last on the roster, still eats; the last of the others is Hungry", () => {
    // Make Mr Patel (last on the roster) the Leader instead of Sergeant Hollis.
    const w = edited(
      edited(granted(wharfside(), { rations: -4 }), "Sergeant Hollis", (s) => {
        delete s.role
      }),
      "Mr Patel",
      (s) => {
        s.role = "leader"
      },
    )
    const c = campaign(undefined, [w, gardeners()])
    expect(storesIn(c, 0).rations).toBe(4)
    const { stores, draft } = upkeepIn(c, "the-long-days") // spoilage 1 first: 3 left for 5
    expect(stores.rations).toBe(0)
    const hungry = Object.entries(draft.refuges[0]!.status)
      .filter(([, s]) => s.hungry === 1)
      .map(([id]) => id)
    // Fed: Mr Patel (Leader), Sergeant Hollis, Dr Okafor; Hungry: Big Col and Jess.
    expect(hungry).toEqual(["survivor-3", "survivor-4"])
  })

  it("R-WORLD-10 Hungry at two Upkeeps running: the last survivors leave, and the Refuge has nobody (R-CAMPAIGN-12)", () => {
    let c = campaign(undefined, [granted(wharfside(), { rations: -8 }), gardeners()])
    c = aftermath(c, finishedRaid(c))
    expect(Object.values(c.state.refuges[0]!.status).every((s) => s.hungry === 1)).toBe(true)
    c = aftermath(c, finishedRaid(c))
    expect(c.state.refuges[0]!.refuge.survivors).toEqual([])
    expect(c.state.lost.filter((l) => l.cause === "left")).toHaveLength(5)
  })
})

describe("a pack's Upkeep numbers (R-CAMPAIGN-15)", () => {
  it("R-CAMPAIGN-10 R-CAMPAIGN-15 fuel burned as Salvage at the pack's rate (3 a fuel), not the core's 2", () => {
    const e = withUpkeep((u) => {
      u.rules[0]!.effects![0]!.params!.salvagePerFuel = 3
    })
    // The Silence: 1 fuel + the Corner Shop's 1. 7 Salvage at 3 a fuel pays both, 1 left.
    const c = campaign(undefined, [
      granted(wharfside(), { salvage: 7 - storesOf(wharfside().ledger).salvage }),
      gardeners(),
    ])
    expect(storesIn(c, 0).salvage).toBe(7)
    const { stores } = upkeepIn(c, "the-silence", [], e)
    expect(stores.salvage).toBe(1)
  })

  it("R-CAMPAIGN-15 short of clearing with the pack's 'on 2 or less': a 1 gives +1 Blight too", () => {
    const e = withUpkeep((u) => {
      u.unmetNeed.effects[0]!.params.clearing.blightOn = 2
    })
    const c = campaign(undefined, [
      granted(wharfside(), { salvage: -storesOf(wharfside().ledger).salvage }),
      gardeners(),
    ])
    expect(storesIn(c, 0).salvage).toBe(0)
    const { draft } = upkeepIn(c, "the-waking", [1, 2, 3, 6, 6], e)
    expect(draft.refuges[0]!.refuge.survivors.map((s) => s.blight)).toEqual([1, 1, 0, 0, 0])
  })
})

describe("a Season's need per survivor (B-UPKEEP-01, B-SEASON-01)", () => {
  /** A pack whose Long Days spoil the stores by `amount` Rations, per survivor if `perSurvivor`. */
  const withSpoilage = (perSurvivor: boolean) => {
    const core = JSON.parse(
      readFileSync(new URL("../../src/content/core/seasons.json", import.meta.url), "utf8"),
    ) as { seasons: Array<{ id: string; need: { perSurvivor: boolean } }> }
    const entry = {
      ...structuredClone(core.seasons.find((s) => s.id === "the-long-days")!),
      replaces: "the-blight",
    }
    entry.need.perSurvivor = perSurvivor
    return envOf(homebrewRegistry("hungry-summers", { seasons: [entry] }))
  }

  it("B-UPKEEP-01 a Season whose need is `perSurvivor` asks it of every survivor: 1 Ration spoiled each for 5 survivors is 5", () => {
    const c = campaign(undefined, [
      granted(wharfside(), { rations: 20 - storesOf(wharfside().ledger).rations }),
      gardeners(),
    ])
    const survivors = c.state.refuges[0]!.refuge.survivors.length
    expect(survivors).toBe(5)
    const once = upkeepIn(c, "the-long-days", [], withSpoilage(false)).stores.rations
    const each = upkeepIn(c, "the-long-days", [], withSpoilage(true)).stores.rations
    // The same Upkeep but for the need: 1 Ration once, or 1 for each of the 5.
    expect(once - each).toBe(survivors - 1)
  })
})
