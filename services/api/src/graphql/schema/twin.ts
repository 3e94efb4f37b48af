/**
 * A typed field and its JSON twin: the same value, once typed (select its fields) and once as the
 * whole JSON an older client reads, deprecated in favour of the typed one.
 */
import type { ObjectRef, SchemaTypes, UnionRef } from "@pothos/core"
import type { builder } from "../builder.js"
import { JSONScalar } from "./json.js"

type Types = typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T extends SchemaTypes> ? T : never

export const typedWithJson = <Parent, Value>(
  t: PothosSchemaTypes.ObjectFieldBuilder<Types, Parent>,
  typed: {
    readonly name: string
    readonly type: ObjectRef<Types, Value> | UnionRef<Types, Value>
    readonly description: string
  },
  json: { readonly name: string; readonly description: string },
  value: (parent: Parent) => Value,
) => ({
  [typed.name]: t.field({ type: typed.type, description: typed.description, resolve: value as never }),
  [json.name]: t.field({
    type: JSONScalar,
    description: json.description,
    deprecationReason: `Select the typed fields of \`${typed.name}\` instead`,
    resolve: value,
  }),
})
