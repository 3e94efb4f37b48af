/**
 * Browser smoke test: the API reference (/docs, Swagger UI) and GraphiQL (/graphql) of a real
 * server, loaded in headless Chromium (Debian's /usr/bin/chromium, driven by playwright-core; no
 * browser is ever downloaded). `.ci/run` installs Chromium; without it these tests are skipped.
 */
import { existsSync, mkdtempSync, rmSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { type BrowserContext, chromium, type Page } from "playwright-core"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { type Running, sqliteDatabase, startTestServer, type TestDatabase } from "./support/server.js"

const CHROMIUM = "/usr/bin/chromium"
const noChromium = !existsSync(CHROMIUM)
const SKIP = noChromium ? ` (skipped: ${CHROMIUM} is not installed; .ci/run installs Debian's chromium)` : ""

/** Swagger UI breaks paths with zero-width spaces so they wrap; compare without them. */
const visibleText = (s: string) => s.replace(/\u200b/g, "")

describe("the service in a browser", () => {
  let db: TestDatabase
  let server: Running
  let context: BrowserContext
  let profile: string
  /** Every request a page made, and every error it threw. */
  const requests: string[] = []
  const pageErrors: string[] = []

  const open = async (path: string): Promise<Page> => {
    const page = await context.newPage()
    page.on("request", (r) => requests.push(r.url()))
    page.on("pageerror", (e) => pageErrors.push(`${path}: ${e.message}`))
    await page.goto(server.url + path, { waitUntil: "load", timeout: 20_000 })
    return page
  }

  beforeAll(async () => {
    if (noChromium) return
    db = sqliteDatabase()
    server = await startTestServer(db.url)
    profile = mkdtempSync(join(tmpdir(), "blight-chromium-"))
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM,
      headless: true,
      timeout: 30_000,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    })
  })
  afterAll(async () => {
    await context?.close()
    await server?.close()
    await db?.drop()
    if (profile) rmSync(profile, { recursive: true, force: true })
  })

  it.skipIf(noChromium)(
    `/docs renders the API reference with the Refuge endpoints, from the server alone${SKIP}`,
    async () => {
      const page = await open("/docs")
      // Swagger UI fetches /openapi.json and renders one block per operation
      const trip = page.locator('.opblock[id*="refugeMarketTrip"] .opblock-summary-path')
      await trip.waitFor({ state: "visible", timeout: 20_000 })
      // biome-ignore lint/performance/useDomNodeTextContent: the text as the reader sees it
      expect(visibleText(await trip.innerText())).toBe("/v1/refuges/{id}/market-trips")
      const paths = (await page.locator(".opblock-summary-path").allInnerTexts()).map(visibleText)
      expect(paths).toEqual(
        expect.arrayContaining([
          "/v1/refuges",
          "/v1/refuges/{id}",
          "/v1/refuges/{id}/ledger",
          "/v1/refuges/{id}/market-trips",
          "/v1/players",
        ]),
      )
      // biome-ignore lint/performance/useDomNodeTextContent: the text as the reader sees it
      await expect.poll(() => page.locator(".info .title").innerText()).toMatch(/^Blight Rules API/)
      expect(await page.locator(".opblock-tag-section h3").allInnerTexts()).toEqual(
        expect.arrayContaining(["refuges", "congregations", "dice", "content"]),
      )

      const shot = join(tmpdir(), "blight-api-docs.png") // one file, replaced by each run, to look at
      await page.screenshot({ path: shot, fullPage: false })
      expect(statSync(shot).size).toBeGreaterThan(10_000)
      console.log(`screenshot of /docs: ${shot}`)

      // everything the page loaded came from the server itself, and nothing threw
      const elsewhere = requests.filter((u) => !u.startsWith(server.url) && !u.startsWith("data:"))
      expect(elsewhere, "the docs page reached beyond the server").toEqual([])
      expect(pageErrors).toEqual([])
      await page.close()
    },
  )

  it.skipIf(noChromium)(
    `/graphql renders GraphiQL, from the server alone, and runs a query from its editor${SKIP}`,
    async () => {
      const before = requests.length
      const query = "{ health listContent(kind: backgrounds, limit: 1) { total } }"
      const page = await open(`/graphql?query=${encodeURIComponent(query)}`)
      expect(await page.title()).toBe("Blight Rules GraphQL")
      // the editor, with the query from the address, and its Run button
      const run = page.locator(".graphiql-execute-button")
      await run.waitFor({ state: "visible", timeout: 20_000 })
      await expect.poll(() => page.locator(".graphiql-query-editor").textContent()).toContain("listContent")
      await run.click()
      await page.waitForFunction(
        () => document.querySelector(".graphiql-response")?.textContent?.includes('"health"'),
        null,
        { timeout: 20_000 },
      )
      const answer = (await page.locator(".graphiql-response").textContent()) ?? ""
      expect(answer).toMatch(/"health":\s*"ok"/)
      expect(answer).toMatch(/"total":\s*[1-9]\d*/)
      expect(answer).not.toContain('"errors"')
      // GraphiQL's code and styles came from the server (its editor's workers from blob: URLs it made)
      const elsewhere = requests
        .slice(before)
        .filter(
          (u) => !u.startsWith(server.url) && !u.startsWith(`blob:${server.url}`) && !u.startsWith("data:"),
        )
      expect(elsewhere, "GraphiQL reached beyond the server").toEqual([])
      expect(pageErrors).toEqual([])
      await page.close()
    },
  )
})
