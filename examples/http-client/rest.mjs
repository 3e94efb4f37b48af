#!/usr/bin/env node
/**
 * The Blight Rules API over REST, with nothing but `fetch` (Node 22 or later): register a player, found a
 * Refuge from examples/rosters/refuge.json, read its Ledger, make a Market trip; then a second
 * player with a Congregation, and a raid between the two played to its end, each player sending
 * their own side's commands with their own key; a campaign between them; and a Nightsong session,
 * a Referee and two players with three keys, to a fight's end; and print what happened at each step.
 *
 *   BLIGHT_API=http://127.0.0.1:4000 node examples/http-client/rest.mjs
 */
import { readFile } from "node:fs/promises"
import { CHARACTERS, counting, nextMove, npcCommand } from "./nightsong.mjs"
import { pick } from "./pick.mjs"

// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script only, not by a build task
const BASE = (process.env.BLIGHT_API || "http://127.0.0.1:4000").replace(/\/+$/, "")
const RELOAD_COST = 4 // Salvage per Reload at the Market (B-FOUNDING-09)

/**
 * One request; answers the parsed JSON, or throws an Error that says what went wrong. Too many
 * requests (429) are sent again after the wait the server asks for (Retry-After), a few times.
 */
const call = async (method, path, { body, key } = {}, tries = 3) => {
  let res
  try {
    res = await fetch(BASE + path, {
      method,
      headers: {
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
  } catch (e) {
    throw new Error(
      `cannot reach the Blight API at ${BASE} (${e.cause?.code ?? e.cause?.errors?.[0]?.code ?? e.message}): start it with \`npm start\`, or set BLIGHT_API`,
    )
  }
  if (res.status === 429 && tries > 1) {
    const wait = Number(res.headers.get("retry-after") ?? 1)
    console.log(`   (the server asks to wait ${wait}s: too many requests)`)
    await res.body?.cancel()
    await new Promise((resolve) => setTimeout(resolve, Math.min(wait, 120) * 1000))
    return call(method, path, { body, key }, tries - 1)
  }
  const text = await res.text()
  let data
  try {
    data = JSON.parse(text)
  } catch {
    throw new Error(
      `${method} ${path} answered ${res.status} with something that is not JSON: ${text.slice(0, 200)}`,
    )
  }
  if (!res.ok) {
    // every error has the shape {error: {code, message, details}}
    const { code, message, details = [] } = data.error ?? {}
    const lines = details.map((d) => `\n  - ${d.path}: ${d.message}${d.clause ? ` (${d.clause})` : ""}`)
    throw Object.assign(
      new Error(`${method} ${path} answered ${res.status} ${code}: ${message}${lines.join("")}`),
      { status: res.status },
    )
  }
  return data
}

const storesLine = (s) =>
  Object.entries(s)
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")

/**
 * Plays a raid to its end: whoever decides now reads what is legal for them and sends a command
 * with the version it was decided against (a stale one is refused with 409; one the rules refuse
 * with 400 is struck off and another tried). Answers how many commands it took.
 */
const playRaid = async (id, raid, keyOf, anyKey) => {
  let now = { version: raid.version, decider: raid.decider, over: raid.status === "over" }
  let commands = 0
  while (!now.over) {
    const key = keyOf[now.decider] ?? anyKey
    const legal = await call("GET", `/v1/raids/${id}/legal`, { key })
    const refused = []
    for (;;) {
      const command = pick(legal.commands, refused)
      if (!command) throw new Error(`nothing left to try at version ${legal.version}`)
      try {
        now = await call("POST", `/v1/raids/${id}/commands`, {
          body: { version: legal.version, command },
          key,
        })
        break
      } catch (e) {
        if (e.status !== 400) throw e
        refused.push(command)
      }
    }
    commands++
  }
  return commands
}

const main = async () => {
  console.log(`Blight Rules API at ${BASE} (REST)`)

  // 1. a player, and the API key that is shown only this once
  const { player, apiKey } = await call("POST", "/v1/players", { body: { name: "Example client (REST)" } })
  console.log(`\n1. Registered ${player.name} (${player.id}); key ${apiKey.slice(0, 8)}…`)

  // 2. a Refuge from the example roster; its Reloads are left to the Market trip below
  const roster = JSON.parse(await readFile(new URL("../rosters/refuge.json", import.meta.url), "utf8"))
  const wanted = roster.reloads ?? 0
  const founded = await call("POST", "/v1/refuges", {
    body: { roster: { ...roster, reloads: 0 } },
    key: apiKey,
  })
  const { refuge } = founded
  console.log(
    `\n2. Founded ${refuge.name} at the ${refuge.home} with ${refuge.survivors.length} survivors ` +
      `(id ${founded.id}, version ${founded.version}, seed ${founded.seed})`,
  )
  for (const s of refuge.survivors)
    console.log(`   - ${s.name}, ${s.background}${s.role ? ` (${s.role})` : ""}`)

  // 3. the Ledger: every change to the stores, with the rule behind it
  const ledger = await call("GET", `/v1/refuges/${founded.id}/ledger`, { key: apiKey })
  console.log(`\n3. Ledger: ${ledger.entries.length} entries; stores: ${storesLine(ledger.stores)}`)
  for (const e of ledger.entries.slice(0, 3))
    console.log(`   ${String(e.amount).padStart(4)} ${e.store}  ${e.reason} (${e.clause})`)
  if (ledger.entries.length > 3) console.log(`   … and ${ledger.entries.length - 3} more`)

  // 4. a Market trip, planned against the version just read (a stale version is refused with 409)
  const reloads = Math.min(wanted, Math.floor(ledger.stores.salvage / RELOAD_COST))
  const orders = reloads > 0 ? [{ buyReloads: reloads }] : []
  const trip = await call("POST", `/v1/refuges/${founded.id}/market-trips`, {
    body: { version: ledger.version, orders },
    key: apiKey,
  })
  console.log(`\n4. Market trip (seed ${trip.trip.seed}); the Refuge is now at version ${trip.version}`)
  if (trip.trip.lines.length === 0) console.log("   nothing bought: not enough Salvage for a Reload")
  for (const line of trip.trip.lines)
    console.log(`   - ${line.what}: ${line.done ? "done" : "not available"}`)
  console.log(`   stores: ${storesLine(trip.refuge.stores)}`)

  // 5. a raid: a second player founds a Congregation; the first sets a raid up (on a random board)
  // with a seat for them, and they join with it
  const other = await call("POST", "/v1/players", { body: { name: "Example rival (REST)" } })
  const congregation = JSON.parse(
    await readFile(new URL("../rosters/congregation.json", import.meta.url), "utf8"),
  )
  const theirs = await call("POST", "/v1/congregations", {
    body: { roster: congregation },
    key: other.apiKey,
  })
  const made = await call("POST", "/v1/raids", {
    // (a seed of our choosing makes the run replayable; without one the server draws one)
    body: { sides: [{ refuge: founded.id }, { player: other.player.id }], board: "random", seed: 7 },
    key: apiKey,
  })
  const joined = await call("POST", `/v1/raids/${made.id}/join`, {
    body: { refuge: theirs.id },
    key: other.apiKey,
  })
  const keyOf = Object.fromEntries(
    joined.seats.map((s) => [s.side, s.player === player.id ? apiKey : other.apiKey]),
  )
  console.log(
    `\n5. Raid ${made.id}: ${joined.seats.map((s) => s.side).join(" against ")} (${joined.scenario})`,
  )

  // 6. play it: whoever decides now reads what is legal for them and sends a command with the
  // version it was decided against (a stale one is refused with 409; one the rules refuse with 400)
  const commands = await playRaid(made.id, joined, keyOf, apiKey)
  const raid = await call("GET", `/v1/raids/${made.id}`, { key: apiKey })
  const { result } = raid
  console.log(
    `\n6. The raid is over after ${commands} commands and ${raid.version} events (round ${raid.round})`,
  )
  console.log(`   ${result.reason}`)
  for (const s of result.sides) console.log(`   - ${s.side}: ${s.outcome}${s.routed ? " (routed)" : ""}`)

  // 7. a campaign: the first player organises a league of their Refuge and a place for the second,
  // who joins with their Congregation; the organiser starts its raid, which is played as above and
  // folded into the campaign when it ends; each Aftermath choice is made by the player whose Refuge
  // it is (a prompt's `by` is that Refuge's place), and the standings are read
  const league = await call("POST", "/v1/campaigns", {
    body: { members: [{ refuge: founded.id }, { player: other.player.id }], seed: 7 },
    key: apiKey,
  })
  const begun = await call("POST", `/v1/campaigns/${league.id}/join`, {
    body: { refuge: theirs.id },
    key: other.apiKey,
  })
  const memberKeys = begun.members.map((m) => (m.player === player.id ? apiKey : other.apiKey))
  const next = await call("POST", `/v1/campaigns/${league.id}/raids`, {
    body: { version: begun.version },
    key: apiKey,
  })
  const sideKeys = Object.fromEntries(
    next.seats.map((s) => [s.side, s.player === player.id ? apiKey : other.apiKey]),
  )
  await playRaid(next.id, next, sideKeys, apiKey)
  let campaign = await call("GET", `/v1/campaigns/${league.id}`, { key: apiKey })
  let choices = 0
  while (campaign.pending) {
    const key = memberKeys[Number(campaign.pending.by)] ?? apiKey
    const legal = await call("GET", `/v1/campaigns/${league.id}/legal`, { key })
    await call("POST", `/v1/campaigns/${league.id}/commands`, {
      body: { version: legal.version, command: legal.commands[0] },
      key,
    })
    choices++
    campaign = await call("GET", `/v1/campaigns/${league.id}`, { key: apiKey })
  }
  const table = await call("GET", `/v1/campaigns/${league.id}/standings`, { key: other.apiKey })
  console.log(
    `\n7. Campaign ${league.id}: raid ${next.id} folded in, ${choices} Aftermath choices made; ${campaign.season}, ${campaign.status}`,
  )
  for (const r of table.rows)
    console.log(`   ${r.name}: ${r.points} points (${r.wins}-${r.draws}-${r.losses}), ${r.xp} XP`)
}

/** Follows a Nightsong game's events over SSE (text/event-stream), counting them (see `counting`). */
const follow = (id, key) =>
  counting(
    (signal) =>
      fetch(`${BASE}/v1/nightsong/games/${id}/stream`, {
        headers: { authorization: `Bearer ${key}` },
        signal,
      }),
    /^id: \d+$/gm,
  )

/**
 * 8. a Nightsong session: a Referee makes a game with two players' seats; each player takes theirs
 * with their own key and seats a character; the Referee brings on two goblins converted from a
 * MÖRK BORG stat block and starts a fight; the fight is played to its end, each seat sending its
 * own commands with the version it read; an SSE stream follows the game all along.
 */
const nightsong = async () => {
  const keys = {}
  for (const [seat, name] of [
    ["referee", "Example Referee (REST)"],
    ["ann", "Example player Ann (REST)"],
    ["bo", "Example player Bo (REST)"],
  ])
    keys[seat] = (await call("POST", "/v1/players", { body: { name } })).apiKey
  const game = await call("POST", "/v1/nightsong/games", {
    body: { players: ["ann", "bo"] },
    key: keys.referee,
  })
  const path = `/v1/nightsong/games/${game.id}`
  for (const seat of ["ann", "bo"]) await call("POST", `${path}/join`, { body: { seat }, key: keys[seat] })
  const stream = follow(game.id, keys.referee)
  let commands = 0
  const send = async (seat, command) => {
    const { version } = await call("GET", path, { key: keys[seat] })
    commands++
    return call("POST", `${path}/commands`, { body: { version, command }, key: keys[seat] })
  }
  await send("ann", CHARACTERS.ann)
  await send("bo", CHARACTERS.bo)
  await send("referee", { type: "session", action: "start" })
  const block = JSON.parse(
    await readFile(new URL("../nightsong/mork-borg-goblin.json", import.meta.url), "utf8"),
  )
  const goblin = await call("POST", "/v1/nightsong/conversions", { body: { from: "mork-borg", block } })
  for (const id of ["g1", "g2"]) await send("referee", npcCommand(id, goblin))
  await send("referee", { type: "fight", enemies: ["g1", "g2"], surprise: "none" })
  for (;;) {
    const now = await call("GET", path, { key: keys.referee })
    const move = await nextMove(
      { fight: now.state.fight, pending: now.pending },
      async (seat) => (await call("GET", `${path}/legal`, { key: keys[seat] })).commands,
    )
    if (!move) break
    await send(move.seat, move.command)
  }
  const end = await call("GET", path, { key: keys.referee })
  const heard = await stream.until(end.version)
  const party = Object.values(end.state.party)
  console.log(
    `\n8. Nightsong game ${game.id}: the fight is over after ${commands} commands, ${end.version} events (hash ${end.hash}); the stream heard ${heard}`,
  )
  for (const m of party) console.log(`   - ${m.adventurer.name}: ${m.adventurer.hp}/${m.adventurer.maxHp} HP`)
  for (const n of Object.values(end.state.npcs)) console.log(`   - ${n.id} (${n.name}): ${n.status}`)
}

main()
  .then(nightsong)
  .catch((e) => {
    console.error(`rest.mjs: ${e.message}`)
    process.exit(1)
  })
