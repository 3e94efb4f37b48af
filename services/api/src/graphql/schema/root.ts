/**
 * The root types. Each area adds its queries and mutations beside its types.
 */
import { builder } from "../builder.js"

builder.queryType({
  description: "Reads: content, packs, odds, and the caller's Refuges and Congregations",
  fields: (t) => ({
    health: t.string({ description: "Is the service up?", resolve: () => "ok" }),
  }),
})

builder.mutationType({
  description: "Writes (and dice rolls): register, upload packs, found, trade",
})
