import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { subverbs } from "../src/commands/campaign.js"
import { openCampaignSession } from "../src/commands/campaignPlay.js"
import { run } from "./helpers.js"

const roster = (name: string) =>
  fileURLToPath(new URL(`../../../examples/rosters/${name}.json`, import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), "blight-campaign-play-"))

/** A new campaign file: Wharfside and the Gardeners, --seed 7. */
const newCampaign = async (name: string): Promise<string> => {
  const r = await run(
    "campaign",
    "new",
    "--refuge",
    roster("refuge"),
    "--refuge",
    roster("congregation"),
    "--seed",
    "7",
  )
  expect(r.code).toBe(0)
  const file = join(tmp, name)
  writeFileSync(file, r.out)
  return file
}

const script = (name: string, lines: readonly string[]): string => {
  const file = join(tmp, name)
  writeFileSync(file, `${lines.join("\n")}\n`)
  return file
}

const BAD_BUILD = `do '{"type":"build","refuge":0,"by":"nobody","improvement":"watch-post"}'`

describe("blight campaign play", () => {
  it("B-AFTERMATH-01 a script of two raids by bots leaves the same file as two `campaign raid --auto` calls", async () => {
    const played = await newCampaign("played.json")
    const perCall = await newCampaign("per-call.json")
    const r = await run(
      "campaign",
      "play",
      played,
      "--script",
      script("two.play", ["raid auto", "show", "raid auto"]),
    )
    expect(r.err).toBe("")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^> raid auto\nraid 1 \(cache, /m)
    expect(r.out).toMatch(/2 raids played, phase between\n$/)
    for (let i = 0; i < 2; i++) expect((await run("campaign", "raid", perCall, "--auto")).code).toBe(0)
    expect(readFileSync(played, "utf8")).toBe(readFileSync(perCall, "utf8"))
  }, 120_000)

  it("R-CAMPAIGN-08 a refused line stops the script with exit 2 and the rule, and writes nothing", async () => {
    const file = await newCampaign("refused.json")
    const oneRaid = await newCampaign("one-raid.json")
    expect((await run("campaign", "raid", oneRaid, "--auto")).code).toBe(0)
    const r = await run(
      "campaign",
      "play",
      file,
      "--script",
      script("bad.play", ["raid auto", BAD_BUILD, "raid auto"]),
    )
    expect(r.code).toBe(2)
    expect(r.err).toMatch(
      /^blight campaign play: \S+bad\.play line 2: .*by: Wharfside has no survivor "nobody" \(R-CAMPAIGN-08\)\n$/,
    )
    expect(readFileSync(file, "utf8")).toBe(readFileSync(oneRaid, "utf8"))
  }, 120_000)

  it("bad lines are refused with what is wrong; `legal` and TAB offer the Aftermath commands as `do '…'` lines", async () => {
    const file = await newCampaign("lines.json")
    const before = readFileSync(file, "utf8")
    let out = ""
    const io = { stdout: { write: (s: string) => (out += s) }, stderr: { write: (s: string) => (out += s) } }
    const session = await openCampaignSession(file, io, subverbs)
    for (const [line, why] of [
      ["frobnicate", /unknown line "frobnicate"/],
      ["raid", /raid: expected `raid auto \[SCENARIO\]`/],
      ["choose", /choose: expected `choose OPTION`/],
      ["roll", /roll: which faces\?/],
      ["show me", /show: expected `show`/],
      ["do '{", /unclosed ' quote/],
    ] as const)
      expect(await session.handle(line), line).toEqual({ kind: "refused", why: expect.stringMatching(why) })
    expect(readFileSync(file, "utf8")).toBe(before)
    expect(await session.handle("legal")).toEqual({ kind: "ok" })
    const listed = out.trim().split("\n")
    expect(listed.length).toBeGreaterThan(1)
    for (const l of listed) expect(l).toMatch(/^do '\{"type":/)
    expect(session.completions()).toEqual(expect.arrayContaining([...listed, "raid auto", "show", "quit"]))
    expect(session.status()).toBe("season the-waking, 0 raids played, phase between")
  })
})
