import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Game } from "@blight/nightsong"
import { describe, expect, it } from "vitest"
import { fromWords, toLine } from "../src/commands/nightsong/gameWords.js"
import { run } from "./helpers.js"

const tmp = mkdtempSync(join(tmpdir(), "blight-nightsong-table-"))
let n = 0

const newGame = async (...extra: string[]): Promise<string> => {
  const file = join(tmp, `game${n++}.json`)
  const r = await run("nightsong", "game", "new", "--players", "ann,bo", "--seed", "7", ...extra)
  expect(r.code).toBe(0)
  writeFileSync(file, r.out)
  return file
}

const doAs = (file: string, by: string, ...words: string[]) =>
  run("nightsong", "game", "do", file, ...words, "--by", by)

/** Splits a line as a shell would (double quotes only, as `toLine` writes them). */
const split = (line: string): string[] =>
  [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
    m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2],
  )

const state = (file: string): Game.GameState =>
  Game.replay(JSON.parse(readFileSync(file, "utf8")).events as Game.GameEvent[])

describe("blight nightsong game: making, finding and bringing in", () => {
  it("N-CREATE-01 N-ABILITY-04 `create` makes a character with the game's dice; a bad choice is refused, the file unchanged", async () => {
    const file = await newGame()
    const r = await doAs(file, "ann", "create", "ann", "method=array", "background=Soldier", "name=Ann")
    expect(r.code).toBe(0)
    expect(state(file).party.ann?.sheet?.background.name).toBe("Soldier")
    expect(state(file).party.ann?.adventurer.name).toBe("Ann")
    const before = readFileSync(file, "utf8")
    const bad = await doAs(file, "bo", "create", "bo", "background=Wizard")
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/refused: .*Wizard.*\(N-BACKGROUND-03\)/)
    expect(readFileSync(file, "utf8")).toBe(before)
  })

  it("N-CONVERSION-01 N-CONVERSION-05 `convert ID SYSTEM block=FILE` brings a converted creature into play", async () => {
    const file = await newGame()
    const block = join(tmp, "ogre.json")
    writeFileSync(
      block,
      JSON.stringify({
        name: "Ogre",
        hitDice: 4,
        armor: "light",
        morale: 10,
        attacks: [{ name: "club", damage: "d10" }],
      }),
    )
    const r = await doAs(file, "referee", "convert", "ogre", "knave", `block=${block}`)
    expect(r.code).toBe(0)
    expect(state(file).npcs.ogre).toMatchObject({ hp: 16, attack: ["d10"], armor: "d4", resolve: 90 })
  })

  it("N-SAVE-02 N-BACKGROUND-05 R-N-GAME-17 R-N-GAME-21 the words of find, an NPC's save, a fed Full Rest and a solo game", async () => {
    const all = [
      {
        type: "create",
        id: "cy",
        owner: "bo",
        options: { method: "roll", background: "Priest", name: "Cy Ash" },
      },
      { type: "find", character: "cy", item: { name: "Ward", kind: "shard", die: "d8" }, slots: 1 },
      { type: "save", character: "wolf", ability: "constitution", threshold: 30 },
      { type: "rest", kind: "full", shelter: true, fed: true },
      { type: "convert", id: "gob", system: "mork-borg", block: { name: "Goblin" } },
    ]
    for (const c of all) {
      const line = toLine(c as Record<string, unknown>)
      const back = c.type === "convert" ? JSON.parse(line) : fromWords(split(line))
      expect(Game.decodeCommand(back)).toEqual(c)
    }
    const file = await newGame("--solo")
    expect(state(file).solo).toBe(true)
    expect((await run("nightsong", "game", "show", file)).out).toMatch(/solo play/)
  })
})
