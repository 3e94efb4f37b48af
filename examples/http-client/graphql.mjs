#!/usr/bin/env node
/**
 * The Blight Rules API over GraphQL, with nothing but `fetch` (Node 20): the same steps as
 * rest.mjs — register a player, found a Refuge from examples/rosters/refuge.json, read its Ledger,
 * make a Market trip, then a raid between two players played to its end — as GraphQL operations
 * on POST /graphql.
 *
 *   BLIGHT_API=http://127.0.0.1:4000 node examples/http-client/graphql.mjs
 */
import { readFile } from "node:fs/promises"
import { pick } from "./pick.mjs"

// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by this script only, not by a build task
const BASE = (process.env.BLIGHT_API || "http://127.0.0.1:4000").replace(/\/+$/, "")
const RELOAD_COST = 4 // Salvage per Reload at the Market (B-FOUNDING-09)

const STORES = "stores { salvage reloads arrows bolts rations meds amber fuel }"

/** One operation; answers `data`, or throws an Error that says what went wrong. */
const graphql = async (query, variables = {}, key) => {
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

  // 6. play it: the commands the example plays, selected by type (each is one member of the
  // BattleCommand union), and sent back as the BattleCommandInput: one field named by the type
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
  } } }`
  const COMMAND = `mutation Command($id: ID!, $version: Int!, $command: BattleCommandInput!) {
    commandRaid(id: $id, version: $version, command: $command) { version over decider }
  }`
  // (Aliased where two members' fields of one name have different types. A target or a contact is
  // a model's id or a token's, answered as `{ modelId tokenId }` with the one it is set, and sent
  // back as the id.)
  const id = (t) => t && (t.modelId ?? t.tokenId)
  const asInput = ({
    __typename,
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
      }).filter(([, v]) => v != null),
    ),
  })
  let now = { version: joined.version, decider: joined.decider, over: joined.status === "over" }
  let commands = 0
  while (!now.over) {
    const key = keyOf[now.decider] ?? apiKey
    const { raidLegal: legal } = await graphql(LEGAL, { id: made.id }, key)
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
        now = (
          await graphql(COMMAND, { id: made.id, version: legal.version, command: asInput(command) }, key)
        ).commandRaid
        break
      } catch (e) {
        if (e.code !== "bad_request") throw e
        refused.push(command)
      }
    }
    commands++
  }
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
}

main().catch((e) => {
  console.error(`graphql.mjs: ${e.message}`)
  process.exit(1)
})
