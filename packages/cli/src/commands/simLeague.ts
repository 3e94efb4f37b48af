/**
 * `blight sim --league`: leagues of Refuges (default 8: the example rosters in turn, each under its
 * own name and founded from its own seed) over a season of rounds drawn from the campaign's
 * schedule (R-CAMPAIGN-41), every raid by the campaign's own seeded policy; the distribution of
 * final standings per Refuge (text, --json, and an SVG chart in --html).
 */
import { resolve } from "node:path"
import { type Refuge, SimLeague } from "@blight/rules"
import { Result } from "effect"
import { EXIT, type Io, intArg, UsageError, writeJson } from "../Command.js"
import { seedFrom } from "../Seed.js"
import { refugeFrom } from "./raid.js"
import { contentFrom } from "./raidFile.js"

/** The names the generated league's Refuges take, in order. */
const NAMES = ["Ash", "Birch", "Cedar", "Dogwood", "Elm", "Fir", "Gum", "Hazel"]

export interface LeagueFlags {
  readonly leagues?: string | undefined
  readonly rounds?: string | undefined
  readonly schedule?: string | undefined
  readonly refuge?: readonly string[] | undefined
  readonly pack?: readonly string[] | undefined
  readonly scenario?: string | undefined
  readonly seed?: string | undefined
  readonly json?: boolean | undefined
  readonly html?: string | undefined
}

/** What the league run takes from `sim`: the example rosters, and how a page is written. */
export interface LeagueHost {
  readonly rosters: () => string[] | undefined
  readonly writeHtml: (
    io: Io,
    file: string,
    make: (pages: typeof import("./simHtml.js")) => Promise<string>,
  ) => Promise<void>
}

/** The league's Refuges: the files given (2 to 16), else 8 from the example rosters, renamed. */
const refugesOf = async (
  o: LeagueFlags,
  io: Io,
  host: LeagueHost,
  seed: number,
  content: Awaited<ReturnType<typeof contentFrom>>,
) => {
  if (o.refuge !== undefined) {
    if (o.refuge.length < 2 || o.refuge.length > 16)
      throw new UsageError("--refuge: a league is between 2 and 16 Refuges (R-CAMPAIGN-41)")
    const out: Refuge.Refuge[] = []
    for (const [i, f] of o.refuge.entries()) out.push(await refugeFrom(f, io, seed + i, content))
    return out
  }
  const examples = host.rosters()
  if (examples === undefined)
    throw new UsageError(
      "--refuge: give the league's rosters (the example rosters are not beside this build)",
    )
  const out: Refuge.Refuge[] = []
  for (const [i, name] of NAMES.entries())
    out.push({ ...(await refugeFrom(examples[i % examples.length]!, io, seed + i, content)), name })
  return out
}

/** Runs the leagues and prints the report. */
export const runLeague = async (o: LeagueFlags, io: Io, host: LeagueHost): Promise<number> => {
  const leagues = o.leagues === undefined ? 4 : intArg(o.leagues, "--leagues", { min: 1, max: 10_000 })
  const rounds = o.rounds === undefined ? 3 : intArg(o.rounds, "--rounds", { min: 1, max: 60 })
  const schedule = o.schedule ?? "round-robin"
  if (schedule !== "round-robin" && schedule !== "standings")
    throw new UsageError(`--schedule ${schedule}: one of round-robin, standings (R-CAMPAIGN-41)`)
  const seed = seedFrom(o.seed)
  if (o.seed === undefined) io.stderr.write(`blight sim: leagues seeded from --seed ${seed}\n`)
  const content = await contentFrom(
    (o.pack ?? []).map((f) => resolve(io.cwd ?? process.cwd(), f)),
    io,
  )
  if (o.scenario !== undefined && !content.get("scenarios", o.scenario))
    throw new UsageError(`--scenario ${o.scenario}: no such scenario`)
  const refuges = await refugesOf(o, io, host, seed, content)
  const spec = { refuges, seed, rounds, schedule, scenario: o.scenario } as const
  const summaries: SimLeague.LeagueSummary[] = []
  for (let j = 0; j < leagues; j++) {
    const s = SimLeague.simulateLeague(spec, content, j)
    if (Result.isFailure(s)) throw new UsageError(s.failure)
    summaries.push(s.success)
  }
  const report = SimLeague.leagueReport(spec, summaries)
  if (o.html !== undefined) await host.writeHtml(io, o.html, (page) => page.leaguePage(report))
  if (o.json) writeJson(io, report)
  else io.stdout.write(`${leagueText(report).join("\n")}\n`)
  return EXIT.ok
}

const ordinal = (n: number) => `${n}${n === 1 ? "st" : n === 2 ? "nd" : n === 3 ? "rd" : "th"}`

/** A league run in words: per Refuge, leagues won, mean place and points, and every place's count. */
const leagueText = (r: SimLeague.LeagueReport): string[] => [
  `${r.leagues} leagues of ${r.refuges.length} Refuges, ${r.spec.rounds} rounds each (${r.spec.schedule}; scenarios: ${r.spec.scenario}; seed ${r.spec.seed})${r.stopped.length ? `; ${r.stopped.length} stopped early` : ""}`,
  ...r.refuges.map(
    (f) =>
      `  ${f.name}: won ${f.won.k} of ${f.won.n}; mean place ${f.place.estimate.toFixed(2)} (${f.place.low.toFixed(2)}–${f.place.high.toFixed(2)}); points ${f.points.estimate.toFixed(2)}; places ${f.places.map((k, p) => `${ordinal(p + 1)} ${k}`).join(", ")}`,
  ),
  ...r.stopped.map((s) => `  stopped: ${s}`),
]
