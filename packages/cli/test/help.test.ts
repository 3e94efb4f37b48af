import { spawn } from "node:child_process"
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { verbs } from "../src/commands/index.js"
import { BIN, run, spawnBlight } from "./helpers.js"

describe("help", () => {
  it("every verb answers --help with its usage, exit 0", async () => {
    for (const verb of ["roll", "odds", "found", "pack", "content", "nightsong"]) {
      const r = await run(verb, "--help")
      expect(r.code, verb).toBe(0)
      expect(r.out, verb).toMatch(/usage/)
    }
  })

  it("blight --help lists every verb from the static table, each line the verb's own summary", async () => {
    const r = await run("--help")
    expect(r.code).toBe(0)
    for (const [name, verb] of Object.entries(verbs)) {
      expect((await verb.load()).summary, name).toBe(verb.summary)
      expect(r.out, name).toContain(`  ${name.padEnd(10)} ${verb.summary}\n`)
    }
  })

  it("the binary (its bundle) reads a verb's bad argument as a usage error, exit 2, also from the unbundled `sim`", async () => {
    const roll = await spawnBlight("roll", "pool", "x")
    expect(roll).toMatchObject({ code: 2, out: "" })
    expect(roll.err).toMatch(/^blight roll: .*"x"\n$/)
    const sim = await spawnBlight("sim", "--raids", "x")
    expect(sim).toEqual({ code: 2, out: "", err: 'blight sim: --raids: expected a whole number, got "x"\n' })
  })

  it("a sub-verb's --help shows that sub-verb's usage", async () => {
    const r = await run("nightsong", "character", "--help")
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/blight nightsong character/)
  })

  it("--version prints the package's own version", async () => {
    const { version } = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
    expect(await run("--version")).toEqual({ code: 0, out: `${version}\n`, err: "" })
  })

  it("an unknown verb exits 2 and lists the verbs", async () => {
    const r = await run("frobnicate")
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/unknown verb "frobnicate" \(try: roll, odds/)
  })
  it("a reader that stops early (`blight … | head`) ends it quietly: exit 0, no EPIPE trace", async () => {
    // The reading end is closed before the CLI writes, so its first write fails with EPIPE.
    const child = spawn(process.execPath, [BIN, "content", "list", "creatures", "--json"])
    child.stdout.destroy()
    let err = ""
    child.stderr.on("data", (d) => (err += d))
    const code = await new Promise<number | null>((done) => child.on("close", done))
    expect(err).toBe("")
    expect(code).toBe(0)
  })
})
