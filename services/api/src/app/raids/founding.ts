/**
 * What a raid is set up from: each side's Refuge (a stored one, or a roster founded now with the
 * raid's seed), its scenario, and the engine's first events once every seat's Refuge is in.
 */
import { type Prng, seeded } from "@blight/dice"
import { Battle, Founding, type Refuge, type Registry } from "@blight/rules"
import { Effect, Result } from "effect"
import type * as Repo from "../../db/repositories.js"
import { type ApiError, badRequest, type ErrorDetail, rulesViolated } from "../ApiError.js"
import { contentWith, type Deps, type Player, violationDetails } from "../App.js"
import { storedRefuge } from "../storedRefuge.js"
import type { Setup } from "./stored.js"

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
    if (side.refuge !== undefined) return yield* storedRefuge(deps, player, side.refuge)
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

/** The engine's refusal of a set-up: 422 with each problem. */
export const cannotSetUp = (
  problems: ReadonlyArray<{ path: string; message: string; clause?: string | undefined }>,
): ApiError =>
  rulesViolated(
    "the raid cannot be set up",
    problems.map(
      (p): ErrorDetail => ({ path: p.path, message: p.message, ...(p.clause ? { clause: p.clause } : {}) }),
    ),
  )

/** The engine's first events for a raid whose seats all have their Refuge, and the seats' sides. */
export const prepare = (deps: Deps, raid: Repo.StoredRaid, setup: Setup) =>
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
    if (Result.isFailure(made)) return yield* Effect.fail(cannotSetUp(made.failure))
    const { events, state } = made.success
    // Seats take the sides in order (the engine makes one side per Refuge, in the order given).
    const seats = raid.seats.map((s, i) => ({ player: s.player, side: state.sides[i]!.id }))
    return { events, state, seats }
  })
