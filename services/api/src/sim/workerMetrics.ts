/**
 * A `blight-worker`'s own metrics (docs/deploy.md#metrics), in the Prometheus text format on
 * WORKER_METRICS_HOST:WORKER_METRICS_PORT at `/metrics`: its beats, the stopped workers it swept,
 * and the chunks it played with their times. A worker answers no other HTTP; the port is for the
 * scraper on the workers' own network (bound to 127.0.0.1 unless told otherwise), with no token.
 */
import { createServer } from "node:http"
import { Counter, Histogram, Registry } from "prom-client"

export const workerMetrics = () => {
  const registry = new Registry()
  const beats = new Counter({
    name: "blight_worker_beats_total",
    help: "This worker's beats (its row in simulation_workers renewed): ok, or failed (the database did not answer)",
    labelNames: ["outcome"] as const,
    registers: [registry],
  })
  const swept = new Counter({
    name: "blight_worker_swept_total",
    help: "Workers this one found stopped (no beat for WORKER_DEAD_AFTER) and whose jobs it unlocked",
    registers: [registry],
  })
  const played = new Histogram({
    name: "blight_worker_chunk_duration_seconds",
    help: "Chunks this worker played (the count), and how long each took, from its claim to its summaries stored",
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300],
    registers: [registry],
  })
  return {
    beat: (ok: boolean, sweptNow = 0) => {
      beats.inc({ outcome: ok ? "ok" : "failed" })
      if (sweptNow > 0) swept.inc(sweptNow)
    },
    played: (seconds: number) => played.observe(seconds),
    /** Serves `/metrics`; resolves once listening, with the bound port and how to stop. */
    serve: async (host: string, port: number) => {
      const server = createServer((req, res) => {
        if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
          res.writeHead(404, { "content-type": "text/plain" }).end("not found: GET /metrics\n")
          return
        }
        registry.metrics().then(
          (text) => res.writeHead(200, { "content-type": registry.contentType }).end(text),
          () => res.writeHead(500).end(),
        )
      })
      await new Promise<void>((resolve, reject) => {
        server.once("error", reject)
        server.listen(port, host, () => resolve())
      })
      const address = server.address()
      return {
        port: typeof address === "object" && address ? address.port : port,
        close: () => new Promise<void>((resolve) => server.close(() => resolve())),
      }
    },
  }
}
