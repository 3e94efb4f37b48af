import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { RefugeExamples } from "@blight/rules"
import { describe, expect, it } from "vitest"
import { run, runJson, spawnBlight } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const refugeFile = join(repo, "examples/rosters/refuge.json")
const congregationFile = join(repo, "examples/rosters/congregation.json")
const tmp = mkdtempSync(join(tmpdir(), "blight-found-"))
const write = (name: string, body: unknown) => {
  const f = join(tmp, name)
  writeFileSync(f, typeof body === "string" ? body : JSON.stringify(body))
  return f
}

describe("blight found", () => {
  it("B-FOUNDING-01 B-FOUNDING-10 the example Refuge founds, with its stores and opening Ledger", async () => {
    const r = await runJson("found", refugeFile, "--json")
    expect(r.code).toBe(0)
    expect(r.json.valid).toBe(true)
    expect(r.json.refuge.kind).toBe("refuge")
    expect(r.json.refuge.survivors).toHaveLength(5)
    expect(r.json.refuge.stores.meds).toBe(1)
    expect(r.json.refuge.stores.rations).toBeGreaterThanOrEqual(5)
    expect(r.json.refuge.ledger[0]).toMatchObject({ store: "salvage", amount: 150, clause: "B-FOUNDING-01" })
    const sum = r.json.refuge.ledger
      .filter((e: { store: string }) => e.store === "salvage")
      .reduce((a: number, e: { amount: number }) => a + e.amount, 0)
    expect(sum).toBe(r.json.refuge.stores.salvage)
  })

  it("B-FOUNDING-03 B-FOUNDING-06 B-FOUNDING-08 9 survivors, 3 Doctors, a Rare item and 3 weapons: all four errors with clauses", async () => {
    const roster = {
      name: "Too Many",
      home: "shopping-mall",
      survivors: [
        { name: "A", background: "doctor", leader: true, weapons: ["knife", "crowbar", "baseball-bat"] },
        { name: "B", background: "doctor", weapons: ["chainsaw"] },
        { name: "C", background: "doctor" },
        ...["student", "office-worker", "waitress", "courier", "labourer", "rough-sleeper"].map(
          (background, i) => ({ name: `S${i}`, background }),
        ),
      ],
    }
    const r = await runJson("found", write("nine.json", roster), "--json")
    expect(r.code).toBe(1)
    const out = JSON.parse((await run("found", write("nine.json", roster), "--json")).out)
    expect(out.valid).toBe(false)
    const got = out.errors.map((e: { clause: string; path: string }) => `${e.clause} ${e.path}`)
    expect(got).toEqual(
      expect.arrayContaining([
        "B-FOUNDING-03 survivors",
        "B-FOUNDING-03 survivors[2].background",
        "B-FOUNDING-08 survivors[1].weapons[0]",
        "B-FOUNDING-06 survivors[0].weapons",
      ]),
    )
    for (const e of out.errors) expect(Object.keys(e).sort()).toEqual(["clause", "message", "path"])
  })

  it("B-CONGREGATION-03 the example Congregation founds with every member at 3 Blight and a Gift and a Mark", async () => {
    const r = await runJson("found", congregationFile, "--json", "--seed", "7")
    expect(r.code).toBe(0)
    expect(r.json.refuge.kind).toBe("congregation")
    for (const m of r.json.refuge.survivors) {
      expect(m.blight).toBe(3)
      expect(m.gifts).toHaveLength(1)
      expect(m.marks).toHaveLength(1)
    }
    expect(r.json.refuge.survivors.filter((m: { role?: string }) => m.role === "verdantMother")).toHaveLength(
      1,
    )
    const again = await runJson("found", congregationFile, "--json", "--seed", "7")
    expect(again.json).toEqual(r.json)
  })

  it("--example prints a roster that founds; the files in examples/rosters are the same rosters", async () => {
    for (const flag of [[], ["--congregation"]]) {
      const ex = await run("found", "--example", ...flag)
      expect(ex.code).toBe(0)
      const f = write(`ex${flag.length}.json`, ex.out)
      expect((await run("found", f, "--seed", "1")).code).toBe(0)
    }
    const { $schema: _a, ...refuge } = JSON.parse(readFileSync(refugeFile, "utf8"))
    const { $schema: _b, ...congregation } = JSON.parse(readFileSync(congregationFile, "utf8"))
    expect(refuge).toEqual(RefugeExamples.exampleRefuge)
    expect(congregation).toEqual(RefugeExamples.exampleCongregation)
  })

  it("B-FOUNDING-04 R-CONTENT-26 prints a readable sheet without --json, the Leader with the Leader rules' +1 Nerve", async () => {
    const r = await run("found", refugeFile)
    expect(r.code).toBe(0)
    expect(r.out).toMatch(/^Wharfside: a refuge at (The )?Corner Shop, founded/)
    expect(r.out).toMatch(/Sergeant Hollis \(Leader\), Police Officer: M5 F2 S3 W2 N4 H2 A0/)
    const bad = await run("found", write("bad.json", { name: "X", home: "castle", survivors: [] }))
    expect(bad.code).toBe(1)
    expect(bad.out).toMatch(/home: there is no Home "castle" \(B-FOUNDING-02\)/)
  })

  it.each([
    [["found"], /which roster/],
    [["found", "/nonexistent/roster.json"], /no such file/],
    [["found", "a.json", "b.json"], /unexpected argument/],
    [["found", "--congregation"], /--congregation goes with --example/],
    [["found", "--example", "x.json"], /--example takes no file/],
  ])("bad arguments %j print one line and exit 2", async (args, message) => {
    const r = await run(...args)
    expect(r.code).toBe(2)
    expect(r.err.trim().split("\n")).toHaveLength(1)
    expect(r.err).toMatch(message)
  })

  it("R-BUILDER-08 a wrongly shaped roster names the rule each field serves, and exits 1", async () => {
    const roster = JSON.parse(readFileSync(refugeFile, "utf8"))
    const r = await run("found", write("shape.json", { ...roster, reloads: -1, relaods: 2 }), "--json")
    expect(r.code).toBe(1)
    expect(JSON.parse(r.out).errors).toEqual([
      {
        path: "relaods",
        message: expect.stringMatching(/^is unexpected/),
        clause: "R-BUILDER-08",
      },
      { path: "reloads", message: "Expected a number between 0 and 100, actual -1", clause: "B-FOUNDING-09" },
    ])
  })

  it("R-BUILDER-07 a roster with thousands of problems lists 50 and counts the rest", async () => {
    const survivors = Array.from({ length: 1000 }, (_, i) => ({ name: `X${i}`, background: "nobody" }))
    const f = write("huge.json", { name: "Huge", home: "church", survivors })
    const json = JSON.parse((await run("found", f, "--json")).out)
    expect(json.errors).toHaveLength(50)
    expect(json.omitted).toBe(1003 - 50)
    const text = await run("found", f)
    expect(text.code).toBe(1)
    const lines = text.out.trim().split("\n")
    expect(lines[0]).toMatch(/: 1003 problems$/)
    expect(lines).toHaveLength(1 + 50 + 1)
    expect(lines.at(-1)).toBe("  … and 953 more, not listed (R-BUILDER-07)")
  })

  it("a file that is not JSON exits 2 naming the file", async () => {
    const r = await run("found", write("broken.json", "{ nope"))
    expect(r.code).toBe(2)
    expect(r.err).toMatch(/broken\.json: not valid JSON/)
  })

  it("the built binary founds the example from the repo root (npx blight found examples/rosters/refuge.json --json)", async () => {
    const r = await spawnBlight("found", refugeFile, "--json")
    expect(r.code).toBe(0)
    expect(JSON.parse(r.out).valid).toBe(true)
  }, 30_000)
})
