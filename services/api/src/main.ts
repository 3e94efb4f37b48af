/**
 * `npm start`: the service on HOST:PORT (default 127.0.0.1:4000) with DATABASE_URL (default an
 * embedded SQLite file at ./data/blight.db); the settings not in the environment are read from
 * `.env` in the working directory, when there is one (.env.example lists them).
 */
import { fromEnv } from "./config.js"
import { loadDotEnv } from "./dotenv.js"

let config: ReturnType<typeof fromEnv>
try {
  loadDotEnv()
  config = fromEnv()
} catch (e) {
  console.error(`blight-api: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(2)
}
// Loaded after the settings are read: a bad setting is refused at once, not after the server loads.
const { startServer } = await import("./http/listen.js")
const s = await startServer(config).catch((e: unknown) => {
  console.error(`blight-api: could not start: ${e instanceof Error ? e.message : String(e)}`)
  process.exit(1)
})
console.log(`Blight Rules API on ${s.url}  (database: ${config.databaseUrl.replace(/\/\/[^@]*@/, "//…@")})`)
console.log(`  API reference  ${s.url}/docs`)
console.log(`  GraphQL        ${s.url}/graphql`)
console.log(`  OpenAPI        ${s.url}/openapi.json`)
// Graceful (docs/deploy.md): /ready says 503, requests in flight are answered, then the pool closes.
const stop = async (signal: string) => {
  console.log(`${signal}: draining (up to ${config.shutdownGraceMs} ms for requests in flight)`)
  await s.close()
  process.exit(0)
}
process.once("SIGINT", () => void stop("SIGINT"))
process.once("SIGTERM", () => void stop("SIGTERM"))
