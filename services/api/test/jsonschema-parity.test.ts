/**
 * The JSON Schemas @blight/rules publishes for what clients send must say what the API accepts.
 * Every request body in the OpenAPI document is listed below: those that carry a published schema
 * (a pack, a roster to found or to bring to a raid, a Market trip) are compared with it, with references resolved and
 * prose (titles, descriptions) left out; the others are the service's own or other packages' and
 * say why. A new route's body fails the test until it is listed.
 */
import { Packs } from "@blight/nightsong"
import { JsonSchemas } from "@blight/rules"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "../src/http/openapi.js"

type Json = { [key: string]: unknown }
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const PROSE = new Set(["title", "description", "$id", "$schema", "$defs", "examples"])

type Lookup = (ref: string) => unknown

/** A node with its `$ref` replaced by what it names (merged with its own keywords), prose dropped. */
const expand = (node: Json, lookup: Lookup): Json => {
  let out: Json = node
  for (let hops = 0; typeof out.$ref === "string"; hops++) {
    if (hops > 50) throw new Error(`reference loop at ${String(out.$ref)}`)
    const { $ref, ...own } = out
    out = { ...(lookup($ref as string) as Json), ...own }
  }
  // A tuple in draft-07 (the published files) is `items: [...]` with `additionalItems`; in 2020-12
  // (OpenAPI 3.1) the same is `prefixItems: [...]` with `items`.
  if (Array.isArray(out.items)) {
    const { items, additionalItems, ...rest } = out
    out = {
      ...rest,
      prefixItems: items,
      ...(additionalItems === undefined ? {} : { items: additionalItems }),
    }
  }
  return Object.fromEntries(Object.entries(out).filter(([k]) => !PROSE.has(k)))
}

/**
 * Where two schemas first differ (a JSON path), or undefined when they say the same. References
 * are followed on both sides; a pair of references met again is taken as equal, so recursive
 * schemas (effects inside effects) compare in finite steps.
 */
const difference = (
  a: unknown,
  b: unknown,
  la: Lookup,
  lb: Lookup,
  at = "$",
  seen = new Set<string>(),
): string | undefined => {
  if (Array.isArray(a) || Array.isArray(b)) {
    if (!Array.isArray(a) || !Array.isArray(b) || a.length !== b.length)
      return `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`
    for (let i = 0; i < a.length; i++) {
      const d = difference(a[i], b[i], la, lb, `${at}[${i}]`, seen)
      if (d) return d
    }
    return undefined
  }
  if (!isObject(a) || !isObject(b))
    return a === b ? undefined : `${at}: ${JSON.stringify(a)} vs ${JSON.stringify(b)}`
  if (a.$ref !== undefined || b.$ref !== undefined) {
    const pair = `${JSON.stringify(a)}|${JSON.stringify(b)}`
    if (seen.has(pair)) return undefined
    seen.add(pair)
  }
  const [ea, eb] = [expand(a, la), expand(b, lb)]
  const keys = new Set([...Object.keys(ea), ...Object.keys(eb)])
  for (const k of keys) {
    if (!(k in ea) || !(k in eb)) return `${at}.${k}: only in the ${k in ea ? "published schema" : "API"}`
    const d = difference(ea[k], eb[k], la, lb, `${at}.${k}`, seen)
    if (d) return d
  }
  return undefined
}

describe("request-body JSON Schemas", () => {
  const doc = openApiDocument() as unknown as Json
  const components = ((doc.components as Json).schemas ?? {}) as Json
  const fromApi = (ref: string) => components[ref.replace("#/components/schemas/", "")]
  const rules = JsonSchemas.jsonSchemas()
  // @blight/nightsong's published files, named "nightsong/<file>" below.
  const nightsong = Packs.jsonSchemas()

  const bodyOf = (path: string, method: string): unknown => {
    const op = ((doc.paths as Json)[path] as Json)[method] as Json
    return ((((op.requestBody as Json).content as Json)["application/json"] as Json).schema as Json) ?? {}
  }

  const published = (file: string) => {
    const schema = (
      file.startsWith("nightsong/") ? nightsong[file.slice("nightsong/".length)] : rules[file]
    ) as Json
    const defs = (schema.$defs ?? {}) as Json
    return { schema, lookup: (ref: string) => defs[ref.replace("#/$defs/", "")] }
  }

  // Where a published schema sits in a body: the whole body, or a property of it (`a.b`; `a[].b`
  // for b in each item of the list a).
  type Carries = { readonly file: string; readonly property?: string }
  const carried: Record<string, Carries> = {
    "POST /v1/packs": { file: "pack.schema.json" },
    "POST /v1/nightsong/packs": { file: "nightsong/pack.schema.json" },
    "POST /v1/refuges": { file: "roster.schema.json", property: "roster" },
    "POST /v1/congregations": { file: "roster.schema.json", property: "roster" },
    // A side founded now; the rest (scenario, options, dice, board) is the service's own set-up
    // and the engine's BattleOptions, which has no published file.
    "POST /v1/raids": { file: "roster.schema.json", property: "sides[].roster" },
    "POST /v1/raids/{id}/join": { file: "roster.schema.json", property: "roster" },
    // A Refuge founded now for a simulation; the rest (raids, policies, table, seed) is the service's.
    "POST /v1/simulations": { file: "roster.schema.json", property: "refuges[].roster" },
    "POST /v1/refuges/{id}/market-trips": { file: "market-trip.schema.json" },
    "POST /v1/congregations/{id}/market-trips": { file: "market-trip.schema.json" },
  }
  // Bodies no @blight/rules schema describes, and why.
  const notPublished: Record<string, string> = {
    "POST /v1/players": "a player's name: the service's own account, not part of the rules",
    "POST /v1/dice/roll": "@blight/dice's RollRequest plus the service's seed and manual dice",
    "POST /v1/odds/pool": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/odds/test": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/odds/shoot": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/odds/fight": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/odds/check": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/odds/step": "@blight/dice's odds request (the kind is the path)",
    "POST /v1/nightsong/characters": "@blight/nightsong's generator options plus a seed",
    "POST /v1/nightsong/worlds":
      "a seed, a number of sessions and a saved Land for @blight/nightsong's world (its Land schema has no published file)",
    "POST /v1/nightsong/games":
      "a Nightsong game's seats, dice and seed: @blight/nightsong's game set-up, which has no published file",
    "POST /v1/nightsong/games/{id}/join": "a seat's name: the service's own",
    "POST /v1/nightsong/games/{id}/commands":
      "the game's version and a Nightsong command: the game's command schema has no published file (it is in the OpenAPI components)",
    "POST /v1/nightsong/games/{id}/undo": "the game's version only: the service's optimistic concurrency",
    "POST /v1/nightsong/conversions":
      "a system and its stat block: @blight/nightsong's block schemas (its blockJsonSchema), not a published file",
    "POST /v1/nightsong/tables/{id}/rolls": "a seed only: the table is the path",
    "POST /v1/raids/{id}/commands":
      "the raid's version and a BattleCommand: the raid engine's command schema has no published file (it is in the OpenAPI components)",
    "POST /v1/raids/{id}/undo": "the raid's version only: the service's optimistic concurrency",
    "POST /v1/campaigns":
      "the league's members (stored Refuges of the caller's, or other players' places), packs and dice: the service's own set-up",
    "POST /v1/campaigns/{id}/join": "the id of a stored Refuge of the caller's: the service's own",
    "POST /v1/campaigns/{id}/commands":
      "the campaign's version and a campaign command: the campaign engine's command schema has no published file (it is in the OpenAPI components)",
    "POST /v1/campaigns/{id}/raids":
      "the campaign's version, a scenario id and a board choice: the service's own set-up of the next raid",
    "POST /v1/raids/{id}/adjust":
      "the raid's version and the fields of the engine's adjust command, which (as every command) has no published file",
  }

  /** The schema at a `property` path of an (expanded) body. */
  const at = (body: Json, property: string): unknown =>
    property.split(".").reduce<Json>((node, step) => {
      const list = step.endsWith("[]")
      const inner = expand((node.properties as Json)[list ? step.slice(0, -2) : step] as Json, fromApi)
      return list ? expand(inner.items as Json, fromApi) : inner
    }, body)

  const bodies = Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json)
      .filter(([, op]) => isObject(op) && "requestBody" in op)
      .map(([method]) => ({ key: `${method.toUpperCase()} ${path}`, path, method })),
  )

  it("every request body is listed: carrying a published schema, or saying why it has none", () => {
    expect(bodies.length).toBeGreaterThan(0)
    for (const { key } of bodies) expect(key in carried || key in notPublished, key).toBe(true)
    const keys = new Set(bodies.map((b) => b.key))
    for (const key of [...Object.keys(carried), ...Object.keys(notPublished)])
      expect(keys.has(key), key).toBe(true)
  })

  it.each(Object.entries(carried))(
    "%s accepts what its published JSON Schema says",
    (key, { file, property }) => {
      const { path, method } = bodies.find((b) => b.key === key)!
      const body = expand(bodyOf(path, method) as Json, fromApi)
      const api = property ? at(body, property) : body
      const { schema, lookup } = published(file)
      expect(
        difference(schema, api, lookup, fromApi),
        `${file} vs ${key} ${property ?? "body"}`,
      ).toBeUndefined()
    },
  )
})
