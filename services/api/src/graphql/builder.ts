/**
 * The Pothos schema builder, and nothing else: the types live one per file under `schema/`.
 * Fields are non-null unless they say otherwise.
 */
import SchemaBuilder from "@pothos/core"
import type { GraphqlContext } from "./context.js"

export const builder = new SchemaBuilder<{
  Context: GraphqlContext
  DefaultFieldNullability: false
  Scalars: {
    JSON: { Input: unknown; Output: unknown }
    PackFile: { Input: unknown; Output: unknown }
    VegaLiteSpec: { Input: unknown; Output: unknown }
  }
}>({ defaultFieldNullability: false })
