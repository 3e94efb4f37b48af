import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run } from "./helpers.js"

const example = fileURLToPath(new URL("../../../examples/nightsong-pack/barrow-lights.json", import.meta.url))
const blight = fileURLToPath(new URL("../../../examples/homebrew-pack/flooded-quarter.json", import.meta.url))
const tmp = mkdtempSync(join(tmpdir(), "blight-ns-pack-"))
const write = (name: string, value: unknown) => {
  const file = join(tmp, name)
  writeFileSync(file, JSON.stringify(value))
  return file
}

describe("blight pack validate with Nightsong packs", () => {
  it("R-N-PACK-01 a pack whose ruleset is nightsong is checked over the Nightsong core; Blight packs beside it over theirs", async () => {
    const r = await run("pack", "validate", example, blight)
    expect(r.code).toBe(0)
    expect(r.out.trim().split("\n")).toEqual([
      expect.stringMatching(/^ok flooded-quarter@1\.0\.0 /),
      expect.stringMatching(
        /^ok barrow-lights@1\.0\.0 \(.*barrow-lights\.json\): spells 4, spellTables 1, creatures 1, weapons 1, tables 1$/,
      ),
    ])
    const json = await run("pack", "validate", example, "--json")
    expect(JSON.parse(json.out)).toMatchObject({
      valid: true,
      packs: [{ id: "barrow-lights", game: "nightsong" }],
    })
  })

  it("N-NPC-02 R-N-PACK-02 every problem a line, with its file, path and rule; exit 1", async () => {
    const pack = JSON.parse(readFileSync(example, "utf8"))
    pack.creatures[0].hp = 40
    pack.weapons.push({ id: "dagger", name: "Bone dagger", provenance: "provisional", die: "d4" })
    const file = write("bad.json", pack)
    const r = await run("pack", "validate", file)
    expect(r.code).toBe(1)
    expect(r.out.trim().split("\n")).toEqual([
      `${file}: creatures[0].hp: HP run from 1 to at most 30 (N-NPC-02)`,
      `${file}: weapons[1].id: Weapon "dagger" already exists in pack "nightsong"; to replace it, add "replaces": "nightsong" (R-N-PACK-02)`,
    ])
  })
})

describe("blight content with Nightsong packs", () => {
  it("GAP-N-01 R-N-PACK-01 lists a Nightsong kind, and says the rules publish no Spells", async () => {
    const none = await run("content", "list", "spells", "--game", "nightsong")
    expect(none.out).toBe("no spells (the Nightsong rules publish none: a pack brings them)\n")
    const r = await run("content", "list", "creatures", "--pack", example, "--json")
    expect(JSON.parse(r.out)).toEqual([
      { id: "grave-moth", name: "Grave Moth", provenance: "provisional", pack: "barrow-lights" },
    ])
    const weapons = await run("content", "list", "weapons", "--game", "nightsong")
    expect(weapons.out).toMatch(/^greatsword\s+Greatsword\s+D10\s+\[rules, nightsong\]$/m)
  })

  it("N-COMBAT-12 shows an entry in the pack format, dice as text again", async () => {
    const r = await run("content", "show", "creatures", "grave-moth", "--pack", example)
    expect(JSON.parse(r.out)).toMatchObject({ id: "grave-moth", attack: "d6+d6", armour: "d4" })
    const bad = await run("content", "list", "homes", "--game", "nightsong")
    expect(bad.code).toBe(2)
  })
})

describe("blight nightsong with --pack", () => {
  it("R-N-PACK-05 a character's Shards hold Spells from the pack's Spell table", async () => {
    const r = await run(
      "nightsong",
      "character",
      "--background",
      "Scholar",
      "--seed",
      "5",
      "--pack",
      example,
      "--json",
    )
    const spells = ["Witchlight", "Grave Whisper", "Ash Ward", "Lantern Eyes"]
    const made = JSON.parse(r.out) as { spellShards: { spell: string }[] }
    expect(made.spellShards.length).toBeGreaterThan(0)
    for (const s of made.spellShards) expect(spells).toContain(s.spell)
  })

  it("N-TABLE-02 a pack's table rolls by its id, and --list names it", async () => {
    const r = await run("nightsong", "roll", "barrow-mist", "--pack", example, "--seed", "3")
    expect(r.out).toBe(
      "What the barrow mist brings (pack barrow-lights, 1D6: 5): A barrow door standing open   (seed 3)\n",
    )
    const list = await run("nightsong", "roll", "--list", "--pack", example)
    expect(list.out).toMatch(/^barrow-spells\s+Barrow Spells \(pack barrow-lights\)$/m)
    const refused = await run("nightsong", "roll", "--list", "--pack", blight)
    expect(refused.code).toBe(2)
    expect(refused.err).toContain("manifest.ruleset: not a Nightsong pack")
  })

  it("R-N-PACK-06 a game made with --pack plays its creature and replays to the same hash", async () => {
    const g = await run("nightsong", "game", "new", "--players", "ann", "--seed", "4", "--pack", example)
    const file = join(tmp, "game.json")
    writeFileSync(file, g.out)
    for (const [words, by] of [
      [["join", "ann", "Ann", "str=1", "dex=0", "pre=0", "con=1", "weapon=sword:d8", "armor=mail:d6"], "ann"],
      [["creature", "moth", "grave-moth"], "referee"],
      [["shard", "ann"], "referee"],
      [["fight", "moth", "surprise=none"], "referee"],
      [["end", "turn"], "ann"],
      [["attack", "moth", "ann", "plain"], "referee"],
    ] as const) {
      const r = await run("nightsong", "game", "do", file, ...words, "--by", by)
      expect(r.code, r.err).toBe(0)
    }
    const replay = await run("nightsong", "game", "replay", file, "--json")
    expect(JSON.parse(replay.out)).toMatchObject({ redecided: true })
    const shown = await run("nightsong", "game", "show", file, "--json")
    expect(JSON.parse(shown.out).state.npcs.moth.creature).toBe("grave-moth")
  })
})
