/**
 * `JSON`: any JSON value, for the rich documents clients read whole (a content entry, a pack's
 * body, a Refuge document, a dice or odds report) or send whole (a roster, a pack).
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
