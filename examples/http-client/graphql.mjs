#!/usr/bin/env node
/**
 * The Blight Rules API over GraphQL, with nothing but `fetch` (Node 20): the same steps as
 * rest.mjs — register a player, found a Refuge from examples/rosters/refuge.json, read its Ledger,
 * make a Market trip — as GraphQL operations on POST /graphql.
 *
 *   BLIGHT_API=http://127.0.0.1:4000 node examples/http-client/graphql.mjs
 */
import { readFile } from "node:fs/promises"

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
    throw new Error(`/graphql answered with errors:\n${lines.join("\n")}`)
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
}

main().catch((e) => {
  console.error(`graphql.mjs: ${e.message}`)
  process.exit(1)
})
