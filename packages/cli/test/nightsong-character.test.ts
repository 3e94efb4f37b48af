import { execFile } from "node:child_process"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { Character } from "@blight/nightsong"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { main } from "../src/main.js"

const bin = fileURLToPath(new URL("../bin/blight.js", import.meta.url))

const run = async (...args: string[]) => {
  let out = ""
  let err = ""
  const code = await main(["nightsong", "character", ...args], {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  })
  return { code, out, err }
}

describe("blight nightsong character", () => {
  it("N-CREATE-01 N-HP-01 N-FOCUS-01 N-SLOTS-01 N-BACKGROUND-02 --seed 7 --json prints one valid character", async () => {
    const { code, out, err } = await run("--seed", "7", "--json")
    expect([code, err]).toEqual([0, ""])
    expect(out.trim().split("\n")).toHaveLength(1)
    const c = JSON.parse(out) as Character.Character
    expect(Result.isSuccess(Character.validateCharacter(c))).toBe(true)
    expect(c.maxHp).toBe(c.abilities.CON + 6)
    expect(c.slots.total).toBe(c.abilities.STR + 10)
    expect(c.focus).toBe(Math.max(0, Math.min(c.abilities.DEX, 3)))
    expect(Character.highest(c.abilities).abilities).toContain(c.background.table)
    expect((await run("--seed", "7", "--json")).out).toBe(out)
  })

  it("N-ABILITY-05 N-ABILITY-06 --method roll rolls 2D6 per Ability and prints a readable sheet", async () => {
    const { code, out } = await run("--method", "roll", "--seed", "12")
    expect(code).toBe(0)
    expect(out).toMatch(/^STR [+-]?\d+ {3}DEX [+-]?\d+ {3}PRE [+-]?\d+ {3}CON [+-]?\d+$/m)
    expect(out).toMatch(/^HP \d+\/\d+ {3}Focus \d {3}Slots \d+\/\d+ {3}Coins \d+$/m)
    expect(out).toContain("(seed 12)")
  })

  it("N-BACKGROUND-03 --background picks a background; --manual replays the dice rolled at the table", async () => {
    const picked = JSON.parse(
      (await run("--background", "Cook", "--seed", "1", "--json")).out,
    ) as Character.Character
    expect(picked.background).toEqual({ name: "Cook", table: "CON" })
    const dice = "1,1,1,4,1,2,3,1,2,3,4,5,6,1,2,3,4,4,2,1,1"
    const c = JSON.parse((await run("--manual", dice, "--json")).out) as Character.Character
    expect([c.name, c.background.name, c.coins]).toEqual(["Wren Ashbrook", "Farmer", 60])
  })

  it("N-DETAILS-01 N-ABILITY-04 --detail picks details, --array places the scores, --pronouns is kept", async () => {
    const { code, out, err } = await run(
      "--seed",
      "7",
      "--json",
      "--array=-1,2,1,0",
      "--detail",
      "face=Scarred",
      "--detail",
      "drive=duty",
      "--pronouns",
      "they/them",
    )
    expect([code, err]).toEqual([0, ""])
    const c = JSON.parse(out) as Character.Character
    expect(c.abilities).toEqual({ STR: -1, DEX: 2, PRE: 1, CON: 0 })
    expect(c.details).toMatchObject({ face: "Scarred", drive: "Duty" })
    expect(c.pronouns).toBe("they/them")
    expect(Result.isSuccess(Character.validateCharacter(c))).toBe(true)
  })

  it("N-BACKGROUND-03 N-ABILITY-04 bad arguments print one line and exit 2", async () => {
    const cases = [
      [["--method", "dice"], /--method: array or roll, got "dice"/],
      [["--background", "Wizard", "--seed", "1"], /options.background: no background is called "Wizard"/],
      [["--seed", "x"], /--seed: expected a whole number/],
      [["--manual", "1,2"], /manual dice\[2\]/],
      [["--seed", "1", "--manual", "1"], /cannot both be given/],
      [["--colour"], /colour/],
      [["--detail", "nose=Long", "--seed", "1"], /--detail: KEY=VALUE with KEY one of face, eyes/],
      [["--detail", "face", "--seed", "1"], /--detail: KEY=VALUE/],
      [
        ["--detail", "face=Scarred", "--detail", "face=Tattooed", "--seed", "1"],
        /--detail: face given twice/,
      ],
      [["--detail", "eyes=Purple", "--seed", "1"], /options\.details\.eyes/],
      [["--array", "2,1,0", "--seed", "1"], /--array: four scores/],
      [["--array", "2,2,0,-1", "--seed", "1"], /array/],
    ] as const
    for (const [args, message] of cases) {
      const { code, out, err } = await run(...args)
      expect(code).toBe(2)
      expect(out).toBe("")
      expect(err.trim().split("\n")).toHaveLength(1)
      expect(err).toMatch(message)
    }
  })

  it("N-CREATE-01 the built bin prints the same character as the library", async () => {
    const { stdout } = await promisify(execFile)(process.execPath, [
      bin,
      "nightsong",
      "character",
      "--seed",
      "7",
      "--json",
    ])
    expect(JSON.parse(stdout)).toEqual(JSON.parse((await run("--seed", "7", "--json")).out))
  })
})
