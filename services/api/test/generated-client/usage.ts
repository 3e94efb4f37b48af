/**
 * What an integrator writes against a client generated from `/openapi.json` (openapi-typescript +
 * openapi-fetch): every operation, bodies read by field, no casts. `generated-client.test.ts`
 * generates `./openapi.js` (types only), typechecks this file with it under `--strict`, and runs it
 * against a live server.
 */
import createClient, { type Middleware } from "openapi-fetch"
import type { components, paths } from "./openapi.js"

type Roster = components["schemas"]["Roster"]

/** The answer's body, or an Error with the error body's message. */
const ok = <T>(r: { data?: T; error?: { error: { message: string } } }): T => {
  if (r.data === undefined) throw new Error(r.error?.error.message ?? "no body")
  return r.data
}

/** A few values read from every kind of answer, typed. */
export interface Summary {
  readonly operations: number
  readonly weaponNames: string[]
  readonly firstSurvivor: string
  readonly salvageAfterTrip: number
  readonly tripLines: number
  readonly ledgerEntries: number
  readonly rolled: number[]
  readonly poolSuccessChances: number[]
  readonly checkChance: number
  readonly characterHp: number
  readonly worldRegions: string[]
  readonly packVersions: string[]
  readonly raidEvents: string[]
  readonly raidVersion: number
  readonly simulation: {
    readonly raids: number
    readonly sides: string[]
    readonly charts: number
    readonly page: boolean
    readonly listed: number
    readonly cancelStatus: number
    /** A campaign run's mode and its survival curve's first point (a share of the starting survivors). */
    readonly campaignMode: string
    readonly campaignSurvival: number
  }
  readonly campaignEvents: string[]
  readonly standingPoints: number[]
  readonly campaignRaid: string
  readonly nightsong: {
    readonly events: string[]
    readonly party: string[]
    readonly legal: string[]
    readonly undone: boolean
    readonly converted: number
    readonly rolled: string
    readonly landSession: number
    readonly own: string | undefined
    readonly listed: string[]
    /** The Nightsong packs listed, the Spell read back, and the packs a game was set up with. */
    readonly packs: string[]
  }
}

export const useEveryOperation = async (
  baseUrl: string,
  rosters: { readonly refuge: Roster; readonly congregation: Roster },
): Promise<Summary> => {
  const client = createClient<paths>({ baseUrl })
  // Operations called (a raid is played with many calls of a few operations).
  const called = new Set<string>()
  let key = ""
  const auth: Middleware = {
    onRequest({ request, schemaPath }) {
      called.add(`${request.method} ${schemaPath}`)
      if (key) request.headers.set("authorization", `Bearer ${key}`)
      return request
    },
  }
  client.use(auth)

  // players and keys
  const registered = ok(await client.POST("/v1/players", { body: { name: "Generated" } }))
  key = registered.apiKey
  const playerId: string = registered.player.id
  const keys = ok(await client.GET("/v1/players/me/keys"))
  const current: boolean = keys.items.some((k) => k.current)
  const extra = ok(await client.POST("/v1/players/me/keys"))
  const revoked: true = ok(
    await client.DELETE("/v1/players/me/keys/{id}", { params: { path: { id: extra.id } } }),
  ).revoked
  key = ok(await client.POST("/v1/players/me/keys/rotate")).apiKey
  if (!playerId || !current || !revoked) throw new Error("players")

  // content: query numbers are numbers
  const page = ok(
    await client.GET("/v1/content/{kind}", {
      params: { path: { kind: "weapons" }, query: { limit: 5, offset: 0 } },
    }),
  )
  const weaponNames = page.items.map((s) => s.entry.name)
  const first = page.items[0]
  if (!first) throw new Error("no weapons")
  const one = ok(
    await client.GET("/v1/content/{kind}/{id}", {
      params: { path: { kind: "weapons", id: first.entry.id } },
    }),
  )
  const pack: string = one.pack

  // packs
  const uploaded = ok(
    await client.POST("/v1/packs", {
      body: {
        manifest: {
          id: "generated-empty",
          name: "Generated",
          version: "0.1.0",
          ruleset: "the-blight@0.3.0",
          licence: "CC0-1.0",
          author: "the generated client",
        },
      },
    }),
  )
  const packs = ok(await client.GET("/v1/packs"))
  const detail = ok(await client.GET("/v1/packs/{id}", { params: { path: { id: uploaded.id } } }))
  const packVersions = [...packs.items.map((p) => p.manifest.version), detail.body.manifest.ruleset, pack]

  // dice: a roll is one of the kinds, narrowed by `kind`
  const roll = ok(await client.POST("/v1/dice/roll", { body: { kind: "pool", dice: 4, seed: 9 } }))
  const rolled = roll.rolled.map((d) => d.value)
  if (roll.kind === "pool") rolled.push(roll.successes, ...roll.dice.map((d) => d.face))
  const pool = ok(await client.POST("/v1/odds/pool", { body: { dice: 3 } }))
  const test = ok(await client.POST("/v1/odds/test", { body: { dice: 3, target: 2 } }))
  const shoot = ok(await client.POST("/v1/odds/shoot", { body: { dice: 4, armour: 1 } }))
  const fight = ok(await client.POST("/v1/odds/fight", { body: { attacker: 3, defender: 2 } }))
  const check = ok(await client.POST("/v1/odds/check", { body: { ability: 1, dr: 12 } }))
  const step = ok(await client.POST("/v1/odds/step", { body: { die: "d6" } }))
  const poolSuccessChances = [
    ...pool.successes.map((o) => o.probability),
    test.probability,
    shoot.mean,
    fight.attackerWins,
    step.mean,
  ]
  const checkChance = "probability" in check ? check.probability : check.strong

  // Refuges and Congregations
  // No Reloads bought at founding: Salvage is left for a Flare at the Market.
  const roster: Roster = { ...rosters.refuge, reloads: 0 }
  const founded = ok(await client.POST("/v1/refuges", { body: { roster, seed: 3 } }))
  const firstSurvivor = founded.refuge.survivors[0]?.name ?? ""
  const listed = ok(await client.GET("/v1/refuges"))
  // A page at a time: `limit` is a number, `next` the cursor for the page after (null on the last).
  const firstPage = ok(await client.GET("/v1/refuges", { params: { query: { limit: 1 } } }))
  const cursor: string | null = firstPage.next
  if (cursor !== null) ok(await client.GET("/v1/refuges", { params: { query: { limit: 1, cursor } } }))
  if (firstPage.total !== listed.total) throw new Error("a page's total is the whole list's")
  const got = ok(await client.GET("/v1/refuges/{id}", { params: { path: { id: founded.id } } }))
  const ledger = ok(await client.GET("/v1/refuges/{id}/ledger", { params: { path: { id: founded.id } } }))
  const trip = ok(
    await client.POST("/v1/refuges/{id}/market-trips", {
      params: { path: { id: founded.id } },
      body: { version: got.version, orders: [{ buy: { kind: "kit", id: "flare" } }], seed: 3 },
    }),
  )
  const congregation = ok(
    await client.POST("/v1/congregations", {
      body: { roster: rosters.congregation },
    }),
  )
  ok(await client.GET("/v1/congregations"))
  const cg = ok(await client.GET("/v1/congregations/{id}", { params: { path: { id: congregation.id } } }))
  ok(await client.GET("/v1/congregations/{id}/ledger", { params: { path: { id: cg.id } } }))
  const cgTrip = ok(
    await client.POST("/v1/congregations/{id}/market-trips", {
      params: { path: { id: cg.id } },
      body: { version: cg.version, orders: [] },
    }),
  )

  // Nightsong
  const character = ok(await client.POST("/v1/nightsong/characters", { body: { seed: 7, method: "roll" } }))
  // The world may also be answered as an SVG map (a string) when Accept asks for it.
  const world = ok(await client.POST("/v1/nightsong/worlds", { body: { seed: 7, sessions: 1 } }))
  if (typeof world === "string") throw new Error("asked for JSON, got the SVG map")

  // Raids: an organiser (another player, another client) sets one up with a seat for this player
  // and a side they play from a roster; this player joins with the Refuge founded above.
  const organiser = createClient<paths>({ baseUrl })
  const organised = ok(await organiser.POST("/v1/players", { body: { name: "Organiser" } }))
  organiser.use({
    onRequest: ({ request }) => {
      request.headers.set("authorization", `Bearer ${organised.apiKey}`)
      return request
    },
  })
  const waiting = ok(
    await organiser.POST("/v1/raids", {
      body: {
        sides: [{ player: playerId, roster: rosters.congregation }, { player: playerId }],
        board: "random",
        seed: 5,
      },
    }),
  )
  const raidId = waiting.id
  // And this player sets one up with a seat for the organiser (who has not joined yet).
  const invited = ok(
    await client.POST("/v1/raids", {
      body: { sides: [{ refuge: founded.id }, { player: organised.player.id }], scenario: "cache" },
    }),
  )
  if (invited.status !== "waiting" || invited.seats[1]?.joined !== false) throw new Error("no open seat")
  const joined = ok(
    await client.POST("/v1/raids/{id}/join", {
      params: { path: { id: raidId } },
      body: { refuge: founded.id },
    }),
  )
  if (joined.status !== "playing" || joined.you.length !== 2) throw new Error("not seated at both sides")
  const mine = ok(await client.GET("/v1/raids"))
  if (!mine.items.some((r) => r.id === raidId)) throw new Error("the raid is not listed")
  // Answer what the raid asks, then correct a model and undo the correction.
  // The raid may also be answered as an SVG picture of the board when Accept asks for it.
  const readRaid = async () => {
    const r = ok(await client.GET("/v1/raids/{id}", { params: { path: { id: raidId } } }))
    if (typeof r === "string") throw new Error("asked for JSON, got the SVG board")
    return r
  }
  let raid = await readRaid()
  for (let i = 0; i < 30 && raid.pending !== undefined; i++) {
    const legal = ok(await client.GET("/v1/raids/{id}/legal", { params: { path: { id: raidId } } }))
    const command = legal.commands[0]
    if (!command) throw new Error("nothing legal")
    ok(
      await client.POST("/v1/raids/{id}/commands", {
        params: { path: { id: raidId } },
        body: { version: raid.version, command },
      }),
    )
    raid = await readRaid()
  }
  const model = raid.state?.models[0]?.id ?? ""
  const adjusted = ok(
    await client.POST("/v1/raids/{id}/adjust", {
      params: { path: { id: raidId } },
      body: { version: raid.version, model, reason: "the table agrees", noise: 1 },
    }),
  )
  const undone = ok(
    await client.POST("/v1/raids/{id}/undo", {
      params: { path: { id: raidId } },
      body: { version: adjusted.version },
    }),
  )
  const log = ok(
    await client.GET("/v1/raids/{id}/events", {
      params: { path: { id: raidId }, query: { after: 0, limit: 50 } },
    }),
  )
  const raidEvents: string[] = log.events.map((e) => e.event.type)
  // The live stream: server-sent events, the last two read and the stream closed.
  const live = await client.GET("/v1/raids/{id}/stream", {
    params: { path: { id: raidId }, query: { after: undone.version - 2 } },
    parseAs: "stream",
  })
  const reader = live.data?.pipeThrough(new TextDecoderStream()).getReader()
  let text = ""
  while (reader && (text.match(/^data: /gm) ?? []).length < 2) text += (await reader.read()).value ?? ""
  await reader?.cancel()
  raidEvents.push(...(text.match(/^event: .*$/gm) ?? []).map((l) => l.slice(7)))

  // Nightsong: a creature converted, a table rolled, the Land above advanced a session.
  const goblin = { name: "Goblin", hp: 6, morale: 7, attacks: [{ name: "shiv", damage: "d4" }] }
  const converted = ok(
    await client.POST("/v1/nightsong/conversions", { body: { from: "mork-borg", block: goblin } }),
  )
  const spark = ok(
    await client.POST("/v1/nightsong/tables/{id}/rolls", {
      params: { path: { id: "spark" } },
      body: { seed: 3 },
    }),
  )
  const advanced = ok(
    await client.POST("/v1/nightsong/worlds", { body: { seed: 8, land: world.world, sessions: 1 } }),
  )
  if (typeof advanced === "string") throw new Error("asked for JSON, got the SVG map")
  // Nightsong games: the organiser referees one, this player takes a seat there and plays a
  // character; and makes a game of their own.
  const nsTable = ok(
    await organiser.POST("/v1/nightsong/games", { body: { players: ["ann", "bo"], seed: 4 } }),
  )
  const ownGame = ok(
    await client.POST("/v1/nightsong/games", { body: { players: ["solo"], seat: "solo", dice: "manual" } }),
  )
  const at = { params: { path: { id: nsTable.id } } }
  const seated = ok(await client.POST("/v1/nightsong/games/{id}/join", { ...at, body: { seat: "ann" } }))
  const played = ok(
    await client.POST("/v1/nightsong/games/{id}/commands", {
      ...at,
      body: {
        version: seated.version,
        command: {
          type: "join",
          id: "ann",
          name: "Ann",
          abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
          gear: [{ name: "sword", kind: "weapon", die: "d8" }],
        },
      },
    }),
  )
  const nsOpen = ok(await client.GET("/v1/nightsong/games/{id}/legal", at))
  const dropped = ok(
    await client.POST("/v1/nightsong/games/{id}/commands", {
      ...at,
      body: { version: played.version, command: { type: "drop", character: "ann", item: "sword" } },
    }),
  )
  const taken = ok(
    await client.POST("/v1/nightsong/games/{id}/undo", { ...at, body: { version: dropped.version } }),
  )
  const nsLog = ok(
    await client.GET("/v1/nightsong/games/{id}/events", {
      params: { path: { id: nsTable.id }, query: { after: 0, limit: 50 } },
    }),
  )
  const nsEvents: string[] = nsLog.events.map((e) => e.event.type)
  const nsLive = await client.GET("/v1/nightsong/games/{id}/stream", {
    params: { path: { id: nsTable.id }, query: { after: taken.version - 1 } },
    parseAs: "stream",
  })
  const nsReader = nsLive.data?.pipeThrough(new TextDecoderStream()).getReader()
  let nsText = ""
  while (nsReader && !/^data: /m.test(nsText)) nsText += (await nsReader.read()).value ?? ""
  await nsReader?.cancel()
  nsEvents.push(...(nsText.match(/^event: .*$/gm) ?? []).map((l) => l.slice(7)))
  const nsGame = ok(await client.GET("/v1/nightsong/games/{id}", at))
  const myGames = ok(await client.GET("/v1/nightsong/games", { params: { query: { limit: 10 } } }))
  // Nightsong packs, typed by Nightsong's pack schema; a game set up with one (id and version).
  const nsPack = ok(
    await client.POST("/v1/nightsong/packs", {
      body: {
        manifest: {
          id: "generated-lights",
          name: "Generated",
          version: "0.1.0",
          ruleset: "nightsong",
          requires: [{ pack: "nightsong", version: "^0.1.0" }],
          licence: "CC0-1.0",
          author: "a generated client",
        },
        spells: [{ id: "glow", name: "Glow", provenance: "provisional", text: "A light." }],
      },
    }),
  )
  const nsPacks = ok(await client.GET("/v1/nightsong/packs"))
  const nsPackRead = ok(await client.GET("/v1/nightsong/packs/{id}", { params: { path: { id: nsPack.id } } }))
  const packed = ok(
    await client.POST("/v1/nightsong/games", {
      body: { players: ["ann"], packs: [{ id: nsPack.id, version: nsPack.version }] },
    }),
  )
  const nightsong = {
    events: nsEvents,
    party: Object.values(nsGame.state.party).map((m) => m.adventurer.name),
    legal: nsOpen.commands.map((c) => c.type),
    undone: nsGame.state.party.ann?.gear.some((g) => g.name === "sword") ?? false,
    converted: converted.resolve,
    rolled: spark.id,
    landSession: advanced.world.session,
    own: ownGame.you,
    listed: myGames.items.map((g) => g.you ?? ""),
    packs: [
      ...nsPacks.items.map((p) => p.manifest.id),
      nsPackRead.body.spells?.[0]?.name ?? "",
      ...(packed.packs ?? []).map((p) => `${p.id}@${p.version}`),
    ],
  }

  // Simulations: queued (202), followed to the report, its HTML page, the list; a cancel once done is refused.
  const queued = ok(
    await client.POST("/v1/simulations", {
      body: { refuges: [{ roster: rosters.refuge }, { roster: rosters.congregation }], raids: 2, seed: 1 },
    }),
  )
  let sim = queued
  for (const until = Date.now() + 60_000; sim.status !== "done" && Date.now() < until; ) {
    await new Promise((f) => setTimeout(f, 100))
    sim = ok(await client.GET("/v1/simulations/{id}", { params: { path: { id: queued.id } } }))
  }
  const simulationPage = await client.GET("/v1/simulations/{id}/report.html", {
    params: { path: { id: queued.id } },
    parseAs: "text",
  })
  const simulations = ok(await client.GET("/v1/simulations"))
  const cancelled = await client.DELETE("/v1/simulations/{id}", { params: { path: { id: queued.id } } })
  // A campaign run: one campaign of one raid, its report typed as the library's campaign report.
  const campaignRun = ok(
    await client.POST("/v1/simulations", {
      body: {
        refuges: [{ roster: rosters.refuge }, { roster: rosters.congregation }],
        campaign: { campaigns: 1, raids: 1 },
        seed: 1,
      },
    }),
  )
  let run = campaignRun
  for (const until = Date.now() + 60_000; run.status !== "done" && Date.now() < until; ) {
    await new Promise((f) => setTimeout(f, 100))
    run = ok(await client.GET("/v1/simulations/{id}", { params: { path: { id: campaignRun.id } } }))
  }

  // Campaigns: the organiser keeps two places for this player, who joins with both Refuges; and
  // this player organises one of their own, passes an Errand and starts its raid.
  const places = ok(
    await organiser.POST("/v1/campaigns", {
      body: { members: [{ player: playerId }, { player: playerId }] },
    }),
  )
  ok(
    await client.POST("/v1/campaigns/{id}/join", {
      params: { path: { id: places.id } },
      body: { refuge: founded.id },
    }),
  )
  const league = ok(
    await client.POST("/v1/campaigns/{id}/join", {
      params: { path: { id: places.id } },
      body: { refuge: congregation.id },
    }),
  )
  if (league.status !== "between" || league.you.length !== 2) throw new Error("the league did not begin")
  const own = ok(
    await client.POST("/v1/campaigns", {
      body: { members: [{ refuge: founded.id }, { refuge: congregation.id }], seed: 5 },
    }),
  )
  const campaignPath = { params: { path: { id: own.id } } }
  if (!ok(await client.GET("/v1/campaigns")).items.some((c) => c.id === own.id)) throw new Error("not listed")
  const open = ok(await client.GET("/v1/campaigns/{id}/legal", campaignPath))
  const pass = open.commands.find((c) => c.type === "pass")
  if (!pass) throw new Error("no pass")
  const passed = ok(
    await client.POST("/v1/campaigns/{id}/commands", {
      ...campaignPath,
      body: { version: open.version, command: pass },
    }),
  )
  const campaign = ok(await client.GET("/v1/campaigns/{id}", campaignPath))
  if (campaign.version !== passed.version) throw new Error("the command is not in the campaign")
  const campaignRaid = ok(
    await client.POST("/v1/campaigns/{id}/raids", { ...campaignPath, body: { version: campaign.version } }),
  )
  const table = ok(await client.GET("/v1/campaigns/{id}/standings", campaignPath))
  const campaignLog = ok(
    await client.GET("/v1/campaigns/{id}/events", {
      params: { path: { id: own.id }, query: { after: 0, limit: 20 } },
    }),
  )
  const campaignEvents: string[] = campaignLog.events.map((e) => e.event.type)
  const followed = await client.GET("/v1/campaigns/{id}/stream", {
    params: { path: { id: own.id }, query: { after: passed.version - 1 } },
    parseAs: "stream",
  })
  const campaignReader = followed.data?.pipeThrough(new TextDecoderStream()).getReader()
  let followedText = ""
  while (campaignReader && !/^data: /m.test(followedText))
    followedText += (await campaignReader.read()).value ?? ""
  await campaignReader?.cancel()
  campaignEvents.push(...(followedText.match(/^event: .*$/gm) ?? []).map((l) => l.slice(7)))

  return {
    operations: called.size,
    simulation: {
      raids: sim.result?.report?.raids ?? 0,
      sides: sim.result?.report?.sides.map((s) => s.side) ?? [],
      charts: sim.result?.charts.length ?? 0,
      page: typeof simulationPage.data === "string" && simulationPage.data.includes("<svg"),
      listed: simulations.total,
      cancelStatus: cancelled.response.status,
      campaignMode: run.mode,
      campaignSurvival: run.result?.campaignReport?.refuges[0]?.byRaid[0]?.survival.estimate ?? -1,
    },
    campaignEvents,
    standingPoints: table.rows.map((r) => r.points),
    campaignRaid: campaignRaid.campaign ?? "",
    nightsong,
    raidEvents,
    raidVersion: undone.version,
    weaponNames,
    firstSurvivor,
    salvageAfterTrip: trip.refuge.stores.salvage,
    tripLines: trip.trip.lines.length + cgTrip.trip.lines.length + listed.items.length,
    ledgerEntries: ledger.entries.length,
    rolled,
    poolSuccessChances,
    checkChance,
    characterHp: character.character.hp,
    worldRegions: world.world.regions.map((r) => r.name),
    packVersions,
  }
}

// No body is `unknown`: every JSON request and answer of every operation has a type. A failure
// names the operation ("post /v1/packs request", "get /v1/packs 200").
type Method = "get" | "post" | "delete"
type JsonOf<T> = T extends { content: { "application/json": infer B } } ? B : never
type Op<P extends keyof paths, M extends Method> = NonNullable<paths[P][M]>
type Untyped<P extends keyof paths, M extends Method> = [Op<P, M>] extends [never]
  ? never
  :
      | (unknown extends JsonOf<NonNullable<Op<P, M>["requestBody"]>> ? `${M} ${P} request` : never)
      | {
          [S in keyof Op<P, M>["responses"] & number]: unknown extends JsonOf<Op<P, M>["responses"][S]>
            ? `${M} ${P} ${S}`
            : never
        }[keyof Op<P, M>["responses"] & number]
type UntypedBodies = { [P in keyof paths]: { [M in Method]: Untyped<P, M> }[Method] }[keyof paths]
export const noUntypedBodies: [UntypedBodies] extends [never] ? true : UntypedBodies = true
