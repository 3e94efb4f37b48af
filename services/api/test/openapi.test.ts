import { readFileSync } from "node:fs"
/**
 * The OpenAPI document is a valid OpenAPI 3.1 document (checked by @readme/openapi-parser, which
 * also checks duplicate operationIds, path parameters and component names), it lists every route
 * of the route table with its method, and the server serves that same document.
 */
import { compileErrors, dereference, validate } from "@readme/openapi-parser"
import type { OpenAPIObject, OperationObject, ReferenceObject, SchemaObject } from "openapi3-ts/oas31"
import { afterAll, beforeAll, describe, expect, it } from "vitest"
import { openApiDocument, routes } from "../src/index.js"
import { type Running, sqliteDatabase, startTestServer, type TestDatabase } from "./support/server.js"

const expectValid = async (doc: unknown) => {
  // validate() dereferences in place: give it a copy
  const result = await validate(structuredClone(doc) as never)
  if (!result.valid) expect.fail(compileErrors(result))
  expect(result.warnings, compileErrors(result)).toEqual([])
}

/** Every value of a key anywhere in the document (a dereferenced document may be circular). */
const valuesOf = (node: unknown, key: string, out: unknown[] = [], seen = new Set<object>()): unknown[] => {
  if (node === null || typeof node !== "object" || seen.has(node)) return out
  seen.add(node)
  if (Array.isArray(node)) for (const x of node) valuesOf(x, key, out, seen)
  else
    for (const [k, v] of Object.entries(node)) {
      if (k === key) out.push(v)
      valuesOf(v, key, out, seen)
    }
  return out
}

const operation = (doc: OpenAPIObject, method: string, path: string): OperationObject | undefined =>
  (doc.paths?.[path] as Record<string, OperationObject> | undefined)?.[method.toLowerCase()]

describe("openApiDocument()", () => {
  const doc = openApiDocument() as OpenAPIObject

  it("is a valid OpenAPI 3.1 document, versioned as the service's package", async () => {
    expect(doc.openapi).toBe("3.1.0")
    const pkg = JSON.parse(readFileSync(new URL("../package.json", import.meta.url), "utf8"))
    expect(doc.info.version).toBe(pkg.version)
    await expectValid(doc)
  })

  it("shows the length limits of stored strings", () => {
    expect(JSON.stringify(doc.components?.schemas?.PlayerInput)).toMatch(/"maxLength":200/)
    const error = JSON.stringify(doc.components?.schemas?.Error)
    expect(error).toMatch(/"maxItems":20/)
  })

  it("has every $ref pointing at a component that exists, and dereferences fully", async () => {
    const refs = valuesOf(doc, "$ref") as string[]
    expect(refs.length).toBeGreaterThan(10)
    const schemas = Object.keys(doc.components?.schemas ?? {})
    const missing = refs.filter((r) => !schemas.includes(r.replace("#/components/schemas/", "")))
    expect(missing, `refs to no component: ${missing.join(", ")}`).toEqual([])
    const flat = await dereference(structuredClone(doc) as never)
    expect(valuesOf(flat, "$ref")).toEqual([])
  })

  it("gives no two schemas the same $id (JSON Schema 2020-12 forbids it)", () => {
    const ids = valuesOf(doc, "$id") as string[]
    expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([])
  })

  it("lists every route with its method, operationId, path parameters, body and success status", () => {
    expect(routes.length).toBeGreaterThan(10)
    for (const r of routes) {
      const op = operation(doc, r.method, r.path)
      expect(op, `${r.method} ${r.path} is not in the document`).toBeDefined()
      expect(op!.operationId).toBe(r.operationId)
      expect(op!.summary).toBe(r.summary)
      expect(op!.tags).toEqual([r.tag])
      const pathParams = [...r.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
      const declared = (op!.parameters ?? [])
        .filter((p) => "in" in p && p.in === "path")
        .map((p) => "name" in p && p.name)
      expect(declared, `${r.method} ${r.path}`).toEqual(pathParams)
      expect(Object.keys(op!.responses ?? {})).toContain(String(r.status))
      expect(op!.requestBody !== undefined, `${r.method} ${r.path} request body`).toBe(r.body !== undefined)
      expect(op!.security !== undefined, `${r.method} ${r.path} security`).toBe(r.auth)
      if (r.auth) expect(Object.keys(op!.responses ?? {})).toContain("401")
    }
    // nothing in the document that the router does not serve (but the probes, served by the server itself)
    const documented = Object.entries(doc.paths ?? {}).flatMap(([path, item]) =>
      Object.keys(item as object).map((m) => `${m.toUpperCase()} ${path}`),
    )
    const served = [...routes.map((r) => `${r.method} ${r.path}`), "GET /health", "GET /ready"]
    expect(documented.sort()).toEqual(served.sort())
  })

  it("documents the Refuge endpoints with their request and response schemas", () => {
    const schemaRef = (o: OperationObject | undefined, where: "request" | string) => {
      const content =
        where === "request"
          ? (o?.requestBody as { content?: Record<string, { schema?: SchemaObject | ReferenceObject }> })
              ?.content
          : (
              o?.responses?.[where] as {
                content?: Record<string, { schema?: SchemaObject | ReferenceObject }>
              }
            )?.content
      return (content?.["application/json"]?.schema as ReferenceObject | undefined)?.$ref
    }
    const found = operation(doc, "POST", "/v1/refuges")
    expect(schemaRef(found, "request")).toBe("#/components/schemas/FoundRequest")
    expect(schemaRef(found, "201")).toBe("#/components/schemas/FoundedRefuge")
    expect(schemaRef(found, "422")).toBe("#/components/schemas/Error")
    expect(operation(doc, "GET", "/v1/refuges")?.operationId).toBe("listRefuges")
    expect(schemaRef(operation(doc, "GET", "/v1/refuges/{id}"), "200")).toBe(
      "#/components/schemas/RefugeRecord",
    )
    expect(schemaRef(operation(doc, "GET", "/v1/refuges/{id}/ledger"), "200")).toBe(
      "#/components/schemas/LedgerView",
    )
    const trip = operation(doc, "POST", "/v1/refuges/{id}/market-trips")
    expect(schemaRef(trip, "request")).toBe("#/components/schemas/MarketTripRequest")
    expect(schemaRef(trip, "201")).toBe("#/components/schemas/MarketTripResult")
    expect(Object.keys(trip?.responses ?? {})).toContain("409")
    // the trip's orders are the Market's own order schema
    const tripRequest = doc.components?.schemas?.MarketTripRequest as SchemaObject
    expect((tripRequest.properties?.orders as SchemaObject | undefined)?.items).toEqual({
      $ref: "#/components/schemas/MarketOrder",
    })
    expect(tripRequest.required).toEqual(expect.arrayContaining(["version", "orders"]))
  })
})

describe("GET /openapi.json on a running server", () => {
  let db: TestDatabase
  let server: Running
  beforeAll(async () => {
    db = sqliteDatabase()
    server = await startTestServer(db.url)
  })
  afterAll(async () => {
    await server?.close()
    await db?.drop()
  })

  it("serves the same document, as JSON, and it validates", async () => {
    const res = await fetch(`${server.url}/openapi.json`)
    expect(res.status).toBe(200)
    expect(res.headers.get("content-type")).toMatch(/^application\/json/)
    const served = await res.json()
    expect(served).toEqual(JSON.parse(JSON.stringify(openApiDocument())))
    await expectValid(served)
    expect(Object.keys(served.paths)).toEqual(
      expect.arrayContaining(["/v1/refuges", "/v1/refuges/{id}", "/v1/refuges/{id}/market-trips"]),
    )
  })
})
