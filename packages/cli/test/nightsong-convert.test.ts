import { execFile } from "node:child_process"
import { mkdtemp, writeFile } from "node:fs/promises"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import type { Conversion } from "@blight/nightsong"
import { describe, expect, it } from "vitest"
import { main } from "../src/main.js"

const root = fileURLToPath(new URL("../../..", import.meta.url))
const bin = join(root, "packages/cli/bin/blight.js")

const run = async (args: readonly string[], cwd = root) => {
  let out = ""
  let err = ""
  const code = await main(["nightsong", "convert", ...args], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
    cwd,
  })
  return { code, out, err }
}

const json = async (args: readonly string[]) =>
  JSON.parse((await run([...args, "--json"])).out) as Conversion.NightsongNpc

describe("blight nightsong convert", () => {
  it("N-CONVERSION-03 MÖRK BORG: D2 becomes D4, Tier 1 Armor D4, Resolve from Morale", async () => {
    const npc = await json(["--from", "mork-borg", "examples/nightsong/mork-borg-goblin.json"])
    expect(npc).toMatchObject({
      hp: 6,
      armor: "d4",
      resolve: 50,
      attacks: [{ damage: "D4" }, { damage: "D4" }],
    })
  })

  it("N-CONVERSION-04 N-SAVE-01 Cairn: Armor 1 → D4, WIL 8 → 50%, a STR save becomes a Strength Check", async () => {
    const npc = await json(["--from", "cairn", "examples/nightsong/cairn-wolf.json"])
    expect(npc).toMatchObject({ hp: 3, armor: "d4", resolve: 50, drives: ["feed the pack"] })
    expect(npc.specials[0]!.save).toEqual({ ability: "STR", dr: 12 })
  })

  it("N-CONVERSION-05 Knave: Hit Dice × 4, 2 Armor Points → D4, Morale 10 → 90%", async () => {
    expect(await json(["--from", "knave", "examples/nightsong/knave-ogre.json"])).toMatchObject({
      hp: 16,
      armor: "d4",
      resolve: 90,
    })
  })

  it("N-CONVERSION-06 N-SAVE-02 OSE: HD 1+1 → 5 HP, leather → D4, shield kept, saves left to the Die of Fate", async () => {
    const npc = await json(["--from", "ose", "examples/nightsong/ose-hobgoblin.json"])
    expect(npc).toMatchObject({ hp: 5, armor: "d4", shield: "d6", resolve: 70 })
    expect(npc.notes.some((n) => n.includes("N-SAVE-02"))).toBe(true)
  })

  it("N-CONVERSION-07 N-CONVERSION-08 DCC: funky dice rounded, mail → D6, cultist → 70%", async () => {
    const npc = await json(["--from", "dcc", "examples/nightsong/dcc-cultist.json"])
    expect(npc).toMatchObject({ hp: 8, armor: "d6", resolve: 70 })
    expect(npc.attacks.map((a) => a.damage)).toEqual(["D6", "D8 + D8"])
  })

  it("N-CONVERSION-01 prints a readable stat block without --json", async () => {
    const { code, out } = await run(["--from", "cairn", "examples/nightsong/cairn-wolf.json"])
    expect(code).toBe(0)
    expect(out).toContain("Wolf (converted from Cairn)")
    expect(out).toContain("HP 3   Armor D4   Shield none   Resolve 50%")
  })

  it("N-CONVERSION-02 bad arguments or a bad file print one line naming the problem and exit 2", async () => {
    const dir = await mkdtemp(join(tmpdir(), "blight-convert-"))
    await writeFile(join(dir, "broken.json"), "{ not json")
    await writeFile(
      join(dir, "orc.json"),
      JSON.stringify({ name: "Orc", hitDice: 1, armor: "mail", morale: 14, attacks: [] }),
    )
    const cases = [
      [["examples/nightsong/cairn-wolf.json"], root, /--from is required/],
      [["--from", "gurps", "x.json"], root, /--from: one of mork-borg\|cairn\|knave\|ose\|dcc, got "gurps"/],
      [["--from", "cairn"], root, /give a JSON FILE/],
      [["--from", "cairn", "missing.json"], root, /missing.json: no such file/],
      [["--from", "cairn", "broken.json"], dir, /broken.json: not JSON/],
      [
        ["--from", "ose", "orc.json"],
        dir,
        /orc.json: morale: Morale converts from 2 to 12 \(N-CONVERSION-02\)/,
      ],
      [["--from", "knave", "examples/nightsong/cairn-wolf.json"], root, /cairn-wolf.json: /],
    ] as const
    for (const [args, cwd, message] of cases) {
      const { code, out, err } = await run(args, cwd)
      expect(code).toBe(2)
      expect(out).toBe("")
      expect(err.trim().split("\n")).toHaveLength(1)
      expect(err).toMatch(message)
    }
  })

  it("N-CONVERSION-01 the built bin converts a file relative to its working directory", async () => {
    const { stdout } = await promisify(execFile)(
      process.execPath,
      [bin, "nightsong", "convert", "--from", "knave", "examples/nightsong/knave-ogre.json", "--json"],
      { cwd: root },
    )
    expect(JSON.parse(stdout)).toMatchObject({ name: "Ogre", from: "knave", hp: 16 })
  })
})
