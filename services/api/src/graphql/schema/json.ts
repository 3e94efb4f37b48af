/**
 * `JSON`: any JSON value, for what clients send whole (a roster, a pack) and the few values GraphQL
 * cannot type (a table key that is a number or a text, a hook's own params); content entries,
 * Refuges, worlds, rolls and odds have object types (see fromSchema.ts).
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
  description: "Any JSON value",
  serialize: (value) => value,
  parseValue: (value) => value,
  parseLiteral: (node, variables) => literal(node, variables),
})
