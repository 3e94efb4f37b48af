/**
 * Making a campaign, with the caller as its organiser: begun at once when every member's Refuge is
 * given, else when the last member joins with their own.
 */
import { randomInt, randomUUID } from "node:crypto"
import type { Refuge } from "@blight/rules"
import { Effect } from "effect"
import * as CampaignRepo from "../../db/campaigns.js"
import * as Repo from "../../db/repositories.js"
import { badRequest, forbidden, notFound } from "../ApiError.js"
import { type Caller, contentWith, type Deps, decodeBody } from "../App.js"
import { storedRefuge } from "../storedRefuge.js"
import { fillPlace, openPlace, withRefuge } from "../stream/index.js"
import { getCampaign } from "./reads.js"
import { CreateCampaignRequest, JoinCampaignRequest } from "./requests.js"
import { load, reader, type Setup, setupOf } from "./stored.js"
import { begin, created } from "./sync.js"

const db = <A>(f: () => Promise<A>): Effect.Effect<A> => Effect.promise(f)

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
      else refuges.push(yield* storedRefuge(deps, player, m.refuge))
      members.push({ player: who })
    }
    const setup: Setup = {
      packs,
      dice: input.dice === "manual" ? "manual" : { seed: input.seed ?? randomInt(0, 2 ** 48 - 1) },
      refuges,
      ...(input.options !== undefined ? { options: input.options as Record<string, string> } : {}),
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
    const place = yield* openPlace("campaign", "place", c, c.members, setup.refuges, player)
    const refuge = yield* storedRefuge(deps, player, input.refuge)
    const next = withRefuge(setup, place, refuge)
    const made = next.refuges.every((r) => r !== null) ? yield* created(deps, next) : undefined
    yield* fillPlace("campaign", deps, id, { before: setup, after: next }, CampaignRepo.fillMember)
    if (made) yield* begin(deps, { ...c, setup: next }, made)
    return yield* getCampaign(deps, player, id)
  })
