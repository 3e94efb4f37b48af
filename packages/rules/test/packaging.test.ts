/**
 * The published packages as a stranger gets them: each is packed (`npm pack`, which builds it
 * first), the tarballs are installed in a fresh temp project next to `effect` one patch away from
 * the repo's, and `examples/consumer/` plus every `ts run` block of the READMEs is typechecked
 * under `--strict` with NodeNext and with Bundler resolution (no skipLibCheck) and run.
 *
 * Slow (about a minute: four packs, an install from the npm cache, two typechecks), so it runs
 * once per `npm test`, with generous timeouts rather than timing anything.
 */
import { execFile } from "node:child_process"
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { dirname, join, relative } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, beforeAll, describe, expect, it } from "vitest"

const run = promisify(execFile)
const root = fileURLToPath(new URL("../../../", import.meta.url))
const PACKAGES = ["dice", "engine", "rules", "nightsong", "cli"] as const
/** One patch away from the repo's effect, so a second copy would show. */
const CONSUMER_EFFECT = "4.1.4"
// The repository's compiler is TypeScript 7 (`@typescript/native`, the native `tsc`); TypeScript 6
// stays beside it as `typescript` for the tools that need its JavaScript API. A consumer may have
// either, so the consumer is checked with both.
const req = createRequire(import.meta.url)
const binOf = (pkg: string, bin: string) => join(dirname(req.resolve(`${pkg}/package.json`)), "bin", bin)
const TSC = { ts7: binOf("@typescript/native", "tsc"), ts6: binOf("typescript", "tsc6") }

interface Packed {
  readonly filename: string
  readonly files: ReadonlyArray<{ readonly path: string }>
}

let tmp = ""
let consumer = ""
const packed = new Map<string, Packed>()

const npm = (args: string[], cwd: string) =>
  run("npm", args, { cwd, encoding: "utf8", maxBuffer: 32 * 1024 * 1024, timeout: 120_000 })
// The typecheck passes its own, longer limit (a loaded machine took over 60 s for it).
const node = (args: string[], cwd: string, timeout = 60_000) =>
  run(process.execPath, args, { cwd, encoding: "utf8", timeout })

/** The `ts run` blocks of a README: whole programs, compiled and run against the packed packages. */
const runnableBlocks = (readme: string): string[] =>
  [...readme.matchAll(/^```ts run\n([\s\S]*?)^```$/gm)].map((m) => m[1]!)

const manifestOf = (name: string) =>
  JSON.parse(readFileSync(join(consumer, "node_modules", "@blight", name, "package.json"), "utf8"))

/** Every file below `dir` (relative), skipping nested node_modules. */
const walk = (dir: string, out: string[] = []): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === "node_modules") continue
    const full = join(dir, entry.name)
    if (entry.isDirectory()) walk(full, out)
    else out.push(full)
  }
  return out
}

/** Every package.json below `dir`, nested node_modules included (to find every copy of a package). */
const walkAll = (dir: string, out: string[] = []): string[] => {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name)
    if (entry.isDirectory() && entry.name !== "dist" && entry.name !== "src") walkAll(full, out)
    else if (entry.name === "package.json") out.push(full)
  }
  return out
}

beforeAll(async () => {
  tmp = mkdtempSync(join(tmpdir(), "blight-pack-"))
  for (const name of PACKAGES) {
    const { stdout } = await npm(["pack", "--json", "--pack-destination", tmp], join(root, "packages", name))
    const [info] = JSON.parse(stdout) as Packed[]
    packed.set(name, info!)
  }
  consumer = join(tmp, "consumer")
  mkdirSync(join(consumer, "readme"), { recursive: true })
  for (const f of readdirSync(join(root, "examples", "consumer")))
    writeFileSync(join(consumer, f), readFileSync(join(root, "examples", "consumer", f)))
  for (const name of PACKAGES)
    runnableBlocks(readFileSync(join(root, "packages", name, "README.md"), "utf8")).forEach((code, i) => {
      writeFileSync(join(consumer, "readme", `${name}-${i + 1}.ts`), code)
    })
  // From the npm cache when it can; the registry only for what the cache lacks.
  await npm(
    [
      "install",
      "--prefer-offline",
      "--no-audit",
      "--no-fund",
      "--ignore-scripts",
      ...PACKAGES.map((name) => join(tmp, packed.get(name)!.filename)),
      `effect@${CONSUMER_EFFECT}`,
      "@types/node@22.20.7",
    ],
    consumer,
  )
}, 180_000)

afterAll(() => {
  if (tmp !== "") rmSync(tmp, { recursive: true, force: true })
}, 60_000)

describe("the packed packages", () => {
  it("ship their build, sources for the maps, a README and the LICENSE, and no tests", () => {
    for (const name of PACKAGES) {
      const files = packed.get(name)!.files.map((f) => f.path)
      for (const must of [
        "package.json",
        "README.md",
        "LICENSE",
        "dist/index.js",
        "dist/index.d.ts",
        "src/index.ts",
      ]) {
        if (name === "cli" && must.includes("index")) continue
        expect(files, `${name}: ${must}`).toContain(must)
      }
      expect(
        files.filter((f) => f.startsWith("test/") || f.includes(".test.")),
        name,
      ).toEqual([])
    }
    expect(packed.get("cli")!.files.map((f) => f.path)).toEqual(
      expect.arrayContaining(["bin/blight.js", "dist/main.js"]),
    )
    expect(packed.get("rules")!.files.map((f) => f.path)).toContain("schemas/pack.schema.json")
  })

  it("declare effect as a peer range, each other as ranges, and say where they come from", () => {
    for (const name of PACKAGES) {
      const m = manifestOf(name)
      expect(m.peerDependencies, name).toEqual({ effect: "^4.1" })
      expect(m.dependencies?.effect, name).toBeUndefined()
      for (const [dep, range] of Object.entries(m.dependencies ?? {}))
        if (dep.startsWith("@blight/")) expect(range, `${name} → ${dep}`).toMatch(/^\^/)
      expect(m.license).toBe("MIT")
      expect(m.repository?.url, name).toMatch(/^git\+https:\/\//)
      expect(m.bugs?.url && m.homepage && m.keywords?.length, name).toBeTruthy()
      expect(m.publishConfig, name).toEqual({ access: "public", provenance: true })
      expect(m.scripts?.prepack, name).toBe("tsc -b")
    }
  })

  it("install with exactly one copy of effect, the consumer's own (one patch away)", () => {
    const effects = walkAll(join(consumer, "node_modules"))
      .filter((f) => f.endsWith(join("node_modules", "effect", "package.json")))
      .map((f) => JSON.parse(readFileSync(f, "utf8")).version)
    expect(effects).toEqual([CONSUMER_EFFECT])
  })

  it("have source maps whose sources are in the package", () => {
    for (const name of PACKAGES) {
      const dir = join(consumer, "node_modules", "@blight", name)
      const maps = walk(join(dir, "dist")).filter((f) => f.endsWith(".map"))
      expect(maps.length, name).toBeGreaterThan(0)
      for (const map of maps)
        for (const source of JSON.parse(readFileSync(map, "utf8")).sources as string[])
          expect(existsSync(join(dirname(map), source)), `${relative(dir, map)} → ${source}`).toBe(true)
    }
  })

  it("typecheck a consumer and the README examples under --strict, NodeNext (without skipLibCheck) and Bundler, on TypeScript 7", async () => {
    expect(readdirSync(join(consumer, "readme")).length).toBeGreaterThanOrEqual(8)
    await Promise.all([
      // NodeNext, emitting to out/, checking every declaration file (no skipLibCheck)
      node([TSC.ts7, "-p", "tsconfig.json"], consumer, 170_000),
      // Bundler resolution: the same program resolved as a bundler would (the libraries were checked above)
      node([TSC.ts7, "-p", "tsconfig.bundler.json"], consumer, 170_000),
    ])
  }, 180_000)

  it("typecheck the same consumer on TypeScript 6 (NodeNext, no skipLibCheck, nothing emitted) within 500,000 type instantiations", async () => {
    const { stdout } = await node(
      [TSC.ts6, "-p", "tsconfig.json", "--noEmit", "--extendedDiagnostics"],
      consumer,
      170_000,
    )
    // What a consumer's check costs, as a count (not a time): TypeScript 6's count, the one the
    // budget was set in (about 1.16 million on effect 3; TypeScript 7 counts its own way).
    const instantiations = Number(/^Instantiations:\s+(\d+)/m.exec(stdout)?.[1])
    expect(instantiations).toBeGreaterThan(0)
    expect(instantiations).toBeLessThanOrEqual(500_000)
  }, 180_000)

  it("run: the consumer uses every package and passes effect values between them and its own effect", async () => {
    const { stdout } = await node([join("out", "index.js")], consumer)
    expect(JSON.parse(stdout)).toEqual({
      seasons: 4,
      roll: expect.any(Number),
      pool: expect.any(Number),
      chance: 0.5,
      founded: expect.any(Number),
      character: true,
      noise: "noise",
      cli: [0, { probability: 0.5 }],
    })
    const examples = readdirSync(join(consumer, "out", "readme"))
    const runs = await Promise.all(examples.map((f) => node([join("out", "readme", f)], consumer)))
    runs.forEach((r, i) => {
      expect(r.stdout.trim().length, examples[i]).toBeGreaterThan(0)
      expect(r.stderr, examples[i]).toBe("")
    })
  }, 120_000)
})

describe("a fresh project", () => {
  // `npm init -y && npm install effect @blight/rules`, as a stranger starting today types it: effect
  // comes from the registry (its current 4.x), the SDK from the packed tarballs.
  let fresh = ""
  let install = { stdout: "", stderr: "" }
  const program = [
    'import { Result } from "effect"',
    'import { Founding, loadCore, RefugeExamples } from "@blight/rules"',
    'import { seeded } from "@blight/dice"',
    "const core = Result.getOrThrow(loadCore())",
    "const refuge = Founding.found(RefugeExamples.exampleRefuge, core, { source: seeded(7) })",
    'console.log(Result.isSuccess(refuge) ? refuge.success.survivors.length : "refused")',
  ].join("\n")

  beforeAll(async () => {
    fresh = join(tmp, "fresh")
    mkdirSync(fresh)
    await npm(["init", "-y"], fresh)
    // An ES module program, as the SDK's examples are (the packages are ESM only).
    await npm(["pkg", "set", "type=module"], fresh)
    install = await npm(
      [
        "install",
        "--prefer-offline",
        "--no-audit",
        "--no-fund",
        "--ignore-scripts",
        "effect",
        // @blight/rules' own dependency, from its tarball too (it is not on the registry here).
        ...(["dice", "engine", "rules"] as const).map((name) => join(tmp, packed.get(name)!.filename)),
        "@types/node@22.20.7",
      ],
      fresh,
    )
    writeFileSync(join(fresh, "index.ts"), `${program}\n`)
    writeFileSync(
      join(fresh, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          lib: ["ES2023"],
          module: "NodeNext",
          moduleResolution: "NodeNext",
          strict: true,
          skipLibCheck: false,
          types: ["node"],
          outDir: "out",
        },
        include: ["index.ts"],
      }),
    )
  }, 180_000)

  it("npm install effect @blight/rules: no peer warning, and one copy of effect 4", async () => {
    expect(`${install.stdout}${install.stderr}`).not.toMatch(/peer|ERESOLVE|conflict/i)
    const { stdout } = await npm(["ls", "effect", "--all", "--json"], fresh)
    const versions: string[] = []
    const visit = (deps: Record<string, { version?: string; dependencies?: object }> | undefined) => {
      for (const [name, dep] of Object.entries(deps ?? {})) {
        if (name === "effect" && dep.version !== undefined) versions.push(dep.version)
        visit(dep.dependencies as typeof deps)
      }
    }
    visit(JSON.parse(stdout).dependencies)
    expect(new Set(versions).size).toBe(1)
    expect(versions[0]).toMatch(/^4\./)
  })

  it("its program typechecks (strict, NodeNext, no skipLibCheck) and runs", async () => {
    await node([TSC.ts7, "-p", "tsconfig.json"], fresh, 170_000)
    const { stdout } = await node([join("out", "index.js")], fresh)
    expect(Number(stdout.trim())).toBeGreaterThan(0)
  }, 180_000)
})

describe("installing the repository", () => {
  it("makes no telemetry call, and runs install scripts only where a native or platform binary needs one", () => {
    const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))
    // swagger-ui-dist depends on @scarf/scarf, whose postinstall reports the install unless this says no.
    expect(pkg.scarfSettings).toEqual({ enabled: false })
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"))
    const scripted = Object.entries(lock.packages as Record<string, { hasInstallScript?: boolean }>)
      .filter(([, p]) => p.hasInstallScript)
      .map(([path]) => path.replace(/^.*node_modules\//, ""))
      .sort()
    // esbuild checks its platform binary, which npm installs as an optional dependency
    // (better-sqlite3 13 ships prebuilt Node-API binaries and runs no script). A new one here needs
    // the same look, and an entry in the root package.json's allowScripts.
    expect(scripted).toEqual(["@scarf/scarf", "esbuild"])
    expect(pkg.allowScripts).toEqual({ esbuild: true, "@scarf/scarf": false })
  })
})
