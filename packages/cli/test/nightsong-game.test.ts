import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { Game } from "@blight/nightsong"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { fromWords, toLine } from "../src/commands/nightsong/gameWords.js"
import { run, runJson } from "./helpers.js"

const tmp = mkdtempSync(join(tmpdir(), "blight-nightsong-game-"))
let n = 0

/** A new game file at a table of ann and bo (seeded unless `manual`). */
const newGame = async (manual = false): Promise<string> => {
  const file = join(tmp, `game${n++}.json`)
  const r = await run(
    "nightsong",
    "game",
    "new",
    "--players",
    "ann,bo",
    ...(manual ? ["--manual"] : ["--seed", "7"]),
  )
  expect(r.code).toBe(0)
  writeFileSync(file, r.out)
  return file
}

const doAs = (file: string, by: string, ...words: string[]) =>
  run("nightsong", "game", "do", file, ...words, "--by", by)

const seatParty = async (file: string): Promise<void> => {
  for (const [by, ...words] of [
    ["ann", "join", "ann", "Ann", "str=1", "dex=2", "pre=0", "con=-1", "weapon=sword:d8", "armor=mail:d6"],
    ["bo", "join", "bo", "Bo", "str=2", "dex=0", "pre=-1", "con=1", "weapon=axe:d10", "shield=shield:d6"],
    ["referee", "session", "start"],
    ["referee", "npc", "g1", "goblin", "hp=5", "attack=d6+d6", "armor=d4", "resolve=30"],
  ] as const) {
    const r = await doAs(file, by, ...words)
    expect(r.err).toBe("")
    expect(r.code).toBe(0)
  }
}

/** Splits a line as a shell would (double quotes only, as `toLine` writes them). */
const split = (line: string): string[] =>
  [...line.matchAll(/"((?:[^"\\]|\\.)*)"|(\S+)/g)].map((m) =>
    m[1] !== undefined ? JSON.parse(`"${m[1]}"`) : m[2],
  )

describe("blight nightsong game", () => {
  it("R-N-GAME-04 new, do in words, show and replay: the calls are asked of the Referee", async () => {
    const file = await newGame()
    expect(JSON.parse(readFileSync(file, "utf8")).format).toBe("nightsong-game@1")
    await seatParty(file)
    const r = await doAs(file, "ann", "check", "ann", "dexterity")
    expect(r.out).toMatch(
      /waiting: referee answers the DR for ann's dexterity Check \(N-CHECK-01\): choose 6\|9\|12\|15\|18/,
    )
    expect((await doAs(file, "referee", "choose", "12")).code).toBe(0)
    const adv = await doAs(file, "referee", "choose", "plain")
    expect(adv.code).toBe(2)
    expect((await doAs(file, "referee", "choose", "none")).out).toMatch(
      /ann's dexterity Check: \d+ \+2 vs DR 12: (success|failure)/,
    )
    const show = await run("nightsong", "game", "show", file)
    expect(show.out).toMatch(/ann \(Ann, ann\): HP 5\/5, Focus 2/)
    const replay = await runJson("nightsong", "game", "replay", file, "--json")
    expect(replay.json).toMatchObject({ redecided: true })
  })

  it("R-N-GAME-01 a refusal is one line with the rule, exit 2, and the file unchanged", async () => {
    const file = await newGame()
    await seatParty(file)
    const before = readFileSync(file, "utf8")
    const r = await doAs(file, "bo", "check", "ann", "strength", "dr=12")
    expect(r.code).toBe(2)
    expect(r.err).toBe(
      "blight nightsong game do: refused: a Check: ann is commanded by ann, not bo (R-N-GAME-01)\n",
    )
    expect(readFileSync(file, "utf8")).toBe(before)
    const waiting = await doAs(file, "ann", "check", "ann", "strength")
    expect(waiting.code).toBe(0)
    const wrongSeat = await doAs(file, "ann", "choose", "12")
    expect(wrongSeat.err).toMatch(
      /refused: the waiting prompt is for referee to answer: .* \(R-N-GAME-01\)\n$/,
    )
  })

  it("N-COMBAT-05 legal --json commands are accepted verbatim by do --command", async () => {
    const file = await newGame()
    await seatParty(file)
    expect((await doAs(file, "referee", "fight", "g1", "surprise=none")).code).toBe(0)
    for (let step = 0; step < 12; step++) {
      const legal = await runJson("nightsong", "game", "legal", file, "--json")
      const [first] = legal.json.commands as unknown[]
      if (first === undefined) break
      const r = await run("nightsong", "game", "do", file, "--command", JSON.stringify(first))
      expect(r.err).toBe("")
      expect(r.code).toBe(0)
    }
    expect((await runJson("nightsong", "game", "replay", file, "--json")).json.redecided).toBe(true)
  })

  it("R-N-GAME-02 a game with dice typed in: each die is asked of the seat that rolls it", async () => {
    const file = await newGame(true)
    await seatParty(file)
    await doAs(file, "referee", "fight", "g1", "surprise=players")
    const r = await doAs(file, "referee", "attack", "g1", "bo", "plain")
    expect(r.out).toMatch(
      /waiting: bo answers does bo block with shield\? \(N-SHIELD-01\): choose block\|take/,
    )
    expect((await doAs(file, "bo", "choose", "take")).out).toMatch(
      /waiting: referee rolls 1d6 for g1 → bo: damage/,
    )
    expect((await doAs(file, "referee", "roll", "7")).err).toMatch(/faces: a d6 shows 1 to 6 \(R-N-GAME-02\)/)
  })

  it("N-CREATE-01 a character joins with a whole sheet from `blight nightsong character --json`", async () => {
    const file = await newGame()
    const sheet = join(tmp, "wren.json")
    writeFileSync(sheet, (await run("nightsong", "character", "--seed", "5", "--json")).out)
    const r = await doAs(file, "ann", "join", "ann", "Wren", `sheet=${sheet}`)
    expect(r.err).toBe("")
    const { json } = await runJson("nightsong", "game", "show", file, "--json")
    expect(json.state.party.ann.sheet.background).toEqual(JSON.parse(readFileSync(sheet, "utf8")).background)
  })

  it("bad files are refused with one line", async () => {
    const bad = join(tmp, "bad.json")
    writeFileSync(bad, JSON.stringify({ format: "blight-raid@1", events: [] }))
    const r = await run("nightsong", "game", "show", bad)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/format: expected "nightsong-game@1"/)
    writeFileSync(bad, JSON.stringify({ format: "nightsong-game@1", events: [{ type: "joined" }] }))
    expect((await run("nightsong", "game", "show", bad)).err).toMatch(
      /events\[0\]: a game's first event is its start/,
    )
  })

  it("N-JOURNEY-01 N-JOURNEY-02 N-DELVE-04 N-FACTION-06 a Watch, a Turn in the depths and the Land's turn, in words", async () => {
    const file = await newGame(true)
    await seatParty(file)
    let r = await doAs(file, "referee", "watch", "path", "weather=70", "way=70")
    expect(r.out).toMatch(/waiting: referee rolls 1d100 for does the weather hold\?/)
    r = await doAs(file, "referee", "roll", "82")
    expect(r.out).toMatch(/waiting: any answers the weather breaks: .*choose wait\|pressOn/)
    r = await doAs(file, "ann", "choose", "pressOn")
    r = await doAs(file, "referee", "roll", "12")
    expect(r.out).toMatch(/"does the weather hold\? \(N-JOURNEY-02\)" at 70: 82, no/)
    expect(r.out).toMatch(/the group makes 6 miles, pressing on/)
    expect(r.out).toMatch(/time passes: a Watch on the road/)
    r = await doAs(file, "referee", "delve", "start")
    expect(r.out).toMatch(/dark: Disadvantage on every roll/)
    r = await doAs(file, "referee", "turn", "way=70")
    r = await doAs(file, "referee", "roll", "71")
    expect(r.out).toMatch(/does the way ahead stay clear this Turn\? \(N-EVENT-01\)" at 70: 71, no/)
    const show = await run("nightsong", "game", "show", file)
    expect(show.out).toMatch(/delving: in the dark/)
    const land = join(tmp, "land.json")
    expect((await run("nightsong", "world", "--seed", "4", "--save", land)).code).toBe(0)
    r = await doAs(file, "referee", "land", `load=${land}`)
    expect(r.err).toBe("")
    expect(r.out).toMatch(/the Land: loaded/)
    const bad = join(tmp, "no-land.json")
    writeFileSync(bad, "[1]")
    r = await doAs(file, "referee", "land", `load=${bad}`)
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/no-land.json: a saved Land is one JSON object/)
    r = await doAs(file, "referee", "world", "turn")
    expect(r.err).toMatch(/between sessions, not during one \(N-FACTION-06\)/)
  })

  it("R-N-GAME-01 every legal command's words read back as the same command", () => {
    let g = Game.newGame({ players: ["ann", "bo"], seed: 3 })
    const cmds: Game.Command[] = [
      {
        type: "join",
        id: "ann",
        name: "Ann Vell",
        owner: "ann",
        abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
        gear: [{ name: "long sword", kind: "weapon", die: "d8" }],
      },
      {
        type: "join",
        id: "bo",
        name: "Bo",
        owner: "bo",
        abilities: { strength: 2, dexterity: 0, presence: -1, constitution: 1 },
      },
      { type: "npc", id: "g1", name: "goblin", hp: 5, attack: ["d6", "d6"], armor: "d4", resolve: 30 },
      { type: "session", action: "start" },
      { type: "fight", enemies: ["g1"], surprise: "none" },
    ]
    let calm = g
    for (const c of cmds) g = Result.getOrThrow(Game.play(g, c))
    for (const c of [
      ...cmds.slice(0, -1),
      { type: "structure", name: "cart", kind: "vehicle", size: "small" },
      { type: "structure", name: "barge", kind: "vehicle", size: "large" },
      { type: "land", seed: 2 },
    ] as Game.Command[])
      calm = Result.getOrThrow(Game.play(calm, c))
    const depths = Result.getOrThrow(Game.play(calm, { type: "delve", action: "start" }))
    const all: Game.Command[] = [
      ...cmds,
      ...Game.legal(g.state),
      ...Game.legal(calm.state),
      ...Game.legal(depths.state),
      { type: "rest", kind: "long", characters: ["ann"], refill: { ann: ["Light", "Sleep"] } },
      { type: "fate", question: "does the rain hold?", threshold: 30 },
      {
        type: "attack",
        attacker: "ann",
        target: "g1",
        weapon: "long sword",
        ranged: true,
        cover: true,
        advantage: "disadvantage",
        block: false,
      },
      { type: "endFight", why: "they flee" },
      { type: "blast", attacker: "ann", targets: ["g1", "g2"], feat: "serious", unclear: true },
      { type: "roll", faces: [3, 4] },
      {
        type: "watch",
        terrain: "difficult",
        path: true,
        by: "horse",
        weather: 30,
        way: 70,
        badWeather: "pressOn",
      },
      { type: "watch", navigation: 30, badWeather: "wait" },
      { type: "forage", character: "ann", ration: "trail rations", threshold: 70 },
      { type: "delve", action: "start" },
      { type: "light", character: "ann", kind: "lantern", from: "lamp oil" },
      { type: "turn", way: 30 },
      { type: "loom", name: "the flood rises", die: "d4" },
      { type: "distance", threshold: 30 },
      { type: "reaction", npc: "g1", threshold: 70 },
      { type: "needs", npc: "g1", unmet: ["fed", "paid"] },
      { type: "needs", npc: "g1" },
      { type: "structure", name: "the gate", kind: "fortification", size: "large" },
      { type: "strike", target: "the gate", means: "ordnance", dice: ["d12", "d12"] },
      { type: "ordnance", size: "large", targets: ["the gate", "cart"] },
      { type: "collide", a: "cart", b: "barge", larger: "barge" },
      { type: "repair", name: "the gate", hp: 3 },
      { type: "land", seed: 12 },
      { type: "worldTurn" },
    ]
    for (const c of all)
      expect(Game.decodeCommand(fromWords(split(toLine(c as Record<string, unknown>))))).toEqual(c)
  })
})
