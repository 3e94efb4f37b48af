/**
 * Simulations in the database: the job row, each finished chunk's summaries, and the report. A
 * chunk's result is stored once (keyed by its index: a retried chunk adds nothing) and bumps the
 * job's counters in the same transaction; whoever sees the last chunk in makes the report from
 * every chunk's summaries, put in index order, so it is the same bytes whichever worker played
 * which chunk, in whatever order (and making it twice writes the same bytes twice).
 */
import { SimCampaign, SimCharts, type SimRaid, SimReport } from "@blight/rules"
import type { Kysely, Transaction } from "kysely"
import type { Database, SimulationsTable } from "../db/Database.js"
import { after2, countOf, type PageRequest, pageOf, type Rows } from "../db/paging.js"
import { type Played, packsOf, type Setup } from "./play.js"

type Q = Kysely<Database> | Transaction<Database>

export type Status = "queued" | "running" | "done" | "failed" | "cancelled"

export interface StoredSimulation {
  readonly id: string
  readonly ownerId: string
  readonly status: Status
  readonly setup: Setup
  readonly raids: number
  readonly chunkRaids: number
  readonly chunks: number
  readonly chunksDone: number
  readonly raidsDone: number
  readonly error?: string | undefined
  readonly createdAt: string
  readonly updatedAt: string
}

const fromRow = (r: Omit<SimulationsTable, "report" | "report_html" | "next_chunk">): StoredSimulation => ({
  id: r.id,
  ownerId: r.owner_id,
  status: r.status as Status,
  setup: JSON.parse(r.setup) as Setup,
  raids: r.raids,
  chunkRaids: r.chunk_raids,
  chunks: r.chunks,
  chunksDone: r.chunks_done,
  raidsDone: r.raids_done,
  ...(r.error === null ? {} : { error: r.error }),
  createdAt: r.created_at,
  updatedAt: r.updated_at,
})

const columns = [
  "id",
  "owner_id",
  "status",
  "setup",
  "raids",
  "chunk_raids",
  "chunks",
  "chunks_done",
  "raids_done",
  "error",
  "created_at",
  "updated_at",
] as const

/** Raids [from, to) of chunk `k`. */
export const rangeOf = (s: Pick<StoredSimulation, "raids" | "chunkRaids">, k: number) => ({
  from: k * s.chunkRaids,
  to: Math.min(s.raids, (k + 1) * s.chunkRaids),
})

export const insertSimulation = (db: Q, s: StoredSimulation) =>
  db
    .insertInto("simulations")
    .values({
      id: s.id,
      owner_id: s.ownerId,
      status: s.status,
      setup: JSON.stringify(s.setup),
      raids: s.raids,
      chunk_raids: s.chunkRaids,
      chunks: s.chunks,
      chunks_done: 0,
      raids_done: 0,
      error: null,
      report: null,
      report_html: null,
      created_at: s.createdAt,
      updated_at: s.updatedAt,
    })
    .execute()

export const simulationById = async (db: Q, id: string): Promise<StoredSimulation | undefined> => {
  const r = await db.selectFrom("simulations").select(columns).where("id", "=", id).executeTakeFirst()
  return r ? fromRow(r) : undefined
}

/** A page of a player's simulations, newest first. */
export const simulationsPage = async (
  db: Q,
  owner: string,
  req: PageRequest,
): Promise<Rows<StoredSimulation>> => {
  const q = db.selectFrom("simulations").where("owner_id", "=", owner)
  const total = await countOf(q.select((eb) => eb.fn.countAll().as("n")))
  const from = req.after?.length === 2 ? ([req.after[0]!, req.after[1]!] as const) : undefined
  const fetched = await q
    .select(columns)
    .$if(from !== undefined, (w) => w.where((eb) => after2(eb, ["created_at", "id"], from!, "<")))
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(req.limit + 1)
    .execute()
  return pageOf(fetched, req, total, fromRow)
}

/** A player's simulations queued or running. */
export const activeOf = async (db: Q, owner: string): Promise<StoredSimulation[]> =>
  (
    await db
      .selectFrom("simulations")
      .select(columns)
      .where("owner_id", "=", owner)
      .where("status", "in", ["queued", "running"])
      .execute()
  ).map(fromRow)

/** The report's JSON text, or its HTML page, once done. */
export const reportOf = async (db: Q, id: string, part: "report" | "report_html") =>
  (await db.selectFrom("simulations").select(part).where("id", "=", id).executeTakeFirst())?.[part] ??
  undefined

/** Stops a queued or running simulation (its remaining chunks are skipped); false if it had ended. */
export const cancel = async (db: Q, id: string, at: string): Promise<boolean> => {
  const r = await db
    .updateTable("simulations")
    .set({ status: "cancelled", updated_at: at })
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .executeTakeFirst()
  if (Number(r.numUpdatedRows) === 0) return false
  await db.deleteFrom("simulation_chunks").where("simulation_id", "=", id).execute()
  return true
}

/** Fails a queued or running simulation, saying why (for its player); its chunks' summaries go. */
export const fail = async (db: Q, id: string, why: string, at: string): Promise<void> => {
  await db
    .updateTable("simulations")
    .set({ status: "failed", error: why.slice(0, 2000), updated_at: at })
    .where("id", "=", id)
    .where("status", "in", ["queued", "running"])
    .execute()
  await db.deleteFrom("simulation_chunks").where("simulation_id", "=", id).execute()
}

/** Whether a chunk is still worth playing (its simulation is queued or running). */
export const wanted = async (db: Q, id: string): Promise<StoredSimulation | undefined> => {
  const s = await simulationById(db, id)
  return s && (s.status === "queued" || s.status === "running") ? s : undefined
}

/**
 * Stores chunk `k`'s result. A set-up refused fails the simulation (with why); summaries are
 * stored once and counted; the call that sees every chunk in makes the report.
 */
export const recordChunk = async (
  db: Kysely<Database>,
  id: string,
  k: number,
  played: Played,
  now: () => string,
): Promise<void> => {
  if ("refused" in played) return fail(db, id, played.refused, now())
  const complete = await db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto("simulation_chunks")
      .values({
        simulation_id: id,
        chunk: k,
        body: JSON.stringify(played.b ? { a: played.summaries, b: played.b } : played.summaries),
      })
      .onConflict((c) => c.columns(["simulation_id", "chunk"]).doNothing())
      .executeTakeFirst()
    const fresh = Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0
    // The bump is one UPDATE: concurrent chunks queue on the row, so each sees the count it made.
    const row = await tx
      .updateTable("simulations")
      .set((eb) => ({
        chunks_done: eb("chunks_done", "+", fresh ? 1 : 0),
        raids_done: eb("raids_done", "+", fresh ? played.summaries.length : 0),
        status: "running",
        updated_at: now(),
      }))
      .where("id", "=", id)
      .where("status", "in", ["queued", "running"])
      .returning(["chunks_done", "chunks"])
      .executeTakeFirst()
    // Cancelled (or failed) meanwhile: what this chunk stored goes too.
    if (row === undefined)
      await tx
        .deleteFrom("simulation_chunks")
        .where("simulation_id", "=", id)
        .where("chunk", "=", k)
        .execute()
    return row !== undefined && row.chunks_done >= row.chunks
  })
  if (complete) await assemble(db, id, now)
}

/** Folds every chunk's summaries into the report and its page, and marks the simulation done. */
export const assemble = async (db: Kysely<Database>, id: string, now: () => string): Promise<void> => {
  const s = await simulationById(db, id)
  if (s?.status !== "running") return
  const rows = await db
    .selectFrom("simulation_chunks")
    .select(["chunk", "body"])
    .where("simulation_id", "=", id)
    .orderBy("chunk")
    .execute()
  const { json, html } = await resultOf(
    id,
    s.setup,
    rows.map((r) => JSON.parse(r.body) as Chunk),
  )
  await db.transaction().execute(async (tx) => {
    await tx
      .updateTable("simulations")
      .set({ status: "done", report: json, report_html: html, updated_at: now() })
      .where("id", "=", id)
      .where("status", "=", "running")
      .execute()
    await tx.deleteFrom("simulation_chunks").where("simulation_id", "=", id).execute()
  })
}

/** A stored chunk: its summaries (an A/B run: A's and B's). */
type Chunk =
  | ReadonlyArray<SimRaid.RaidSummary | SimCampaign.CampaignSummary>
  | { readonly a: ReadonlyArray<SimRaid.RaidSummary>; readonly b: ReadonlyArray<SimRaid.RaidSummary> }

/**
 * The result's JSON text and HTML page from the chunks in index order: what `blight sim --json`
 * and `--html` give for the same inputs (a campaign run: `campaignReport` and `campaignPage`; an
 * A/B run: both reports, the comparison, and the page with the differences first).
 */
export const resultOf = async (
  id: string,
  setup: Setup,
  chunks: ReadonlyArray<Chunk>,
): Promise<{ readonly json: string; readonly html: string }> => {
  const pages = await import("@blight/cli/sim-html")
  const html = `/v1/simulations/${id}/report.html`
  if (setup.campaign) {
    const summaries = chunks.flatMap((c) => c as ReadonlyArray<SimCampaign.CampaignSummary>)
    const campaignReport = SimCampaign.campaignReport({ seed: setup.seed, ...setup.campaign }, summaries)
    return {
      json: JSON.stringify({
        campaignReport,
        charts: chartsOf(SimCharts.campaignCharts(campaignReport)),
        html,
      }),
      html: await pages.campaignPage(campaignReport),
    }
  }
  const sides = (side: "a" | "b") =>
    chunks.flatMap((c) => ("a" in c ? c[side] : (c as ReadonlyArray<SimRaid.RaidSummary>)))
  const a = sides("a")
  const report = SimReport.report(reportSpecOf(setup), a)
  if (!setup.b) return { json: JSON.stringify(reportView(id, report)), html: await pages.page(report) }
  const b = sides("b")
  const reportB = SimReport.report(reportSpecOf(setup, true), b)
  const comparison = SimReport.compare({ report, raids: a }, { report: reportB, raids: b })
  // The charts as the page draws them: the differences, then A's, then B's (ids told apart).
  const charts = [
    ...chartsOf(SimCharts.comparisonCharts(comparison)),
    ...chartsOf(SimCharts.charts(report), "a"),
    ...chartsOf(SimCharts.charts(reportB), "b"),
  ]
  return {
    json: JSON.stringify({ report, reportB, comparison, charts, html }),
    html: await pages.page(report, comparison, reportB),
  }
}

const chartsOf = (cs: ReadonlyArray<SimCharts.Chart>, side?: "a" | "b") =>
  cs.map((c) =>
    side
      ? { id: `${side}-${c.id}`, title: `${side.toUpperCase()}: ${c.title}`, spec: c.spec }
      : { id: c.id, title: c.title, spec: c.spec },
  )

/** What the report says was simulated (the label as `blight sim` writes it). */
export const reportSpecOf = (setup: Setup, b = false): SimReport.ReportSpec => {
  const packs = packsOf(setup, b).map((p) => p.id)
  const options = b && setup.b ? { ...setup.options, ...setup.b.options } : setup.options
  const label =
    [...packs.map((p) => `pack ${p}`), ...Object.entries(options).map(([k, v]) => `${k}=${String(v)}`)].join(
      ", ",
    ) || "core rules"
  return {
    scenario: setup.scenario,
    table: setup.table,
    policies: [...setup.policies],
    seed: setup.seed,
    packs,
    options: { ...options },
    label,
  }
}

/** The report with its charts (Vega-Lite specs) and the page's address. */
export const reportView = (id: string, report: SimReport.Report) => ({
  report,
  charts: chartsOf(SimCharts.charts(report)),
  html: `/v1/simulations/${id}/report.html`,
})
