/**
 * The bytes of the fixed answers a browser loads (`npm run bench -w @blight/api`, after a build):
 * the GraphiQL page (`GET /graphql` with Accept: text/html), `/openapi.json`, and the /docs page
 * and its largest asset, each as sent with no Accept-Encoding, with gzip and with brotli (the
 * service compresses each once, on its first ask: that first ask's time is printed too; later asks
 * send the kept bytes). The real service on loopback, SQLite in a temp dir.
 */
import { mkdtempSync, rmSync } from "node:fs"
import { request } from "node:http"
import { tmpdir } from "node:os"
import { join } from "node:path"

const PAGES = [
  { name: "GraphiQL page (GET /graphql)", path: "/graphql", accept: "text/html" },
  { name: "GET /openapi.json", path: "/openapi.json", accept: "application/json" },
  { name: "GET /docs", path: "/docs", accept: "text/html" },
  { name: "GET /docs/swagger-ui-bundle.js", path: "/docs/swagger-ui-bundle.js", accept: "*/*" },
]

/** The bytes on the wire (node:http does not decompress), its encoding, and the time to the last byte. */
const fetchRaw = (url, headers) =>
  new Promise((resolve, reject) => {
    const started = performance.now()
    request(url, { headers }, (res) => {
      let bytes = 0
      res.on("data", (c) => (bytes += c.length))
      res.on("end", () =>
        resolve({
          bytes,
          encoding: res.headers["content-encoding"] ?? "identity",
          ms: performance.now() - started,
        }),
      )
      res.on("error", reject)
    })
      .on("error", reject)
      .end()
  })

const kb = (n) => `${(n / 1024).toFixed(n < 10_240 ? 1 : 0)} KB`

const main = async () => {
  const { defaults, startServer } = await import("../dist/index.js")
  const dir = mkdtempSync(join(tmpdir(), "blight-api-pages-"))
  const server = await startServer(
    { ...defaults, port: 0, host: "127.0.0.1", databaseUrl: `file:${join(dir, "bench.db")}` },
    { log: () => {} },
  )
  try {
    console.log(
      "\nPage sizes: bytes sent, as they are and compressed (first ask: time to compress and send)\n",
    )
    console.log("| answer | as is | gzip | brotli | gzip first ask | brotli first ask |")
    console.log("|---|---:|---:|---:|---:|---:|")
    for (const page of PAGES) {
      const url = server.url + page.path
      const plain = await fetchRaw(url, { accept: page.accept })
      const gzip = await fetchRaw(url, { accept: page.accept, "accept-encoding": "gzip" })
      const br = await fetchRaw(url, { accept: page.accept, "accept-encoding": "br" })
      if (gzip.encoding !== "gzip" || br.encoding !== "br")
        throw new Error(`${page.path} was not compressed (${gzip.encoding}, ${br.encoding})`)
      const pct = (n) => `${((100 * n) / plain.bytes).toFixed(0)}%`
      console.log(
        `| ${page.name} | ${kb(plain.bytes)} | ${kb(gzip.bytes)} (${pct(gzip.bytes)}) | ${kb(br.bytes)} (${pct(br.bytes)}) | ${gzip.ms.toFixed(0)} ms | ${br.ms.toFixed(0)} ms |`,
      )
    }
  } finally {
    await server.close()
    rmSync(dir, { recursive: true, force: true })
  }
}

await main()
