/**
 * Campaigns over HTTP: the use-cases REST and GraphQL share. A campaign is a league of two to four
 * Refuges between raids, made by an organiser (the player who creates it); each Refuge is played
 * by a member (a player, who joins with their own stored Refuge, or the organiser for several).
 * Its log is the campaign engine's events, in the same append-only table as raids: a command names
 * the version it was decided against (409 when stale; of concurrent commands one is stored). The
 * organiser starts the next raid, made through the raid machinery and linked to the campaign; when
 * it ends, its record is folded in (`recordRaid`, by the server) and the Aftermath runs, asking the
 * members for their Refuges' choices. The dice state (the PRNG, and the seed) never leaves the server.
 */
import { randomInt, randomUUID } from "node:crypto"
import {
  applyCampaign,
  Battle,
  type BattleState,
  Campaign,
  CampaignCommand,
  CampaignEvent,
  CampaignState,
  evolveCampaign,
  legalCampaignCommands,
  type Refuge,
  standings,
} from "@blight/rules"
import { Effect, Result, Schema } from "effect"
import { LRUCache } from "lru-cache"
import * as CampaignRepo from "../db/campaigns.js"
import * as Repo from "../db/repositories.js"
import { noticeOf } from "../live/Notifier.js"
import { type ApiError, badRequest, conflict, forbidden, notFound, rulesViolated } from "./ApiError.js"
import { type Caller, contentWith, type Deps, decodeBody, decodeQuery, type Player } from "./App.js"
import {
  CommandBody,
  CreateCampaignRequest,
  JoinCampaignRequest,
  PlayerCommand,
  pascal,
  StartRaidRequest,
} from "./campaignRequests.js"
import { PageQuery, paged } from "./paging.js"
import * as Raids from "./Raids.js"

export * from "./campaignRequests.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

// ── schemas ─────────────────────────────────────────────────────────────────

// The requests' schemas are in campaignRequests.ts (and exported from here too); the answers' are here.

const Index = Schema.Int.annotate({ description: "A Refuge's place in the campaign (0 first)" })

/**
 * A command as the log keeps it: a player's, the raid folded in (its final state, without the
 * raid's dice state), or the engine's own next Aftermath step.
 */
export const LoggedCommand = Schema.Union([
  ...PlayerCommand.members,
  Schema.Struct({ type: Schema.Literal("recordRaid"), battle: Raids.RaidState }).annotate({
    identifier: "RecordRaidCommand",
    description: "The campaign's raid folded in when it ended (given by the server, B-AFTERMATH-01)",
  }),
  Schema.Struct({ type: Schema.Literal("continue") }).annotate({
    identifier: "CampaignEngineStep",
    description: "The engine's own next step of the Aftermath",
  }),
]).annotate({ identifier: "LoggedCampaignCommand" })
type LoggedCommand = typeof LoggedCommand.Type

/** What the campaign waits for, each kind named (`CampaignDicePrompt`, `CampaignChoicePrompt`) for clients. */
const [DicePrompt, ChoicePrompt] = CampaignState.Prompt.members
export const Prompt = Schema.Union([
  DicePrompt.annotate({ identifier: "CampaignDicePrompt", description: "Dice to type in (roll)" }),
  ChoicePrompt.annotate({ identifier: "CampaignChoicePrompt", description: "A choice to make (choose)" }),
]).annotate({
  identifier: "CampaignPrompt",
  description: "What the campaign waits for; `by` is the Refuge (its index) it asks, or any",
})

const stateFields = CampaignState.CampaignState.fields
/** The campaign's state as its members see it: everything but the dice state. */
export const StateView = Schema.Struct({
  ...stateFields,
  pending: Schema.optional(
    Schema.Struct({
      command: LoggedCommand,
      answers: Schema.Array(CampaignState.Answer),
      prompt: Schema.optional(Prompt),
    }).annotate({ identifier: "CampaignPending" }),
  ),
  dice: Schema.Struct({ mode: stateFields.dice.fields.mode }).annotate({ identifier: "CampaignDice" }),
}).annotate({
  identifier: "CampaignStateView",
  description: "The campaign's state, without the dice state",
})
type StateView = typeof StateView.Type

type EventMember = (typeof CampaignEvent.Event.members)[number]
const tagOf = (m: EventMember) => m.fields.type.literal

/** The campaign's events as its members see them (the dice state left out where an event carries it). */
export const EventView = Schema.Union(
  CampaignEvent.Event.members.map(
    (m): Schema.Top =>
      (tagOf(m) === "commanded"
        ? Schema.Struct({ type: Schema.Literal("commanded"), command: LoggedCommand, by: Schema.String })
        : tagOf(m) === "campaign.created"
          ? Schema.Struct({ type: Schema.Literal("campaign.created"), state: StateView })
          : tagOf(m) === "prompted"
            ? Schema.Struct({ type: Schema.Literal("prompted"), prompt: Prompt })
            : m
      ).annotate({ identifier: `Campaign${pascal(tagOf(m)).replace(/^Campaign/, "")}Event` }),
  ),
).annotate({ identifier: "CampaignEventView" })

export const CampaignLogEntry = Schema.Struct({
  seq: Schema.Int.annotate({ description: "Its place in the log, from 1 (the SSE event id)" }),
  event: EventView,
}).annotate({ identifier: "CampaignLogEntry" })
export interface CampaignLogEntry {
  readonly seq: number
  readonly event: ReturnType<typeof viewEvent>
}

export const CampaignEventsPage = Schema.Struct({
  version: Schema.Int,
  after: Schema.Int,
  events: Schema.Array(CampaignLogEntry),
  next: Schema.optional(Schema.Int.annotate({ description: "Ask again with after=next for more" })),
}).annotate({ identifier: "CampaignEventsPage" })

const Status = Schema.Literals(["waiting", "between", "aftermath", "raiding"]).annotate({
  description:
    "waiting: a member is to join; between: raids (Errands); aftermath: a raid's Aftermath is running; raiding: its raid is in play",
})

export const CampaignView = Schema.Struct({
  id: Schema.String,
  organiser: Schema.String.annotate({ description: "The player who made it: starts its raids" }),
  status: Status,
  version: Schema.Int.annotate({ description: "Send it with a command; a stale one is refused with 409" }),
  packs: Schema.Array(Schema.String),
  dice: Schema.Literals(["seeded", "manual"]),
  members: Schema.Array(
    Schema.Struct({
      player: Schema.String,
      refuge: Index,
      name: Schema.optional(Schema.String.annotate({ description: "The Refuge's name, once in" })),
      joined: Schema.Boolean.annotate({
        description: "Whether its Refuge is in (false: waiting for the player)",
      }),
    }).annotate({ identifier: "CampaignMember" }),
  ),
  you: Schema.Array(Index).annotate({ description: "The Refuges the caller plays" }),
  organising: Schema.Boolean.annotate({ description: "Whether the caller is the organiser" }),
  raid: Schema.optional(Schema.String.annotate({ description: "The raid in play (GET /v1/raids/{id})" })),
  raids: Schema.Array(Schema.String).annotate({ description: "Every raid it started, in order" }),
  createdAt: Schema.String,
  updatedAt: Schema.String,
  season: Schema.optional(Schema.String),
  pending: Schema.optional(Prompt),
  state: Schema.optional(StateView),
}).annotate({ identifier: "Campaign" })
export type CampaignView = typeof CampaignView.Type

export const CampaignLegal = Schema.Struct({
  version: Schema.Int,
  you: Schema.Array(Index),
  commands: Schema.Array(PlayerCommand).annotate({ description: "The commands open to the caller now" }),
  nextRaid: Schema.Boolean.annotate({
    description: "Whether the caller may start the next raid now (the organiser, between raids)",
  }),
}).annotate({ identifier: "CampaignLegalCommands" })

export const CommandResult = Schema.Struct({
  version: Schema.Int,
  events: Schema.Array(CampaignLogEntry),
  status: Status,
  pending: Schema.optional(Prompt),
}).annotate({ identifier: "CampaignCommandResult" })

export const StandingRow = Schema.Struct({
  refuge: Index,
  name: Schema.String,
  ...CampaignState.Standing.fields,
  xp: Schema.Int.annotate({
    description: "Total Experience across the roster (breaks ties, B-STANDINGS-02)",
  }),
}).annotate({ identifier: "StandingRow" })

export const Standings = Schema.Struct({
  version: Schema.Int,
  season: Schema.String,
  raids: Schema.Int.annotate({ description: "Raids recorded (forfeits included)" }),
  rows: Schema.Array(StandingRow).annotate({ description: "Best first (B-STANDINGS-01/02)" }),
}).annotate({ identifier: "CampaignStandings" })

// ── what is stored with a campaign ──────────────────────────────────────────

interface Setup {
  readonly packs: ReadonlyArray<string>
  readonly dice: { readonly seed: number } | "manual"
  /** Each member's Refuge as it came in (null: waiting for its player). */
  readonly refuges: ReadonlyArray<Refuge.Refuge | null>
}

const setupOf = (c: CampaignRepo.StoredCampaign) => c.setup as Setup

// ── reading ─────────────────────────────────────────────────────────────────

// States by version (a version names one state), one cache per database handle.
const caches = new WeakMap<
  object,
  LRUCache<string, { version: number; state: CampaignState.CampaignState }>
>()
const cacheOf = (deps: Deps) => {
  let c = caches.get(deps.db)
  if (!c) {
    c = new LRUCache({ max: 200 })
    caches.set(deps.db, c)
  }
  return c
}

const decodeEvents = Schema.decodeUnknownResult(Schema.Array(CampaignEvent.Event))
const decodeLog = (rows: ReadonlyArray<Repo.StoredEvent>): ReadonlyArray<CampaignEvent.Event> => {
  const decoded = decodeEvents(rows.map((r) => JSON.parse(r.body)))
  // The log is the server's own writing: a row that doesn't decode is a defect, not the caller's.
  if (Result.isFailure(decoded))
    throw new Error(`stored campaign events do not decode: ${decoded.failure.message}`)
  return decoded.success
}

/** The state at the campaign's version: from memory, or folded from the events after a kept one. */
const stateOf = (deps: Deps, c: CampaignRepo.StoredCampaign) =>
  Effect.gen(function* () {
    const cache = cacheOf(deps)
    const kept = cache.get(c.id)
    if (kept && kept.version === c.version) return kept.state
    const from = kept && kept.version < c.version ? kept : undefined
    const rows = yield* db(() => Repo.eventsAfter(deps.db, c.id, from?.version ?? 0, { upTo: c.version }))
    const events = decodeLog(rows)
    const state = from ? events.reduce(evolveCampaign, from.state) : Campaign.replay(events)
    cache.set(c.id, { version: c.version, state })
    return state
  })

const load = (deps: Deps, id: string) =>
  Effect.gen(function* () {
    const c = yield* db(() => CampaignRepo.campaignById(deps.db, id))
    if (!c) return yield* Effect.fail(notFound(`no campaign "${id.slice(0, 64)}"`))
    return c
  })

/** The Refuges (indices) a player plays. */
const playsOf = (c: CampaignRepo.StoredCampaign, player: Player): number[] =>
  c.members.flatMap((m, i) => (m.player === player.id ? [i] : []))

/** Its organiser and members read a campaign; anyone else gets 403. */
const reader = (c: CampaignRepo.StoredCampaign, player: Player) =>
  c.ownerId === player.id || playsOf(c, player).length > 0
    ? Effect.void
    : Effect.fail(forbidden(`campaign "${c.id}" is played by other players`))

const envOf = (deps: Deps, c: CampaignRepo.StoredCampaign) =>
  Effect.map(contentWith(deps, setupOf(c).packs), (content) => Campaign.envOf(content))

/** A logged command as a member sees it: a raid folded in shows its state without the raid's dice. */
const viewCommand = (command: unknown): LoggedCommand => {
  const c = command as { type: string; battle?: unknown }
  return (
    c.type === "recordRaid" ? { type: "recordRaid", battle: Battle.view(c.battle as BattleState.State) } : c
  ) as LoggedCommand
}

const viewState = (state: CampaignState.CampaignState): StateView => {
  const v = Campaign.view(state)
  const { pending, ...rest } = v
  return {
    ...rest,
    dice: { mode: v.dice.mode },
    ...(pending ? { pending: { ...pending, command: viewCommand(pending.command) } } : {}),
  } as StateView
}

const viewEvent = (e: CampaignEvent.Event) =>
  e.type === "commanded"
    ? { ...e, command: viewCommand(e.command) }
    : e.type === "campaign.created"
      ? { ...e, state: viewState(e.state) }
      : e

const viewed = (rows: ReadonlyArray<Repo.StoredEvent>): CampaignLogEntry[] =>
  decodeLog(rows).map((event, i) => ({ seq: rows[0]!.seq + i, event: viewEvent(event) }))

const statusOf = (state: CampaignState.CampaignState): CampaignRepo.CampaignStatus =>
  state.phase === "aftermath" ? "aftermath" : "between"

const viewOf = (
  c: CampaignRepo.StoredCampaign,
  player: Player,
  state?: CampaignState.CampaignState,
): CampaignView => {
  const s = setupOf(c)
  return {
    id: c.id,
    organiser: c.ownerId,
    status: c.status,
    version: c.version,
    packs: [...s.packs],
    dice: s.dice === "manual" ? "manual" : "seeded",
    members: c.members.map((m, i) => ({
      player: m.player,
      refuge: i,
      ...(s.refuges[i] ? { name: s.refuges[i]!.name } : {}),
      joined: s.refuges[i] !== null,
    })),
    you: playsOf(c, player),
    organising: c.ownerId === player.id,
    ...(c.raidId !== undefined ? { raid: c.raidId } : {}),
    raids: [...c.raids],
    createdAt: c.createdAt,
    updatedAt: c.updatedAt,
    ...(state
      ? {
          season: state.season,
          ...(state.pending?.prompt ? { pending: state.pending.prompt } : {}),
          state: viewState(state),
        }
      : {}),
  }
}

// ── writing ─────────────────────────────────────────────────────────────────

/** Stores events decided against `expected` and tells listeners; undefined when another wrote first. */
const append = (
  deps: Deps,
  c: CampaignRepo.StoredCampaign,
  expected: number,
  events: ReadonlyArray<CampaignEvent.Event>,
  state: CampaignState.CampaignState,
  unlinkRaid = false,
) =>
  Effect.gen(function* () {
    const notifier = Raids.notifierOf(deps)
    const next = expected + events.length
    const version = yield* db(() =>
      CampaignRepo.appendCampaignEvents(deps.db, {
        stream: c.id,
        expected,
        events: events.map((e) => ({ type: e.type, body: JSON.stringify(e) })),
        at: deps.now(),
        status: statusOf(state),
        ...(unlinkRaid ? { unlinkRaid: true as const } : {}),
        ...(notifier.channel ? { notice: { channel: notifier.channel, payload: noticeOf(c.id, next) } } : {}),
      }),
    )
    if (version === undefined) return undefined
    cacheOf(deps).set(c.id, { version, state })
    notifier.committed(c.id, version)
    return version
  })

/**
 * Folds the campaign's raid in if it has ended: `recordRaid` with its final state, by the server,
 * then the Aftermath's steps until a member must choose. Idempotent: the append names the version
 * and clears the link in one transaction, so of two folders one stores it and the other re-reads.
 */
const sync = (deps: Deps, c: CampaignRepo.StoredCampaign) =>
  Effect.gen(function* () {
    // Every Refuge in but not begun: the last join was stored and the process stopped before the
    // creation events were; they are stored now.
    if (c.status === "waiting" && setupOf(c).refuges.every((r) => r !== null)) {
      yield* begin(deps, c, yield* created(deps, setupOf(c)))
      return yield* load(deps, c.id)
    }
    if (c.raidId === undefined) return c
    const raid = yield* db(() => Repo.raidById(deps.db, c.raidId!))
    if (raid?.status !== "over") return c
    const battle = yield* Raids.raidStateOf(deps, raid)
    const state = yield* stateOf(deps, c)
    const env = yield* envOf(deps, c)
    const folded = applyCampaign(state, { type: "recordRaid", battle }, env, "engine")
    // The raid was set up from this campaign, so its record fits: a refusal is a defect.
    if (Result.isFailure(folded))
      return yield* Effect.die(
        new Error(`campaign ${c.id}: raid ${raid.id} does not fold in: ${folded.failure.reason}`),
      )
    yield* append(deps, c, c.version, folded.success.events, folded.success.state, true)
    return yield* load(deps, c.id)
  })

/** Folds a campaign's ended raid in (run when its raid's last command is stored). */
const foldEnded = (deps: Deps, campaignId: string): Effect.Effect<void> =>
  Effect.gen(function* () {
    const c = yield* load(deps, campaignId)
    yield* sync(deps, c)
  }).pipe(Effect.catchCause(() => Effect.void))

Raids.whenCampaignRaidEnds(foldEnded)

/** A campaign read for the caller, with an ended raid folded in first. */
const readable = (deps: Deps, player: Player, id: string) =>
  Effect.gen(function* () {
    const c = yield* load(deps, id)
    yield* reader(c, player)
    return yield* sync(deps, c)
  })

// ── use-cases ───────────────────────────────────────────────────────────────

/** A campaign as the caller may see it (403 for a player who neither organises nor plays in it). */
export const getCampaign = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    const state = c.version > 0 ? yield* stateOf(deps, c) : undefined
    return viewOf(c, player, state)
  })

/** A page of the campaigns the caller organises or plays in, oldest first. */
export const listCampaigns = (deps: Deps, player: Caller, query: unknown = {}) =>
  Effect.flatMap(decodeQuery(PageQuery, query), (q) =>
    paged(
      q,
      2,
      (req) => CampaignRepo.campaignsPage(deps.db, player.id, req),
      (c) => viewOf(c, player),
    ),
  )

/** A member's Refuge: a stored one of the caller's. */
const refugeOf = (deps: Deps, player: Player, id: string) =>
  Effect.gen(function* () {
    const r = yield* db(() => Repo.refugeById(deps.db, id))
    if (!r) return yield* Effect.fail(notFound(`no refuge "${id}"`))
    if (r.ownerId !== player.id)
      return yield* Effect.fail(forbidden(`${r.kind} "${r.id}" belongs to another player`))
    return r.body as Refuge.Refuge
  })

/** The engine's creation events once every member's Refuge is in (422 when the engine refuses). */
const created = (deps: Deps, setup: Setup) =>
  Effect.gen(function* () {
    const content = yield* contentWith(deps, setup.packs)
    const made = Campaign.create(setup.refuges as Refuge.Refuge[], setup.dice, Campaign.envOf(content))
    if (Result.isFailure(made))
      return yield* Effect.fail(
        rulesViolated("the campaign cannot be made", [
          {
            path: "members",
            message: made.failure.reason,
            ...(made.failure.clause ? { clause: made.failure.clause } : {}),
          },
        ]),
      )
    return made.success
  })

/**
 * Stores the engine's creation events at version 0. Of two writers (the last joiner, and a reader
 * finishing a join a stopped process left undone) one stores them; the events are the same either
 * way (the set-up and its seed decide them), so the other has nothing to do.
 */
const begin = (deps: Deps, c: CampaignRepo.StoredCampaign, made: Campaign.Campaign) =>
  Effect.asVoid(append(deps, c, 0, made.events, made.state))

/**
 * Makes a campaign with the caller as its organiser: begun at once when every member's Refuge is
 * given, else when the last member joins. The caller may play several members (their own Refuges).
 */
export const createCampaign = (deps: Deps, player: Caller, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CreateCampaignRequest, body)
    const packs = input.packs ?? []
    yield* contentWith(deps, packs)
    const refuges: Array<Refuge.Refuge | null> = []
    const members: CampaignRepo.Member[] = []
    for (const [i, m] of input.members.entries()) {
      const who = m.player ?? player.id
      if (who !== player.id) {
        if (!(yield* db(() => Repo.playerExists(deps.db, who))))
          return yield* Effect.fail(notFound(`no player "${who}" (members.${i}.player)`))
        if (m.refuge !== undefined)
          return yield* Effect.fail(
            forbidden(`members.${i}: another player's member is their own Refuge: they join with it`),
          )
        refuges.push(null)
      } else if (m.refuge === undefined)
        return yield* Effect.fail(
          badRequest("a member the caller plays needs its Refuge", [
            { path: `members.${i}.refuge`, message: "a stored Refuge or Congregation of yours" },
          ]),
        )
      else refuges.push(yield* refugeOf(deps, player, m.refuge))
      members.push({ player: who })
    }
    const setup: Setup = {
      packs,
      dice: input.dice === "manual" ? "manual" : { seed: input.seed ?? randomInt(0, 2 ** 48 - 1) },
      refuges,
    }
    // Checked before anything is stored: a campaign the engine would refuse is refused now.
    const made = refuges.every((r) => r !== null) ? yield* created(deps, setup) : undefined
    const c: CampaignRepo.StoredCampaign = {
      id: randomUUID(),
      ownerId: player.id,
      status: made ? "between" : "waiting",
      members,
      setup,
      version: 0,
      raidId: undefined,
      raids: [],
      createdAt: deps.now(),
      updatedAt: deps.now(),
    }
    yield* db(() => CampaignRepo.insertCampaign(deps.db, c))
    if (made) yield* begin(deps, c, made)
    return yield* getCampaign(deps, player, c.id)
  })

/** A member takes their place with their own Refuge; the campaign begins when the last one is in. */
export const joinCampaign = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(JoinCampaignRequest, body)
    const c = yield* load(deps, id)
    yield* reader(c, player)
    const setup = setupOf(c)
    const place = c.members.findIndex((m, i) => m.player === player.id && setup.refuges[i] === null)
    if (c.status !== "waiting" || place < 0)
      return yield* Effect.fail(conflict(`campaign "${id}" has no open place of yours`))
    const refuge = yield* refugeOf(deps, player, input.refuge)
    const next: Setup = { ...setup, refuges: setup.refuges.map((r, i) => (i === place ? refuge : r)) }
    const made = next.refuges.every((r) => r !== null) ? yield* created(deps, next) : undefined
    const stored = yield* db(() =>
      CampaignRepo.fillMember(deps.db, id, JSON.stringify(setup), JSON.stringify(next), deps.now()),
    )
    if (!stored) return yield* Effect.fail(conflict(`campaign "${id}" changed while joining: try again`))
    if (made) yield* begin(deps, { ...c, setup: next }, made)
    return yield* getCampaign(deps, player, id)
  })

/** The Refuge a command is for: its `refuge`, or the waiting prompt's addressee (undefined: the league's). */
const refugeCommanded = (
  state: CampaignState.CampaignState,
  c: CampaignCommand.Command,
): number | undefined => {
  if ("refuge" in c) return c.refuge
  const by = state.pending?.prompt?.by
  return by === undefined || by === "any" ? undefined : Number(by)
}

/**
 * May the player give this command? A Refuge's commands and answers are its member's; what is
 * the league's (a prompt for anyone) is the organiser's or any member's.
 */
const mayCommand = (
  c: CampaignRepo.StoredCampaign,
  player: Player,
  state: CampaignState.CampaignState,
  command: CampaignCommand.Command,
): string | undefined => {
  const refuge = refugeCommanded(state, command)
  if (refuge === undefined || refuge >= c.members.length) return undefined
  return c.members[refuge]!.player === player.id
    ? undefined
    : `that is ${setupOf(c).refuges[refuge]?.name ?? `Refuge ${refuge}`}'s to command: you play ${
        playsOf(c, player)
          .map((i) => setupOf(c).refuges[i]?.name ?? i)
          .join(", ") || "no Refuge here"
      }`
}

const notNow = (c: CampaignRepo.StoredCampaign) =>
  c.status === "waiting"
    ? Effect.fail(conflict(`campaign "${c.id}" is waiting for its members to join`))
    : c.status === "raiding"
      ? Effect.fail(
          conflict(
            `campaign "${c.id}" has a raid in play (${c.raidId}): its record is folded in when it ends`,
          ),
        )
      : Effect.void

const stale = (c: CampaignRepo.StoredCampaign, version: number) =>
  c.version === version
    ? Effect.void
    : Effect.fail(
        conflict(`campaign "${c.id}" is at version ${c.version}, not ${version}: reload it and decide again`),
      )

const parseCommand = (input: unknown): Effect.Effect<CampaignCommand.Command, ApiError> => {
  const c = Campaign.parseCommand(input)
  if (Result.isFailure(c))
    return Effect.fail(
      badRequest(
        "the command does not match the schema",
        c.failure.map((line) => {
          const [path, ...rest] = line.split(": ")
          return { path: `command.${path}`, message: rest.join(": ") }
        }),
      ),
    )
  if (c.success.type === "recordRaid")
    return Effect.fail(
      badRequest("a raid is folded in by the server when the campaign's raid ends", [
        {
          path: "command.type",
          message: "recordRaid is the server's: start the campaign's raid and play it to its end",
          clause: "B-AFTERMATH-01",
        },
      ]),
    )
  return Effect.succeed(c.success)
}

/**
 * Where in the command the engine refused it: its reasons open with the field ("refuge: …",
 * "weapons[0]: …"), when that is a field of the command; otherwise the command as a whole.
 */
const refusedAt = (command: CampaignCommand.Command, reason: string): string => {
  const at = /^([A-Za-z]\w*)((?:\[\d+\]|\.[A-Za-z]\w*)*): /.exec(reason)
  return at !== null && FIELDS.has(at[1]!) && (at[1]! in command || at[2] === "")
    ? `command.${at[1]}${at[2]}`
    : "command"
}
/** Every field a command may have ("Wharfside: …" names a Refuge, not a field). */
const FIELDS = new Set(CampaignCommand.Command.members.flatMap((m) => Object.keys(m.fields)))

/**
 * Applies a command decided against `version`: 409 if stale, beaten by another, or while a raid is
 * in play; 403 if it is another member's Refuge's; 400 with the engine's reason and clause if the
 * rules refuse it (nothing is stored).
 */
export const commandCampaign = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(CommandBody, body)
    const command = yield* parseCommand(input.command)
    const c = yield* readable(deps, player, id)
    yield* notNow(c)
    yield* stale(c, input.version)
    const state = yield* stateOf(deps, c)
    const refused = mayCommand(c, player, state, command)
    if (refused !== undefined) return yield* Effect.fail(forbidden(refused))
    const env = yield* envOf(deps, c)
    const refuge = refugeCommanded(state, command)
    const decided = applyCampaign(state, command, env, refuge === undefined ? "any" : String(refuge))
    if (Result.isFailure(decided)) {
      const r = decided.failure
      return yield* Effect.fail(
        badRequest(`refused: ${r.reason}`, [
          {
            path: refusedAt(command, r.reason),
            message: r.reason,
            ...(r.clause ? { clause: r.clause } : {}),
          },
        ]),
      )
    }
    const { events, state: after } = decided.success
    const stored = yield* append(deps, c, input.version, events, after)
    if (stored === undefined)
      return yield* Effect.fail(
        conflict(`campaign "${id}" moved on while deciding: reload it and decide again`),
      )
    return {
      version: stored,
      events: events.map((event, i) => ({ seq: input.version + 1 + i, event: viewEvent(event) })),
      status: statusOf(after),
      ...(after.pending?.prompt ? { pending: after.pending.prompt } : {}),
    }
  })

/** The setup the campaign's next raid takes, or why it cannot be raided now. */
const nextRaidSetup = (
  state: CampaignState.CampaignState,
  scenario: string | undefined,
  env: ReturnType<typeof Campaign.envOf>,
) =>
  Campaign.raidSetup(
    state,
    state.dice.mode === "manual" ? "manual" : { seed: Campaign.raidSeed(state) },
    scenario,
    env.content,
  )

/** What the caller may do now: their Refuges' commands (and the league's), and whether they may start the next raid. */
export const campaignLegal = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    const you = playsOf(c, player)
    if (c.status === "waiting" || c.status === "raiding")
      return { version: c.version, you, commands: [], nextRaid: false }
    const state = yield* stateOf(deps, c)
    const env = yield* envOf(deps, c)
    const commands = legalCampaignCommands(state, env).filter(
      (x) => x.type !== "recordRaid" && mayCommand(c, player, state, x) === undefined,
    ) as ReadonlyArray<typeof PlayerCommand.Type>
    const nextRaid = c.ownerId === player.id && Result.isSuccess(nextRaidSetup(state, undefined, env))
    return { version: c.version, you, commands, nextRaid }
  })

/**
 * The organiser starts the campaign's next raid: set up by the campaign (who stays home, the
 * hungry, the Season, the remembered Hollowed), made through the raid machinery with each member
 * seated at their Refuge's side, and linked to the campaign in one transaction. 409 when stale or a
 * raid is in play; 422 when the campaign cannot raid now (a choice waiting, nobody fit).
 */
export const startRaid = (deps: Deps, player: Caller, id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(StartRaidRequest, body)
    const c = yield* readable(deps, player, id)
    if (c.ownerId !== player.id)
      return yield* Effect.fail(forbidden(`only the organiser starts campaign "${id}"'s raids`))
    yield* notNow(c)
    yield* stale(c, input.version)
    const state = yield* stateOf(deps, c)
    const env = yield* envOf(deps, c)
    const s = nextRaidSetup(state, input.scenario, env)
    if (Result.isFailure(s))
      return yield* Effect.fail(
        rulesViolated("the campaign cannot raid now", [
          {
            path: "(root)",
            message: s.failure.reason,
            ...(s.failure.clause ? { clause: s.failure.clause } : {}),
          },
        ]),
      )
    const setup: Raids.RaidSetup = {
      scenario: input.scenario ?? "cache",
      options: input.options ?? {},
      packs: setupOf(c).packs,
      dice: s.success.dice,
      ...(input.board ? { board: input.board } : {}),
      refuges: s.success.refuges,
      campaignId: c.id,
      ...(s.success.season !== undefined ? { season: s.success.season } : {}),
      ...(s.success.campaign !== undefined ? { campaign: s.success.campaign } : {}),
    }
    const raidId = yield* Raids.startLinked(
      deps,
      c.ownerId,
      c.members.map((m) => m.player),
      setup,
      (raid, first) =>
        CampaignRepo.startCampaignRaid(
          deps.db,
          { id: c.id, expected: c.version, raids: c.raids },
          raid,
          first,
        ),
    )
    if (raidId === undefined)
      return yield* Effect.fail(conflict(`campaign "${id}" moved on while starting its raid: reload it`))
    return yield* Raids.getRaid(deps, player, raidId)
  })

/** A page of the log: events after `after`, at most `limit` (default 200). */
export const campaignEvents = (deps: Deps, player: Caller, id: string, query: unknown) =>
  Effect.gen(function* () {
    const q = yield* decodeQuery(Raids.EventsQuery, query)
    const c = yield* readable(deps, player, id)
    const after = q.after ?? 0
    const rows = yield* db(() => Repo.eventsAfter(deps.db, c.id, after, { limit: q.limit ?? 200 }))
    const last = rows.at(-1)?.seq ?? after
    return {
      version: c.version,
      after,
      events: rows.length ? viewed(rows) : [],
      ...(last < c.version ? { next: last } : {}),
    }
  })

/** The standings, best first (B-STANDINGS-01/02). */
export const campaignStandings = (deps: Deps, player: Caller, id: string) =>
  Effect.gen(function* () {
    const c = yield* readable(deps, player, id)
    if (c.version === 0)
      return yield* Effect.fail(conflict(`campaign "${id}" is waiting for its members to join`))
    const state = yield* stateOf(deps, c)
    return { version: c.version, season: state.season, raids: state.raids.length, rows: standings(state) }
  })

/** Checks the caller may follow a campaign (before a stream is opened). */
export const followable = (deps: Deps, player: Caller, id: string) => readable(deps, player, id)

/** Every event of a campaign after `after`, in order, then each new one (see Raids.follow). */
export const follow = (deps: Deps, id: string, after: number, signal: AbortSignal) =>
  Raids.followStream(deps, id, after, signal, viewed)
