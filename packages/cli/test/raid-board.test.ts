import { mkdtempSync, readFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const refuge = join(repo, "examples/rosters/refuge.json")
const congregation = join(repo, "examples/rosters/congregation.json")

describe("blight raid on a board", () => {
  it("new --board random, auto plays it to its end on the board, show --svg draws it, replay agrees", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-board-"))
    const made = await run(
      "raid",
      "new",
      "--refuge",
      refuge,
      "--refuge",
      congregation,
      "--board",
      "random",
      "--seed",
      "7",
    )
    expect(made.code).toBe(0)
    const file = join(dir, "r.json")
    const { writeFileSync } = await import("node:fs")
    writeFileSync(file, made.out)
    const auto = await run("raid", "auto", file, "--json")
    expect(auto.code).toBe(0)
    const played = JSON.parse(auto.out) as { over: boolean; hash: string; result?: unknown }
    expect(played.over).toBe(true)
    const svg = join(dir, "b.svg")
    const show = await run("raid", "show", file, "--json", "--svg", svg)
    const shown = JSON.parse(show.out) as { over: boolean; hash: string; state: { board?: unknown } }
    expect(shown.over).toBe(true)
    expect(shown.hash).toBe(played.hash)
    expect(shown.state.board).toBeDefined()
    expect(readFileSync(svg, "utf8")).toMatch(/^<svg /)
    const replay = await run("raid", "replay", file, "--json")
    expect(JSON.parse(replay.out)).toMatchObject({ hash: played.hash, redecide: { agrees: true } })
  })

  it("show --svg of a raid on a declared table is one line and exit 2", async () => {
    const dir = mkdtempSync(join(tmpdir(), "blight-board-"))
    const made = await run("raid", "new", "--refuge", refuge, "--refuge", congregation, "--seed", "7")
    const file = join(dir, "r.json")
    const { writeFileSync } = await import("node:fs")
    writeFileSync(file, made.out)
    const show = await run("raid", "show", file, "--svg", join(dir, "b.svg"))
    expect(show.code).toBe(2)
    expect(show.err).toMatch(/declared table/)
  })
})
