#!/usr/bin/env node
// Writes docs/balance.md and its charts (docs/balance/*.svg): the balance matrix of issue 38 run by
// `blight sim --balance --json` on the core pack, with the hash of the core pack it was made from.
// `npm run balance:report` (after `npm run build`) runs the full matrix on 2 workers; for a quick
// look, `npm run balance:report -- --raids 20 --board-raids 4 --field-raids 1 --item-raids 4`
// (the page says which counts it used). `node scripts/balance-report.mjs --check` runs nothing: it
// exits 1 when the core pack's hash differs from the one the page records.
import { spawn } from "node:child_process"
import { createHash } from "node:crypto"
import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { parseArgs } from "node:util"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const core = join(root, "packages/rules/src/content/core")
const page = join(root, "docs/balance.md")
const chartsDir = join(root, "docs/balance")

/** JSON with its object keys sorted: the same text for the same content, however it was laid out. */
const canonical = (v) =>
  Array.isArray(v)
    ? `[${v.map(canonical).join(",")}]`
    : v !== null && typeof v === "object"
      ? `{${Object.keys(v)
          .sort()
          .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
          .join(",")}}`
      : JSON.stringify(v)

/**
 * The core pack's hash: SHA-256 over each data file's canonical JSON and each hook's source (the
 * code behind the data's effects), by file name; formatting alone does not change it.
 */
export const corePackHash = () => {
  const h = createHash("sha256")
  for (const f of readdirSync(core)
    .filter((x) => x.endsWith(".json"))
    .sort())
    h.update(`${f}\n${canonical(JSON.parse(readFileSync(join(core, f), "utf8")))}\n`)
  for (const f of readdirSync(join(core, "hooks")).sort())
    h.update(`hooks/${f}\n${readFileSync(join(core, "hooks", f), "utf8").replace(/\r\n/g, "\n")}\n`)
  return h.digest("hex")
}

/** The hash docs/balance.md records, or undefined. */
export const recordedHash = () => {
  try {
    return /<!-- core-pack-hash: ([0-9a-f]{64}) -->/.exec(readFileSync(page, "utf8"))?.[1]
  } catch {
    return undefined
  }
}

const pc = (x) => `${(x * 100).toFixed(1)}%`
const share = (s) => `${pc(s.share.estimate)} (${pc(s.share.low)}–${pc(s.share.high)})`
const pt = (x) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`
const tick = (met) => (met ? "✓" : "✗")
const cell = (s) => String(s).replace(/\|/g, "\\|")

const tableSection = (r) => [
  `## The example Refuge against the example Congregation`,
  "",
  `${r.table[0].sides[0].name} (Refuge) against ${r.table[0].sides[1].name} (Congregation), in every scenario, on the declared table (${r.counts.raids} raids a cell) and on the board (${r.counts.boardRaids}), both sides played by the same policy. Target: each side wins 40–60% of the decided raids.`,
  "",
  "![each side's share by scenario](balance/balance-table.svg)",
  "",
  `| | scenario | table | policy | ${cell(r.table[0].sides[0].name)} | ${cell(r.table[0].sides[1].name)} | decided | no winner |`,
  "|---|---|---|---|---:|---:|---:|---:|",
  ...r.table.map(
    (row) =>
      `| ${tick(row.met)} | ${row.scenario} | ${row.table} | ${row.policy} | ${share(row.sides[0].result)} | ${share(row.sides[1].result)} | ${row.sides[0].result.decided} | ${row.draws} |`,
  ),
  "",
]

const fieldSection = (r) => [
  "## Each Home against the field",
  "",
  `Each Home's example roster (\`examples/rosters/home-<id>.json\`) against every other Home's, both ways round, in every scenario, ${r.counts.fieldRaids} raids a pairing and scenario (declared table, sensible policy). Target: 35–65% of its decided raids.`,
  "",
  "![each Home's share](balance/balance-field.svg)",
  "",
  "| | Home | roster | raids | decided | share | no winner |",
  "|---|---|---|---:|---:|---:|---:|",
  ...r.field.map(
    (h) =>
      `| ${tick(h.met)} | ${h.home} | ${cell(h.name)} | ${h.raids} | ${h.result.decided} | ${share(h.result)} | ${h.draws} |`,
  ),
  "",
]

const itemsSection = (r) => [
  "## Each provisional item added",
  "",
  `Each provisional Gift, Mark, skill and background added to the example rosters, against the same raids (same seeds) without it, ${r.counts.itemRaids} raids a scenario (declared table, sensible policy). A skill is learnt by the Refuge's Leader; a background is taken by the Refuge's last survivor of another background, instead of their own, its cost not paid again; a Gift or a Mark is gained by the Congregation's first member without it, besides the one rolled at founding (ruling R-SIM-07). The change is in that side's share of decided raids. Target: at most 10 points either way.`,
  "",
  "![each item's change](balance/balance-items.svg)",
  "",
  "| | kind | item | side | how | without | with | change (95%) |",
  "|---|---|---|---|---|---:|---:|---:|",
  ...r.items.map(
    (i) =>
      `| ${tick(i.met)} | ${i.kind} | \`${i.id}\` | ${cell(i.side)} | ${cell(i.how)} | ${pc(i.without.share.estimate)} | ${pc(i.with.share.estimate)} | ${pt(i.delta.estimate)} (${pt(i.delta.low)} to ${pt(i.delta.high)}) |`,
  ),
  "",
]

const markdown = (r, hash, command, seconds) =>
  [
    "# Balance of the core pack",
    "",
    `<!-- core-pack-hash: ${hash} -->`,
    "",
    `Generated by \`npm run balance:report\` from \`blight sim --balance\`; do not edit by hand. Made from the core pack whose content hash is \`${hash.slice(0, 16)}\` (SHA-256 of its data files' canonical JSON and its hooks; a test fails when the pack changes and this page is not made again).`,
    "",
    `- Command: \`${command}\` (${Math.round(seconds)} s)`,
    `- Raids a cell: ${r.counts.raids} on the declared table and ${r.counts.boardRaids} on the board (the example pair), ${r.counts.fieldRaids} a pairing and scenario (the field), ${r.counts.itemRaids} a scenario (the items); seed ${r.seed}.`,
    `- Scenarios: ${r.scenarios.join(", ")}.`,
    `- **Targets met: ${r.met} of ${r.total}.**`,
    ...(r.counts.raids < 1000 || r.counts.boardRaids < 300
      ? [
          "",
          `> A quick run: fewer raids a cell than the targets are set for (1,000 on the declared table, 300 on the board), so the intervals are wide. Run \`npm run balance:report\` (the defaults) for the verdict.`,
        ]
      : []),
    "",
    "A side's share is its wins over the decided raids (those a side won; raids nobody won are left out), with its 95% Wilson interval; a row meets its target when the estimate is inside the band. What the columns mean and how each part is played: [simulation.md](simulation.md#the-balance-matrix-blight-sim---balance).",
    "",
    ...tableSection(r),
    ...fieldSection(r),
    ...itemsSection(r),
  ].join("\n")

/** Runs `blight sim --balance --json`, progress (on a terminal) passed through on stderr. */
const runMatrix = (args) =>
  new Promise((ok, fail) => {
    const child = spawn(process.execPath, [join(root, "packages/cli/bin/blight.js"), ...args], {
      cwd: root,
      stdio: ["ignore", "pipe", "inherit"],
    })
    let out = ""
    child.stdout.on("data", (d) => (out += d))
    child.on("error", fail)
    child.on("close", (code) =>
      code === 0 ? ok(JSON.parse(out)) : fail(new Error(`blight sim exited ${code}`)),
    )
  })

const main = async () => {
  const { values: o } = parseArgs({
    options: {
      check: { type: "boolean" },
      raids: { type: "string" },
      "board-raids": { type: "string" },
      "field-raids": { type: "string" },
      "item-raids": { type: "string" },
      workers: { type: "string", default: "2" },
      seed: { type: "string", default: "1" },
    },
  })
  const hash = corePackHash()
  if (o.check) {
    const recorded = recordedHash()
    if (recorded === hash) return
    console.error(
      `docs/balance.md was made from core pack ${recorded?.slice(0, 16) ?? "(none)"}; the core pack is now ${hash.slice(0, 16)}: run \`npm run balance:report\``,
    )
    process.exit(1)
  }
  const counts = ["raids", "board-raids", "field-raids", "item-raids"].flatMap((k) =>
    o[k] === undefined ? [] : [`--${k}`, o[k]],
  )
  const args = ["sim", "--balance", "--seed", o.seed, "--workers", o.workers, ...counts]
  const started = performance.now()
  const report = await runMatrix([...args, "--json"])
  const seconds = (performance.now() - started) / 1000
  const { SimBalanceCharts } = await import("@blight/rules")
  const { svgOf } = await import("../packages/cli/dist/commands/simHtml.js")
  rmSync(chartsDir, { recursive: true, force: true })
  mkdirSync(chartsDir, { recursive: true })
  for (const c of SimBalanceCharts.balanceCharts(report))
    writeFileSync(join(chartsDir, `${c.id}.svg`), `${await svgOf(c.spec)}\n`)
  writeFileSync(page, `${markdown(report, hash, `blight ${args.join(" ")}`, seconds)}\n`)
  console.log(`docs/balance.md: targets met ${report.met} of ${report.total}`)
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main()
