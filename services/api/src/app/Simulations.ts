/**
 * Simulations over HTTP (issue 15): the use-cases REST (/v1/simulations) and GraphQL share. A
 * simulation is N raids between the caller's Refuges (stored ones, or rosters founded now), each
 * side played by a bot policy; it is stored at once (202) and split into chunks of raids that the
 * queue runs (`sim/queue.ts`: graphile-worker on PostgreSQL, the server's threads on SQLite). Its
 * view shows the raids done so far and, once the last chunk is in, the report: the numbers, the
 * charts as Vega-Lite specs, and the address of the HTML page with them drawn as SVG.
 */
import { randomInt, randomUUID } from "node:crypto"
import {
  Battle,
  BattleOptions,
  type Refuge,
  type Registry,
  Roster,
  SimCampaign,
  SimRaid,
  SimReport,
} from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import * as Repo from "../db/repositories.js"
import { annotateAnew, encodedSide } from "../schemas.js"
import { placeOf, type QueuePlace } from "../sim/fair.js"
import type { Setup } from "../sim/play.js"
import * as Store from "../sim/store.js"
import {
  type ApiError,
  badRequest,
  conflict,
  type ErrorDetail,
  forbidden,
  notFound,
  rulesViolated,
} from "./ApiError.js"
import { type Caller, contentWith, type Deps, decodeBody, decodeQuery } from "./App.js"
import { PageQuery, paged } from "./paging.js"
import { refugeFor, scenarioIn } from "./Raids.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/** The most raids one simulation may ask for (a chunk of `chunkRaids` is one queue job). */
export const MAX_RAIDS = 100_000
/** The most campaigns one campaign run may ask for, and the most raids in each (as `blight sim --campaign`). */
export const MAX_CAMPAIGNS = 2_000
export const MAX_CAMPAIGN_RAIDS = 60
/** The most simulations a player may have queued or running at once (and SIM_MAX_QUEUED_RAIDS raids). */
export const MAX_ACTIVE = 5

const Id = Schema.String.check(Schema.isMinLength(1), Schema.isMaxLength(64))

const RefugeBody = Schema.Struct({
  refuge: Schema.optional(
    Id.annotate({ description: "A stored Refuge or Congregation of the caller's to play" }),
  ),
  roster: Schema.optional(Schema.Unknown),
})
const RefugeRequest = Schema.Struct({
  refuge: RefugeBody.fields.refuge,
  roster: Schema.optional(
    annotateAnew(Roster.Roster, { description: "A roster, founded now with the simulation's seed" }),
  ),
}).annotate({
  identifier: "SimulationRefugeRequest",
  description: "Give refuge (a stored one of the caller's) or roster (founded now), not both",
})

/** An A/B run's B side. */
export const SimulationB = Schema.Struct({
  packs: Schema.optional(
    Schema.Array(Id).check(Schema.isMaxLength(20)).annotate({
      description: "Homebrew packs B plays on top of A's (their latest versions, kept)",
    }),
  ),
  options: Schema.optional(
    encodedSide(BattleOptions.Options).annotate({
      description: "Ruling options B plays with, over A's",
    }),
  ),
}).annotate({
  identifier: "SimulationB",
  description:
    "An A/B run: the same raids (same seeds) again as B, with these packs or options (one at least); the result has both reports and each difference B − A with its 95% interval",
})

/** A campaign run. */
export const SimulationCampaign = Schema.Struct({
  campaigns: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_CAMPAIGNS })).annotate({
    description: `How many campaigns (1 to ${MAX_CAMPAIGNS}); campaign j is seeded from seed and j`,
  }),
  raids: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_CAMPAIGN_RAIDS })).annotate({
    description: `Raids in each campaign (1 to ${MAX_CAMPAIGN_RAIDS})`,
  }),
}).annotate({
  identifier: "SimulationCampaign",
  description:
    "A campaign run instead of raids: each campaign played by its own seeded policy (Errands, the raid, the Aftermath's choices); scenario: one for every raid (default: the campaign's choice). Not with raids, policies, table, options or b",
})

const fields = {
  refuges: Schema.Array(RefugeBody).check(Schema.isMinLength(2), Schema.isMaxLength(4)),
  scenario: Schema.optional(Id.annotate({ description: "A scenario id (default: cache)" })),
  packs: Schema.optional(
    Schema.Array(Id)
      .check(Schema.isMaxLength(20))
      .annotate({ description: "Homebrew packs on top of the core pack (their latest versions, kept)" }),
  ),
  policies: Schema.optional(
    Schema.Array(SimRaid.PolicyName).check(Schema.isMinLength(1), Schema.isMaxLength(4)).annotate({
      description: "One bot policy for every side, or one per Refuge in order (default sensible)",
    }),
  ),
  table: Schema.optional(
    SimRaid.TableKind.annotate({
      description:
        "declared (default): the abstract table answers facts by seeded draws weighted as a board answers them (R-SIM-08); fair: every answer equally likely (R-SIM-01); board: a seeded random 2-D board per raid (slower)",
    }),
  ),
  raids: Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: MAX_RAIDS })).annotate({
      description: `How many raids (1 to ${MAX_RAIDS}); needed, except for a campaign run (campaign.raids)`,
    }),
  ),
  seed: Schema.optional(
    Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })).annotate({
      description: "Raid i is seeded from this and i alone (default: a new one, shown in the report)",
    }),
  ),
  options: Schema.optional(encodedSide(BattleOptions.Options)),
  b: Schema.optional(SimulationB),
  campaign: Schema.optional(SimulationCampaign),
}

/** The request, as decoded (a roster is checked by the founding rules: 422 with every violation). */
export const SimulationBody = Schema.Struct(fields)
/** The request, as documented. */
export const SimulationRequest = Schema.Struct({
  ...fields,
  refuges: Schema.Array(RefugeRequest).check(Schema.isMinLength(2), Schema.isMaxLength(4)),
}).annotate({ identifier: "SimulationRequest" })

/** What a chart's spec is (the GraphQL field says it too: it is the one free-form JSON here). */
export const VEGA_LITE =
  "free-form: a Vega-Lite v6 spec with its data inline (Vega-Lite's own schema types it; hand it to vega-embed)"

/** One chart: its Vega-Lite spec, to draw as it is (the HTML page has it drawn as SVG). */
export const SimulationChart = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  spec: Schema.Record(Schema.String, Schema.Unknown).annotateKey({ description: VEGA_LITE }),
}).annotate({ identifier: "SimulationChart" })

// The library's schemas as they are (their identifiers name the GraphQL and OpenAPI types).
export const SimulationResult = Schema.Struct({
  report: Schema.optional(SimReport.Report),
  reportB: Schema.optional(SimReport.Report),
  comparison: Schema.optional(SimReport.Comparison),
  campaignReport: Schema.optional(SimCampaign.CampaignReport),
  charts: Schema.Array(SimulationChart),
  html: Schema.String.annotate({ description: "The report as an HTML page with the charts drawn as SVG" }),
}).annotate({
  identifier: "SimulationResult",
  description:
    "raids: report; an A/B run: report (A), reportB and comparison (each difference B − A with its 95% interval); a campaign run: campaignReport (survival curves and store trajectories by raid number)",
})

export const SimulationView = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  status: Schema.Literals(["queued", "running", "done", "failed", "cancelled"]),
  mode: Schema.Literals(["raids", "ab", "campaign"]).annotate({
    description: "raids; ab: an A/B run (each raid played as A and as B); campaign: a campaign run",
  }),
  raids: Schema.Int.annotate({ description: "Raids asked for (a campaign run: campaigns × raids each)" }),
  raidsDone: Schema.Int.annotate({
    description:
      "Raids played so far (progress: raidsDone of raids; a campaign run counts a campaign's raids once it has ended)",
  }),
  campaign: Schema.optional(
    Schema.Struct({ campaigns: Schema.Int, raids: Schema.Int, campaignsDone: Schema.Int }).annotate({
      identifier: "SimulationCampaignProgress",
      description: "A campaign run: campaigns done of campaigns, raids in each",
    }),
  ),
  b: Schema.optional(
    Schema.Struct({ packs: Schema.Array(Schema.String) }).annotate({
      identifier: "SimulationBSetup",
      description: "An A/B run: B's own packs, on top of A's (its options: result.reportB.spec)",
    }),
  ),
  chunks: Schema.Int.annotate({ description: "The queue jobs the raids (or campaigns) are split into" }),
  chunksDone: Schema.Int,
  scenario: Schema.String,
  table: SimRaid.TableKind,
  policies: Schema.Array(SimRaid.PolicyName).annotate({
    description: "The bot policies (none for a campaign run: its own seeded policy plays)",
  }),
  packs: Schema.Array(Schema.String),
  seed: Schema.Number.annotate({ description: "The base seed (raid i is seeded from it and i)" }),
  queue: Schema.optional(
    Schema.Struct({
      place: Schema.Int.annotate({
        description:
          "Its player's place in the turn order among the players with chunks waiting (1: next); 0 once all its chunks are handed out",
      }),
      chunksAhead: Schema.Int.annotate({
        description:
          "Chunks to be handed out before its next one: one per turn of each other player with chunks waiting, and its player's older jobs'",
      }),
      estimatedSeconds: Schema.optional(
        Schema.Int.annotate({
          description:
            "Seconds until it is done at the pace of the last 5 minutes (every worker together), if nothing more is queued ahead; absent when no chunk was played in that time",
        }),
      ),
    }).annotate({
      identifier: "SimulationQueuePlace",
      description:
        "Where it stands in the fair queue (chunks are handed out across players in turn); while queued or running, on GET of the one job",
    }),
  ),
  error: Schema.optional(Schema.String.annotate({ description: "Why it failed" })),
  result: Schema.optional(annotateAnew(SimulationResult, { description: "Once done" })),
  createdAt: Schema.String,
  updatedAt: Schema.String,
}).annotate({ identifier: "Simulation" })
export type SimulationView = typeof SimulationView.Type

/** The raids a simulation has still to play (a campaign run: campaigns × raids each; an A/B run: twice). */
const raidsLeft = (s: Store.StoredSimulation) =>
  (s.raids - s.raidsDone) * (s.setup.campaign?.raids ?? (s.setup.b ? 2 : 1))

const viewOf = (s: Store.StoredSimulation, result?: string, queue?: QueuePlace): SimulationView => {
  // A campaign run stores campaigns as its units: raids are counted as campaigns × raids each.
  const per = s.setup.campaign?.raids ?? 1
  const done = s.status === "done" ? s.raids : s.raidsDone
  const { campaign, b } = s.setup
  return {
    id: s.id,
    owner: s.ownerId,
    status: s.status,
    mode: campaign ? "campaign" : b ? "ab" : "raids",
    raids: s.raids * per,
    raidsDone: done * per,
    ...(campaign ? { campaign: { campaigns: s.raids, raids: campaign.raids, campaignsDone: done } } : {}),
    ...(b ? { b: { packs: b.packs.map((p) => p.id) } } : {}),
    chunks: s.chunks,
    chunksDone: s.chunksDone,
    scenario: campaign ? (campaign.scenario ?? "the campaign's choice") : s.setup.scenario,
    table: s.setup.table,
    policies: [...s.setup.policies],
    packs: s.setup.packs.map((p) => p.id),
    seed: s.setup.seed,
    ...(queue ? { queue } : {}),
    ...(s.error !== undefined ? { error: s.error } : {}),
    ...(result !== undefined ? { result: JSON.parse(result) as SimulationView["result"] } : {}),
    createdAt: s.createdAt,
    updatedAt: s.updatedAt,
  }
}

const queueOf = (deps: Deps) =>
  deps.simulations
    ? Effect.succeed(deps.simulations)
    : Effect.die(new Error("simulations: no queue is configured for this service"))

/** What a mode refuses (as `blight sim` refuses the flags): each path named, in one 400. */
const modeProblems = (input: typeof SimulationBody.Type): ErrorDetail[] => {
  const problems: ErrorDetail[] = []
  if (input.campaign) {
    const notWith = (path: string, why: string) =>
      problems.push({ path, message: `not with campaign: ${why}` })
    if (input.raids !== undefined) notWith("raids", "give campaign.raids, the raids in each campaign")
    for (const path of ["policies", "table", "options"] as const)
      if (input[path] !== undefined)
        notWith(
          path,
          "a campaign's raids are played by its own seeded policy (AutoPlay) on the declared table",
        )
    if (input.b !== undefined) notWith("b", "an A/B run plays raids")
  } else if (input.raids === undefined)
    problems.push({ path: "raids", message: "is missing (or give campaign for a campaign run)" })
  if (input.b && (input.b.packs ?? []).length === 0 && Object.keys(input.b.options ?? {}).length === 0)
    problems.push({ path: "b", message: "an A/B run needs B's packs or options (one at least)" })
  return problems
}

/** Refused now, not by the first chunk: a simulation that could never be set up is not stored. */
const probe = (
  refuges: ReadonlyArray<Refuge.Refuge>,
  scenario: string,
  options: Readonly<Record<string, unknown>>,
  content: Registry.Registry,
  seed: number,
  path = "",
) =>
  Result.match(
    Battle.create(
      { refuges, scenario, options, dice: { seed: SimRaid.raidSeed(seed, 0) } },
      Battle.envOf(content),
    ),
    {
      onSuccess: () => Effect.void,
      onFailure: (problems) =>
        Effect.fail(
          rulesViolated(
            "the raids cannot be set up",
            problems.map(
              (p): ErrorDetail => ({
                path: `${path}${p.path}`,
                message: p.message,
                ...(p.clause ? { clause: p.clause } : {}),
              }),
            ),
          ),
        ),
    },
  )

/** The stored versions of packs (kept: a later version changes nothing in this simulation). */
const packsFor = (deps: Deps, ids: ReadonlyArray<string>) =>
  Effect.gen(function* () {
    const packs: Array<Setup["packs"][number]> = []
    for (const id of ids) {
      const p = yield* db(() => Repo.packById(deps.db, id))
      if (!p) return yield* Effect.fail(notFound(`no pack "${id}"`))
      packs.push({ id: p.id, version: p.latest.version, body: p.latest.body })
    }
    return packs
  })

/** Queues a simulation: checked in full (Refuges, scenario, packs, set-up) before anything is stored. */
export const createSimulation = (deps: Deps, player: Caller, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(SimulationBody, body)
    const problems = modeProblems(input)
    if (problems.length > 0)
      return yield* Effect.fail(badRequest("the request body does not fit its mode", problems))
    const { queue, chunkRaids, maxQueuedRaids } = yield* queueOf(deps)
    const packIds = input.packs ?? []
    const content = yield* contentWith(deps, packIds)
    const campaign = input.campaign
    const scenario = yield* scenarioIn(content, input.scenario ?? "cache")
    const policies = input.policies ?? ["sensible"]
    if (policies.length > 1 && policies.length !== input.refuges.length)
      return yield* Effect.fail(
        rulesViolated("one policy for every side, or one per Refuge", [
          {
            path: "policies",
            message: `${policies.length} policies for ${input.refuges.length} Refuges`,
          },
        ]),
      )
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    const refuges: Refuge.Refuge[] = []
    for (const [i, r] of input.refuges.entries())
      refuges.push(yield* refugeFor(deps, player, r, content, seed, `refuges.${i}`))
    const options = input.options ?? {}
    const bPackIds = input.b?.packs ?? []
    const bOptions = input.b?.options ?? {}
    if (campaign) {
      // A campaign that cannot start (its Refuges refused by the campaign rules) is refused here.
      const started = SimCampaign.simulateCampaign(
        { refuges, seed, raids: 0, scenario: input.scenario },
        content,
        0,
      )
      if (Result.isFailure(started))
        return yield* Effect.fail(
          rulesViolated("the campaigns cannot be started", [{ path: "refuges", message: started.failure }]),
        )
    } else yield* probe(refuges, scenario, options, content, seed)
    if (input.b) {
      const bContent = yield* contentWith(deps, [...packIds, ...bPackIds])
      yield* probe(refuges, scenario, { ...options, ...bOptions }, bContent, seed, "b.")
    }
    const setup: Setup = {
      scenario,
      refuges,
      options,
      packs: yield* packsFor(deps, packIds),
      table: input.table ?? "declared",
      // A campaign's raids are played by its own policy (AutoPlay), none of these.
      policies: campaign ? [] : policies,
      seed,
      maxCommands: 5000,
      ...(input.b ? { b: { packs: yield* packsFor(deps, bPackIds), options: bOptions } } : {}),
      ...(campaign ? { campaign: { raids: campaign.raids, scenario: input.scenario } } : {}),
    }
    // The units chunked: raids, or campaigns (a chunk of about chunkRaids raids either way; an A/B
    // raid is played twice).
    const units = campaign ? campaign.campaigns : input.raids!
    const perChunk = Math.max(1, Math.floor(chunkRaids / (campaign ? campaign.raids : input.b ? 2 : 1)))
    const at = deps.now()
    const s: Store.StoredSimulation = {
      id: randomUUID(),
      ownerId: player.id,
      status: "queued",
      setup,
      raids: units,
      chunkRaids: perChunk,
      chunks: Math.ceil(units / perChunk),
      chunksDone: 0,
      raidsDone: 0,
      createdAt: at,
      updatedAt: at,
    }
    // Checked and stored in one transaction, under the player's lock (a row lock on PostgreSQL,
    // the write lock taken first on SQLite): requests at once can't each see room that only one
    // of them has.
    const refused = yield* db(() =>
      deps.db.transaction().execute(async (tx) => {
        await Repo.lockPlayer(tx, player.id)
        const active = await Store.activeOf(tx, player.id)
        if (active.length >= MAX_ACTIVE)
          return `a player may have ${MAX_ACTIVE} simulations queued or running at once: wait, or cancel one`
        const queued = active.reduce((n, a) => n + raidsLeft(a), 0)
        const asked = raidsLeft(s)
        if (queued + asked > maxQueuedRaids)
          return `a player may have ${maxQueuedRaids} raids queued (SIM_MAX_QUEUED_RAIDS, raids not yet played; an A/B run's count twice): this asks for ${asked} with ${queued} queued; wait, or cancel one`
        await Store.insertSimulation(tx, s)
        await queue.enqueue(tx, s)
        return undefined
      }),
    )
    if (refused !== undefined) return yield* Effect.fail(conflict(refused))
    queue.committed(s)
    return viewOf(s)
  })

const owned = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const s = yield* db(() => Store.simulationById(deps.db, id))
    if (!s) return yield* Effect.fail(notFound(`no simulation "${id.slice(0, 64)}"`))
    if (s.ownerId !== player.id)
      return yield* Effect.fail(forbidden(`simulation "${s.id}" is another player's`))
    return s
  })

/** A simulation: its progress, and its report once done. */
export const getSimulation = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const s = yield* owned(deps, player, id)
    const result = s.status === "done" ? yield* db(() => Store.reportOf(deps.db, s.id, "report")) : undefined
    const queue =
      s.status === "queued" || s.status === "running"
        ? yield* db(() => placeOf(deps.db, s.ownerId, s.id, Date.now()))
        : undefined
    return viewOf(s, result ?? undefined, queue)
  })

/** A page of the caller's simulations, newest first, without their reports. */
export const listSimulations = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => Store.simulationsPage(deps.db, player.id, req),
      (s) => viewOf(s),
    ),
  )

/** The report as an HTML page (404 until it is done). */
export const simulationHtml = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const s = yield* owned(deps, player, id)
    const html =
      s.status === "done" ? yield* db(() => Store.reportOf(deps.db, s.id, "report_html")) : undefined
    if (html == null)
      return yield* Effect.fail(notFound(`simulation "${s.id}" has no report yet (${s.status})`))
    return html
  })

/** Stops a queued or running simulation: chunks not yet started are skipped (409 once it has ended). */
export const cancelSimulation = (
  deps: Deps,
  player: Caller,
  id: string,
): Effect.Effect<SimulationView, ApiError> =>
  Effect.gen(function* () {
    const s = yield* owned(deps, player, id)
    const stopped = yield* db(() => Store.cancel(deps.db, s.id, deps.now()))
    if (!stopped) return yield* Effect.fail(conflict(`simulation "${s.id}" has already ended (${s.status})`))
    return yield* getSimulation(deps, player, id)
  })
