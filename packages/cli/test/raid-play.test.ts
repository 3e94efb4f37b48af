import { spawn } from "node:child_process"
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { PassThrough } from "node:stream"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { openRaidSession, raidPlay } from "../src/commands/raidPlay.js"
import { complete, splitLine } from "../src/Repl.js"
import { BIN, run, runJson } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const examples = join(repo, "examples/raids")
const tmp = mkdtempSync(join(tmpdir(), "blight-play-"))

/** The example raid's set-up (examples/raids/play.sh): the two example rosters, --seed 7. */
const newRaid = async (name: string): Promise<string> => {
  const r = await run(
    "raid",
    "new",
    ...["--refuge", join(repo, "examples/rosters/refuge.json")],
    ...["--refuge", join(repo, "examples/rosters/congregation.json")],
    ...["--seed", "7"],
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

const events = (file: string) => JSON.parse(readFileSync(file, "utf8")).events
/** The game's state as `raid show --json` gives it, but for its count of events (which `undo` adds to). */
const game = async (file: string) => {
  const { seq: _, ...state } = (await runJson("raid", "show", file, "--json")).json.state
  return state
}
/** An in-memory io that collects what a session writes. */
const collect = () => {
  const io = {
    out: "",
    stdout: { write: (s: string) => (io.out += s) },
    stderr: { write: (s: string) => (io.out += s) },
  }
  return io
}

describe("blight raid play", () => {
  it("B-BATTLE-01 plays the example raid to its end from a script: the same log, hash and result as the per-call `raid do` commands", async () => {
    const played = await newRaid("played.json")
    const perCall = await newRaid("per-call.json")
    const r = await run("raid", "play", played, "--script", join(examples, "cache.play"))
    expect(r.err).toBe("")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^> creatures no$/m)
    expect(r.out).toMatch(/the raid is over: Wharfside loses \(routed\), The Gardeners of Carrow Fields wins/)
    // The per-call path: every `blight raid do` the example's log records (its creature questions one by one).
    const typed = readFileSync(join(examples, "log.md"), "utf8")
      .split("\n")
      .filter((l) => l.startsWith("$ blight raid do raid.json "))
      .map((l) => splitLine(l.slice("$ blight raid do raid.json ".length)))
    expect(typed.length).toBeGreaterThan(30)
    for (const words of typed)
      expect((await run("raid", "do", perCall, ...words)).code, words.join(" ")).toBe(0)
    expect(readFileSync(played, "utf8")).toBe(readFileSync(perCall, "utf8"))
    expect(readFileSync(played, "utf8")).toBe(readFileSync(join(examples, "cache.raid.json"), "utf8"))
    const a = (await runJson("raid", "show", played, "--json")).json
    const b = (await runJson("raid", "show", perCall, "--json")).json
    expect(a.over).toBe(true)
    expect({ hash: a.hash, result: a.result }).toEqual({ hash: b.hash, result: b.result })
    expect((await runJson("raid", "replay", played, "--json")).json.redecide).toEqual({ agrees: true })
  }, 120_000)

  it("R-BATTLE-52 a refused line stops a script: exit 2, the line named with the rule, the file as the line before left it", async () => {
    const file = await newRaid("refused.json")
    const after = await newRaid("after-choose.json")
    expect((await run("raid", "do", after, "choose", "0")).code).toBe(0)
    const r = await run(
      "raid",
      "play",
      file,
      "--script",
      script("refused.play", ["# a comment", "choose 0", "activate wharfside.1", "no"]),
    )
    expect(r.code).toBe(2)
    expect(r.err).toMatch(
      /^blight raid play: \S+refused\.play line 3: "activate wharfside\.1": refused: .*\(R-BATTLE-52\)\n$/,
    )
    expect(r.out).not.toMatch(/> no/)
    expect(readFileSync(file, "utf8")).toBe(readFileSync(after, "utf8"))
  })

  it("bad lines are refused with what is wrong and change nothing: an unknown word, a shortcut misspelt, an unclosed quote", async () => {
    const file = await newRaid("bad.json")
    const before = readFileSync(file, "utf8")
    const io = collect()
    const session = await openRaidSession(file, io)
    for (const [line, why] of [
      ["frobnicate wharfside.1", /unknown command "frobnicate"/],
      ["creatures yes", /the shortcut is `creatures no`/],
      ["act wharfside.1 'Rally", /unclosed ' quote/],
      ["yes", /no yes\/no question is waiting/],
      ["help me", /help: takes no arguments/],
    ] as const)
      expect(await session.handle(line), line).toEqual({ kind: "refused", why: expect.stringMatching(why) })
    expect(readFileSync(file, "utf8")).toBe(before)
    await expect(openRaidSession(file, io, { as: "nobody" })).rejects.toThrow(
      /--as: "nobody" is not a side of this raid \(one of: wharfside, /,
    )
    expect((await run("raid", "play", file, "--script", join(tmp, "missing.play"))).err).toMatch(
      /missing\.play: no such file/,
    )
  })

  it("R-BATTLE-15 `no` answers the waiting question, `undo` takes a command back (never past a roll), and TAB offers the legal commands and the shortcuts", async () => {
    const file = await newRaid("undo.json")
    const io = collect()
    const session = await openRaidSession(file, io)
    expect(session.status()).toMatch(
      /waiting: Blight dice for Mother Agnes's Initiative\? .*: choose 0 \| 1$/,
    )
    expect(complete(session.completions(), "ch")).toEqual([["choose 0", "choose 1"], "ch"])
    expect(await session.handle("choose 0")).toEqual({ kind: "ok" })
    expect(session.prompt()).toBe("the-gardeners-of-carrow-fields> ")
    const legal = (await run("raid", "legal", file)).out.trim().split("\n")
    expect(session.completions()).toEqual([
      ...legal,
      "help",
      "legal",
      "show",
      "undo",
      "quit",
      "yes",
      "no",
      "creatures no",
    ])
    expect(complete(session.completions(), "cr")).toEqual([["creatures no"], "cr"])
    const before = events(file).length
    expect(await session.handle("no")).toEqual({ kind: "ok" })
    expect(events(file).length).toBeGreaterThan(before)
    expect(session.status()).toMatch(/waiting: Is Dr Amara Okafor within Lantern Moths's Senses/)
    // A seeded raid is undone no further than its last dice roll (the answer above let the dice go on).
    expect(await session.handle("undo")).toEqual({
      kind: "refused",
      why: expect.stringMatching(/\(R-BATTLE-15\)$/),
    })
    expect(await session.handle("creatures no")).toEqual({ kind: "ok" })
    const beforeActivate = await game(file)
    expect(await session.handle("activate wharfside.4")).toEqual({ kind: "ok" })
    expect(session.status()).toMatch(/activating: Jess \(wharfside\.4\)$/)
    expect(await session.handle("undo")).toEqual({ kind: "ok" })
    expect(await game(file)).toEqual(beforeActivate)
    expect(await session.handle("quit")).toEqual({ kind: "quit" })
  })

  it("R-BATTLE-54 --as SIDE: TAB offers only that side's commands, and another side's command is refused", async () => {
    const file = await newRaid("as.json")
    expect(
      (await run("raid", "play", file, "--script", script("to-turn.play", ["choose 0", "creatures no"])))
        .code,
    ).toBe(0)
    const wharfside = await openRaidSession(file, collect(), { as: "wharfside" })
    const gardeners = await openRaidSession(file, collect(), { as: "the-gardeners-of-carrow-fields" })
    const mine = (await run("raid", "legal", file, "--by", "wharfside")).out.trim().split("\n")
    expect(mine).toContain("activate wharfside.4")
    expect(wharfside.completions()).toEqual([...mine, "help", "legal", "show", "undo", "quit"])
    expect(gardeners.completions()).not.toContain("activate wharfside.4")
    const before = readFileSync(file, "utf8")
    expect(await gardeners.handle("activate wharfside.4")).toEqual({
      kind: "refused",
      why: expect.stringMatching(/^refused: .*\(R-BATTLE-54\)$/),
    })
    expect(readFileSync(file, "utf8")).toBe(before)
    expect(await wharfside.handle("activate wharfside.4")).toEqual({ kind: "ok" })
  })

  it("B-BATTLE-01 on a random board, every line TAB offers is accepted: played by its first offer (end first) to the end", async () => {
    const r = await run(
      "raid",
      "new",
      "--refuge",
      join(repo, "examples/rosters/refuge.json"),
      "--refuge",
      join(repo, "examples/rosters/congregation.json"),
      "--seed",
      "3",
      "--board",
      "random",
    )
    const file = join(tmp, "board.json")
    writeFileSync(file, r.out)
    const session = await openRaidSession(file, collect())
    const own = new Set(["help", "legal", "show", "undo", "quit", "yes", "no", "creatures no"])
    let n = 0
    for (; n < 1000; n++) {
      const offered = session.completions().filter((l) => !own.has(l) && !l.startsWith("withdraw "))
      const line = offered.find((l) => l.startsWith("end ")) ?? offered[0]
      if (line === undefined) break
      expect(await session.handle(line), line).toEqual({ kind: "ok" })
    }
    expect(n).toBeGreaterThan(50)
    expect(session.status()).toMatch(/^the raid is over: /)
    expect((await runJson("raid", "replay", file, "--json")).json.redecide).toEqual({ agrees: true })
  }, 120_000)

  it("a raid moves between play and single commands: a `raid do` in between is read before the next line", async () => {
    const file = await newRaid("shared.json")
    const io = collect()
    const session = await openRaidSession(file, io)
    expect((await run("raid", "do", file, "choose", "0")).code).toBe(0)
    expect(await session.handle("creatures no")).toEqual({ kind: "ok" })
    expect(io.out).toMatch(/shared\.json was changed by another command: \d+ events, read again/)
    expect(io.out).toMatch(/Husk \(c2\) ends the activation/)
    expect(session.status()).toMatch(/on turn: Wharfside$/)
  })

  it("lines piped to stdin play as a script, echoed; the prompt is not shown", async () => {
    const file = await newRaid("piped.json")
    const child = spawn(process.execPath, [BIN, "raid", "play", file])
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.stdin.end("choose 0\ncreatures no\nshow\n")
    const code = await new Promise<number | null>((done) => child.on("close", done))
    expect(code).toBe(0)
    expect(out).toMatch(/^> choose 0\n/m)
    expect(out).toMatch(/round 1, activations, on turn: Wharfside\n/)
    expect(out).not.toMatch(/wharfside> /)
  }, 60_000)

  it("R-BATTLE-52 at a terminal: the prompt names whose it is, TAB completes a legal command, a refused line is shown and play goes on", async () => {
    const file = await newRaid("tty.json")
    const stdin = Object.assign(new PassThrough(), { isTTY: true })
    const stdout = new PassThrough()
    let out = ""
    stdout.on("data", (d) => (out += d))
    const played = raidPlay([file], { stdout, stderr: stdout, stdin })
    const type = async (keys: string) => {
      stdin.write(keys)
      await new Promise((r) => setTimeout(r, 50))
    }
    await type("activate wharfside.1\r") // a choice is waiting: refused
    await type("cho\t") // completes to the common part, "choose "
    await type("0\r")
    await type("quit\r")
    expect(await played).toBe(0)
    expect(out).toMatch(/the-gardeners-of-carrow-fields> /)
    expect(out).toMatch(/refused: .*\(R-BATTLE-52\)/)
    expect(out).toMatch(/Initiative order: Lantern Moths/)
    const events = (await runJson("raid", "show", file, "--json")).json.events
    expect(events).toBeGreaterThan(2)
  })

  it("splitLine reads words as a shell does", () => {
    expect(splitLine(`act  wharfside.1 "Rally the \\"Troops\\"" 'it''s' a\\ b`)).toEqual([
      "act",
      "wharfside.1",
      'Rally the "Troops"',
      "its",
      "a b",
    ])
    expect(splitLine(`state ''`)).toEqual(["state", ""])
  })
})
