/**
 * A campaign at the table: its raid set up with `blight raid new --campaign` carries the campaign's
 * context and says which state it came from (R-CAMPAIGN-40); homebrew packs given with `--pack`
 * are remembered by the campaign file; `campaign show` lists the skills survivors learned.
 */
import { copyFileSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { coreRegistry } from "@blight/rules"
import { describe, expect, it } from "vitest"
import { newCampaignFile, run } from "./helpers.js"

const example = (path: string) => fileURLToPath(new URL(`../../../examples/${path}`, import.meta.url))
const PACK = example("homebrew-pack/flooded-quarter.json")

const newCampaign = (args: string[] = ["--seed", "7"], edit?: (state: any) => void) =>
  newCampaignFile(args, edit)

/** Runs a command that must succeed, and returns what it printed. */
const ok = async (...args: string[]) => {
  const r = await run(...args)
  expect(r.code, r.err).toBe(0)
  return r.out
}

const hollowedProfile = { move: 5, fight: 3, shoot: 2, wits: 2, nerve: 3, health: 3, armour: 0 }

/** A campaign whose Wharfside lives in the pack's Lock-Keeper's Cottage (the pack copied beside it). */
const cottage = async () => {
  const home = mkdtempSync(join(tmpdir(), "blight-pack-"))
  const roster = JSON.parse(readFileSync(example("rosters/refuge.json"), "utf8"))
  writeFileSync(join(home, "cottage.json"), JSON.stringify({ ...roster, home: "lock-keepers-cottage" }))
  const pack = join(home, "pack.json")
  copyFileSync(PACK, pack)
  const made = await newCampaignFile(["--seed", "7", "--pack", pack], undefined, [
    join(home, "cottage.json"),
    example("rosters/congregation.json"),
  ])
  return { ...made, pack }
}

describe("a campaign raid set up at the table (R-CAMPAIGN-40)", () => {
  it("B-AFTERMATH-01 B-DIN-05 B-HOLLOWED-03 R-CAMPAIGN-40 a campaign raid set up at the table with --campaign carries the Silence's Din thresholds and a returning Hollowed, and is recorded", async () => {
    // A campaign in the Silence that remembers a Turned survivor of Wharfside's.
    const { dir, file } = await newCampaign(["--seed", "7"], (s) => {
      s.season = "the-silence"
      s.hollowed = [
        {
          name: "Old Tom",
          refuge: "wharfside",
          survivor: "survivor-9",
          profile: hollowedProfile,
          atRest: false,
        },
      ]
    })
    const raid = join(dir, "raid.json")
    writeFileSync(raid, await ok("raid", "new", "--campaign", file, "--scenario", "cache"))
    const setup = JSON.parse(readFileSync(raid, "utf8"))
    expect(setup.campaign).toMatchObject({ raid: 1 })
    const state = setup.events[0].state
    expect(state.season).toBe("the-silence")
    expect(coreRegistry().get("seasons", state.season)?.din).toEqual({ lesser: 2, greater: 3 })
    expect(state.campaign.hollowed).toEqual([
      { name: "Old Tom", refuge: "wharfside", survivor: "survivor-9", profile: hollowedProfile },
    ])
    expect(state.sides.map((s: { name: string }) => s.name)).toEqual([
      "Wharfside",
      "The Gardeners of Carrow Fields",
    ])
    // Played to its end at the table (here by the bots), the marker stays in the file, and it is recorded.
    await ok("raid", "auto", raid)
    expect(JSON.parse(readFileSync(raid, "utf8")).campaign).toEqual(setup.campaign)
    expect(await ok("campaign", "raid", file, "--record", raid)).toMatch(/^raid 1 \(cache, the-silence\)/)
  }, 120_000)

  it("B-AFTERMATH-01 R-CAMPAIGN-40 recording a raid set up without the campaign is refused, saying why, and writes nothing", async () => {
    const { dir, file } = await newCampaign()
    const raid = join(dir, "raid.json")
    writeFileSync(
      raid,
      await ok(
        "raid",
        "new",
        "--refuge",
        example("rosters/refuge.json"),
        "--refuge",
        example("rosters/congregation.json"),
        "--seed",
        "3",
      ),
    )
    await ok("raid", "auto", raid)
    const before = readFileSync(file, "utf8")
    const r = await run("campaign", "raid", file, "--record", raid)
    expect(r.code).toBe(2)
    expect(r.err).toContain("the raid was not set up from the campaign")
    expect(r.err).toContain("blight raid new --campaign FILE")
    expect(r.err).toContain("R-CAMPAIGN-40")
    expect(readFileSync(file, "utf8")).toBe(before)
  }, 120_000)

  it("B-ERRAND-02 R-CAMPAIGN-40 a table raid set up before the campaign moved on (a Refuge passed its Errands) is refused, naming both states", async () => {
    const { dir, file } = await newCampaign()
    const raid = join(dir, "raid.json")
    writeFileSync(raid, await ok("raid", "new", "--campaign", file, "--seed", "3"))
    await ok("raid", "auto", raid)
    await ok("campaign", "aftermath", file, "--command", JSON.stringify({ type: "pass", refuge: 0 }))
    const r = await run("campaign", "raid", file, "--record", raid)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(
      /set up from an older state of this campaign \(raid 1, after event 1\); the campaign is now at raid 1, after event \d+.*\(R-CAMPAIGN-40\)/,
    )
  }, 120_000)

  it("B-AFTERMATH-01 R-CAMPAIGN-41 with --campaign, --refuge names the campaign's own Refuges: a roster file is refused", async () => {
    const { file } = await newCampaign()
    const r = await run("raid", "new", "--campaign", file, "--refuge", example("rosters/refuge.json"))
    expect(r.code).toBe(2)
    expect(r.err).toContain("the campaign has no such Refuge")
  })
})

describe("a campaign with homebrew packs (--pack on every campaign verb)", () => {
  it("B-UPKEEP-01 B-HOME-01 the homebrew Home's Upkeep perk fires in a CLI campaign started with --pack; a verb without the pack is refused", async () => {
    const { file, pack } = await cottage()
    const before = readFileSync(file, "utf8")
    const without = await run("campaign", "raid", file, "--auto")
    expect(without.code).toBe(2)
    expect(without.err).toContain(
      "packs: this campaign was started with flooded-quarter; give its file with --pack FILE",
    )
    expect(readFileSync(file, "utf8")).toBe(before)
    const out = await ok("campaign", "raid", file, "--auto", "--pack", pack)
    expect(out).toContain("Wharfside: +1 rations — Eel traps in the lock")
    expect(await ok("campaign", "show", file, "--pack", pack)).toContain(
      "Wharfside (refuge, The Lock-Keeper's Cottage)",
    )
  }, 120_000)

  it("B-SETUP-01 a pack's scenario is played by campaign raid --scenario, and the raid remembers the campaign's packs", async () => {
    const { dir, file, pack } = await cottage()
    const raid = join(dir, "raid.json")
    writeFileSync(
      raid,
      await ok("raid", "new", "--campaign", file, "--scenario", "the-sluice-gates", "--pack", pack),
    )
    expect(JSON.parse(readFileSync(raid, "utf8")).events[0].state.packs).toEqual([
      "the-blight",
      "flooded-quarter",
    ])
    expect(
      await ok("campaign", "raid", file, "--auto", "--scenario", "the-sluice-gates", "--pack", pack),
    ).toMatch(/^raid 1 \(the-sluice-gates, the-waking\)/)
  }, 120_000)
})

describe("campaign show", () => {
  it("B-XP-01 B-SKILL-01 the text lists the skills each survivor has learned", async () => {
    const { file } = await newCampaign(["--seed", "7"], (s) => {
      const jess = s.refuges[0].refuge.survivors.find((x: { name: string }) => x.name === "Jess")
      jess.xp = 10
      jess.skills = ["stubborn"]
      jess.advances = [{ skill: "cool-shot" }, { stats: { move: 1 } }]
    })
    const shown = await ok("campaign", "show", file)
    const line = shown.split("\n").find((l) => l.trimStart().startsWith("Jess,"))
    expect(line).toMatch(/; skills: Stubborn, Cool Shot$/)
    expect(shown.split("\n").find((l) => l.trimStart().startsWith("Big Col,"))).not.toContain("skills")
  })
})

describe("campaign play with packs", () => {
  it("B-AFTERMATH-01 campaign play --pack gives every line the campaign's packs; without them it is refused", async () => {
    const { dir, file, pack } = await cottage()
    writeFileSync(join(dir, "script.txt"), "show\n")
    const without = await run("campaign", "play", file, "--script", join(dir, "script.txt"))
    expect(without.code).toBe(2)
    expect(without.err).toContain("packs: this campaign was started with flooded-quarter")
    const played = await ok("campaign", "play", file, "--script", join(dir, "script.txt"), "--pack", pack)
    expect(played).toContain("Wharfside (refuge, The Lock-Keeper's Cottage)")
  })
})
