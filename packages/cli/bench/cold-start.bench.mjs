// Cold start of `blight`: how long a fresh process takes for a real verb and for `--help`, against
// `node -e 0` measured in the same run, on the same machine (so the ratios hold on a busy one).
// The runs of each are interleaved and the median is reported. Build first (`npm run build`).
//
//   node bench/cold-start.bench.mjs [--runs N] [--json]
import { spawnSync } from "node:child_process"
import { fileURLToPath } from "node:url"

const args = process.argv.slice(2)
const runsAt = args.indexOf("--runs")
const RUNS = runsAt >= 0 ? Number(args[runsAt + 1]) : 11
if (!Number.isInteger(RUNS) || RUNS < 1) throw new Error("--runs: a whole number, 1 or more")
const bin = fileURLToPath(new URL("../bin/blight.js", import.meta.url))

const cases = [
  { name: "node -e 0", argv: ["-e", "0"] },
  { name: "blight roll pool 5 --seed 7", argv: [bin, "roll", "pool", "5", "--seed", "7"] },
  {
    name: "  the same, no compile cache",
    argv: [bin, "roll", "pool", "5", "--seed", "7"],
    env: { NODE_DISABLE_COMPILE_CACHE: "1" },
  },
  { name: "blight --help", argv: [bin, "--help"] },
  { name: "blight raid --help", argv: [bin, "raid", "--help"] },
]

const once = ({ argv, env }) => {
  const start = process.hrtime.bigint()
  const r = spawnSync(process.execPath, argv, { encoding: "utf8", env: { ...process.env, ...env } })
  const ms = Number(process.hrtime.bigint() - start) / 1e6
  if (r.status !== 0) throw new Error(`${argv.join(" ")}: exit ${r.status}: ${r.stderr}`)
  return ms
}

const times = cases.map(() => [])
for (const c of cases) once(c) // warm the file cache and the compile cache: "cold" is a new process, not a cold disk
for (let i = 0; i < RUNS; i++) for (const [k, c] of cases.entries()) times[k].push(once(c))

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const base = median(times[0])
const rows = cases.map((c, k) => ({
  case: c.name,
  medianMs: Math.round(median(times[k])),
  minMs: Math.round(Math.min(...times[k])),
  ratio: Math.round((median(times[k]) / base) * 100) / 100,
}))

if (args.includes("--json")) console.log(JSON.stringify({ node: process.version, runs: RUNS, rows }))
else {
  console.log(`cold start, ${RUNS} runs each (median; ratio against node -e 0), ${process.version}`)
  for (const r of rows)
    console.log(
      `  ${r.case.padEnd(30)} ${String(r.medianMs).padStart(6)} ms  (min ${r.minMs})  ${r.ratio.toFixed(2)}×`,
    )
  const roll = rows[1]
  console.log(`  roll within 3× node -e 0: ${roll.ratio <= 3 ? "yes" : "no"} (${roll.ratio.toFixed(2)}×)`)
}
