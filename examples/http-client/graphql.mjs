#!/usr/bin/env node
/**
 * The Blight Rules API over GraphQL, with nothing but `fetch` (Node 22 or later): the same steps as
 * rest.mjs — register a player, found a Refuge from examples/rosters/refuge.json, read its Ledger,
 * make a Market trip, then a raid between two players played to its end, a campaign between them,
 * and a Nightsong fight with a Referee and two players, three keys, followed by a subscription — as
 * GraphQL operations on POST /graphql.
 *
 *   BLIGHT_API=http://127.0.0.1:4000 node examples/http-client/graphql.mjs
 */
import { readFile } from "node:fs/promises"
import { CHARACTERS, counting, nextMove, npcCommand } from "./nightsong.mjs"
import { pick } from "./pick.mjs"

// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script only, not by a build task
const BASE = (process.env.BLIGHT_API || "http://127.0.0.1:4000").replace(/\/+$/, "")
const RELOAD_COST = 4 // Salvage per Reload at the Market (B-FOUNDING-09)

const STORES = "stores { salvage reloads arrows bolts rations meds amber fuel }"

/**
 * One operation; answers `data`, or throws an Error that says what went wrong. Too many requests
 * (429) are sent again after the wait the server asks for (Retry-After), a few times.
 */
const graphql = async (query, variables = {}, key, tries = 3) => {
  let res
  try {
    res = await fetch(`${BASE}/graphql`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        accept: "application/graphql-response+json, application/json",
        ...(key ? { authorization: `Bearer ${key}` } : {}),
      },
      body: JSON.stringify({ query, variables }),
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
    return graphql(query, variables, key, tries - 1)
  }
  const text = await res.text()
  let answer
  try {
    answer = JSON.parse(text)
  } catch {
    throw new Error(`/graphql answered ${res.status} with something that is not JSON: ${text.slice(0, 200)}`)
  }
  if (answer.errors?.length) {
    // each error carries the REST code in extensions.code, and the broken rules in extensions.details
    const lines = answer.errors.flatMap((e) => [
      `${e.extensions?.code ?? "error"}: ${e.message}${e.path ? ` (at ${e.path.join(".")})` : ""}`,
      ...(e.extensions?.details ?? []).map(
        (d) => `  - ${d.path}: ${d.message}${d.clause ? ` (${d.clause})` : ""}`,
      ),
    ])
    throw Object.assign(new Error(`/graphql answered with errors:\n${lines.join("\n")}`), {
      code: answer.errors[0].extensions?.code,
    })
  }
  return answer.data
}

const storesLine = (s) =>
  Object.entries(s)
    .filter(([, n]) => n !== 0)
    .map(([k, n]) => `${k} ${n}`)
    .join(", ")

// A fact the table is asked (is A in cover from B? within 6"?): every kind of query, answered as
// its fields, of which the ones a kind lacks are left out; its q names the kind.
const FACT_QUERY = [
  "... on FactQueryContact { q a b }",
  "... on FactQueryCover { q a b }",
  "... on FactQuerySees { q a b }",
  "... on FactQueryWithin { q a b inches }",
  "... on FactQueryReach { q a b inches }",
  "... on FactQueryIn { q a terrain }",
  "... on FactQueryNearest { q a among }",
].join(" ")
// The commands the example plays, selected by type (each is one member of the BattleCommand
// union), and sent back as the BattleCommandInput: one field named by the type
const LEGAL = `query Legal($id: ID!) { raidLegal(id: $id) { version commands { __typename
  ... on ActivateCommand { type model }
  ... on EndActivationCommand { type model }
  ... on MoveCommand { type model to { x y } contact { modelId tokenId } offTable }
  ... on SprintCommand { type model to { x y } contact { modelId tokenId } offTable }
  ... on FightCommand { type model target fightWeapon: weapon }
  ... on ShootCommand { type model shootAt: target { modelId tokenId } weapon }
  ... on SearchCommand { type model token }
  ... on ChooseCommand { type option }
  ... on AimCommand { type model }
  ... on HideCommand { type model }
  ... on SteadyCommand { type model }
  ... on ReloadCommand { type model weapon }
  ... on UseCommand { type model use item useTarget: target { modelId tokenId } useWeapon: weapon }
  ... on GiftCommand { type model gift giftTarget: target { modelId tokenId } }
  ... on ActCommand { type model action actTarget: target { modelId tokenId } }
  ... on StateCommand { type facts { query { ${FACT_QUERY} } value { flag text } } }
} } }`
const COMMAND = `mutation Command($id: ID!, $version: Int!, $command: BattleCommandInput!) {
  commandRaid(id: $id, version: $version, command: $command) { version over decider }
}`
// (Aliased where two members' fields of one name have different types. A target or a contact is
// a model's id or a token's, answered as `{ modelId tokenId }` with the one it is set, and sent
// back as the id.)
const id = (t) => t && (t.modelId ?? t.tokenId)
// A fact is sent back as the input's one field named by its query's kind, and its value's one field
const factInput = ({ query: { __typename, q, ...query }, value }) => ({
  query: { [q]: query },
  value: Object.fromEntries(Object.entries(value).filter(([, v]) => v != null)),
})
const asInput = ({
  __typename,
  facts,
  type,
  fightWeapon,
  shootAt,
  useTarget,
  useWeapon,
  giftTarget,
  actTarget,
  contact,
  ...fields
}) => ({
  [type]: Object.fromEntries(
    Object.entries({
      ...fields,
      weapon: fields.weapon ?? fightWeapon ?? useWeapon,
      target: fields.target ?? id(shootAt) ?? id(useTarget) ?? id(giftTarget) ?? id(actTarget),
      contact: contact?.map(id),
      facts: facts?.map(factInput),
    }).filter(([, v]) => v != null),
  ),
})

/**
 * Plays a raid to its end: whoever decides now reads what is legal for them and sends a command
 * with the version it was decided against; one the rules refuse (bad_request) is struck off and
 * another tried. Answers how many commands it took.
 */
const playRaid = async (raidId, raid, keyOf, anyKey) => {
  let now = { version: raid.version, decider: raid.decider, over: raid.status === "over" }
  let commands = 0
  while (!now.over) {
    const key = keyOf[now.decider] ?? anyKey
    const { raidLegal: legal } = await graphql(LEGAL, { id: raidId }, key)
    // Members the example does not select come back with nothing but their __typename: left out.
    const known = legal.commands.filter((c) => c.type)
    const refused = []
    for (;;) {
      const command = pick(known, refused)
      if (!command)
        throw new Error(
          `nothing left to try at version ${legal.version} (legal: ${legal.commands.map((c) => c.__typename).join(", ")}; ${refused.length} refused: ${refused.map((c) => c.type).join(", ")})`,
        )
      try {
        now = (await graphql(COMMAND, { id: raidId, version: legal.version, command: asInput(command) }, key))
          .commandRaid
        break
      } catch (e) {
        if (e.code !== "bad_request") throw e
        refused.push(command)
      }
    }
    commands++
  }
  return commands
}

const main = async () => {
  console.log(`Blight Rules API at ${BASE} (GraphQL)`)

  // 1. a player, and the API key that is shown only this once
  const { registerPlayer } = await graphql(
    `mutation Register($name: String!) { registerPlayer(name: $name) { apiKey player { id name } } }`,
    { name: "Example client (GraphQL)" },
  )
  const { player, apiKey } = registerPlayer
  console.log(`\n1. Registered ${player.name} (${player.id}); key ${apiKey.slice(0, 8)}…`)

  // 2. a Refuge from the example roster; its Reloads are left to the Market trip below
  // The file's fields are the RosterInput type's; `$schema` (for editors) is not one of them.
  const { $schema: _, ...roster } = JSON.parse(
    await readFile(new URL("../rosters/refuge.json", import.meta.url), "utf8"),
  )
  const wanted = roster.reloads ?? 0
  const { foundRefuge } = await graphql(
    `mutation Found($roster: RosterInput!) {
      foundRefuge(roster: $roster) { seed record { id name version refuge } }
    }`,
    { roster: { ...roster, reloads: 0 } },
    apiKey,
  )
  const { record } = foundRefuge
  console.log(
    `\n2. Founded ${record.name} at the ${record.refuge.home} with ${record.refuge.survivors.length} survivors ` +
      `(id ${record.id}, version ${record.version}, seed ${foundRefuge.seed})`,
  )
  for (const s of record.refuge.survivors)
    console.log(`   - ${s.name}, ${s.background}${s.role ? ` (${s.role})` : ""}`)

  // 3. the Ledger: every change to the stores, with the rule behind it
  const { refugeLedger: ledger } = await graphql(
    `query Ledger($id: ID!) {
      refugeLedger(id: $id) { version ${STORES} entries { seq store amount reason clause } }
    }`,
    { id: record.id },
    apiKey,
  )
  console.log(`\n3. Ledger: ${ledger.entries.length} entries; stores: ${storesLine(ledger.stores)}`)
  for (const e of ledger.entries.slice(0, 3))
    console.log(`   ${String(e.amount).padStart(4)} ${e.store}  ${e.reason} (${e.clause})`)
  if (ledger.entries.length > 3) console.log(`   … and ${ledger.entries.length - 3} more`)

  // 4. a Market trip, planned against the version just read (a stale version is refused: code conflict)
  const reloads = Math.min(wanted, Math.floor(ledger.stores.salvage / RELOAD_COST))
  const { refugeMarketTrip: trip } = await graphql(
    `mutation Trip($id: ID!, $version: Int!, $orders: [MarketOrderInput!]!) {
      refugeMarketTrip(id: $id, version: $version, orders: $orders) {
        record { version ${STORES} }
        trip { seed lines { order what done } }
      }
    }`,
    { id: record.id, version: ledger.version, orders: reloads > 0 ? [{ buyReloads: reloads }] : [] },
    apiKey,
  )
  console.log(
    `\n4. Market trip (seed ${trip.trip.seed}); the Refuge is now at version ${trip.record.version}`,
  )
  if (trip.trip.lines.length === 0) console.log("   nothing bought: not enough Salvage for a Reload")
  for (const line of trip.trip.lines)
    console.log(`   - ${line.what}: ${line.done ? "done" : "not available"}`)
  console.log(`   stores: ${storesLine(trip.record.stores)}`)

  // 5. a raid: a second player founds a Congregation; the first sets a raid up (on a random board)
  // with a seat for them, and they join with it
  const { registerPlayer: other } = await graphql(
    `mutation Register($name: String!) { registerPlayer(name: $name) { apiKey player { id } } }`,
    { name: "Example rival (GraphQL)" },
  )
  // (as the Refuge's: the RosterInput has the file's fields but `$schema`)
  const { $schema: __, ...congregation } = JSON.parse(
    await readFile(new URL("../rosters/congregation.json", import.meta.url), "utf8"),
  )
  const { foundCongregation } = await graphql(
    `mutation Found($roster: RosterInput!) { foundCongregation(roster: $roster) { record { id } } }`,
    { roster: congregation },
    other.apiKey,
  )
  const { createRaid: made } = await graphql(
    `mutation Raid($sides: [RaidSideInput!]!) { createRaid(sides: $sides, randomBoard: true, seed: 7) { id } }`,
    { sides: [{ refuge: record.id }, { player: other.player.id }] },
    apiKey,
  )
  const { joinRaid: joined } = await graphql(
    `mutation Join($id: ID!, $refuge: ID!) {
      joinRaid(id: $id, refuge: $refuge) { version status decider scenario seats { player side } }
    }`,
    { id: made.id, refuge: foundCongregation.record.id },
    other.apiKey,
  )
  const keyOf = Object.fromEntries(
    joined.seats.map((s) => [s.side, s.player === player.id ? apiKey : other.apiKey]),
  )
  console.log(
    `\n5. Raid ${made.id}: ${joined.seats.map((s) => s.side).join(" against ")} (${joined.scenario})`,
  )

  // 6. play it (playRaid, above)
  const commands = await playRaid(made.id, joined, keyOf, apiKey)
  const { raid } = await graphql(
    `query Raid($id: ID!) { raid(id: $id) { version round result { reason sides { side outcome routed } } } }`,
    { id: made.id },
    apiKey,
  )
  console.log(
    `\n6. The raid is over after ${commands} commands and ${raid.version} events (round ${raid.round})`,
  )
  console.log(`   ${raid.result.reason}`)
  for (const s of raid.result.sides) console.log(`   - ${s.side}: ${s.outcome}${s.routed ? " (routed)" : ""}`)

  // 7. a campaign: the first player organises a league of their Refuge and a place for the second,
  // who joins with their Congregation; the organiser starts its raid, played as above and folded
  // into the campaign when it ends; each Aftermath choice is made by the player whose Refuge it is
  // (the prompt's `by`), and the standings are read
  const { createCampaign: league } = await graphql(
    `mutation League($members: [CampaignMemberInput!]!) { createCampaign(members: $members, seed: 7) { id } }`,
    { members: [{ refuge: record.id }, { player: other.player.id }] },
    apiKey,
  )
  const { joinCampaign: begun } = await graphql(
    `mutation Join($id: ID!, $refuge: ID!) { joinCampaign(id: $id, refuge: $refuge) { version members { player } } }`,
    { id: league.id, refuge: foundCongregation.record.id },
    other.apiKey,
  )
  const memberKeys = begun.members.map((m) => (m.player === player.id ? apiKey : other.apiKey))
  const { startCampaignRaid: next } = await graphql(
    `mutation Start($id: ID!, $version: Int!) {
      startCampaignRaid(id: $id, version: $version, randomBoard: true) { id version status decider seats { player side } }
    }`,
    { id: league.id, version: begun.version },
    apiKey,
  )
  const sideKeys = Object.fromEntries(
    next.seats.map((s) => [s.side, s.player === player.id ? apiKey : other.apiKey]),
  )
  await playRaid(next.id, next, sideKeys, apiKey)
  // A waiting prompt is a choice, or dice (which the server rolls itself in a seeded campaign).
  const CAMPAIGN = `query Campaign($id: ID!) { campaign(id: $id) { status season pending {
    ... on CampaignChoicePrompt { by } ... on CampaignDicePrompt { by }
  } } }`
  let { campaign } = await graphql(CAMPAIGN, { id: league.id }, apiKey)
  let choices = 0
  while (campaign.pending) {
    const key = memberKeys[Number(campaign.pending.by)] ?? apiKey
    const { campaignLegal: legal } = await graphql(
      `query Legal($id: ID!) { campaignLegal(id: $id) { version commands { ... on CampaignChooseCommand { option } } } }`,
      { id: league.id },
      key,
    )
    await graphql(
      `mutation Choose($id: ID!, $version: Int!, $command: CampaignPlayerCommandInput!) {
        commandCampaign(id: $id, version: $version, command: $command) { version }
      }`,
      { id: league.id, version: legal.version, command: { choose: { option: legal.commands[0].option } } },
      key,
    )
    choices++
    ;({ campaign } = await graphql(CAMPAIGN, { id: league.id }, apiKey))
  }
  const { campaignStandings: table } = await graphql(
    `query Table($id: ID!) { campaignStandings(id: $id) { rows { name points wins draws losses xp } } }`,
    { id: league.id },
    other.apiKey,
  )
  console.log(
    `\n7. Campaign ${league.id}: raid ${next.id} folded in, ${choices} Aftermath choices made; ${campaign.season}, ${campaign.status}`,
  )
  for (const r of table.rows)
    console.log(`   ${r.name}: ${r.points} points (${r.wins}-${r.draws}-${r.losses}), ${r.xp} XP`)
}

/** A subscription over SSE (POST /graphql with Accept: text/event-stream), counting what it delivers. */
const subscribe = (query, variables, key) =>
  counting(
    (signal) =>
      fetch(`${BASE}/graphql`, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          accept: "text/event-stream",
          authorization: `Bearer ${key}`,
        },
        body: JSON.stringify({ query, variables }),
        signal,
      }),
    /^event: next$/gm,
  )

/** A command as the `NightsongCommandInput` (`@oneOf`): one field named by its type, `true` for a bare one. */
const nightsongInput = ({ type, ...fields }) => {
  const given = Object.fromEntries(Object.entries(fields).filter(([k, v]) => v != null && k !== "__typename"))
  return { [type]: Object.keys(given).length > 0 ? given : true }
}

const NS_GAME = `query Game($id: ID!) { nightsongGame(id: $id) {
  version hash pending { kind by options dice }
  state { fight { side } party { key value { adventurer { name hp maxHp } } } npcs { key value { id name status } } }
} }`
const NS_LEGAL = `query Legal($id: ID!) { nightsongLegal(id: $id) { commands {
  ... on NightsongLegalCommandsCommandsAttack { type attacker target weapon }
  ... on NightsongLegalCommandsCommandsEndTurn { type }
} } }`

/**
 * 8. a Nightsong session, as rest.mjs's: a Referee makes a game; each player takes their seat with
 * their own key and seats a character; two goblins converted from a MÖRK BORG stat block (over
 * REST: conversions are a REST route) are brought on and fought to the end; a subscription
 * follows the game all along.
 */
const nightsong = async () => {
  const keys = {}
  for (const [seat, name] of [
    ["referee", "Example Referee (GraphQL)"],
    ["ann", "Example player Ann (GraphQL)"],
    ["bo", "Example player Bo (GraphQL)"],
  ])
    keys[seat] = (
      await graphql("mutation($name: String!) { registerPlayer(name: $name) { apiKey } }", { name })
    ).registerPlayer.apiKey
  const { createNightsongGame: game } = await graphql(
    'mutation { createNightsongGame(players: ["ann", "bo"]) { id } }',
    {},
    keys.referee,
  )
  for (const seat of ["ann", "bo"])
    await graphql(
      "mutation($id: ID!, $seat: String!) { joinNightsongGame(id: $id, seat: $seat) { you } }",
      { id: game.id, seat },
      keys[seat],
    )
  const stream = subscribe(
    "subscription($id: ID!) { nightsongGameEvents(id: $id) { seq type } }",
    { id: game.id },
    keys.referee,
  )
  const read = async (seat = "referee") => (await graphql(NS_GAME, { id: game.id }, keys[seat])).nightsongGame
  let commands = 0
  const send = async (seat, command) => {
    const { version } = await read(seat)
    commands++
    return graphql(
      `mutation($id: ID!, $version: Int!, $command: NightsongCommandInput!) {
        commandNightsongGame(id: $id, version: $version, command: $command) { version }
      }`,
      { id: game.id, version, command: nightsongInput(command) },
      keys[seat],
    )
  }
  await send("ann", CHARACTERS.ann)
  await send("bo", CHARACTERS.bo)
  await send("referee", { type: "session", action: "start" })
  const block = JSON.parse(
    await readFile(new URL("../nightsong/mork-borg-goblin.json", import.meta.url), "utf8"),
  )
  const converted = await fetch(`${BASE}/v1/nightsong/conversions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ from: "mork-borg", block }),
  })
  const goblin = await converted.json()
  for (const id of ["g1", "g2"]) await send("referee", npcCommand(id, goblin))
  await send("referee", { type: "fight", enemies: ["g1", "g2"], surprise: "none" })
  for (;;) {
    const now = await read()
    const move = await nextMove(
      { fight: now.state.fight ?? undefined, pending: now.pending ?? undefined },
      async (seat) =>
        (await graphql(NS_LEGAL, { id: game.id }, keys[seat])).nightsongLegal.commands.filter((c) => c.type),
    )
    if (!move) break
    await send(move.seat, move.command)
  }
  const end = await read()
  const heard = await stream.until(end.version)
  console.log(
    `\n8. Nightsong game ${game.id}: the fight is over after ${commands} commands, ${end.version} events (hash ${end.hash}); the subscription heard ${heard}`,
  )
  for (const { value: m } of end.state.party)
    console.log(`   - ${m.adventurer.name}: ${m.adventurer.hp}/${m.adventurer.maxHp} HP`)
  for (const { value: n } of end.state.npcs) console.log(`   - ${n.id} (${n.name}): ${n.status}`)
}

main()
  .then(nightsong)
  .catch((e) => {
    console.error(`graphql.mjs: ${e.message}`)
    process.exit(1)
  })
