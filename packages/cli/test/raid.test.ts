import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { Battle, coreRegistry } from "@blight/rules"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { fromWords, parseFact, toWords } from "../src/commands/raidWords.js"
import { run, runJson } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const refugeFile = join(repo, "examples/rosters/refuge.json")
const congregationFile = join(repo, "examples/rosters/congregation.json")
const tmp = mkdtempSync(join(tmpdir(), "blight-raid-"))
const env = Battle.envOf(coreRegistry())

/** `blight raid new` with the two example rosters as its sides. */
const raidNew = (...extra: string[]) =>
  run("raid", "new", "--refuge", refugeFile, "--refuge", congregationFile, ...extra)

/** Sets a raid up with the CLI and writes it to a fresh file. */
const newRaid = async (name: string, ...extra: string[]): Promise<string> => {
  const r = await raidNew(...extra)
  expect(r.err).toBe("")
  expect(r.code).toBe(0)
  const file = join(tmp, name)
  writeFileSync(file, r.out)
  return file
}

type Cmd = { type: string }
/** A deterministic player: end an activation when it can, else the first legal command; never `withdraw`. */
const pick = <T extends Cmd>(commands: T[]): T => {
  const playable = commands.filter((c) => c.type !== "withdraw")
  return playable.find((c) => c.type === "endActivation") ?? playable[0]!
}

describe("blight raid", () => {
  it("B-BATTLE-01 B-ROUND-01 the Done-when loop: new --seed 7, then legal --json / do --command until over; replay's hash is the live hash", async () => {
    const file = await newRaid("loop.json", "--seed", "7")
    // The same commands driven through the engine in-process: the CLI's state must be its live state.
    const setup = Battle.decodeEvents(JSON.parse(readFileSync(file, "utf8")).events)
    let live: Battle.Battle = {
      events: Result.getOrThrow(setup),
      state: Battle.replay(Result.getOrThrow(setup)),
    }
    let over = false
    let steps = 0
    for (; !over && steps < 1000; steps++) {
      const legal = await runJson("raid", "legal", file, "--json")
      expect(legal.code).toBe(0)
      expect(legal.json.commands).toEqual(JSON.parse(JSON.stringify(Battle.legal(live.state, env))))
      const c = pick(legal.json.commands)
      // The word form reads back to the same command.
      expect(fromWords(toWords(c as never))).toEqual(c)
      const done = await runJson("raid", "do", file, "--command", JSON.stringify(c), "--json")
      expect(done.err).toBe("")
      expect(done.code).toBe(0)
      live = Result.getOrThrow(Battle.command(live, c as never, env))
      over = done.json.over
    }
    expect(over).toBe(true)
    expect(steps).toBeGreaterThan(20)
    const show = await runJson("raid", "show", file, "--json")
    expect(show.json.over).toBe(true)
    expect(show.json.result).toEqual(live.state.result)
    expect(show.json.hash).toBe(Battle.hash(live.state))
    expect(show.json.state.dice).toEqual({ mode: "seeded" }) // no dice state for players
    const replay = await runJson("raid", "replay", file, "--json")
    expect(replay.code).toBe(0)
    expect(replay.json.hash).toBe(show.json.hash)
    expect(replay.json.redecide).toEqual({ agrees: true })
    expect(JSON.parse(readFileSync(file, "utf8")).events).toEqual(JSON.parse(JSON.stringify(live.events)))
    // Once over, a command is refused with the rule, and the file is left as it was.
    const end = readFileSync(file)
    const late = await run("raid", "do", file, "activate", "wharfside.1")
    expect(late.code).toBe(2)
    expect(late.err).toMatch(/the raid is over \(B-BATTLE-01\)/)
    expect(readFileSync(file).equals(end)).toBe(true)
  }, 300_000)

  it("B-ACT-01 R-BATTLE-52 a refused command prints one line with the rule, exits 2 and leaves the file byte-identical", async () => {
    const file = await newRaid("refused.json", "--seed", "7")
    const before = readFileSync(file)
    const legal = (await runJson("raid", "legal", file, "--json")).json.commands
    expect(legal[0].type).toBe("choose") // the Verdant Mother's Blight dice for Initiative
    for (const args of [
      ["activate", "wharfside.1"], // a choice is waiting
      ["roll", "4", "6"], // no dice are waiting in a seeded raid
      ["choose", "9"], // not one of the options
    ]) {
      const r = await run("raid", "do", file, ...args)
      expect(r.code, args.join(" ")).toBe(2)
      expect(r.err.trim().split("\n")).toHaveLength(1)
      expect(r.err).toMatch(/^blight raid do: refused: /)
      // R-BATTLE-52: an answer the waiting prompt does not take names the ruling.
      expect(r.err).toMatch(/\(R-BATTLE-52\)$/m)
      expect(readFileSync(file).equals(before)).toBe(true)
    }
    const bad = await run("raid", "do", file, "--command", '{"type":"shoot","model":"wharfside.1"}')
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/weapon/)
    expect(readFileSync(file).equals(before)).toBe(true)
    // Play on to an activation and try an action the rules forbid: the clause is named.
    let c = legal[0]
    for (let i = 0; i < 40 && c.type !== "activate"; i++) {
      expect((await run("raid", "do", file, "--command", JSON.stringify(c))).code).toBe(0)
      c = (await runJson("raid", "legal", file, "--json")).json.commands[0]
    }
    expect(c.type).toBe("activate")
    const other = (await runJson("raid", "legal", file, "--json")).json.commands.at(-2)
    const model = c.model as string
    expect((await run("raid", "do", file, "activate", model)).code).toBe(0)
    const mid = readFileSync(file)
    const twice = await run("raid", "do", file, "activate", other.model)
    expect(twice.code).toBe(2)
    expect(twice.err).toMatch(/\((B|R)-[A-Z]+-[A-Z0-9-]+\)$/m)
    expect(readFileSync(file).equals(mid)).toBe(true)
    // R-BATTLE-52: a fact stated unasked about a model not in the raid: its path, nothing stored.
    const ghost = await run("raid", "do", file, "state", `sees:${model}:c9=true`)
    expect(ghost.code).toBe(2)
    expect(ghost.err.trim()).toMatch(
      /^blight raid do: refused: facts\.0\.query\.b: there is no model or token "c9".*\(R-BATTLE-52\)$/,
    )
    expect(readFileSync(file).equals(mid)).toBe(true)
  }, 120_000)

  it("B-ROUND-01 --manual: dice wait for the table, `roll` answers them, and undo goes back no further than the roll", async () => {
    const file = await newRaid("manual.json", "--seed", "7", "--manual")
    let sawDice = false
    for (let i = 0; i < 60 && !sawDice; i++) {
      const show = (await runJson("raid", "show", file, "--json")).json
      const p = show.pending
      if (p?.kind === "dice") {
        sawDice = true
        const wrong = await run("raid", "do", file, "roll", "6")
        if (p.dice !== 1) {
          expect(wrong.code).toBe(2)
          expect(wrong.err).toMatch(/needs \d+ dice, got 1/)
        }
        const faces = Array.from({ length: p.dice }, (_, k) => String((k % 6) + 1))
        const said = await run("raid", "do", file, "roll", ...faces)
        expect(said.code).toBe(0)
        const after = JSON.parse(readFileSync(file, "utf8")).events
        expect(
          after.some(
            (e: { type: string; answer?: unknown }) =>
              e.type === "answered" && JSON.stringify(e.answer) === JSON.stringify(faces.map(Number)),
          ),
        ).toBe(true)
        const undo = await run("raid", "do", file, "undo")
        expect(undo.code).toBe(2)
        expect(undo.err).toMatch(/R-BATTLE-15/)
        break
      }
      const c = pick((await runJson("raid", "legal", file, "--json")).json.commands)
      expect((await run("raid", "do", file, "--command", JSON.stringify(c))).code).toBe(0)
    }
    expect(sawDice).toBe(true)
    const replay = await runJson("raid", "replay", file, "--json")
    expect(replay.json.hash).toBe((await runJson("raid", "show", file, "--json")).json.hash)
  }, 120_000)

  it("R-BATTLE-76 the word form of adjust: activation, ammunition, weapons, Loot and a position read back to the same command", () => {
    const words = [
      "adjust",
      "wharfside.1",
      "--reason",
      "we lost track",
      "--activated",
      "true",
      "--arrows",
      "2",
      "--weapon",
      "pistol:loaded=1:jammed=false",
      "--weapon",
      "bow:loaded=1",
      "--carrying",
      "t3",
      "--position",
      "12,30.5",
    ]
    const c = {
      type: "adjust",
      reason: "we lost track",
      model: "wharfside.1",
      arrows: 2,
      activated: true,
      weapons: [
        { weapon: "pistol", loaded: 1, jammed: false },
        { weapon: "bow", loaded: 1 },
      ],
      carrying: ["t3"],
      position: { x: 12, y: 30.5 },
    }
    expect(fromWords(words)).toEqual(c)
    expect(fromWords(toWords(c as never))).toEqual(c)
    expect(fromWords(["adjust", "wharfside.1", "--reason", "r", "--carrying", "none"])).toMatchObject({
      carrying: [],
    })
    expect(() => fromWords(["adjust", "wharfside.1", "--reason", "r", "--position", "12"])).toThrow(
      /--position: expected X,Y/,
    )
    expect(() => fromWords(["adjust", "wharfside.1", "--reason", "r", "--weapon", "pistol:full"])).toThrow(
      /--weapon pistol: expected loaded=N or jammed/,
    )
  })

  it("B-ACT-07 the word form of an action a skill, kit or the Leader grants (act) reads back to its command", () => {
    const voice = { type: "act", model: "wharfside.1", action: "Command Voice", target: "wharfside.2" }
    expect(toWords(voice as never)).toEqual(["act", "wharfside.1", "Command Voice", "wharfside.2"])
    expect(fromWords(toWords(voice as never))).toEqual(voice)
    expect(fromWords(["act", "wharfside.1", "Command Voice"])).toEqual({
      type: "act",
      model: "wharfside.1",
      action: "Command Voice",
    })
  })

  it("R-CONTENT-23 R-BATTLE-77 the word form of a blast at a point: X,Y on a board, catches:A,B on a declared table", () => {
    const atPoint = { type: "shoot", model: "wharfside.1", weapon: "molotov", at: { x: 14.5, y: 10 } }
    expect(fromWords(["shoot", "wharfside.1", "molotov", "14.5,10"])).toEqual(atPoint)
    expect(fromWords(toWords(atPoint as never))).toEqual(atPoint)
    const told = { type: "shoot", model: "wharfside.1", weapon: "molotov", at: { catches: ["c2", "c3"] } }
    expect(fromWords(["shoot", "wharfside.1", "molotov", "catches:c2,c3"])).toEqual(told)
    expect(fromWords(toWords(told as never))).toEqual(told)
    expect(fromWords(["shoot", "wharfside.1", "pistol", "c2"])).toMatchObject({ target: "c2" })
  })

  it("the word form: activate, move with contact, state facts, and lines in words", async () => {
    const file = await newRaid("words.json", "--seed", "7")
    expect(
      fromWords(["move", "wharfside.1", "4", "--contact", "t3", "--fact", "sees:wharfside.1:c2=true"]),
    ).toEqual({
      type: "move",
      model: "wharfside.1",
      distance: 4,
      contact: ["t3"],
      facts: [{ query: { q: "sees", a: "wharfside.1", b: "c2" }, value: true }],
    })
    expect(fromWords(["shoot", "wharfside.1", "pistol", "c2", "--blight", "1"])).toEqual({
      type: "shoot",
      model: "wharfside.1",
      weapon: "pistol",
      target: "c2",
      blightDice: 1,
    })
    expect(parseFact("within:edge:north:wharfside.2:12=false")).toEqual({
      query: { q: "within", a: "edge:north", b: "wharfside.2", inches: 12 },
      value: false,
    })
    expect(parseFact("nearest:c1:wharfside.1,wharfside.2=wharfside.2").query).toEqual({
      q: "nearest",
      a: "c1",
      among: ["wharfside.1", "wharfside.2"],
    })
    expect(() => parseFact("sees:a=true")).toThrow(/two subjects/)
    expect(() => fromWords(["dance", "wharfside.1"])).toThrow(/unknown command "dance"/)
    const r = await run("raid", "do", file, "choose", "1")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/rolls Initiative: \d+ dice \[[1-6,]+\]/)
    expect(r.out).toMatch(/^waiting: .*: state true \| false$/m)
    const legal = await run("raid", "legal", file)
    expect(legal.out.trim().split("\n")[0]).toMatch(/^state [a-z]+:/)
    const show = await run("raid", "show", file)
    expect(show.out).toMatch(/^round 1 of 6, phase activations/m)
    expect(show.out).toMatch(/Sergeant Hollis \(Leader\), police-officer: M5 F2 S3 W2 N4 H2 A0/)
    expect(show.out).toMatch(/Health 2\/2, Blight 0, Noise 0; active; pistol \(\d loaded\)/)
  })

  it.each([
    [["raid"], /a sub-verb is required/],
    [["raid", "fly"], /unknown sub-verb "fly"/],
    [["raid", "new", "--refuge", "x.json"], /two or more --refuge/],
    [["raid", "show"], /which raid file/],
    [["raid", "show", "/nonexistent/raid.json"], /no such file/],
    [
      ["raid", "new", "--refuge", "a", "--refuge", "b", "--option", "loud=true"],
      /no such file|there is no such option/,
    ],
  ])("bad arguments %j print one line and exit 2", async (args, message) => {
    const r = await run(...args)
    expect(r.code).toBe(2)
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message)
  })

  it("a raid file is read with bounds: bad JSON, the wrong format, too deep, a bad event — one clear line each", async () => {
    const cases: Array<[string, RegExp]> = [
      ["{not json", /not valid JSON/],
      [JSON.stringify({ format: "blight-raid@2", events: [] }), /format: expected "blight-raid@1"/],
      [JSON.stringify({ format: "blight-raid@1", events: {} }), /events: expected an array/],
      [`{"format":"blight-raid@1","events":${"[".repeat(100)}${"]".repeat(100)}}`, /nested more than 64/],
      [
        JSON.stringify({ format: "blight-raid@1", events: [{ type: "round.start", round: 1 }] }),
        /first event is its set-up/,
      ],
      [JSON.stringify({ format: "blight-raid@1", events: [{ type: "explode" }] }), /events\[0\]/],
    ]
    for (const [i, [body, message]] of cases.entries()) {
      const f = join(tmp, `bad${i}.json`)
      writeFileSync(f, body)
      for (const verb of ["show", "legal", "replay"]) {
        const r = await run("raid", verb, f)
        expect(r.code).toBe(2)
        expect(r.err.trim().split("\n")).toHaveLength(1)
        expect(r.err).toMatch(message)
      }
      const d = await run("raid", "do", f, "undo")
      expect(d.code).toBe(2)
      expect(readFileSync(f, "utf8")).toBe(body)
    }
  })

  it("R-BATTLE-14 --option sets a ruling option in the raid's state; a founded Refuge (found --json) is accepted as a side", async () => {
    const founded = await run("found", congregationFile, "--json", "--seed", "7")
    const foundedFile = join(tmp, "founded.json")
    writeFileSync(foundedFile, founded.out)
    const options = ["--seed", "7", "--option", "doubleRout=bothLose", "--option", "blightDiceOnArmour=true"]
    const r = await run("raid", "new", "--refuge", refugeFile, "--refuge", foundedFile, ...options)
    expect(r.code).toBe(0)
    const setup = JSON.parse(r.out).events[0]
    expect(setup.state.options.doubleRout).toBe("bothLose")
    expect(setup.state.options.blightDiceOnArmour).toBe(true)
    // The founded file and the roster founded with the same seed give the same raid.
    const fromRoster = await raidNew(...options)
    expect(fromRoster.out).toBe(r.out)
    const bad = await raidNew("--option", "doubleRout=sometimes")
    expect(bad.code).toBe(2)
    expect(bad.err).toMatch(/--option/)
  })

  it("B-SCENARIO-02 --pack: the homebrew scenario is set up and played with its pack; without the pack the raid is refused whole", async () => {
    const pack = join(repo, "examples/homebrew-pack/flooded-quarter.json")
    const file = await newRaid(
      "homebrew.json",
      "--scenario",
      "the-sluice-gates",
      "--pack",
      pack,
      "--seed",
      "7",
    )
    const setup = JSON.parse(readFileSync(file, "utf8")).events[0].state
    expect(setup.scenario).toBe("the-sluice-gates")
    expect(setup.packs).toEqual(["the-blight", "flooded-quarter"])
    // Played on without its pack: one line naming the pack, exit 2, the file unchanged.
    const before = readFileSync(file, "utf8")
    const refused = await run("raid", "auto", file)
    expect(refused.code).toBe(2)
    expect(refused.err).toMatch(/set up with flooded-quarter; give its file with --pack FILE/)
    expect(readFileSync(file, "utf8")).toBe(before)
    const played = await runJson("raid", "auto", file, "--pack", pack, "--json")
    expect(played.code).toBe(0)
    expect(played.json.over).toBe(true)
    expect(played.json.result).toBeDefined()
    const replay = await runJson("raid", "replay", file, "--pack", pack, "--json")
    expect(replay.json).toMatchObject({ hash: played.json.hash, redecide: { agrees: true } })
    // Without the pack the scenario is unknown; a broken pack is refused with its problem.
    const unknown = await raidNew("--scenario", "the-sluice-gates")
    expect(unknown.code).toBe(2)
    const bad = join(tmp, "bad-pack.json")
    writeFileSync(bad, "{ not json")
    const broken = await raidNew("--pack", bad)
    expect(broken.code).toBe(2)
    expect(broken.err.trim().split("\n")).toHaveLength(1)
    expect(broken.err).toMatch(/--pack: .*bad-pack.json.*not valid JSON/)
  })

  it("B-BATTLE-01 the example raid in examples/raids replays to its end, and this engine re-decides it to the same events", async () => {
    const file = join(repo, "examples/raids/cache.raid.json")
    const show = await runJson("raid", "show", file, "--json")
    expect(show.json.over).toBe(true)
    expect(show.json.result.sides).toEqual([
      { side: "wharfside", outcome: "loss", routed: true },
      { side: "the-gardeners-of-carrow-fields", outcome: "win", routed: false },
    ])
    const replay = await runJson("raid", "replay", file, "--json")
    expect(replay.json).toEqual({
      hash: show.json.hash,
      events: show.json.events,
      redecide: { agrees: true },
    })
  })
})
