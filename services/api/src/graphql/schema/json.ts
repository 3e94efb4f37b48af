/**
 * `JSON`: any JSON value, kept only where no schema types the value (test/graphql-json.test.ts lists
 * each place and why): a hook's own `params` and three deprecated whole-document fields. A value a
 * published JSON Schema types but GraphQL can't spell (a pack file: inputs have no unions; a
 * Vega-Lite spec) is a scalar of its own, named for it and `@specifiedBy` that schema. Content entries, effects, conditions, table
 * keys, dice amounts, Refuges, rosters, worlds, rolls and odds are typed (see fromSchema.ts).
 */
import { Kind, type ValueNode } from "graphql"
import { builder } from "../builder.js"

const literal = (node: ValueNode, variables: Record<string, unknown> | null | undefined): unknown => {
  switch (node.kind) {
    case Kind.STRING:
    case Kind.BOOLEAN:
      return node.value
    case Kind.INT:
    case Kind.FLOAT:
      return Number(node.value)
    case Kind.NULL:
      return null
    case Kind.ENUM:
      return node.value
    case Kind.LIST:
      return node.values.map((v) => literal(v, variables))
    case Kind.OBJECT:
      return Object.fromEntries(node.fields.map((f) => [f.name.value, literal(f.value, variables)]))
    case Kind.VARIABLE:
      return variables?.[node.name.value]
  }
}

export const JSONScalar = builder.scalarType("JSON", {
  description:
    "Any JSON value: only where no schema types it (a hook's params, a pack file, deprecated fields)",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literal(node, variables),
})

/** The JSON Schema of a pack file, published with the library. */
export const PACK_SCHEMA_URL = "https://unpkg.com/@blight/rules/schemas/pack.schema.json"

export const PackFileScalar = builder.scalarType("PackFile", {
  description:
    "A homebrew pack as its JSON file, specified by the library's pack.schema.json and checked against its Pack schema on upload (each problem named by path and rule). A scalar, not an input type: GraphQL inputs have no unions, and effects, conditions and row keys are unions",
  specifiedByURL: PACK_SCHEMA_URL,
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literal(node, variables),
})

export const VegaLiteSpecScalar = builder.scalarType("VegaLiteSpec", {
  description:
    "A Vega-Lite v6 chart spec with its data inline, specified by Vega-Lite's own JSON Schema (hand it to vega-embed)",
  specifiedByURL: "https://vega.github.io/schema/vega-lite/v6.json",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literal(node, variables),
})
