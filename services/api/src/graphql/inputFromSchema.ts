/**
 * GraphQL input types built from the library's effect Schemas (the input side of `fromSchema.ts`),
 * with the function that turns an argument back into the value the schema decodes, so a command
 * is typed in GraphQL exactly as the engine reads it and its fields are not written twice.
 *
 * Structs become input objects (`<identifier>Input`); a union of structs that share a literal
 * field (a command's `type`, a fact's `q`) becomes a `@oneOf` input with one field per literal,
 * which the converter turns back into the member with its literal; unions of string literals are
 * the output's enum of the same words (enums.ts: the value a client sends is the library's word); a union of other values (yes/no or a word) is a `@oneOf` with a
 * field per kind. What GraphQL cannot express stays the `JSON` scalar.
 */
import { SchemaAST as AST, type Schema } from "effect"
import {
  baseIdentifierOf,
  canon,
  fieldDescriptionOf,
  isNothing,
  isOptionalKey,
  leafScalar,
  NAME,
  pascal,
  type Ref,
  type Typed,
  wire,
} from "./ast.js"
import { builder } from "./builder.js"
import { enumOf, labelOf } from "./fromSchema.js"
import { JSONScalar } from "./schema/json.js"

/** An input's GraphQL type and how a value of it becomes the schema's input. */
interface In extends Typed {
  readonly nullable: boolean
  readonly convert: (v: unknown) => unknown
}

const same = (v: unknown) => v
const scalar = (type: string): In => ({ type, list: false, nullable: false, convert: same })
const json: In = { type: JSONScalar, list: false, nullable: false, convert: same }
/** An input object: a value given that is not an object is passed on as it is (the schema refuses it). */
const objectInput = (type: Ref, convert: (o: Record<string, unknown>) => unknown): In => ({
  type,
  list: false,
  nullable: false,
  convert: (v) => (v === null || typeof v !== "object" ? v : convert(v as Record<string, unknown>)),
})
/** The node on the wire, a filtered struct its struct. */
const bare = (ast: AST.AST): AST.AST => {
  const w = wire(ast)
  return AST.isObjects(w) || AST.isUnion(w) ? canon(w) : w
}

const byAst = new Map<AST.AST, In>()
const names = new Set<string>()
const nameFor = (ast: AST.AST, hint: string): string => {
  const id = baseIdentifierOf(ast)
  let name = `${id && NAME.test(id) ? id : pascal(hint)}Input`
  for (let i = 2; names.has(name) || builder.configStore.typeConfigs.has(name); i++)
    name = `${pascal(hint)}${i}Input`
  names.add(name)
  return name
}

const present = (node: AST.Union) => node.types.filter((t) => !isNothing(t))

const inOf = (ast: AST.AST, hint: string): In => {
  const leaf = leafScalar(ast)
  if (leaf !== undefined) return leaf === "JSON" ? json : scalar(leaf)
  const node = wire(ast)
  switch (node._tag) {
    case "Objects":
      return node.indexSignatures.length > 0 ? recordIn(node, hint) : structOf(node, hint)
    case "Arrays": {
      const items = [...node.elements, ...node.rest]
      const first = items[0]
      if (!first || !items.every((i) => i === first)) return json
      const inner = inOf(first, hint)
      if (inner.list) return json
      return {
        type: inner.type,
        list: true,
        nullable: false,
        convert: (v) => (Array.isArray(v) ? v.map(inner.convert) : v),
      }
    }
    case "Union":
      return unionIn(canon(node), hint)
    default:
      return json
  }
}

/**
 * A map keyed by text (`Record<string, V>`): a list of `{key, value}` entries, as the output's
 * maps are, turned back into the map. Anything else with an index signature stays JSON.
 */
const recordIn = (node: AST.Objects, hint: string): In => {
  const [index, ...more] = node.indexSignatures
  if (!index || more.length > 0 || node.propertySignatures.length > 0 || !AST.isString(wire(index.parameter)))
    return json
  const value = inOf(index.type, `${hint}-value`)
  if (value.type === JSONScalar || value.nullable) return json
  const type = builder.inputType(nameFor(node, `${hint}-entry`), {
    description: "One entry of a map keyed by ids known only at run time",
    fields: (t) => ({
      key: t.string({ required: true }),
      value: t.field({ type: value.list ? [value.type] : value.type, required: true } as never),
    }),
  })
  return {
    type,
    list: true,
    nullable: false,
    convert: (v) =>
      Array.isArray(v)
        ? Object.fromEntries(v.map((e: { key: string; value: unknown }) => [e.key, value.convert(e.value)]))
        : v,
  }
}

/**
 * A union: what it holds but undefined and null; words are the output's enum, any text a String,
 * tagged structs a `@oneOf` of them, other values a `@oneOf` of kinds.
 */
const unionIn = (node: AST.Union, hint: string): In => {
  const members = present(node)
  const nullable = members.length < node.types.length
  if (members.length === 1) return { ...inOf(members[0]!, hint), nullable }
  const bares = members.map(bare)
  const isWord = (m: AST.AST) => AST.isLiteral(m) && typeof m.literal === "string"
  // Words only: the output's enum for the same words (a table, a policy); words or any text: String.
  if (bares.every(isWord))
    return {
      // Named as the output's would be (`BattleOptionsSpores`, not `BattleOptionsInputSpores`).
      ...scalar(
        enumOf(
          node,
          bares.map((m) => (m as AST.Literal).literal as string),
          hint.replace(/Input(?=[-A-Z]|$)/g, ""),
        ),
      ),
      nullable,
    }
  if (bares.every((m) => AST.isString(m) || isWord(m))) return { ...scalar("String"), nullable }
  if (bares.every((m) => AST.isObjects(m))) return { ...oneOf(node, bares as AST.Objects[], hint), nullable }
  if (members.every((m) => !AST.isObjects(bare(m)))) return { ...valueOneOf(node, members, hint), nullable }
  return { ...json, nullable }
}

/** An input object, one field per property GraphQL can name (less `omit`, the union's tag). */
const structOf = (struct: AST.Objects, hint: string, omit?: string): In => {
  const node = canon(struct)
  const cached = omit === undefined ? byAst.get(node) : undefined
  if (cached) return cached
  const name = nameFor(node, hint)
  const props = node.propertySignatures.filter(
    (p) => typeof p.name === "string" && NAME.test(p.name) && p.name !== omit,
  )
  const fields = props.map((p) => ({
    key: p.name as string,
    optional: isOptionalKey(p),
    in: inOf(p.type, `${name}-${String(p.name)}`),
    description: fieldDescriptionOf(p),
  }))
  const type = builder.inputType(name, {
    fields: (t) =>
      Object.fromEntries(
        fields.map((f) => [
          f.key,
          t.field({
            type: f.in.list ? [f.in.type] : f.in.type,
            required: !(f.optional || f.in.nullable),
            // A free-form field says why it is JSON, as its schema does (the others need no words here).
            ...(f.in.type === JSONScalar && f.description !== undefined
              ? { description: f.description }
              : {}),
          } as never),
        ]),
      ),
  })
  const out = objectInput(type, (o) =>
    Object.fromEntries(
      fields
        .filter((f) => o[f.key] !== undefined && o[f.key] !== null)
        .map((f) => [f.key, f.in.convert(o[f.key])]),
    ),
  )
  if (omit === undefined) byAst.set(node, out)
  return out
}

/** A union of tagged structs: a `@oneOf` input, one field per tag; the value given becomes that member. */
const oneOf = (node: AST.Union, structs: ReadonlyArray<AST.Objects>, hint: string): In => {
  const cached = byAst.get(node)
  if (cached) return cached
  const tagOf = (s: AST.Objects, key: string) => {
    const p = s.propertySignatures.find((x) => x.name === key)
    const t = p && bare(p.type)
    return t && AST.isLiteral(t) && typeof t.literal === "string" ? t.literal : undefined
  }
  const key = structs[0]!.propertySignatures
    .map((p) => p.name)
    .find((k): k is string => typeof k === "string" && structs.every((s) => tagOf(s, k) !== undefined))
  const tags = key ? structs.map((s) => tagOf(s, key)!) : []
  if (!key) return untaggedOneOf(node, structs, hint)
  if (!tags.every((t) => NAME.test(t)) || new Set(tags).size !== tags.length) return json
  const name = nameFor(node, hint)
  // A member with nothing but its tag (an undo) is a Boolean: `{undo: true}`.
  const tagOnly: In = { ...scalar("Boolean"), convert: () => ({}) }
  const members = structs.map((s, i) => ({
    tag: tags[i]!,
    in: s.propertySignatures.every((p) => p.name === key) ? tagOnly : structOf(s, `${name}-${tags[i]}`, key),
  }))
  const type = builder.inputType(name, {
    isOneOf: true,
    description: `Exactly one field: its name is the ${key}`,
    fields: (t) =>
      Object.fromEntries(members.map((m) => [m.tag, t.field({ type: m.in.type, required: false } as never)])),
  })
  const out = objectInput(type, (o) => {
    const [tag, value] = Object.entries(o).find(([, x]) => x != null) ?? []
    const m = members.find((x) => x.tag === tag)
    return m ? { [key]: tag, ...(m.in.convert(value) as object) } : o
  })
  byAst.set(node, out)
  return out
}

/**
 * A union of structs with no shared tag (a blast's point: `{x, y}` or `{catches}`): a `@oneOf`
 * input, one field per member, named by the member's identifier less the union's (`Point` →
 * `point`, `BlastPointCatches` → `catches`); the value given is that member's. Members without an
 * identifier GraphQL can name leave the union to the `JSON` scalar.
 */
const untaggedOneOf = (node: AST.Union, structs: ReadonlyArray<AST.Objects>, hint: string): In => {
  const cached = byAst.get(node)
  if (cached) return cached
  const union = baseIdentifierOf(node) ?? ""
  const fieldOf = (s: AST.Objects) => {
    const id = baseIdentifierOf(s)
    const rest = id?.startsWith(union) && id.length > union.length ? id.slice(union.length) : id
    return rest && NAME.test(rest) ? rest[0]!.toLowerCase() + rest.slice(1) : undefined
  }
  const fields = structs.map(fieldOf)
  if (fields.some((f) => f === undefined) || new Set(fields).size !== fields.length) return json
  const name = nameFor(node, hint)
  const members = structs.map((s, i) => ({ field: fields[i]!, in: structOf(s, `${name}-${fields[i]}`) }))
  const type = builder.inputType(name, {
    isOneOf: true,
    description: "Exactly one field: its name says which kind of value it is",
    fields: (t) =>
      Object.fromEntries(
        members.map((m) => [m.field, t.field({ type: m.in.type, required: false } as never)]),
      ),
  })
  const out = objectInput(type, (o) => {
    const [field, value] = Object.entries(o).find(([, x]) => x != null) ?? []
    const m = members.find((x) => x.field === field)
    return m ? m.in.convert(value) : o
  })
  byAst.set(node, out)
  return out
}

/**
 * A union of values that are not structs (a fact's value: yes/no or a word): a `@oneOf` input with
 * one field per member, named as the output's (`flag`, `text`, …, see fromSchema's `labelOf`);
 * the value given is the value.
 */
const valueOneOf = (node: AST.Union, members: ReadonlyArray<AST.AST>, hint: string): In => {
  const cached = byAst.get(node)
  if (cached) return cached
  const fields: { label: string; in: In }[] = []
  for (const m of members) {
    let label = labelOf(m)
    for (let i = 2; fields.some((f) => f.label === label); i++) label = `${labelOf(m)}${i}`
    fields.push({ label, in: inOf(m, `${hint}-${label}`) })
  }
  if (fields.some((f) => f.in.type === JSONScalar)) return json
  const name = nameFor(node, hint)
  const type = builder.inputType(name, {
    isOneOf: true,
    description: "Exactly one field: the one naming what the value is",
    fields: (t) =>
      Object.fromEntries(
        fields.map((f) => [
          f.label,
          t.field({ type: f.in.list ? [f.in.type] : f.in.type, required: false } as never),
        ]),
      ),
  })
  const out: In = {
    type,
    list: false,
    nullable: false,
    convert: (v) => {
      if (v === null || typeof v !== "object" || Array.isArray(v)) return v
      const f = fields.find((x) => (v as Record<string, unknown>)[x.label] != null)
      return f ? f.in.convert((v as Record<string, unknown>)[f.label]) : v
    },
  }
  byAst.set(node, out)
  return out
}

/** The GraphQL input type of a schema (a struct, or a union of tagged structs), and its converter. */
export const inputType = (
  schema: Schema.Top,
  name: string,
): { readonly type: Ref; readonly convert: (v: unknown) => unknown } => {
  const i = inOf(schema.ast, name)
  if (i.list || i.type === JSONScalar || typeof i.type === "string")
    throw new Error(`${name}: not an object or a union of tagged objects`)
  return i
}
