import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Battle, coreRegistry } from "@blight/rules"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { newCampaignFile, run, runJson } from "./helpers.js"

const roster = (name: string) =>
  fileURLToPath(new URL(`../../../examples/rosters/${name}.json`, import.meta.url))

/** A new campaign file (Wharfside and the Gardeners, seed 7 unless dice are given) in a fresh directory. */
const newCampaign = (...dice: string[]) => newCampaignFile(dice.length > 0 ? dice : ["--seed", "7"])

/** The marker of a raid set up from the campaign now (R-CAMPAIGN-40), as `raid new --campaign` writes it. */
const markerOf = async (file: string) => {
  const r = await run("raid", "new", "--campaign", file, "--manual")
  expect(r.code, r.err).toBe(0)
  return JSON.parse(r.out).campaign
}

describe("blight campaign", () => {
  it("R-CAMPAIGN-39 aftermath --undo takes back an Errand; with nothing to undo it is refused and nothing is written", async () => {
    const { file } = await newCampaign()
    const before = readFileSync(file, "utf8")
    const nothing = await run("campaign", "aftermath", file, "--undo")
    expect(nothing.code).toBe(2)
    expect(nothing.err).toContain("R-CAMPAIGN-39")
    expect(readFileSync(file, "utf8")).toBe(before)
    const pass = await run(
      "campaign",
      "aftermath",
      file,
      "--command",
      JSON.stringify({ type: "pass", refuge: 0 }),
    )
    expect(pass.code).toBe(0)
    const shown = await runJson("campaign", "aftermath", file, "--json")
    const undone = await run("campaign", "aftermath", file, "--undo")
    expect(undone.code).toBe(0)
    const after = await runJson("campaign", "aftermath", file, "--json")
    expect(after.json.legal).not.toEqual(shown.json.legal)
    expect(after.json.legal).toContainEqual({ type: "pass", refuge: 0 })
  })

  it("B-AFTERMATH-01 new, raid --auto (errands, the raid, its Aftermath), show --json; a refused command writes nothing", async () => {
    const { file } = await newCampaign()

    const raid = await runJson("campaign", "raid", file, "--auto", "--json")
    expect(raid.code).toBe(0)
    expect(raid.json).toMatchObject({ raid: 1, raids: 1, phase: "between" })
    expect(raid.json.standings).toHaveLength(2)

    const shown = await runJson("campaign", "show", file, "--json")
    expect(shown.json.refuges.map((r: { name: string }) => r.name)).toEqual([
      "Wharfside",
      "The Gardeners of Carrow Fields",
    ])
    const s = shown.json.refuges[0].survivors[0]
    expect(s).toHaveProperty("profile")
    expect(s).toHaveProperty("tier")
    expect(shown.json.refuges[0]).toHaveProperty("stores")

    const before = readFileSync(file, "utf8")
    const bad = await run(
      "campaign",
      "aftermath",
      file,
      "--command",
      '{"type":"build","refuge":0,"by":"nobody","improvement":"watch-post"}',
    )
    expect(bad.code).toBe(2)
    expect(bad.err.trim().split("\n")).toHaveLength(1)
    expect(bad.err).toMatch(/R-CAMPAIGN-08/)
    expect(readFileSync(file, "utf8")).toBe(before)

    const legal = await runJson("campaign", "aftermath", file, "--json")
    expect(legal.json.legal.length).toBeGreaterThan(0)
  }, 120_000)

  it("B-AFTERMATH-01 a campaign needs two Refuges; bad arguments exit 2 with one line", async () => {
    const one = await run("campaign", "new", "--refuge", roster("refuge"))
    expect(one.code).toBe(2)
    expect(one.err).toMatch(/B-AFTERMATH-01/)
    const missing = await run("campaign", "show", "/nonexistent/c.json")
    expect(missing.code).toBe(2)
    expect(missing.err).toMatch(/no such file/)
  })

  it("R-CAMPAIGN-21 campaign new --option stranger=rescuer keeps the rescuer-only reading; a bad value names its path", async () => {
    const made = await run(
      "campaign",
      "new",
      "--refuge",
      roster("refuge"),
      "--refuge",
      roster("congregation"),
      "--seed",
      "3",
      "--option",
      "stranger=rescuer",
    )
    expect(made.code).toBe(0)
    expect(JSON.parse(made.out).events[0].state.options).toEqual({ stranger: "rescuer" })
    const plain = await run(
      "campaign",
      "new",
      "--refuge",
      roster("refuge"),
      "--refuge",
      roster("congregation"),
    )
    expect(JSON.parse(plain.out).events[0].state.options).toEqual({ stranger: "winner" })
    const bad = await run(
      "campaign",
      "new",
      "--refuge",
      roster("refuge"),
      "--refuge",
      roster("congregation"),
      "--option",
      "stranger=loser",
    )
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/options\.stranger: .*R-CAMPAIGN-21/)
  })

  it("B-OBJECTIVE-04 R-CAMPAIGN-20 a raid recorded with the Bloom Heart burned by Wharfside: show lists its clean street, and the next set-up carries it", async () => {
    const { dir, file } = await newCampaign()
    const setup = await runJson("campaign", "raid", file, "--setup", "--scenario", "bloom-heart")
    expect(setup.json.campaign.refuges).toEqual([
      { lurking: 0, trophies: [] },
      { lurking: 0, trophies: [] },
    ])
    // The raid, played elsewhere: Wharfside burned the Heart and won.
    const b = Result.getOrThrow(Battle.create(setup.json, Battle.envOf(coreRegistry())))
    const sides = b.state.sides.filter((x) => x.kind === "refuge" || x.kind === "congregation")
    const battle = {
      ...b.state,
      models: b.state.models.filter((m) => m.kind === "survivor"),
      sides,
      pending: undefined,
      phase: "over",
      objectives: b.state.objectives.map((o) => ({ ...o, state: "burned", by: sides[0]!.id })),
      result: {
        reason: "Wharfside burned the Bloom Heart",
        sides: sides.map((x, i) => ({ side: x.id, outcome: i === 0 ? "win" : "loss", routed: false })),
      },
    }
    writeFileSync(join(dir, "battle.json"), JSON.stringify({ campaign: await markerOf(file), state: battle }))
    const recorded = await run("campaign", "raid", file, "--record", join(dir, "battle.json"))
    expect(recorded.code).toBe(0)
    expect(recorded.out).toContain(
      "Wharfside: next raid -1 lurking — a clean street: burned The Bloom Heart in raid 1",
    )
    const shown = await run("campaign", "show", file)
    expect(shown.out).toContain(
      "next raid: -1 lurking (a clean street: burned The Bloom Heart in raid 1; 1 raid)",
    )
    const json = await runJson("campaign", "show", file, "--json")
    expect(json.json.refuges.map((r: { statuses: unknown[] }) => r.statuses.length)).toEqual([1, 0])
    // The Aftermath's choices, then the next raid's set-up carries it.
    for (let i = 0; i < 50; i++) {
      const w = await runJson("campaign", "aftermath", file, "--json")
      if (w.json.phase === "between") break
      const step = await run("campaign", "aftermath", file, "--command", JSON.stringify(w.json.legal[0]))
      expect(step.code).toBe(0)
    }
    const next = await runJson("campaign", "raid", file, "--setup")
    expect(next.json.campaign.refuges).toEqual([
      { lurking: -1, trophies: [] },
      { lurking: 0, trophies: [] },
    ])
  }, 120_000)

  it("B-AFTERMATH-02 B-CASUALTY-01 B-CASUALTY-04 B-CASUALTY-05 B-BLIGHT-03 B-CONGREGATION-17 B-LOOT-04 B-UPKEEP-01 a manual campaign's Aftermath typed in at the command line: each step in the text's order", async () => {
    const { dir, file } = await newCampaign("--manual")
    const setup = await runJson("campaign", "raid", file, "--setup", "--scenario", "cache")
    // The raid, played elsewhere: Wharfside won the Cache, Jess was Down at the end, nobody carried Loot.
    const b = Result.getOrThrow(Battle.create(setup.json, Battle.envOf(coreRegistry())))
    const sides = b.state.sides.filter((x) => x.kind === "refuge" || x.kind === "congregation")
    const battle = {
      ...b.state,
      models: b.state.models
        .filter((m) => m.kind === "survivor")
        .map((m) => (m.name === "Jess" ? { ...m, status: "down", wasDown: true } : m)),
      sides,
      pending: undefined,
      phase: "over",
      result: {
        reason: "Wharfside took the Cache",
        sides: sides.map((x, i) => ({ side: x.id, outcome: i === 0 ? "win" : "loss", routed: false })),
      },
    }
    writeFileSync(join(dir, "battle.json"), JSON.stringify({ campaign: await markerOf(file), state: battle }))
    const out: string[] = []
    const step = async (...args: string[]) => {
      const r = await run("campaign", ...args)
      expect(r.code, r.err).toBe(0)
      out.push(r.out)
      return r.out
    }
    // Step 1, Casualties: Jess was Down, she rolls (B-CASUALTY-01); the Doctor's +1 is offered once
    // the die is seen (B-CASUALTY-04), then 1 Meds for a re-roll (B-CASUALTY-05).
    expect(await step("raid", file, "--record", join(dir, "battle.json"))).toContain(
      "waiting: 1 dice for Jess: Casualty (B-CASUALTY-01)",
    )
    expect(await step("aftermath", file, "--roll", "3")).toContain("add +1 from a helper?")
    expect(await step("aftermath", file, "--choose", "Dr Amara Okafor (Doctor)")).toContain(
      "Jess: Infected (4). Spend 1 Meds to re-roll? (B-CASUALTY-05)",
    )
    // A die where a choice waits is refused, naming the step's rule, and writes nothing.
    const before = readFileSync(file, "utf8")
    const wrong = await run("campaign", "aftermath", file, "--roll", "2")
    expect(wrong.code).toBe(2)
    expect(wrong.err).toMatch(/waiting for a choice .*B-AFTERMATH-02/)
    expect(readFileSync(file, "utf8")).toBe(before)
    // Step 3, the Blight: each of the five members who took part rolls for the cost (B-CONGREGATION-17).
    expect(await step("aftermath", file, "--choose", "keep")).toContain(
      "waiting: 1 dice for Mother Agnes: the Congregation's cost (B-CONGREGATION-17)",
    )
    // The rest of step 3 (the other members' cost, and a Mark's own roll: Falling Dreams): all 2s.
    for (let left = 20; (out.at(-1) ?? "").includes("waiting: 1 dice") && left > 0; left--) {
      expect(out.at(-1)).toMatch(/waiting: 1 dice for .*: (the Congregation's cost|Falling Dreams)/)
      await step("aftermath", file, "--roll", "2")
    }
    const lines = out.join("").split("\n")
    const at = (text: string) => {
      const i = lines.findIndex((l) => l.includes(text))
      expect(i, text).toBeGreaterThanOrEqual(0)
      return i
    }
    // Steps 1, 3, 4 (the Cache's 6 Salvage, already boosted: B-LOOT-04), 6 (the Season's need, then food).
    const order = [
      at("Wharfside: Casualty [3] 4: Infected (+1 Dr Amara Okafor (Doctor) (B-CASUALTY-04))"),
      at("The Gardeners of Carrow Fields: The cost [2] +1 Blight"),
      at("Wharfside: +6 salvage — Cache: reward (winner)"),
      at("Wharfside: -1 salvage — The Waking: the Season's need"),
      at("Wharfside: -5 rations — fed 5 of 5 survivors"),
    ]
    expect([...order].sort((x, y) => x - y)).toEqual(order)
    const shown = await runJson("campaign", "show", file, "--json")
    expect(shown.json.phase).toBe("between")
    const [w, g] = shown.json.refuges as {
      stores: { salvage: number; rations: number; meds: number }
      survivors: { name: string; blight: number }[]
    }[]
    // Infected: +2 Blight (B-BLIGHT-03); the Meds kept; 1 + 6 - 1 Salvage; 8 - 5 Rations.
    expect(w!.survivors.find((s) => s.name === "Jess")!.blight).toBe(2)
    expect(w!.stores).toMatchObject({ salvage: 6, rations: 3, meds: 1 })
    // Members start Touched (3) and each rolled a 2: +1 (B-CONGREGATION-17).
    expect(g!.survivors.map((s) => s.blight)).toEqual([4, 4, 4, 4, 4])
  }, 120_000)
})
