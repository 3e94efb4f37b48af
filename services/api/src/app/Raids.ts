/**
 * Raids over HTTP: the use-cases REST and GraphQL share. A raid is an event stream (the engine's
 * events, appended in order); its state is the fold of them, kept in memory by version and saved
 * every so often as a snapshot. Each side is played by a player (seated when the raid is made; a
 * seat can wait for its player to join with their own Refuge). A command names the version it was
 * decided against: a stale one is refused (409), and of concurrent commands on one version exactly
 * one is stored. The dice state (the PRNG, and the seed) never leaves the server.
 */
import { randomInt, randomUUID } from "node:crypto"
import { type Prng, seeded } from "@blight/dice"
import {
  Auto,
  Battle,
  BattleCommand,
  BattleEvent,
  type BattleOptions,
  BattleState,
  type Board,
  Founding,
  Policy,
  type Refuge,
  type Registry,
  Svg,
  sideOnTurn,
} from "@blight/rules"
import { Effect, Exit, Result, Schema } from "effect"
import { LRUCache } from "lru-cache"
import * as Lists from "../db/lists.js"
import * as Repo from "../db/repositories.js"
import { localNotifier, type Notifier, noticeOf } from "../live/Notifier.js"
import {
  type ApiError,
  badRequest,
  conflict,
  type ErrorDetail,
  forbidden,
  notFound,
  rulesViolated,
} from "./ApiError.js"
import {
  type Caller,
  contentWith,
  type Deps,
  decodeBody,
  decodeQuery,
  keptBytes,
  type Player,
  violationDetails,
} from "./App.js"
import { PageQuery, paged } from "./paging.js"
import {
  AdjustRequest,
  CommandBody,
  CreateRaidBody,
  EventsQuery,
  JoinRaidBody,
  UndoRequest,
} from "./raidRequests.js"

export * from "./raidRequests.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

// ── per-service runtime: states by version, and who is listening ────────────

/** A snapshot is saved when this many events have been stored since the last one (at a dice roll). */
export const SNAPSHOT_EVERY = 100

interface Runtime {
  /** The state of a raid at a version, exact (undo works on it). Events never change, so a version names one state. */
  readonly states: LRUCache<string, { readonly version: number; readonly state: BattleState.State }>
  /**
   * Tells listeners a raid's log grew (the new version); they read the events from the database.
   * On PostgreSQL it hears of appends made through every instance (LISTEN/NOTIFY).
   */
  readonly notifier: Notifier
  /** Aborted when the service closes: every follower ends, so no stream holds the server open. */
  readonly closing: AbortController
  /** Followers open now (metrics). */
  following: number
}

// One runtime per database handle, so two services in one process (a restart test) share nothing.
const runtimes = new WeakMap<object, Runtime>()
const runtimeOf = (deps: Deps): Runtime => {
  let rt = runtimes.get(deps.db)
  if (!rt) {
    rt = {
      states: new LRUCache({ max: 500 }),
      notifier: deps.notifier ?? localNotifier(),
      closing: new AbortController(),
      following: 0,
    }
    runtimes.set(deps.db, rt)
  }
  return rt
}

// ── schemas ─────────────────────────────────────────────────────────────────

// The requests' schemas are in raidRequests.ts (and exported from here too); the answers' are here.

/**
 * What the engine logs as a batch's command (`unknown` in its event and pending schemas): a
 * player's command, or the engine's own next step (`{type: "continue", step}`, by "engine"),
 * whose step names are a type of the engine's, not a schema, so it is text here.
 */
export const LoggedCommand = Schema.Union([
  BattleCommand.Command,
  Schema.Struct({
    type: Schema.Literal("continue"),
    step: Schema.String.annotate({
      description: "The phase the engine runs next (setup, round, creature, …)",
    }),
  }).annotate({
    identifier: "EngineStepCommand",
    description: "The engine's own step, the command of its batch",
  }),
]).annotate({ identifier: "LoggedCommand" })
// An adjustment logs the fields the `adjust` command changed: those of the command but its tag,
// reason and model.
const { type: _type, reason: _reason, model: _model, ...changed } = BattleCommand.Adjust.fields
export const AdjustedChanges = Schema.Struct(changed).annotate({
  identifier: "AdjustedChanges",
  description: "What an adjustment changed: the fields of the adjust command that were set",
})

/** The state as a player sees it: everything but the dice state. */
export const RaidState = Schema.Struct({
  ...BattleState.State.fields,
  dice: Schema.Struct({ mode: BattleState.State.fields.dice.fields.mode }),
}).annotate({ identifier: "RaidState", description: "The raid's state, without the dice state" })

const Seat = Schema.Struct({
  player: Schema.String,
  side: Schema.optional(Schema.String.annotate({ description: "The side it plays, once set up" })),
  joined: Schema.Boolean.annotate({
    description: "Whether its Refuge is in (false: waiting for the player)",
  }),
}).annotate({ identifier: "RaidSeat" })

export const RaidView = Schema.Struct({
  id: Schema.String,
  owner: Schema.String,
  status: Schema.Literals(["waiting", "playing", "over"]),
  version: Schema.Int.annotate({ description: "Send it with a command; a stale one is refused with 409" }),
  scenario: Schema.String,
  packs: Schema.Array(Schema.String),
  seats: Schema.Array(Seat),
  you: Schema.Array(Schema.String).annotate({ description: "The sides the caller plays" }),
  campaign: Schema.optional(
    Schema.String.annotate({
      description: "The campaign it is a raid of (its record is folded in when it ends)",
    }),
  ),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  round: Schema.optional(Schema.Int),
  phase: Schema.optional(BattleState.State.fields.phase),
  turn: Schema.optional(Schema.String.annotate({ description: "The side on turn" })),
  decider: Schema.optional(Schema.String.annotate({ description: "Who decides now (a side, or any)" })),
  pending: Schema.optional(BattleState.Prompt),
  result: Schema.optional(BattleState.Result),
  state: Schema.optional(RaidState),
}).annotate({ identifier: "Raid" })
export type RaidView = typeof RaidView.Type

export const RaidEvent = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: BattleEvent.Event,
}).annotate({ identifier: "RaidEvent" })
export type RaidEvent = typeof RaidEvent.Type

export const RaidEventsPage = Schema.Struct({
  version: Schema.Int,
  after: Schema.Int,
  events: Schema.Array(RaidEvent),
  next: Schema.optional(Schema.Int.annotate({ description: "Ask again with after=next for more" })),
}).annotate({ identifier: "RaidEventsPage" })

export const RaidLegal = Schema.Struct({
  version: Schema.Int,
  by: Schema.String.annotate({ description: "The side the commands are for (any: the caller plays all)" }),
  commands: Schema.Array(BattleCommand.Command),
}).annotate({ identifier: "RaidLegalCommands" })

export const CommandResult = Schema.Struct({
  version: Schema.Int,
  events: Schema.Array(RaidEvent),
  over: Schema.Boolean,
  decider: Schema.String.annotate({ description: "Who decides now (a side, or any)" }),
  pending: Schema.optional(BattleState.Prompt),
  result: Schema.optional(BattleState.Result),
}).annotate({ identifier: "RaidCommandResult" })

// ── what is stored with a raid ──────────────────────────────────────────────

interface Setup {
  readonly scenario: string
  readonly options: BattleOptions.OptionsInput
  readonly packs: ReadonlyArray<string>
  readonly dice: { readonly seed: Prng.Seed } | "manual"
  readonly board?: "random" | Board.Board
  /** Each seat's Refuge, once in (null: waiting for its player). */
  readonly refuges: ReadonlyArray<Refuge.Refuge | null>
  /** A campaign's raid: the campaign (its record is folded in when the raid ends), Season and memory. */
  readonly campaignId?: string
  readonly season?: string
  readonly campaign?: BattleState.State["campaign"]
}

const setupOf = (r: Repo.StoredRaid) => r.setup as Setup

// ── reading a raid ──────────────────────────────────────────────────────────

const decodeLog = (rows: ReadonlyArray<Repo.StoredEvent>): ReadonlyArray<BattleEvent.Event> => {
  const decoded = Battle.decodeEvents(rows.map((r) => JSON.parse(r.body)))
  // The log is the server's own writing: a row that doesn't decode is a defect, not the caller's.
  if (Result.isFailure(decoded)) throw new Error(`stored events do not decode: ${decoded.failure.message}`)
  return decoded.success
}

const decodeState = Schema.decodeUnknownSync(BattleState.State)

/** The state of a stored raid at its version: from memory, or a snapshot and the events after it. */
const stateOf = (deps: Deps, raid: Repo.StoredRaid): Effect.Effect<BattleState.State> =>
  Effect.gen(function* () {
    const rt = runtimeOf(deps)
    const kept = rt.states.get(raid.id)
    if (kept && kept.version === raid.version) return kept.state
    let from: BattleState.State | undefined
    let after = 0
    if (kept && kept.version < raid.version) {
      from = kept.state
      after = kept.version
    } else if (raid.snapshotSeq > 0) {
      const saved = yield* db(() => Repo.snapshotAt(deps.db, raid.id, raid.snapshotSeq))
      if (saved !== undefined) {
        from = decodeState(JSON.parse(saved))
        after = raid.snapshotSeq
      }
    }
    const rows = yield* db(() => Repo.eventsAfter(deps.db, raid.id, after, { upTo: raid.version }))
    const state = Battle.resume(decodeLog(rows), from)
    rt.states.set(raid.id, { version: raid.version, state })
    return state
  })

const load = (deps: Deps, id: string) =>
  Effect.gen(function* () {
    const raid = yield* db(() => Repo.raidById(deps.db, id))
    if (!raid) return yield* Effect.fail(notFound(`no raid "${id.slice(0, 64)}"`))
    return raid
  })

/** The sides a player plays ("any" when they play every side of the raid's players). */
const sidesOf = (raid: Repo.StoredRaid, player: Player): string[] =>
  raid.seats.filter((s) => s.player === player.id && s.side !== undefined).map((s) => s.side!)

/** What the read checks need of a raid's row. */
type Head = Pick<Repo.StoredRaid, "id" | "ownerId" | "seats" | "version" | "updatedAt">

/** Why the player may not read the raid (a reader, not only a player: see {@link reader}), or undefined. */
const seatRefusal = (raid: Head, player: Player): ApiError | undefined =>
  raid.seats.some((s) => s.player === player.id)
    ? undefined
    : forbidden(`raid "${raid.id}" is played by other players`)

/** Its players read a raid, and so does the player who set it up for others (an organiser). */
const readRefusal = (raid: Head, player: Player): ApiError | undefined =>
  raid.ownerId === player.id ? undefined : seatRefusal(raid, player)

/**
 * Where in the body a refusal points: the engine's reasons lead with the command's field they are
 * about ("model: …", "facts.1.query.b: …"), so `command.<that>` when the command has that field,
 * else the command as a whole.
 */
const refusedPath = (command: object, reason: string): string => {
  const lead = /^([A-Za-z]+(?:\.[A-Za-z0-9]+)*): /.exec(reason)?.[1]
  return lead !== undefined && Object.hasOwn(command, lead.split(".")[0]!) ? `command.${lead}` : "command"
}

const failWith = (refused: ApiError | undefined): Effect.Effect<void, ApiError> =>
  refused ? Effect.fail(refused) : Effect.void

const seated = (raid: Head, player: Player) => failWith(seatRefusal(raid, player))

const reader = (raid: Head, player: Player) => failWith(readRefusal(raid, player))

/** The side a player's command is for: every side (any) when they play them all, else theirs. */
const byFor = (raid: Repo.StoredRaid, player: Player, state: BattleState.State): string => {
  const mine = sidesOf(raid, player)
  if (mine.length === raid.seats.length) return "any"
  const deciding = Auto.decider(state)
  return mine.includes(deciding) ? deciding : (mine[0] ?? "none")
}

const envOf = (deps: Deps, raid: Repo.StoredRaid, state: BattleState.State) =>
  Effect.gen(function* () {
    const content = yield* contentWith(deps, setupOf(raid).packs)
    const env = Battle.envFor(state, content)
    if (Result.isFailure(env))
      return yield* Effect.die(new Error(`raid ${raid.id}: packs ${env.failure} missing`))
    return env.success
  })

const viewOf = (raid: Repo.StoredRaid, player: Player, state?: BattleState.State): RaidView => {
  const s = setupOf(raid)
  const turn = state ? sideOnTurn(state)?.id : undefined
  return {
    id: raid.id,
    owner: raid.ownerId,
    status: raid.status,
    version: raid.version,
    scenario: s.scenario,
    packs: s.packs,
    seats: raid.seats.map((seat, i) => ({
      player: seat.player,
      ...(seat.side ? { side: seat.side } : {}),
      joined: s.refuges[i] !== null,
    })),
    you: sidesOf(raid, player),
    ...(s.campaignId !== undefined ? { campaign: s.campaignId } : {}),
    createdAt: raid.createdAt,
    updatedAt: raid.updatedAt,
    ...(state
      ? {
          round: state.round,
          phase: state.phase,
          ...(turn ? { turn } : {}),
          decider: Auto.decider(state),
          ...(state.pending?.prompt ? { pending: state.pending.prompt } : {}),
          ...(state.result ? { result: state.result } : {}),
          state: Battle.view(state) as RaidView["state"] & object,
        }
      : {}),
  }
}

/** A raid as the caller may see it (403 for a player with no seat at it). */
export const getRaid = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    const state = raid.version > 0 ? yield* stateOf(deps, raid) : undefined
    return viewOf(raid, player, state)
  })

/**
 * {@link getRaid} as JSON bytes, for REST: the key and the raid's row are read every time, but the
 * view of one version for one player (what they may see differs by seat) is kept as the bytes it
 * was: a version names one state, so a kept view is never stale. Bounded in bytes. A plain promise
 * of its Exit (the server's read path runs it without a fiber); only a miss runs as an Effect.
 */
export const raidJson = async (
  deps: Deps,
  player: Caller,
  id: string,
): Promise<Exit.Exit<Buffer<ArrayBuffer>, ApiError>> => {
  // The head first: a kept view needs only the seats and the version, not the set-up.
  const head = await Repo.raidHeadById(deps.db, id)
  if (!head) return Exit.fail(notFound(`no raid "${id.slice(0, 64)}"`))
  const refused = readRefusal(head, player)
  if (refused) return Exit.fail(refused)
  const keyOf = (r: Head) => `${r.id}\u0000${r.version}\u0000${r.updatedAt}\u0000${player.id}`
  const kept = raidViews.get(keyOf(head))
  if (kept !== undefined) return Exit.succeed(kept)
  return Effect.runPromiseExit(
    Effect.gen(function* () {
      // Kept under the whole row's own version: a command may have landed since the head was read.
      const raid = yield* load(deps, id)
      yield* reader(raid, player)
      const state = raid.version > 0 ? yield* stateOf(deps, raid) : undefined
      const bytes = Buffer.from(JSON.stringify(viewOf(raid, player, state)))
      raidViews.set(keyOf(raid), bytes)
      return bytes
    }),
  )
}

const raidViews = keptBytes(32 * 1024 * 1024)

/** A page of the raids the caller has a seat at, oldest first. */
export const listRaids = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => Lists.raidsPage(deps.db, player.id, req),
      (r) => viewOf(r, player),
    ),
  )

/** The board as SVG (404 for a raid on a declared table, which has no board to draw). */
export const raidSvg = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    if (raid.version === 0) return yield* Effect.fail(notFound(`raid "${id}" is waiting for its players`))
    const state = yield* stateOf(deps, raid)
    if (!state.board)
      return yield* Effect.fail(
        notFound(`raid "${id}" is played on a declared table: there is no board to draw`),
      )
    const rows = yield* db(() =>
      Repo.eventsAfter(deps.db, raid.id, Math.max(0, raid.version - 400), { upTo: raid.version }),
    )
    return Svg.render(state, { lastActivation: Svg.lastActivation(decodeLog(rows)) })
  })

/** What the caller may do now (on a board, moves to concrete points). */
export const legalFor = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* seated(raid, player)
    if (raid.version === 0) return { version: 0, by: "none", commands: [] }
    const state = yield* stateOf(deps, raid)
    const env = yield* envOf(deps, raid, state)
    const by = byFor(raid, player, state)
    const listed = Battle.legal(state, env, by)
    return { version: raid.version, by, commands: Policy.boardCommands(state, listed, env.content) }
  })

const viewed = (events: ReadonlyArray<BattleEvent.Event>, first: number): RaidEvent[] =>
  Battle.viewEvents(events).map((event, i) => ({ seq: first + i, event }))

/** A page of the log: events after `after`, at most `limit` (default 200). */
export const raidEvents = (deps: Deps, player: Caller, id: string, query: unknown) =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(EventsQuery, query)
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    const after = q.after ?? 0
    const limit = q.limit ?? 200
    const rows = yield* db(() => Repo.eventsAfter(deps.db, raid.id, after, { limit }))
    const events = rows.length ? viewed(decodeLog(rows), rows[0]!.seq) : []
    const last = rows.at(-1)?.seq ?? after
    return { version: raid.version, after, events, ...(last < raid.version ? { next: last } : {}) }
  })

// ── making a raid ───────────────────────────────────────────────────────────

/** A side's Refuge: a stored one of the player's, or a roster founded now with the raid's seed. */
export const refugeFor = (
  deps: Deps,
  player: Player,
  side: { readonly refuge?: string | undefined; readonly roster?: unknown },
  content: Registry.Registry,
  seed: Prng.Seed,
  path: string,
): Effect.Effect<Refuge.Refuge, ApiError> =>
  Effect.gen(function* () {
    if ((side.refuge === undefined) === (side.roster === undefined))
      return yield* Effect.fail(
        badRequest("give a side's refuge or its roster: exactly one of the two", [
          { path, message: "exactly one of refuge, roster" },
        ]),
      )
    if (side.refuge !== undefined) {
      const r = yield* db(() => Repo.refugeById(deps.db, side.refuge!))
      if (!r) return yield* Effect.fail(notFound(`no refuge "${side.refuge}"`))
      if (r.ownerId !== player.id)
        return yield* Effect.fail(forbidden(`${r.kind} "${r.id}" belongs to another player`))
      return r.body as Refuge.Refuge
    }
    const founded = Founding.found(side.roster, content, { source: seeded(seed) })
    // The roster's path in the body: `roster` at its root (a join), else under the side's path.
    const at = path === "(root)" ? "roster" : `${path}.roster`
    if (Result.isFailure(founded))
      return yield* Effect.fail(
        rulesViolated(
          "the roster breaks the founding rules",
          violationDetails(founded.failure, (p) => `${at}.${p}`.replace(/\.\(root\)$/, "")),
        ),
      )
    return founded.success
  })

const setupProblems = (
  problems: ReadonlyArray<{ path: string; message: string; clause?: string | undefined }>,
) =>
  problems.map(
    (p): ErrorDetail => ({ path: p.path, message: p.message, ...(p.clause ? { clause: p.clause } : {}) }),
  )

/** The engine's first events for a raid whose seats all have their Refuge, and the seats' sides. */
const prepare = (deps: Deps, raid: Repo.StoredRaid, setup: Setup) =>
  Effect.gen(function* () {
    const content = yield* contentWith(deps, setup.packs)
    const refuges = setup.refuges as ReadonlyArray<Refuge.Refuge>
    const seed = setup.dice === "manual" ? 0 : setup.dice.seed
    const board =
      setup.board === "random" ? Battle.randomBoard(seed, refuges, setup.scenario, content) : setup.board
    const made = Battle.create(
      {
        refuges,
        scenario: setup.scenario,
        options: setup.options,
        dice: setup.dice,
        packs: content.packs.map((m) => m.id),
        ...(board ? { board } : {}),
        ...(setup.season !== undefined ? { season: setup.season } : {}),
        ...(setup.campaign !== undefined ? { campaign: setup.campaign } : {}),
      },
      Battle.envOf(content),
    )
    if (Result.isFailure(made))
      return yield* Effect.fail(rulesViolated("the raid cannot be set up", setupProblems(made.failure)))
    const { events, state } = made.success
    // Seats take the sides in order (the engine makes one side per Refuge, in the order given).
    const seats = raid.seats.map((s, i) => ({ player: s.player, side: state.sides[i]!.id }))
    return { events, state, seats }
  })

/**
 * Sets the raid up once every seat has its Refuge: the engine's first events are stored at
 * version 0 (so of two last joiners at once, one sets it up and the other gets 409).
 */
const begin = (deps: Deps, raid: Repo.StoredRaid, setup: Setup) =>
  Effect.gen(function* () {
    const { events, state, seats } = yield* prepare(deps, raid, setup)
    const version = yield* append(deps, raid, 0, events, state, { seats })
    if (version === undefined)
      return yield* Effect.fail(conflict(`raid "${raid.id}" was set up by another request`))
    return { ...raid, seats, version, status: statusOf(state) } satisfies Repo.StoredRaid
  })

const statusOf = (state: BattleState.State): Repo.StoredRaid["status"] =>
  state.phase === "over" ? "over" : "playing"

/** Stores events decided against `expected`; keeps the state and tells listeners. */
const append = (
  deps: Deps,
  raid: Repo.StoredRaid,
  expected: number,
  events: ReadonlyArray<BattleEvent.Event>,
  state: BattleState.State,
  extra: { seats?: ReadonlyArray<Repo.Seat> } = {},
) =>
  Effect.gen(function* () {
    const rt = runtimeOf(deps)
    const version = yield* db(() =>
      Repo.appendEvents(deps.db, appendOf(deps, raid, expected, events, state, extra)),
    )
    if (version === undefined) return undefined
    rt.states.set(raid.id, { version, state })
    rt.notifier.committed(raid.id, version)
    if (version > expected && state.phase === "over" && setupOf(raid).campaignId !== undefined)
      yield* Effect.forEach(overHooks, (hook) => hook(deps, setupOf(raid).campaignId!), { discard: true })
    return version
  })

/** The row an append writes (see {@link append}). */
const appendOf = (
  deps: Deps,
  raid: Repo.StoredRaid,
  expected: number,
  events: ReadonlyArray<BattleEvent.Event>,
  state: BattleState.State,
  extra: { seats?: ReadonlyArray<Repo.Seat> } = {},
): Repo.Append => {
  const next = expected + events.length
  const rt = runtimeOf(deps)
  // At a dice roll (nothing to undo) and far enough from the last: a snapshot to resume from.
  const snapshot =
    next - raid.snapshotSeq >= SNAPSHOT_EVERY && !Battle.canUndo(state) ? JSON.stringify(state) : undefined
  return {
    stream: raid.id,
    expected,
    events: events.map((e) => ({ type: e.type, body: JSON.stringify(e) })),
    at: deps.now(),
    status: statusOf(state),
    ...(extra.seats ? { seats: extra.seats } : {}),
    ...(snapshot !== undefined ? { snapshot } : {}),
    ...(rt.notifier.channel
      ? { notice: { channel: rt.notifier.channel, payload: noticeOf(raid.id, next) } }
      : {}),
  }
}

/**
 * Run when a campaign's raid ends (its record is folded into the campaign): registered by the
 * campaigns' module, so the raid machinery does not depend on it. A hook's failure is its own: the
 * raid's command is stored either way, and the campaign folds the raid in when next read.
 */
const overHooks: Array<(deps: Deps, campaignId: string) => Effect.Effect<void>> = []
export const whenCampaignRaidEnds = (hook: (deps: Deps, campaignId: string) => Effect.Effect<void>): void => {
  overHooks.push(hook)
}

/**
 * A campaign's raid: every seat's Refuge is given, so its set-up events are ready at once; `store`
 * writes the raid row and them (with the campaign's link, in one transaction). Nothing is stored
 * when the engine refuses the set-up (422 with each problem).
 */
export const startLinked = (
  deps: Deps,
  owner: string,
  players: ReadonlyArray<string>,
  setup: Setup,
  store: (raid: Repo.StoredRaid, begin: Repo.Append) => Promise<boolean>,
) =>
  Effect.gen(function* () {
    const raid: Repo.StoredRaid = {
      id: randomUUID(),
      ownerId: owner,
      status: "waiting",
      seats: players.map((player) => ({ player })),
      setup,
      version: 0,
      snapshotSeq: 0,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    }
    const { events, state, seats } = yield* prepare(deps, raid, setup)
    const stored = yield* db(() => store(raid, appendOf(deps, raid, 0, events, state, { seats })))
    if (!stored) return undefined
    runtimeOf(deps).states.set(raid.id, { version: events.length, state })
    runtimeOf(deps).notifier.committed(raid.id, events.length)
    return raid.id
  })

export type RaidSetup = Setup

/** The scenario named, when the content has it (422 listing those it has). */
export const scenarioIn = (content: Registry.Registry, scenario: string): Effect.Effect<string, ApiError> =>
  content.get("scenarios", scenario)
    ? Effect.succeed(scenario)
    : Effect.fail(
        rulesViolated(`there is no scenario "${scenario}"`, [
          {
            path: "scenario",
            message: `one of: ${content
              .list("scenarios")
              .map((s) => s.id)
              .join(", ")}`,
            clause: "B-SCENARIO-02",
          },
        ]),
      )

/** Makes a raid: set up at once when every side's Refuge is given, else when the last player joins. */
export const createRaid = (deps: Deps, player: Caller, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CreateRaidBody, body)
    const packs = input.packs ?? []
    const content = yield* contentWith(deps, packs)
    const scenario = yield* scenarioIn(content, input.scenario ?? "cache")
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    const refuges: Array<Refuge.Refuge | null> = []
    const seats: Repo.Seat[] = []
    for (const [i, side] of input.sides.entries()) {
      const who = side.player ?? player.id
      if (who !== player.id) {
        const other = yield* db(() => Repo.playerExists(deps.db, who))
        if (!other) return yield* Effect.fail(notFound(`no player "${who}" (sides.${i}.player)`))
      }
      seats.push({ player: who })
      if (who !== player.id && side.refuge === undefined && side.roster === undefined) refuges.push(null)
      else if (who !== player.id && side.refuge !== undefined)
        return yield* Effect.fail(
          forbidden(`sides.${i}: another player's side is their own Refuge: they join with it`),
        )
      else refuges.push(yield* refugeFor(deps, player, side, content, seed, `sides.${i}`))
    }
    const setup: Setup = {
      scenario,
      options: input.options ?? {},
      packs,
      dice: input.dice === "manual" ? "manual" : { seed },
      ...(input.board ? { board: input.board } : {}),
      refuges,
    }
    const raid: Repo.StoredRaid = {
      id: randomUUID(),
      ownerId: player.id,
      status: "waiting",
      seats,
      setup,
      version: 0,
      snapshotSeq: 0,
      createdAt: deps.now(),
      updatedAt: deps.now(),
    }
    // Checked before anything is stored: a raid that could never be set up is refused now, its
    // table's own board too (R-BOARD-18/19 need only how many Refuges there are: a seat still
    // waiting for its player stands in with a Refuge already given).
    const given = refuges.find((r) => r !== null)
    if (given) {
      const probe = Battle.create(
        {
          refuges: refuges.map((r) => r ?? given),
          scenario,
          options: setup.options,
          dice: setup.dice,
          ...(typeof input.board === "object" ? { board: input.board } : {}),
        },
        Battle.envOf(content),
      )
      if (Result.isFailure(probe))
        return yield* Effect.fail(rulesViolated("the raid cannot be set up", setupProblems(probe.failure)))
    }
    yield* db(() => Repo.insertRaid(deps.db, raid))
    const started = refuges.every((r) => r !== null) ? yield* begin(deps, raid, setup) : raid
    return yield* getRaid(deps, player, started.id)
  })

/** A named player fills their seat with their own Refuge; the raid is set up when the last one is in. */
export const joinRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(JoinRaidBody, body)
    const raid = yield* load(deps, id)
    yield* seated(raid, player)
    const setup = setupOf(raid)
    const seat = raid.seats.findIndex((s, i) => s.player === player.id && setup.refuges[i] === null)
    if (raid.status !== "waiting" || seat < 0)
      return yield* Effect.fail(conflict(`raid "${id}" has no open seat of yours`))
    const content = yield* contentWith(deps, setup.packs)
    const seed = setup.dice === "manual" ? randomInt(0, 2 ** 48 - 1) : setup.dice.seed
    const refuge = yield* refugeFor(deps, player, input, content, seed, "(root)")
    const next: Setup = { ...setup, refuges: setup.refuges.map((r, i) => (i === seat ? refuge : r)) }
    // The last seat: the set-up is tried before the seat is stored, so a refusal (422) stores nothing.
    if (next.refuges.every((r) => r !== null)) yield* prepare(deps, { ...raid, setup: next }, next)
    const stored = yield* db(() =>
      Repo.fillSeat(deps.db, id, JSON.stringify(setup), JSON.stringify(next), deps.now()),
    )
    if (!stored) return yield* Effect.fail(conflict(`raid "${id}" changed while joining: try again`))
    if (next.refuges.every((r) => r !== null)) yield* begin(deps, { ...raid, setup: next }, next)
    return yield* getRaid(deps, player, id)
  })

// ── commands ────────────────────────────────────────────────────────────────

const parseCommand = (input: unknown): Effect.Effect<BattleCommand.Command, ApiError> => {
  const c = Battle.parseCommand(input)
  return Result.isSuccess(c)
    ? Effect.succeed(c.success)
    : Effect.fail(
        badRequest(
          "the command does not match the schema",
          c.failure.map((line) => {
            const [path, ...rest] = line.split(": ")
            return { path: `command.${path}`, message: rest.join(": ") }
          }),
        ),
      )
}

/** The side of the last command a player gave (what an undo would take back). */
const lastCommander = (deps: Deps, raid: Repo.StoredRaid) =>
  Effect.gen(function* () {
    for (let upTo = raid.version; upTo > 0; upTo -= 200) {
      const rows = yield* db(() => Repo.eventsAfter(deps.db, raid.id, Math.max(0, upTo - 200), { upTo }))
      for (const e of decodeLog(rows).toReversed())
        if (e.type === "commanded" && e.by !== "engine" && (e.command as { type?: string })?.type !== "undo")
          return e.by
    }
    return "any"
  })

/** The side a command is for: the model's, the side withdrawing, or the prompt's addressee. */
const sideCommanded = (state: BattleState.State, c: BattleCommand.Command): string | undefined => {
  // A side the raid does not have is no one's: the engine refuses it (400), not another's (403).
  if (c.type === "withdraw") return state.sides.some((s) => s.id === c.side) ? c.side : undefined
  if (c.type === "undo" || c.type === "adjust") return undefined
  if ("model" in c) return state.models.find((m) => m.id === c.model)?.side
  if (c.type === "roll" || c.type === "choose" || c.type === "state") return state.pending?.prompt?.by
  return undefined
}

/**
 * Applies a command decided against `version`: 409 if stale or beaten by another; 403 if it is
 * another side's to give; 400 with the engine's reason and clause if the rules refuse it (nothing
 * is stored).
 */
export const command = (deps: Deps, player: Caller, id: string, version: number, c: BattleCommand.Command) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* seated(raid, player)
    if (raid.status === "waiting")
      return yield* Effect.fail(conflict(`raid "${id}" is waiting for its players to join`))
    if (raid.version !== version)
      return yield* Effect.fail(
        conflict(`raid "${id}" is at version ${raid.version}, not ${version}: reload it and decide again`),
      )
    const state = yield* stateOf(deps, raid)
    const env = yield* envOf(deps, raid, state)
    const by = byFor(raid, player, state)
    if (by !== "any") {
      // The engine lets anyone undo or correct: here only what is one's own.
      if (c.type === "undo") {
        const last = yield* lastCommander(deps, raid)
        if (last !== by && last !== "any")
          return yield* Effect.fail(forbidden(`the last command was ${last}'s: only they may undo it`))
      }
      if (c.type === "adjust") {
        const side = state.models.find((m) => m.id === c.model)?.side
        if (side !== undefined && !sidesOf(raid, player).includes(side))
          return yield* Effect.fail(forbidden(`${c.model} is ${side}'s: only they may correct it`))
      }
    }
    if (by !== "any") {
      const whose = sideCommanded(state, c)
      if (whose !== undefined && whose !== "any" && !sidesOf(raid, player).includes(whose))
        return yield* Effect.fail(
          forbidden(`that is ${whose}'s to command: you play ${sidesOf(raid, player).join(", ")}`),
        )
    }
    const decided = Battle.command({ events: [], state }, c, env, by)
    if (Result.isFailure(decided)) {
      if (by !== "any" && Result.isSuccess(Battle.command({ events: [], state }, c, env, "any")))
        return yield* Effect.fail(
          forbidden(`that is not yours to command: you play ${sidesOf(raid, player).join(", ")}`),
        )
      const r = decided.failure
      return yield* Effect.fail(
        badRequest(`refused: ${r.reason}`, [
          { path: refusedPath(c, r.reason), message: r.reason, ...(r.clause ? { clause: r.clause } : {}) },
        ]),
      )
    }
    const { events, state: after } = decided.success
    const stored = yield* append(deps, raid, version, events, after)
    if (stored === undefined)
      return yield* Effect.fail(conflict(`raid "${id}" moved on while deciding: reload it and decide again`))
    return {
      version: stored,
      events: viewed(events, version + 1),
      over: after.phase === "over",
      decider: Auto.decider(after),
      ...(after.pending?.prompt ? { pending: after.pending.prompt } : {}),
      ...(after.result ? { result: after.result } : {}),
    }
  })

export const commandRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CommandBody, body)
    const c = yield* parseCommand(input.command)
    return yield* command(deps, player, id, input.version, c)
  })

export const undoRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(UndoRequest, body), (input) =>
    command(deps, player, id, input.version, { type: "undo" }),
  )

export const adjustRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.flatMap(decodeBody(AdjustRequest, body), ({ version, ...fields }) =>
    command(deps, player, id, version, { type: "adjust", ...fields }),
  )

// ── following a raid ────────────────────────────────────────────────────────

/** The state of a stored raid at its version (a campaign reads its raid's final state). */
export const raidStateOf = (deps: Deps, raid: Repo.StoredRaid) => stateOf(deps, raid)

/** The notifier raids and campaigns share (one per service): appends to any stream are told through it. */
export const notifierOf = (deps: Deps): Notifier => runtimeOf(deps).notifier

/** Checks the caller may follow a raid (before a stream is opened). */
export const followable = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const raid = yield* load(deps, id)
    yield* reader(raid, player)
    return raid
  })

/** How many followers (SSE streams, GraphQL subscriptions) are open now (metrics). */
export const followersOpen = (deps: Deps): number => runtimeOf(deps).following

/** Ends every follower of the service's raids (its streams and subscriptions end cleanly). */
export const endFollowers = (deps: Deps): void => runtimeOf(deps).closing.abort()

/** How long a follower waits for news before reading the log anyway (another server may have written). */
const RECHECK_MS = 15_000

/**
 * Every event after `after`, in order, then each new one as it is stored, until `signal` aborts.
 * Read from the database each time (a wake-up only says "look"), so a follower sees the log
 * exactly: no gap, no repeat, whatever it missed while slow.
 */
export const follow = (deps: Deps, id: string, after: number, signal: AbortSignal) =>
  followStream(deps, id, after, signal, (rows) => viewed(decodeLog(rows), rows[0]!.seq))

/**
 * {@link follow} for any stream in the events table (a raid, a campaign): `view` turns a run of
 * stored rows into what a follower sees, one per row, in order.
 */
export async function* followStream<E extends { readonly seq: number }>(
  deps: Deps,
  id: string,
  after: number,
  signal: AbortSignal,
  view: (rows: ReadonlyArray<Repo.StoredEvent>) => ReadonlyArray<E>,
): AsyncGenerator<E> {
  const rt = runtimeOf(deps)
  rt.following++
  let last = after
  let woken = true
  let wake: (() => void) | undefined
  const listener = () => {
    woken = true
    wake?.()
  }
  const unlisten = rt.notifier.listen(id, listener)
  const onAbort = () => wake?.()
  signal.addEventListener("abort", onAbort)
  const closing = rt.closing.signal
  closing.addEventListener("abort", onAbort)
  const over = () => signal.aborted || closing.aborted
  try {
    while (!over()) {
      if (!woken) {
        await new Promise<void>((resolve) => {
          wake = resolve
          setTimeout(resolve, RECHECK_MS).unref?.()
        })
        wake = undefined
        if (over()) return
      }
      woken = false
      for (;;) {
        const rows = await Repo.eventsAfter(deps.db, id, last, { limit: 500 })
        if (rows.length === 0) break
        for (const e of view(rows)) {
          last = e.seq
          yield e
        }
        if (rows.length < 500) break
      }
    }
  } finally {
    rt.following--
    unlisten()
    signal.removeEventListener("abort", onAbort)
    closing.removeEventListener("abort", onAbort)
  }
}
