/**
 * `JSON`: any JSON value, kept only where no schema types the value (test/graphql-json.test.ts lists
 * each place and why): a hook's own `params`, a pack uploaded as its file (GraphQL inputs have no
 * unions), and three deprecated whole-document fields. Content entries, effects, conditions, table
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
