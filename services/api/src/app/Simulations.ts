/**
 * Simulations over HTTP (issue 15): the use-cases REST (/v1/simulations) and GraphQL share. A
 * simulation is N raids between the caller's Refuges (stored ones, or rosters founded now), each
 * side played by a bot policy; it is stored at once (202) and split into chunks of raids that the
 * queue runs (`sim/queue.ts`: graphile-worker on PostgreSQL, the server's threads on SQLite). Its
 * view shows the raids done so far and, once the last chunk is in, the report: the numbers, the
 * charts as Vega-Lite specs, and the address of the HTML page with them drawn as SVG.
 */
import { randomInt, randomUUID } from "node:crypto"
import { Battle, BattleOptions, type Refuge, Roster, SimRaid, SimReport } from "@blight/rules"
import { Effect, Either, Schema } from "effect"
import * as Repo from "../db/repositories.js"
import type { Setup } from "../sim/play.js"
import * as Store from "../sim/store.js"
import { type ApiError, conflict, type ErrorDetail, forbidden, notFound, rulesViolated } from "./ApiError.js"
import { type Caller, contentWith, type Deps, decodeBody } from "./App.js"
import { refugeFor, scenarioIn } from "./Raids.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/** The most raids one simulation may ask for (a chunk of `chunkRaids` is one queue job). */
export const MAX_RAIDS = 100_000
/** The most simulations a player may have queued or running at once. */
export const MAX_ACTIVE = 5

const Id = Schema.String.pipe(Schema.minLength(1), Schema.maxLength(64))

const RefugeBody = Schema.Struct({
  refuge: Schema.optional(
    Id.annotations({ description: "A stored Refuge or Congregation of the caller's to play" }),
  ),
  roster: Schema.optional(Schema.Unknown),
})
const RefugeRequest = Schema.Struct({
  refuge: RefugeBody.fields.refuge,
  roster: Schema.optional(
    Roster.Roster.annotations({ description: "A roster, founded now with the simulation's seed" }),
  ),
}).annotations({
  identifier: "SimulationRefugeRequest",
  description: "Give refuge (a stored one of the caller's) or roster (founded now), not both",
})

const fields = {
  refuges: Schema.Array(RefugeBody).pipe(Schema.minItems(2), Schema.maxItems(4)),
  scenario: Schema.optional(Id.annotations({ description: "A scenario id (default: cache)" })),
  packs: Schema.optional(
    Schema.Array(Id)
      .pipe(Schema.maxItems(20))
      .annotations({ description: "Homebrew packs on top of the core pack (their latest versions, kept)" }),
  ),
  policies: Schema.optional(
    Schema.Array(SimRaid.PolicyName).pipe(Schema.minItems(1), Schema.maxItems(4)).annotations({
      description: "One bot policy for every side, or one per Refuge in order (default sensible)",
    }),
  ),
  table: Schema.optional(
    Schema.Literal("declared", "board").annotations({
      description:
        "declared (default): the abstract table answers facts by seeded draws (R-SIM-01); board: a seeded random 2-D board per raid (slower)",
    }),
  ),
  raids: Schema.Int.pipe(Schema.between(1, MAX_RAIDS)).annotations({
    description: `How many raids (1 to ${MAX_RAIDS})`,
  }),
  seed: Schema.optional(
    Schema.Int.pipe(Schema.between(0, Number.MAX_SAFE_INTEGER)).annotations({
      description: "Raid i is seeded from this and i alone (default: a new one, shown in the report)",
    }),
  ),
  options: Schema.optional(Schema.encodedSchema(BattleOptions.Options)),
}

/** The request, as decoded (a roster is checked by the founding rules: 422 with every violation). */
export const SimulationBody = Schema.Struct(fields)
/** The request, as documented. */
export const SimulationRequest = Schema.Struct({
  ...fields,
  refuges: Schema.Array(RefugeRequest).pipe(Schema.minItems(2), Schema.maxItems(4)),
}).annotations({ identifier: "SimulationRequest" })

/** What a chart's spec is (the GraphQL field says it too: it is the one free-form JSON here). */
export const VEGA_LITE =
  "free-form: a Vega-Lite v6 spec with its data inline (Vega-Lite's own schema types it; hand it to vega-embed)"

/** One chart: its Vega-Lite spec, to draw as it is (the HTML page has it drawn as SVG). */
export const SimulationChart = Schema.Struct({
  id: Schema.String,
  title: Schema.String,
  spec: Schema.propertySignature(Schema.Record({ key: Schema.String, value: Schema.Unknown })).annotations({
    description: VEGA_LITE,
  }),
}).annotations({ identifier: "SimulationChart" })

export const SimulationResult = Schema.Struct({
  report: SimReport.Report,
  charts: Schema.Array(SimulationChart),
  html: Schema.String.annotations({ description: "The report as an HTML page with the charts drawn as SVG" }),
}).annotations({ identifier: "SimulationResult" })

export const SimulationView = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  status: Schema.Literal("queued", "running", "done", "failed", "cancelled"),
  raids: Schema.Int,
  raidsDone: Schema.Int.annotations({ description: "Raids played so far (progress: raidsDone of raids)" }),
  chunks: Schema.Int.annotations({ description: "The queue jobs the raids are split into" }),
  chunksDone: Schema.Int,
  scenario: Schema.String,
  table: Schema.Literal("declared", "board"),
  policies: Schema.Array(SimRaid.PolicyName),
  packs: Schema.Array(Schema.String),
  seed: Schema.Number.annotations({ description: "The base seed (raid i is seeded from it and i)" }),
  error: Schema.optional(Schema.String.annotations({ description: "Why it failed" })),
  result: Schema.optional(SimulationResult.annotations({ description: "Once done" })),
  createdAt: Schema.String,
  updatedAt: Schema.String,
}).annotations({ identifier: "Simulation" })
export type SimulationView = typeof SimulationView.Type

const viewOf = (s: Store.StoredSimulation, result?: string): SimulationView => ({
  id: s.id,
  owner: s.ownerId,
  status: s.status,
  raids: s.raids,
  raidsDone: s.status === "done" ? s.raids : s.raidsDone,
  chunks: s.chunks,
  chunksDone: s.chunksDone,
  scenario: s.setup.scenario,
  table: s.setup.table,
  policies: [...s.setup.policies],
  packs: s.setup.packs.map((p) => p.id),
  seed: s.setup.seed,
  ...(s.error !== undefined ? { error: s.error } : {}),
  ...(result !== undefined ? { result: JSON.parse(result) as SimulationView["result"] } : {}),
  createdAt: s.createdAt,
  updatedAt: s.updatedAt,
})

const queueOf = (deps: Deps) =>
  deps.simulations
    ? Effect.succeed(deps.simulations)
    : Effect.die(new Error("simulations: no queue is configured for this service"))

/** Queues a simulation: checked in full (Refuges, scenario, packs, set-up) before anything is stored. */
export const createSimulation = (deps: Deps, player: Caller, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(SimulationBody, body)
    const { queue, chunkRaids } = yield* queueOf(deps)
    const packIds = input.packs ?? []
    const content = yield* contentWith(deps, packIds)
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
    // Refused now, not by the first chunk: a simulation that could never be set up is not stored.
    const probe = Battle.create(
      { refuges, scenario, options, dice: { seed: SimRaid.raidSeed(seed, 0) } },
      Battle.envOf(content),
    )
    if (Either.isLeft(probe))
      return yield* Effect.fail(
        rulesViolated(
          "the raids cannot be set up",
          probe.left.map(
            (p): ErrorDetail => ({
              path: p.path,
              message: p.message,
              ...(p.clause ? { clause: p.clause } : {}),
            }),
          ),
        ),
      )
    const active = yield* db(() => Store.activeOf(deps.db, player.id))
    if (active >= MAX_ACTIVE)
      return yield* Effect.fail(
        conflict(
          `a player may have ${MAX_ACTIVE} simulations queued or running at once: wait, or cancel one`,
        ),
      )
    const packs: Array<Setup["packs"][number]> = []
    for (const id of packIds) {
      const p = yield* db(() => Repo.packById(deps.db, id))
      if (!p) return yield* Effect.fail(notFound(`no pack "${id}"`))
      packs.push({ id: p.id, version: p.latest.version, body: p.latest.body })
    }
    const setup: Setup = {
      scenario,
      refuges,
      options,
      packs,
      table: input.table ?? "declared",
      policies,
      seed,
      maxCommands: 5000,
    }
    const at = deps.now()
    const s: Store.StoredSimulation = {
      id: randomUUID(),
      ownerId: player.id,
      status: "queued",
      setup,
      raids: input.raids,
      chunkRaids,
      chunks: Math.ceil(input.raids / chunkRaids),
      chunksDone: 0,
      raidsDone: 0,
      createdAt: at,
      updatedAt: at,
    }
    yield* db(() =>
      deps.db.transaction().execute(async (tx) => {
        await Store.insertSimulation(tx, s)
        await queue.enqueue(tx, s)
      }),
    )
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
    return viewOf(s, result ?? undefined)
  })

/** The caller's simulations, newest first, without their reports (at most 100). */
export const listSimulations = (deps: Deps, player: Caller) =>
  db(() => Store.simulationsOf(deps.db, player.id, 100)).pipe(Effect.map((ss) => ss.map((s) => viewOf(s))))

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
