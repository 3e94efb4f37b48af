/**
 * An integrator's view of the contract: a TypeScript client generated from the served
 * `/openapi.json` with openapi-typescript (types) and openapi-fetch (calls), and a program using
 * every operation (`generated-client/usage.ts`) that must typecheck under `--strict` with no casts
 * and no `unknown` body, and then run against the live server.
 */
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import openapiTS, { astToString } from "openapi-typescript"
import ts from "typescript"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { routes } from "../src/index.js"
import { useEveryOperation } from "./generated-client/usage.js"
import {
  exampleRoster,
  REPO_ROOT,
  type Running,
  sqliteDatabase,
  startTestServer,
  type TestDatabase,
} from "./support/server.js"

let db: TestDatabase
let server: Running
// Under the repository's node_modules, so the program resolves openapi-fetch as an integrator's would.
let dir: string

beforeAll(async () => {
  db = sqliteDatabase()
  server = await startTestServer(db.url)
  mkdirSync(join(REPO_ROOT, "node_modules/.cache"), { recursive: true })
  dir = mkdtempSync(join(REPO_ROOT, "node_modules/.cache/generated-client-"))
})
afterAll(async () => {
  await server?.close()
  await db?.drop()
  if (dir) rmSync(dir, { recursive: true, force: true })
})

describe("a client generated from /openapi.json", () => {
  it("typechecks a program using every operation, under --strict, with no unknown body", async () => {
    // Read as it is, not compressed: the typecheck below blocks this process (the server's too)
    // for seconds, and the keep-alive socket fetch pooled after a gzip answer was found reset by
    // the next test's first request (ECONNRESET); after an uncompressed one it was not.
    const plain = { headers: { "accept-encoding": "identity" } }
    const doc = await (await fetch(`${server.url}/openapi.json`, plain)).json()
    writeFileSync(join(dir, "openapi.d.ts"), astToString(await openapiTS(doc)))
    copyFileSync(new URL("./generated-client/usage.ts", import.meta.url), join(dir, "usage.ts"))
    const program = ts.createProgram([join(dir, "usage.ts")], {
      strict: true,
      noEmit: true,
      exactOptionalPropertyTypes: true,
      noUncheckedIndexedAccess: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.NodeNext,
      moduleResolution: ts.ModuleResolutionKind.NodeNext,
      lib: ["lib.es2023.d.ts", "lib.dom.d.ts"],
      types: [],
      skipLibCheck: true,
    })
    const problems = ts.getPreEmitDiagnostics(program).map((d) => {
      const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : undefined
      return `${d.file?.fileName.replace(dir, "") ?? ""}${at ? `:${at.line + 1}` : ""} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`
    })
    expect(problems).toEqual([])
  }, 120_000)

  it("the program calls every operation of the route table, and they all answer", async () => {
    const source = readFileSync(new URL("./generated-client/usage.ts", import.meta.url), "utf8")
    const missing = routes.filter((r) => !source.includes(`client.${r.method}("${r.path}"`))
    expect(missing.map((r) => `${r.method} ${r.path}`)).toEqual([])
    const roster = (name: string) =>
      JSON.parse(readFileSync(join(REPO_ROOT, `examples/rosters/${name}.json`), "utf8"))
    const s = await useEveryOperation(server.url, {
      refuge: roster("refuge"),
      congregation: roster("congregation"),
    })
    expect(s.operations).toBe(routes.length)
    expect(s.weaponNames.length).toBe(5)
    expect(s.firstSurvivor).toBe(exampleRoster().survivors[0].name)
    expect(s.tripLines).toBe(2)
    expect(s.ledgerEntries).toBeGreaterThan(0)
    expect(s.poolSuccessChances.every((p) => p >= 0)).toBe(true)
    expect(s.checkChance).toBeGreaterThan(0)
    expect(s.characterHp).toBeGreaterThan(0)
    expect(s.worldRegions.length).toBeGreaterThan(0)
    expect(s.raidEvents[0]).toBe("battle.setup")
    expect(s.raidEvents.slice(-2)).toEqual(["commanded", "undone"])
    expect(s.raidVersion).toBeGreaterThan(2)
    expect(s.simulation).toMatchObject({ raids: 2, page: true, listed: 1, cancelStatus: 409 })
    expect(s.simulation.sides.length).toBe(2)
    expect(s.simulation.charts).toBeGreaterThan(0)
    expect(s.simulation.campaignMode).toBe("campaign")
    expect(s.simulation.campaignSurvival).toBeGreaterThanOrEqual(0)
    expect(s.simulation.campaignSurvival).toBeLessThanOrEqual(1)
    expect(s.campaignEvents[0]).toBe("campaign.created")
    expect(s.campaignEvents.at(-1)).toBe("errands.passed")
    expect(s.standingPoints).toEqual([0, 0])
    expect(s.campaignRaid.length).toBeGreaterThan(0)
    expect(s.nightsong).toMatchObject({
      party: ["Ann"],
      undone: true,
      converted: 50,
      rolled: "spark",
      own: "solo",
    })
    expect(s.nightsong.landSession).toBe(2)
    expect([...s.nightsong.listed].sort()).toEqual(["ann", "solo"])
    expect(s.nightsong.legal).toContain("check")
    expect(s.nightsong.events[0]).toBe("started")
    expect(s.nightsong.packs).toEqual([
      "generated-lights",
      "Glow",
      "nightsong@0.1.0",
      "generated-lights@0.1.0",
    ])
    expect(s.nightsong.events.slice(-2)).toEqual(["undone", "undone"])
  }, 60_000)
})
