/**
 * `blight sim`: many raids played by bots, folded into a report (issue 15). Raid `i` is seeded from
 * `--seed` and `i` alone, each worker plays whole raids, and the summaries are folded in index
 * order, so the report is the same bytes for any `--workers`. Progress (rate, ETA) goes to stderr
 * only when it is a terminal; stdout carries the result only.
 */
import { resolve } from "node:path"
import {
  type BattleOptions,
  Policies,
  type Refuge,
  SimCampaign,
  type SimRaid,
  SimReport,
} from "@blight/rules"
import { type Command, EXIT, type Io, intArg, parse, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"
import { optionsFrom, refugeFrom } from "./raid.js"
import { contentFrom } from "./raidFile.js"
import { runBalance } from "./simBalance.js"
import { checkHtml, defaultRosters, writeHtml } from "./simFiles.js"
import { playAll } from "./simPool.js"

const usage = `usage:
  blight sim [--scenario ID] [--refuge A.json --refuge B.json] [--pack FILE]… [--raids N] [--seed N]
             [--workers K] [--policy NAME]… [--table declared|fair|board] [--option NAME=VALUE]…
             [--b-pack FILE]… [--b-option NAME=VALUE]… [--max-commands N] [--audited] [--json]
             [--html FILE]
  blight sim --campaign [--campaigns N] [--raids N] [--refuge FILE]… [--pack FILE]… [--seed N]
             [--workers K] [--scenario ID] [--audited] [--json] [--html FILE]
  blight sim --league [--leagues N] [--rounds N] [--schedule round-robin|standings] [--refuge FILE]…
             [--pack FILE]… [--seed N] [--scenario ID] [--json] [--html FILE]
  blight sim --balance [--balance-parts table,field,items] [--pack FILE]… [--refuge FILE]…
             [--raids N] [--board-raids N] [--field-raids N] [--item-raids N] [--seed N]
             [--workers K] [--option NAME=VALUE]… [--max-commands N] [--json] [--html FILE]
  Plays N raids (default 100) of a scenario (default cache) between two Refuges, each side by a
  policy, and reports win, draw and Rout rates with 95% intervals, survivors Down and Finished,
  Loot, Blight, the Din and encounters by round, and each creature's damage against its XP.
  --scenario ID   a scenario of the core pack or of a --pack (default cache)
  --refuge        two (or more) roster or founded-Refuge files (default: the example rosters
                  examples/rosters/refuge.json and congregation.json, when run from the repository)
  --pack FILE     a homebrew pack on top of the core pack (repeatable)
  --raids N       raids to play (default 100, 1 to 1000000; --campaign: raids in each, 1 to 60)
  --seed N        the base seed, 0 or more (default: one drawn and printed on stderr)
  --policy NAME   one for every side, or one per --refuge in order: ${Policies.NAMES.join(", ")}
                  (default sensible)
  --table         declared (default): the abstract table answers facts by seeded draws weighted
                  as a board answers them (R-SIM-08); fair: the same with every answer equally
                  likely (R-SIM-01); board: each raid on a seeded random 2-D board (true geometry,
                  much slower)
  --workers K     threads playing raids (default 1: this one; K: this one and K−1 worker threads;
                  at most 64); the result is the same bytes for any K
  --option NAME=VALUE   a ruling option for every raid (\`blight raid --help\` lists them)
  --max-commands N      a raid stops after N commands (default 5000, at most 100000; counted
                  as unfinished, each side a draw: R-SIM-05)
  --audited       play each raid through the audited engine, every event kept (slower; the same
                  bytes as the default fast path, which changes one state in place: for checking;
                  with --campaign too)
  --b-pack, --b-option   an A/B run: the same raids (same seeds) again with these packs or ruling
                  options on top, and each difference B − A with its 95% interval
  --campaign      whole campaigns instead: --campaigns N (default 10, at most 100000) of
                  --raids N raids each (default 12, at most 60), played by the campaign's own
                  seeded policy; survival curves and store trajectories (--scenario: one scenario
                  for every raid)
  --league        leagues instead (R-CAMPAIGN-41): --leagues N (default 4) of 8 Refuges (the example
                  rosters in turn, renamed; or 2 to 16 --refuge files) over --rounds N rounds (default
                  3, a Season) drawn by --schedule (default round-robin); the distribution of final
                  standings per Refuge
  --balance       the balance matrix of the core pack and any --pack (issue 38), each row against
                  its target, and "targets met: X of Y": table: the example Refuge against the
                  example Congregation in every scenario, declared table (--raids, default 1000 a
                  cell) and board (--board-raids, default 300), sensible and odds policies, each
                  side 40–60% of decided raids; field: every Home's example roster
                  (examples/rosters/home-*.json, and each --refuge besides) against every other,
                  both ways round, in every scenario (--field-raids, default 5), each 35–65%;
                  items: each provisional Gift, Mark, skill and background added to the example
                  rosters against the same seeds without it (--item-raids a scenario, default
                  100), the share moving at most 10 points. --balance-parts runs some of them
  --json          the report as one JSON object (the raw numbers: counts, rates, intervals)
  --html FILE     the report as an HTML page with SVG charts and their Vega-Lite specs
                  (--report FILE: the same)
  While it runs, a progress bar with the rate and the time left is drawn on stderr when stderr
  is a terminal (scripts and pipes see only the result).
Exit 0: done; 2: bad arguments (one line naming the option; nothing written).`

const MAX_RAIDS = 1_000_000
const MAX_CAMPAIGN_RAIDS = 60
const MAX_CAMPAIGNS = 100_000
const MAX_WORKERS = 64

/**
 * Runs a helper shared with `blight raid` and names the option its refusal is about: `flag`
 * before the message, or in place of the helper's own name for it (`as`).
 */
const naming = async <A>(flag: string, f: () => A | Promise<A>, as?: string): Promise<A> => {
  try {
    return await f()
  } catch (e) {
    if (!(e instanceof UsageError)) throw e
    throw new UsageError(
      as !== undefined && e.message.startsWith(as)
        ? `${flag}${e.message.slice(as.length)}`
        : `${flag} ${e.message}`,
    )
  }
}

const FLAGS = {
  scenario: { type: "string" },
  refuge: { type: "string", multiple: true },
  pack: { type: "string", multiple: true },
  raids: { type: "string" },
  seed: { type: "string" },
  workers: { type: "string" },
  policy: { type: "string", multiple: true },
  table: { type: "string" },
  option: { type: "string", multiple: true },
  "b-pack": { type: "string", multiple: true },
  "b-option": { type: "string", multiple: true },
  "max-commands": { type: "string" },
  audited: { type: "boolean" },
  campaign: { type: "boolean" },
  balance: { type: "boolean" },
  "balance-parts": { type: "string" },
  "board-raids": { type: "string" },
  "field-raids": { type: "string" },
  "item-raids": { type: "string" },
  campaigns: { type: "string" },
  league: { type: "boolean" },
  leagues: { type: "string" },
  rounds: { type: "string" },
  schedule: { type: "string" },
  json: { type: "boolean" },
  html: { type: "string" },
  report: { type: "string" },
} as const

/** The flags, with `--report` read as `--html`, and those a campaign run does not take refused. */
const flagsOf = (args: readonly string[]) => {
  const { values: given, positionals } = parse(args, FLAGS)
  if (positionals.length > 0) throw new UsageError(`unexpected argument ${JSON.stringify(positionals[0])}`)
  // `--report FILE` is issue 15's name for the page; one of the two.
  if (given.html !== undefined && given.report !== undefined)
    throw new UsageError("--report: the same as --html; give one of them")
  const o = { ...given, html: given.html ?? given.report }
  const campaign = o.campaign === true
  if (o.campaigns !== undefined && !campaign) throw new UsageError("--campaigns: only with --campaign")
  for (const flag of ["leagues", "rounds", "schedule"] as const)
    if (o[flag] !== undefined && o.league !== true) throw new UsageError(`--${flag}: only with --league`)
  if (o.league === true)
    for (const flag of [
      "campaign",
      "policy",
      "table",
      "option",
      "b-pack",
      "b-option",
      "max-commands",
      "workers",
      "audited",
      "raids",
    ] as const)
      if (o[flag] !== undefined)
        throw new UsageError(
          `--${flag}: not with --league (a league's raids are played by the campaign's own seeded policy)`,
        )
  for (const flag of ["balance-parts", "board-raids", "field-raids", "item-raids"] as const)
    if (o[flag] !== undefined && o.balance !== true) throw new UsageError(`--${flag}: only with --balance`)
  if (o.balance === true)
    for (const flag of ["campaign", "scenario", "policy", "table", "b-pack", "b-option", "audited"] as const)
      if (o[flag] !== undefined)
        throw new UsageError(
          `--${flag}: not with --balance (the matrix sets its own scenarios, tables and policies)`,
        )
  if (campaign)
    for (const flag of ["policy", "table", "option", "b-pack", "b-option", "max-commands"] as const)
      if (o[flag] !== undefined)
        throw new UsageError(
          `--${flag}: not with --campaign (a campaign's raids are played by its own seeded policy, AutoPlay)`,
        )
  return { o, campaign }
}
type Flags = ReturnType<typeof flagsOf>["o"]

/** The numbers and names of the run: raids, workers, the command limit, the table, the policies. */
const numbersOf = (o: Flags, campaign: boolean) => {
  const raids =
    o.raids === undefined
      ? campaign
        ? 12
        : 100
      : intArg(o.raids, "--raids", { min: 1, max: campaign ? MAX_CAMPAIGN_RAIDS : MAX_RAIDS })
  const workers = o.workers === undefined ? 1 : intArg(o.workers, "--workers", { min: 1, max: MAX_WORKERS })
  const maxCommands =
    o["max-commands"] === undefined
      ? 5000
      : intArg(o["max-commands"], "--max-commands", { min: 1, max: 100_000 })
  const table = o.table ?? "declared"
  if (table !== "declared" && table !== "fair" && table !== "board")
    throw new UsageError(`--table: declared, fair or board, got ${JSON.stringify(table)}`)
  const policies = o.policy ?? ["sensible"]
  for (const p of policies)
    if (!(Policies.NAMES as readonly string[]).includes(p))
      throw new UsageError(`--policy ${p}: there is no such policy (one of: ${Policies.NAMES.join(", ")})`)
  return {
    raids,
    workers,
    maxCommands,
    table: table as "declared" | "fair" | "board",
    policies: policies as Policies.Name[],
  }
}

/** The roster files: two or more (B-SETUP-03), and a policy for each or one for all. */
const rosterFiles = (o: Flags, policies: readonly string[]): string[] => {
  const files = o.refuge ?? defaultRosters()
  if (files === undefined)
    throw new UsageError("--refuge: give two files (the example rosters are not beside this install)")
  if (files.length < 2) throw new UsageError("--refuge: a raid needs two or more Refuges (B-SETUP-03)")
  if (policies.length > 1 && policies.length !== files.length)
    throw new UsageError(
      `--policy: one for every side, or one per --refuge (${files.length}), not ${policies.length}`,
    )
  return files
}

/** The content, scenario, Refuges and options of run A, and of B when `--b-pack`/`--b-option` ask. */
const sidesOf = async (o: Flags, campaign: boolean, files: readonly string[], seed: number, io: Io) => {
  const packFiles = (o.pack ?? []).map((f) => resolve(io.cwd ?? process.cwd(), f))
  const content = await contentFrom(packFiles, io)
  const scenario = o.scenario ?? "cache"
  if ((!campaign || o.scenario !== undefined) && !content.get("scenarios", scenario))
    throw new UsageError(
      `--scenario ${scenario}: no such scenario (one of: ${content
        .list("scenarios")
        .map((s) => s.id)
        .join(", ")})`,
    )
  const refuges: Refuge.Refuge[] = []
  for (const f of files) refuges.push(await naming("--refuge", () => refugeFrom(f, io, seed, content)))
  const options = optionsFrom(o.option ?? []) as BattleOptions.OptionsInput
  const ab = (o["b-pack"]?.length ?? 0) > 0 || (o["b-option"]?.length ?? 0) > 0
  const bPackFiles = [...packFiles, ...(o["b-pack"] ?? []).map((f) => resolve(io.cwd ?? process.cwd(), f))]
  // A's packs loaded already: a problem here is in a B pack, so it is named --b-pack.
  const bContent = ab ? await naming("--b-pack", () => contentFrom(bPackFiles, io), "--pack") : content
  const bOptions = {
    ...options,
    ...(await naming("--b-option", () => optionsFrom(o["b-option"] ?? []), "--option")),
  } as BattleOptions.OptionsInput
  return { packFiles, content, scenario, refuges, options, ab, bPackFiles, bContent, bOptions }
}

/** Everything a run needs, read and checked. */
interface Run {
  readonly o: Flags
  readonly numbers: ReturnType<typeof numbersOf>
  readonly sides: Awaited<ReturnType<typeof sidesOf>>
  readonly seed: number
  readonly io: Io
}

/** `--campaign`: whole campaigns, reported per Refuge after each raid. */
const runCampaigns = async ({ o, numbers: { raids, workers }, sides, seed, io }: Run): Promise<number> => {
  const campaigns =
    o.campaigns === undefined ? 10 : intArg(o.campaigns, "--campaigns", { min: 1, max: MAX_CAMPAIGNS })
  const summaries = await playAll<SimCampaign.CampaignSummary>(
    {
      refuges: sides.refuges,
      scenario: sides.scenario,
      options: {},
      packFiles: sides.packFiles,
      packs: [],
      table: "declared",
      policies: [],
      seed,
      maxCommands: 0,
      audited: o.audited === true,
      campaign: { raids, scenario: o.scenario },
    },
    campaigns,
    workers,
    io,
    "campaigns",
  )
  const report = SimCampaign.campaignReport({ seed, raids, scenario: o.scenario }, summaries)
  if (o.html !== undefined) await writeHtml(io, o.html, (page) => page.campaignPage(report))
  if (o.json) writeJson(io, report)
  else io.stdout.write(`${campaignText(report).join("\n")}\n`)
  return EXIT.ok
}

/** How a run is labelled: its packs and options, or the core rules. */
const label = (packs: string[], opts: Record<string, unknown>) =>
  [...packs.map((p) => `pack ${p}`), ...Object.entries(opts).map(([k, v]) => `${k}=${String(v)}`)].join(
    ", ",
  ) || "core rules"

/** Raids: run A, and run B on the same seeds when asked, with their differences. */
const runRaids = async ({ o, numbers, sides, seed, io }: Run): Promise<number> => {
  const { raids, workers, policies } = numbers
  const job = {
    refuges: sides.refuges,
    scenario: sides.scenario,
    options: sides.options,
    packFiles: sides.packFiles,
    packs: sides.content.packs.slice(1).map((p) => p.id),
    table: numbers.table,
    policies,
    seed,
    maxCommands: numbers.maxCommands,
    audited: o.audited === true,
  }
  const specOf = (j: typeof job) => ({
    scenario: sides.scenario,
    table: j.table,
    policies: [...policies],
    seed,
    packs: [...j.packs],
    options: { ...(j.options as Record<string, unknown>) },
    label: label(j.packs, j.options as Record<string, unknown>),
  })
  const a = await playAll<SimRaid.RaidSummary>(job, raids, workers, io, sides.ab ? "A" : "sim")
  const reportA = SimReport.report(specOf(job), a)
  if (!sides.ab) {
    if (o.html !== undefined) await writeHtml(io, o.html, (p) => p.page(reportA))
    if (o.json) writeJson(io, reportA)
    else io.stdout.write(`${textOf(reportA).join("\n")}\n`)
    return EXIT.ok
  }
  const jobB = {
    ...job,
    packFiles: sides.bPackFiles,
    packs: sides.bContent.packs.slice(1).map((p) => p.id),
    options: sides.bOptions,
  }
  const b = await playAll<SimRaid.RaidSummary>(jobB, raids, workers, io, "B")
  const reportB = SimReport.report(specOf(jobB), b)
  const comparison = SimReport.compare({ report: reportA, raids: a }, { report: reportB, raids: b })
  if (o.html !== undefined) await writeHtml(io, o.html, (p) => p.page(reportA, comparison, reportB))
  if (o.json) writeJson(io, { a: reportA, b: reportB, comparison })
  else
    io.stdout.write(`${[...textOf(reportA), "", ...textOf(reportB), "", ...abText(comparison)].join("\n")}\n`)
  return EXIT.ok
}

const run = async (args: readonly string[], io: Io): Promise<number> => {
  const { o, campaign } = flagsOf(args)
  if (o.league === true) {
    checkHtml(o, io)
    return (await import("./simLeague.js")).runLeague(o, io, { rosters: defaultRosters, writeHtml })
  }
  if (o.balance === true) return runBalance(o, io)
  const numbers = numbersOf(o, campaign)
  const files = rosterFiles(o, numbers.policies)
  const seed = seedFrom(o.seed)
  const sides = await sidesOf(o, campaign, files, seed, io)
  checkHtml(o, io)
  if (o.seed === undefined) io.stderr.write(`blight sim: raids seeded from --seed ${seed}\n`)
  const r: Run = { o, numbers, sides, seed, io }
  return campaign ? runCampaigns(r) : runRaids(r)
}

const pct = (i: { estimate: number; low: number; high: number }) =>
  `${(i.estimate * 100).toFixed(1)}% (${(i.low * 100).toFixed(1)}–${(i.high * 100).toFixed(1)})`
const num = (i: { estimate: number }) => i.estimate.toFixed(2)

/** The report in words. */
const textOf = (r: SimReport.Report): string[] => [
  `${r.raids} raids of ${r.spec.scenario} (${r.spec.label}; ${r.spec.table} table; policies ${r.spec.policies.join(", ")}; seed ${r.spec.seed})${r.unfinished ? `; ${r.unfinished} stopped unfinished` : ""}`,
  ...r.sides.flatMap((s) => [
    `${s.side}: win ${pct(s.win.rate)}, draw ${pct(s.draw.rate)}, loss ${pct(s.loss.rate)}, Rout ${pct(s.rout.rate)}`,
    `  per raid: Down ${num(s.down)}, Finished ${num(s.finished)}, Turned ${num(s.turned)}, Loot home ${num(s.loot)}, Blight ${num(s.blight)}, Reloads spent ${num(s.reloadsSpent)}`,
  ]),
  `rounds per raid ${num(r.rounds)}; the Din: ${r.byRound.map((d) => `r${d.round} ${(d.lesser.rate.estimate * 100).toFixed(0)}%/${(d.greater.rate.estimate * 100).toFixed(0)}%`).join(" ")} (lesser/greater)`,
  ...r.creatures.map(
    (c) =>
      `${c.ref} (XP ${c.xp}, ${c.count} came): dealt ${num(c.dealt)}, took ${num(c.taken)} per creature; slain ${pct(c.slain.rate)}`,
  ),
]

const abText = (c: SimReport.Comparison): string[] => [
  `A/B: ${c.b} minus ${c.a}, the same ${c.raids} seeds (95% intervals)`,
  ...c.sides.map(
    (s) =>
      `${s.side}: win ${signed(s.win.difference, 100, "pt")}, Rout ${signed(s.rout.difference, 100, "pt")}, Finished ${signed(s.finished.difference)}, Loot ${signed(s.loot.difference)}`,
  ),
]
const signed = (d: { estimate: number; low: number; high: number }, k = 1, unit = "") =>
  `${d.estimate >= 0 ? "+" : ""}${(d.estimate * k).toFixed(1)}${unit} (${(d.low * k).toFixed(1)} to ${(d.high * k).toFixed(1)})`

/** A campaign run in words: per Refuge, after each raid. */
const campaignText = (r: SimCampaign.CampaignReport): string[] => [
  `${r.campaigns} campaigns of ${r.spec.raids} raids (scenarios: ${r.spec.scenario}; seed ${r.spec.seed})${r.stopped.length ? `; ${r.stopped.length} stopped early` : ""}`,
  ...r.refuges.flatMap((f) => [
    `${f.name} (${f.starting} survivors at the start):`,
    ...f.byRaid.map(
      (p) =>
        `  after raid ${p.raid}: ${(p.survival.estimate * 100).toFixed(0)}% of them left (${(p.survival.low * 100).toFixed(0)}–${(p.survival.high * 100).toFixed(0)}), roster ${num(p.roster)}, won ${(p.win.rate.estimate * 100).toFixed(0)}%, lost ${num(p.dead)} dead and ${num(p.turned)} Turned, Blight ${num(p.blight)}; Salvage ${num(p.salvage)}, Rations ${num(p.rations)}, Reloads ${num(p.reloads)}, Meds ${num(p.meds)}, Amber ${num(p.amber)} (net this raid: Salvage ${signed(p.net.salvage)}, Reloads ${signed(p.net.reloads)})`,
    ),
  ]),
  ...(r.bySeason.length ? ["The Din by Season (per raid):"] : []),
  ...r.bySeason.map(
    (x) =>
      `  ${x.season}: ${x.raids} raids, ${num(x.rounds)} rounds, ${num(x.lesser)} Lesser and ${num(x.greater)} Greater Din rounds, ${num(x.encounters)} encounters`,
  ),
]

export const sim: Command = {
  name: "sim",
  summary:
    "simulate many raids by bots: win/Rout rates with intervals, the Din, creatures vs XP, A/B (HTML charts)",
  usage,
  run,
}
