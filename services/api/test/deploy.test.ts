/**
 * The deployment files (docs/deploy.md) agree with the service: images can't be pulled here, so
 * compose.yaml is checked by parsing it, and every variable it (or .env.example) sets must be one
 * the service reads and documents.
 */
import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { parse } from "yaml"
import { defaults, fromEnv, localRequests } from "../src/index.js"
import { REPO_ROOT } from "./support/server.js"

// biome-ignore lint/suspicious/noExplicitAny: parsed documents the assertions reach into
type Json = any

const read = (file: string) => readFileSync(join(REPO_ROOT, file), "utf8")

/** NAME=default pairs of .env.example, in order. */
const examples = (): Array<[string, string]> =>
  read(".env.example")
    .split("\n")
    .filter((l) => /^[A-Z_]+=/.test(l))
    .map((l) => [l.slice(0, l.indexOf("=")), l.slice(l.indexOf("=") + 1)])

/** Another valid value than the default, to see whether the service reads the variable at all. */
const another = (name: string, value: string): string =>
  // (empty: a default that depends on HOST; a number is another value)
  name === "RATE_LIMIT_REQUESTS"
    ? "600"
    : /^\d+$/.test(value)
      ? String(Number(value) + 1)
      : value.startsWith("file:")
        ? "postgres://u@h/db"
        : value === ""
          ? "10.0.0.1"
          : "0.0.0.0"

describe("deployment settings", () => {
  it(".env.example lists each setting with its real default, and each one is read by the service", () => {
    const base = fromEnv({})
    // the defaults, but the budget of a server only this machine reaches (the next test)
    expect(base).toEqual({ ...defaults, rateLimit: { ...defaults.rateLimit, requests: localRequests } })
    for (const [name, value] of examples()) {
      // The example's value is the default: setting it changes nothing; another value changes something.
      expect(fromEnv({ [name]: value }), name).toEqual(base)
      expect(fromEnv({ [name]: another(name, value) }), name).not.toEqual(base)
    }
  })

  it("RATE_LIMIT_REQUESTS unset: 6000 on a server only this machine reaches, 600 on one others reach or behind a proxy", () => {
    const requests = (env: NodeJS.ProcessEnv) => fromEnv(env).rateLimit.requests
    expect(localRequests).toBe(6000)
    expect(defaults.rateLimit.requests).toBe(600)
    for (const HOST of ["127.0.0.1", "127.0.0.2", "::1", "localhost"]) {
      expect(requests({ HOST }), HOST).toBe(6000)
      expect(requests({ HOST, RATE_LIMIT_REQUESTS: "" }), HOST).toBe(6000)
    }
    for (const HOST of ["0.0.0.0", "::", "10.0.0.5", "127.0.0.1.example.org"])
      expect(requests({ HOST }), HOST).toBe(600)
    expect(requests({ TRUST_PROXY: "127.0.0.1" })).toBe(600)
    // set, it is what it says wherever the server listens
    expect(requests({ RATE_LIMIT_REQUESTS: "600" })).toBe(600)
    expect(requests({ HOST: "0.0.0.0", RATE_LIMIT_REQUESTS: "9000" })).toBe(9000)
    for (const bad of ["0", "1.5", "many", "10000001"])
      expect(() => fromEnv({ RATE_LIMIT_REQUESTS: bad }), bad).toThrow(
        "RATE_LIMIT_REQUESTS: expected a whole number from 1 to 10000000",
      )
  })

  it(".env.example lists every variable the service reads (services/api/src/config.ts)", () => {
    const read = [
      ...readFileSync(join(REPO_ROOT, "services/api/src/config.ts"), "utf8").matchAll(
        /(?:int|text)\("([A-Z_]+)"/g,
      ),
    ].map((m) => m[1]!)
    expect(read.length).toBeGreaterThan(10)
    const listed = new Set(examples().map(([name]) => name))
    expect(read.filter((name) => !listed.has(name))).toEqual([])
  })

  it("docs/deploy.md names every setting", () => {
    const doc = read("docs/deploy.md")
    const missing = examples()
      .map(([name]) => name)
      .filter((name) => !doc.includes(`\`${name}\``))
    expect(missing).toEqual([])
  })

  it("compose.yaml: instances on one PostgreSQL, only settings the service reads, behind a proxy that routes by /ready", () => {
    const compose = parse(read("compose.yaml"), { merge: true }) as {
      services: Record<string, Json>
      networks: Record<string, Json>
    }
    const known = new Set(examples().map(([name]) => name))
    // The API instances: built from the repository, running the image's own command (the server).
    const instances = Object.entries(compose.services).filter(
      ([, s]) => s.build !== undefined && s.command === undefined,
    )
    expect(instances.length).toBeGreaterThanOrEqual(2)
    const proxy = compose.services.proxy
    const proxyAddress = proxy.networks.backend.ipv4_address
    for (const [name, s] of instances) {
      const env = s.environment as Record<string, string>
      expect(
        Object.keys(env).filter((k) => !known.has(k)),
        name,
      ).toEqual([])
      // Each value is one the service accepts (fromEnv throws one line on a bad one).
      const config = fromEnv(env)
      expect(config.databaseUrl).toMatch(/^postgres:\/\//)
      expect(config.host).toBe("0.0.0.0")
      expect(config.trustProxy).toEqual([proxyAddress])
      // SIGKILL comes after the grace period, so requests in flight can finish.
      expect(Number.parseInt(s.stop_grace_period, 10) * 1000).toBeGreaterThan(config.shutdownGraceMs)
      expect(s.depends_on.db.condition).toBe("service_healthy")
    }
    const urls = new Set(instances.map(([, s]) => s.environment.DATABASE_URL))
    expect(urls.size).toBe(1)
    const caddy = read(proxy.volumes[0].split(":")[0].replace(/^\.\//, ""))
    const upstreams = /reverse_proxy\s+([^{]+)\{/.exec(caddy)?.[1]?.trim().split(/\s+/)
    expect(upstreams?.sort()).toEqual(instances.map(([n, s]) => `${n}:${s.environment.PORT}`).sort())
    expect(caddy).toMatch(/health_uri \/ready/)
    expect(compose.networks.backend.ipam.config[0].subnet).toBe("172.28.0.0/24")
  })

  it("compose.yaml: Prometheus scrapes every instance's /metrics, and only those, with their METRICS_TOKEN", () => {
    const compose = parse(read("compose.yaml"), { merge: true }) as {
      services: Record<string, Json>
      secrets: Record<string, Json>
    }
    const instances = Object.entries(compose.services).filter(
      ([, s]) => s.build !== undefined && s.command === undefined,
    )
    const prometheus = compose.services.prometheus
    const mounted = prometheus.volumes.find((v: string) => v.endsWith(":/etc/prometheus/prometheus.yml:ro"))
    const config = parse(read(mounted.split(":")[0].replace(/^\.\//, ""))) as Json
    const jobs = config.scrape_configs as Json[]
    expect(jobs.map((j) => j.job_name)).toEqual(["blight-api", "blight-worker"])
    const job = jobs[0]
    expect(job.metrics_path).toBe("/metrics")
    const targets = job.static_configs.flatMap((c: Json) => c.targets)
    expect([...targets].sort()).toEqual(instances.map(([n, s]) => `${n}:${s.environment.PORT}`).sort())
    // The token: the instances' METRICS_TOKEN, and Prometheus's secret made from the same variable.
    for (const [name, s] of instances)
      expect(s.environment.METRICS_TOKEN, name).toMatch(/^\$\{METRICS_TOKEN[:?}]/)
    const [secret] = prometheus.secrets
    expect(compose.secrets[secret].environment).toBe("METRICS_TOKEN")
    expect(job.authorization).toEqual({ type: "Bearer", credentials_file: `/run/secrets/${secret}` })
    expect(prometheus.networks).toEqual(["backend"])
    // The workers: every replica of the worker service, on its WORKER_METRICS_PORT.
    const workers = jobs[1].dns_sd_configs[0]
    const worker = compose.services.worker.environment
    expect(workers.names).toEqual(["worker"])
    expect(String(workers.port)).toBe(worker.WORKER_METRICS_PORT)
    expect(worker.WORKER_METRICS_HOST).toBe("0.0.0.0")
    expect(compose.services.worker.ports).toBeUndefined()
    // The proxy does not pass /metrics on from outside.
    expect(read("deploy/Caddyfile")).toMatch(/respond \/metrics 404/)
  })

  it("compose.yaml: simulation workers run blight-worker on the instances' PostgreSQL", () => {
    const compose = parse(read("compose.yaml"), { merge: true }) as { services: Record<string, Json> }
    const worker = compose.services.worker
    const bin = JSON.parse(read("services/api/package.json")).bin["blight-worker"]
    expect(worker.command).toEqual(["node", join("services/api", bin)])
    expect(existsSync(join(REPO_ROOT, worker.command[1]))).toBe(true)
    expect(worker.environment.DATABASE_URL).toBe(compose.services["api-1"].environment.DATABASE_URL)
    expect(Object.keys(worker.environment).sort()).toEqual([
      "DATABASE_URL",
      "WORKER_METRICS_HOST",
      "WORKER_METRICS_PORT",
      "WORKER_THREADS",
    ])
    expect(worker.depends_on.db.condition).toBe("service_healthy")
    expect(worker.deploy.replicas).toBeGreaterThanOrEqual(2)
  })

  it("the Dockerfile runs the built service the repository builds", () => {
    const docker = read("Dockerfile")
    const cmd = /^CMD \["node", "([^"]+)"\]/m.exec(docker)?.[1]
    expect(cmd).toBe("services/api/dist/main.js")
    expect(existsSync(join(REPO_ROOT, cmd!))).toBe(true)
    expect(read(".dockerignore")).toMatch(/node_modules/)
  })
})
