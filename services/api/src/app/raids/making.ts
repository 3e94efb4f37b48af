/**
 * Making a raid: set up at once when every side's Refuge is given, else when the last player joins
 * with theirs. A campaign's raid is made here too (`startLinked`), stored with its campaign's link.
 */
import { randomInt, randomUUID } from "node:crypto"
import { Battle, type Refuge } from "@blight/rules"
import { Effect, Result } from "effect"
import * as Repo from "../../db/repositories.js"
import { conflict, forbidden, notFound } from "../ApiError.js"
import { type Caller, contentWith, type Deps, decodeBody } from "../App.js"
import { append, appendedAt, appendRow, fillPlace, openPlace, withRefuge } from "../stream/index.js"
import { raidEngine } from "./engine.js"
import { cannotSetUp, prepare, refugeFor, scenarioIn } from "./founding.js"
import { getRaid } from "./reads.js"
import { CreateRaidBody, JoinRaidBody } from "./requests.js"
import { seated } from "./seats.js"
import { load, type Setup, setupOf, statusOf } from "./stored.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

/** A new raid's row, waiting for its set-up events. */
const newRaid = (
  deps: Deps,
  owner: string,
  seats: ReadonlyArray<Repo.Seat>,
  setup: Setup,
): Repo.StoredRaid => ({
  id: randomUUID(),
  ownerId: owner,
  status: "waiting",
  seats,
  setup,
  version: 0,
  snapshotSeq: 0,
  createdAt: deps.now(),
  updatedAt: deps.now(),
})

/**
 * Sets the raid up once every seat has its Refuge: the engine's first events are stored at
 * version 0 (so of two last joiners at once, one sets it up and the other gets 409).
 */
const begin = (deps: Deps, raid: Repo.StoredRaid, setup: Setup) =>
  Effect.gen(function* () {
    const { events, state, seats } = yield* prepare(deps, raid, setup)
    const version = yield* append(raidEngine, deps, {
      row: raid,
      expected: 0,
      decided: { events, state },
      extra: { seats },
    })
    if (version === undefined)
      return yield* Effect.fail(conflict(`raid "${raid.id}" was set up by another request`))
    return { ...raid, seats, version, status: statusOf(state) } satisfies Repo.StoredRaid
  })

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
    const raid = newRaid(
      deps,
      owner,
      players.map((player) => ({ player })),
      setup,
    )
    const { events, state, seats } = yield* prepare(deps, raid, setup)
    const first = appendRow(raidEngine, deps, {
      row: raid,
      expected: 0,
      decided: { events, state },
      extra: { seats },
    })
    const stored = yield* db(() => store(raid, first))
    if (!stored) return undefined
    appendedAt(raidEngine, deps, raid.id, events.length, state)
    return raid.id
  })

/**
 * Checked before anything is stored: a raid that could never be set up is refused now, its table's
 * own board too (R-BOARD-18/19 need only how many Refuges there are: a seat still waiting for its
 * player stands in with a Refuge already given).
 */
const probe = (setup: Setup, content: Parameters<typeof Battle.envOf>[0]) => {
  const given = setup.refuges.find((r) => r !== null)
  if (!given) return Effect.void
  const made = Battle.create(
    {
      refuges: setup.refuges.map((r) => r ?? given),
      scenario: setup.scenario,
      options: setup.options,
      dice: setup.dice,
      ...(typeof setup.board === "object" ? { board: setup.board } : {}),
    },
    Battle.envOf(content),
  )
  return Result.isFailure(made) ? Effect.fail(cannotSetUp(made.failure)) : Effect.void
}

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
    yield* probe(setup, content)
    const raid = newRaid(deps, player.id, seats, setup)
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
    const seat = yield* openPlace("raid", "seat", raid, raid.seats, setup.refuges, player)
    const content = yield* contentWith(deps, setup.packs)
    const seed = setup.dice === "manual" ? randomInt(0, 2 ** 48 - 1) : setup.dice.seed
    const refuge = yield* refugeFor(deps, player, input, content, seed, "(root)")
    const next = withRefuge(setup, seat, refuge)
    // The last seat: the set-up is tried before the seat is stored, so a refusal (422) stores nothing.
    if (next.refuges.every((r) => r !== null)) yield* prepare(deps, { ...raid, setup: next }, next)
    yield* fillPlace("raid", deps, id, { before: setup, after: next }, Repo.fillSeat)
    if (next.refuges.every((r) => r !== null)) yield* begin(deps, { ...raid, setup: next }, next)
    return yield* getRaid(deps, player, id)
  })
