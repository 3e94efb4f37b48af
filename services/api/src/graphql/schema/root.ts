/**
 * The root types. Each area adds its queries and mutations beside its types.
 */
import { builder } from "../builder.js"

builder.queryType({
  description:
    "Reads: content, packs, odds, and the caller's Refuges and Congregations. A field that fails is null, and its error (with `extensions.code`, the same codes as REST) is in `errors`.",
  fields: (t) => ({
    health: t.string({ description: "Is the service up?", resolve: () => "ok" }),
  }),
})

builder.mutationType({
  description:
    "Writes (and dice rolls): register, upload packs, found, trade. A field that fails is null, and its error (with `extensions.code`) is in `errors`.",
})
