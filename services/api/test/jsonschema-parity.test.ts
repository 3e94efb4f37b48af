/**
 * The JSON Schemas @blight/rules publishes for what clients send must say what the API accepts:
 * each is compared with the request body of the matching route in the OpenAPI document, with
 * references resolved and prose (titles, descriptions) left out.
 */
import { JsonSchemas } from "@blight/rules"
import { describe, expect, it } from "vitest"
import { openApiDocument } from "../src/http/openapi.js"

type Json = { [key: string]: unknown }
const isObject = (u: unknown): u is Json => typeof u === "object" && u !== null && !Array.isArray(u)
const PROSE = new Set(["title", "description", "$id", "$schema", "$defs", "examples"])

/** The schema with every `$ref` replaced by what it names (merged with its own keywords), prose dropped. */
const resolved = (node: unknown, lookup: (ref: string) => unknown, depth = 0): unknown => {
  if (depth > 50) throw new Error("reference cycle")
  if (Array.isArray(node)) return node.map((x) => resolved(x, lookup, depth))
  if (!isObject(node)) return node
  const { $ref, ...rest } = node
  const base = typeof $ref === "string" ? (resolved(lookup($ref), lookup, depth + 1) as Json) : {}
  const own = Object.fromEntries(
    Object.entries(rest)
      .filter(([k]) => !PROSE.has(k))
      .map(([k, v]) => [k, resolved(v, lookup, depth + 1)]),
  )
  return { ...base, ...own }
}

describe("request-body JSON Schemas", () => {
  const doc = openApiDocument() as unknown as Json
  const components = ((doc.components as Json).schemas ?? {}) as Json
  const fromApi = (ref: string) => components[ref.replace("#/components/schemas/", "")]
  const rules = JsonSchemas.jsonSchemas()

  const bodyOf = (path: string, method: string): unknown => {
    const op = ((doc.paths as Json)[path] as Json)[method] as Json
    return ((((op.requestBody as Json).content as Json)["application/json"] as Json).schema as Json) ?? {}
  }

  it("a Market trip: market-trip.schema.json is what POST /v1/refuges/{id}/market-trips accepts", () => {
    const path = Object.keys(doc.paths as Json).find(
      (p) => /market/.test(p) && "post" in ((doc.paths as Json)[p] as Json),
    )
    expect(path).toBeDefined()
    const published = rules["market-trip.schema.json"] as Json
    const defs = (published.$defs ?? {}) as Json
    const fromRules = (ref: string) => defs[ref.replace("#/$defs/", "")]
    expect(resolved(published, fromRules)).toEqual(resolved(bodyOf(path!, "post"), fromApi))
  })
})
