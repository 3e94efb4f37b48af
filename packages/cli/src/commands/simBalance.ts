/**
 * `blight sim --balance`: the balance matrix of issue 38 for the core pack and any `--pack`, planned
 * and folded by `SimBalance` and played here through one pool of workers. Every cell's raid `i` is
 * seeded from `--seed` and `i` alone, and the cells are folded in plan order, so the report is the
 * same bytes for any `--workers`. Progress goes to stderr only when it is a terminal.
 */
import { resolve } from "node:path"
import { type BattleOptions, type Refuge, SimBalance, type SimRaid, type SimStats } from "@blight/rules"
import { EXIT, type Io, intArg, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"
import { optionsFrom, refugeFrom } from "./raid.js"
import { type Content, contentFrom } from "./raidFile.js"
import { checkHtml, defaultRosters, homeRosters, writeHtml } from "./simFiles.js"
import { playRuns, type Run } from "./simPool.js"

/** The flags `--balance` reads (sim.ts has refused those it does not take). */
export interface BalanceFlags {
  readonly pack?: string[] | undefined
  readonly refuge?: string[] | undefined
  readonly raids?: string | undefined
  readonly "board-raids"?: string | undefined
  readonly "field-raids"?: string | undefined
  readonly "item-raids"?: string | undefined
  readonly "balance-parts"?: string | undefined
  readonly seed?: string | undefined
  readonly workers?: string | undefined
  readonly option?: string[] | undefined
  readonly "max-commands"?: string | undefined
  readonly json?: boolean | undefined
  readonly html?: string | undefined
}

const MAX_RAIDS = 1_000_000

/** `--balance-parts table,field,items`: some of the parts, each once (default: all three). */
const partsOf = (given: string | undefined): SimBalance.Part[] => {
  if (given === undefined) return [...SimBalance.PARTS]
  const parts = given.split(",").map((p) => p.trim())
  for (const p of parts)
    if (!(SimBalance.PARTS as readonly string[]).includes(p))
      throw new UsageError(
        `--balance-parts: ${JSON.stringify(p)} is not a part (a comma-separated list of: ${SimBalance.PARTS.join(", ")})`,
      )
  if (new Set(parts).size !== parts.length) throw new UsageError("--balance-parts: a part is named twice")
  return parts as SimBalance.Part[]
}

/** The raids per cell of each part: the flags, else the issue's defaults. */
const countsOf = (o: BalanceFlags): SimBalance.Counts => {
  const d = SimBalance.DEFAULT_COUNTS
  const n = (v: string | undefined, flag: string, fallback: number) =>
    v === undefined ? fallback : intArg(v, flag, { min: 1, max: MAX_RAIDS })
  return {
    raids: n(o.raids, "--raids", d.raids),
    boardRaids: n(o["board-raids"], "--board-raids", d.boardRaids),
    fieldRaids: n(o["field-raids"], "--field-raids", d.fieldRaids),
    itemRaids: n(o["item-raids"], "--item-raids", d.itemRaids),
  }
}

/** The Refuges: the example pair, and the field (every Home's roster, then each `--refuge`). */
const refugesOf = async (
  o: BalanceFlags,
  io: Io,
  seed: number,
  content: Content,
): Promise<{ pair: readonly [Refuge.Refuge, Refuge.Refuge]; field: Refuge.Refuge[] }> => {
  const pairFiles = defaultRosters()
  const homes = homeRosters()
  if (pairFiles === undefined || homes.length === 0)
    throw new UsageError(
      "--balance: the example rosters (examples/rosters: refuge.json, congregation.json, home-*.json) are not beside this install",
    )
  const load = async (f: string) => {
    try {
      return await refugeFrom(f, io, seed, content)
    } catch (e) {
      throw e instanceof UsageError ? new UsageError(`--refuge ${e.message}`) : e
    }
  }
  const [refuge, congregation] = [await load(pairFiles[0]!), await load(pairFiles[1]!)]
  const field: Refuge.Refuge[] = []
  const extra = (o.refuge ?? []).map((f) => resolve(io.cwd ?? process.cwd(), f))
  for (const f of [...homes, ...extra]) field.push(await load(f))
  return { pair: [refuge, congregation], field }
}

/** Runs the matrix and prints it (text, `--json`) and writes `--html`. */
export const runBalance = async (o: BalanceFlags, io: Io): Promise<number> => {
  const parts = partsOf(o["balance-parts"])
  const counts = countsOf(o)
  const workers = o.workers === undefined ? 1 : intArg(o.workers, "--workers", { min: 1, max: 64 })
  const maxCommands =
    o["max-commands"] === undefined
      ? 5000
      : intArg(o["max-commands"], "--max-commands", { min: 1, max: 100_000 })
  const seed = seedFrom(o.seed)
  const packFiles = (o.pack ?? []).map((f) => resolve(io.cwd ?? process.cwd(), f))
  const content = await contentFrom(packFiles, io)
  const options = optionsFrom(o.option ?? []) as BattleOptions.OptionsInput
  const { pair, field } = await refugesOf(o, io, seed, content)
  checkHtml(o, io)
  if (o.seed === undefined) io.stderr.write(`blight sim: raids seeded from --seed ${seed}\n`)
  const packs = content.packs.slice(1).map((p) => p.id)
  const plan = SimBalance.plan({
    seed,
    packs,
    counts,
    parts,
    scenarios: content.list("scenarios").map((s) => s.id),
    pair,
    field,
    items: SimBalance.itemsOf(content, (kind, id) => content.packOf(kind, id)),
  })
  const runs: Run[] = plan.cells.map((c) => ({
    job: {
      refuges: c.refuges,
      scenario: c.scenario,
      options,
      packFiles,
      packs,
      table: c.table,
      policies: c.policies,
      seed,
      maxCommands,
    },
    n: c.raids,
  }))
  const played = await playRuns<SimRaid.RaidSummary>(runs, workers, io, "balance")
  const report = SimBalance.fold(plan, played)
  if (o.html !== undefined) await writeHtml(io, o.html, (p) => p.balancePage(report))
  if (o.json) writeJson(io, report)
  else io.stdout.write(`${balanceText(report).join("\n")}\n`)
  return EXIT.ok
}

const pc = (x: number) => `${(x * 100).toFixed(1)}%`
const share = (s: SimBalance.Share) =>
  `${pc(s.share.estimate)} (${pc(s.share.low)}–${pc(s.share.high)}) of ${s.decided}`
const points = (i: SimStats.Interval) => {
  const f = (x: number) => `${x >= 0 ? "+" : ""}${(x * 100).toFixed(1)}`
  return `${f(i.estimate)} pt (${f(i.low)} to ${f(i.high)})`
}
const mark = (met: boolean) => (met ? "✓" : "✗")

/** The report in words: a table per part, ✓ or ✗ against each row's target, and the tally. */
export const balanceText = (r: SimBalance.BalanceReport): string[] => {
  const c = r.counts
  const t = SimBalance.TARGETS
  return [
    `balance of ${r.packs.length ? `the core pack with ${r.packs.join(", ")}` : "the core pack"} (seed ${r.seed}; scenarios: ${r.scenarios.join(", ")})`,
    ...(r.parts.includes("table")
      ? [
          "",
          `table: the example Refuge against the example Congregation; ${c.raids} raids a cell declared, ${c.boardRaids} on the board; share of decided raids, target ${pc(t.table.low)}–${pc(t.table.high)} each`,
          ...r.table.map(
            (row) =>
              `  ${mark(row.met)} ${row.scenario} · ${row.table} · ${row.policy}: ${row.sides.map((s) => `${s.name} ${share(s.result)}`).join("; ")}; ${row.draws} draws`,
          ),
        ]
      : []),
    ...(r.parts.includes("field")
      ? [
          "",
          `field: each Home's roster against every other, both ways round, ${c.fieldRaids} raids a pairing and scenario; target ${pc(t.field.low)}–${pc(t.field.high)}`,
          ...r.field.map(
            (h) => `  ${mark(h.met)} ${h.home} (${h.name}): ${share(h.result)} decided; ${h.draws} draws`,
          ),
        ]
      : []),
    ...(r.parts.includes("items")
      ? [
          "",
          `items: each provisional item added, against the same seeds without it, ${c.itemRaids} raids a scenario; target |change| ≤ ${(t.items.maxDelta * 100).toFixed(0)} points`,
          ...r.items.map(
            (i) =>
              `  ${mark(i.met)} ${i.kind} ${i.id}${r.packs.includes(i.pack) ? ` (${i.pack})` : ""}: ${i.side}, ${i.how}: ${pc(i.without.share.estimate)} → ${pc(i.with.share.estimate)}, ${points(i.delta)}`,
          ),
        ]
      : []),
    "",
    `targets met: ${r.met} of ${r.total}`,
  ]
}
