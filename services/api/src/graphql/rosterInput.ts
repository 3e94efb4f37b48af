/**
 * GraphQL input types of struct schemas (a roster), field for field: the input a client types a
 * document in, which the server decodes with the schema itself (inputFromSchema.ts is the input
 * side for commands, with converters).
 */
import { SchemaAST as AST, type Schema } from "effect"
import * as Ast from "./ast.js"
import { builder } from "./builder.js"
import { flatten, isStringLiteral, outOf } from "./fromSchema.js"

/** A GraphQL input field's type: a scalar name, an enum or input ref, or a list of one. */
type In = Ast.Typed

const inputs = new Map<AST.AST, Ast.Ref>()

/** The GraphQL input type of a schema node; unions other than of words have no input form. */
const inOf = (ast: AST.AST, hint: string): In => {
  if (Ast.isInteger(ast)) return { type: "Int", list: false }
  const node = Ast.wire(ast)
  if (Ast.isInteger(node)) return { type: "Int", list: false }
  switch (node._tag) {
    case "String":
    case "TemplateLiteral":
      return { type: "String", list: false }
    case "Number":
      return { type: "Float", list: false }
    case "Boolean":
      return { type: "Boolean", list: false }
    case "Literal":
    case "Union": {
      const present = AST.isUnion(node) ? node.types.filter((t) => !AST.isUndefined(t)) : [node]
      if (present.length === 1 && present[0] !== node) return inOf(present[0]!, hint)
      // Words are the same enum in and out; any other union has no GraphQL input form.
      if (!present.flatMap(flatten).every(isStringLiteral))
        throw new Error(`${hint}: a union has no GraphQL input form`)
      return { type: outOf(node, hint).type, list: false }
    }
    case "Arrays": {
      const items = [...node.elements, ...node.rest]
      const inner = items[0] ? inOf(items[0], hint) : undefined
      if (!inner || inner.list) throw new Error(`${hint}: a list of lists has no GraphQL input form`)
      return { type: inner.type, list: true }
    }
    case "Objects":
      return { type: structOf(node, hint), list: false }
    default:
      throw new Error(`${hint}: no GraphQL input form`)
  }
}

const structOf = (struct: AST.Objects, hint: string): Ast.Ref => {
  const node = Ast.canon(struct)
  const cached = inputs.get(node)
  if (cached) return cached
  const id = Ast.baseIdentifierOf(node)
  const base = id && Ast.NAME.test(id) ? id : Ast.pascal(hint)
  const name = `${base}Input`
  const props = node.propertySignatures.filter((p) => typeof p.name === "string" && Ast.NAME.test(p.name))
  const ref = builder.inputType(name, {
    fields: (t) =>
      Object.fromEntries(
        props.map((p) => {
          const key = p.name as string
          const i = inOf(p.type, `${base}-${key}`)
          const description = Ast.fieldDescriptionOf(p)
          return [
            key,
            t.field({
              type: i.list ? [i.type] : i.type,
              required: !Ast.isOptionalKey(p),
              ...(description ? { description } : {}),
            } as never),
          ]
        }),
      ),
  })
  inputs.set(node, ref)
  return ref
}

/**
 * The GraphQL input type of a struct schema (a roster), field for field; a property whose name
 * GraphQL does not allow (`$schema`) is left out. The server still decodes what arrives with the
 * schema itself, so the rules' errors (lengths, ranges, clauses) are the same as over REST.
 */
export const inputType = (schema: Schema.Top, name: string): Ast.Ref => {
  const i = inOf(schema.ast, name)
  if (i.list || typeof i.type === "string") throw new Error(`${name}: not a struct`)
  return i.type
}
