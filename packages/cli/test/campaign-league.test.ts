/**
 * An 8-Refuge league at the command line (R-CAMPAIGN-41..43): `campaign new` with eight rosters and
 * a schedule, two raids of different pairs opened at once, each played and recorded with its own
 * Aftermath, the round's other raids by `--next`, and `campaign show` with the standings.
 */
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { newCampaignFile, run, runJson } from "./helpers.js"

const NAMES = ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Hazel"]

const roster = (name: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../examples/rosters/${name}.json`, import.meta.url)), "utf8"),
  )

/** Eight rosters (the two examples in turn, each renamed) written next to the campaign file. */
const league = async (...args: string[]) => {
  const { dir } = await newCampaignFile(["--seed", "1"])
  const files = NAMES.map((name, i) => {
    const f = join(dir, `${name}.json`)
    writeFileSync(f, JSON.stringify({ ...roster(i % 2 === 0 ? "refuge" : "congregation"), name }))
    return f
  })
  return newCampaignFile(["--seed", "34", ...args], undefined, files)
}

describe("blight campaign: a league of 8 Refuges", () => {
  it("B-AFTERMATH-01 B-STANDINGS-01 R-CAMPAIGN-41 R-CAMPAIGN-42 R-CAMPAIGN-43 a generated schedule, two raids open at once, each with its Aftermath, standings after the round", async () => {
    const { dir, file } = await league("--option", "schedule=round-robin")
    const a = await runJson("campaign", "raid", file, "--open", "--next", "--json")
    expect(a.code, a.err).toBe(0)
    expect(a.json.names).toEqual(["Ash", "Hazel"])
    const b = await runJson(
      "campaign",
      "raid",
      file,
      "--open",
      "--refuge",
      "Birch",
      "--refuge",
      "6",
      "--json",
    )
    expect(b.code, b.err).toBe(0)
    expect(b.json.open).toEqual([
      [0, 7],
      [1, 6],
    ])
    // Birch is in an open raid: it is in no other (R-CAMPAIGN-42).
    const busy = await run("campaign", "raid", file, "--open", "--refuge", "Birch", "--refuge", "Cedar")
    expect(busy.code).toBe(2)
    expect(busy.err).toContain("R-CAMPAIGN-42")
    // Both set up at the table before either is recorded; the second recorded first.
    const raids: string[] = []
    for (const pair of [
      ["0", "7"],
      ["1", "6"],
    ]) {
      const raid = join(dir, `raid-${pair.join("-")}.json`)
      const made = await run("raid", "new", "--campaign", file, ...pair.flatMap((r) => ["--refuge", r]))
      expect(made.code, made.err).toBe(0)
      writeFileSync(raid, made.out)
      expect((await run("raid", "auto", raid)).code).toBe(0)
      raids.push(raid)
    }
    for (const raid of [raids[1]!, raids[0]!]) {
      const r = await runJson("campaign", "raid", file, "--record", raid, "--json")
      expect(r.code, r.err).toBe(0)
      for (let guard = 0; guard < 200; guard++) {
        const shown = await runJson("campaign", "aftermath", file, "--json")
        const w = shown.json.waiting
        if (w === undefined || w === null) break
        const answer =
          w.kind === "dice"
            ? ["--roll", Array.from({ length: w.dice }, () => "4").join(",")]
            : ["--choose", w.options[0]]
        expect((await run("campaign", "aftermath", file, ...answer)).code).toBe(0)
      }
    }
    let shown = await runJson("campaign", "show", file, "--json")
    expect(shown.json.phase).toBe("between")
    expect(shown.json.round.played).toEqual([0, 1, 6, 7])
    expect(shown.json.standings.map((s: { played: number }) => s.played).sort()).toEqual([
      0, 0, 0, 0, 1, 1, 1, 1,
    ])
    // The round's other two pairings, played by the policy.
    for (let i = 0; i < 2; i++) {
      const r = await run("campaign", "raid", file, "--auto", "--next")
      expect(r.code, r.err).toBe(0)
    }
    shown = await runJson("campaign", "show", file, "--json")
    expect(shown.json).toMatchObject({ schedule: "round-robin", rounds: 1, seasonRaids: 1 })
    expect(shown.json.standings.map((s: { played: number }) => s.played)).toEqual([1, 1, 1, 1, 1, 1, 1, 1])
    const text = await run("campaign", "show", file)
    expect(text.out).toMatch(/1\. \w+: \d+ pts, 1 raid played \(\dW \dD \dL\), XP \d+/)
    expect(text.out).toContain("schedule: round-robin, 1 round(s) played")
  }, 240_000)

  it("R-CAMPAIGN-41 a league's --auto needs its Refuges named, and --next needs a schedule", async () => {
    const { file } = await league()
    const before = readFileSync(file, "utf8")
    for (const [args, why] of [
      [["--auto"], "--refuge ID… or --next"],
      [["--auto", "--next"], "keeps no schedule"],
    ] as const) {
      const r = await run("campaign", "raid", file, ...args)
      expect([r.code, r.err]).toEqual([2, expect.stringContaining(why)])
    }
    expect(readFileSync(file, "utf8")).toBe(before)
    const pair = ["Elm", "Ash"].flatMap((name) => ["--refuge", name])
    const named = await runJson("campaign", "raid", file, "--auto", ...pair, "--json")
    expect(named.code, named.err).toBe(0)
    expect(
      named.json.standings
        .filter((s: { played: number }) => s.played === 1)
        .map((s: { name: string }) => s.name)
        .sort(),
    ).toEqual(["Ash", "Elm"])
  }, 120_000)

  it("R-CAMPAIGN-41 B-STANDINGS-01 blight sim --league: 8 Refuges over a round, the final places per Refuge as text, JSON and an SVG chart", async () => {
    const { dir } = await newCampaignFile(["--seed", "1"])
    const html = join(dir, "league.html")
    const args = ["sim", "--league", "--leagues", "1", "--rounds", "1", "--seed", "4"]
    const r = await runJson(...args, "--json", "--html", html)
    expect(r.code, r.err).toBe(0)
    expect(r.json.refuges.map((f: { name: string }) => f.name)).toEqual(NAMES)
    expect(r.json.refuges.map((f: { places: number[] }) => f.places.reduce((a, b) => a + b, 0))).toEqual(
      NAMES.map(() => 1),
    )
    expect(readFileSync(html, "utf8")).toMatch(/<svg/)
    const text = await run(...args)
    expect(text.out).toMatch(/^1 leagues of 8 Refuges, 1 rounds each \(round-robin/)
    expect((await run("sim", "--league", "--schedule", "swiss")).err).toContain("R-CAMPAIGN-41")
  }, 120_000)

  it("R-CAMPAIGN-41 R-CAMPAIGN-42 campaign play: `raid open`, `raid next` and `raid between` are the league's raids", async () => {
    const { dir, file } = await league("--option", "schedule=round-robin")
    const script = join(dir, "league.txt")
    writeFileSync(script, ["raid open next", "raid next", "raid between Ash Elm", "show"].join("\n"))
    const r = await run("campaign", "play", file, "--script", script)
    // Ash is in the raid opened by the first line: the script stops at the third, refused.
    expect(r.code).toBe(2)
    expect(r.err).toMatch(
      /line 3: "raid between Ash Elm": refuges.0: Ash is already in an open raid.*\(R-CAMPAIGN-42\)/,
    )
    const shown = await runJson("campaign", "show", file, "--json")
    expect(shown.json.open).toEqual([[0, 7]])
    expect(shown.json.raids).toBe(1)
    expect(shown.json.round.played).toEqual([1, 6])
  }, 120_000)
})
