/**
 * The GraphQL schema, built with Pothos over the application layer.
 */
import SchemaBuilder from "@pothos/core"
import { Effect } from "effect"
import type { GraphQLSchema } from "graphql"
import * as App from "../app/App.js"

export const makeSchema = (deps: App.Deps): GraphQLSchema => {
  const builder = new SchemaBuilder<{ Context: { request: Request } }>({})
  builder.queryType({
    fields: (t) => ({
      health: t.string({ description: "Is the service up?", resolve: () => "ok" }),
      oddsTest: t.float({
        description: "The exact chance a Blight test passes (B-TEST-01)",
        args: { dice: t.arg.int({ required: true }), target: t.arg.int({ required: false }) },
        resolve: async (_, a) =>
          (
            (await Effect.runPromise(
              App.odds("test", { dice: a.dice, ...(a.target ? { target: a.target } : {}) }),
            )) as { probability: number }
          ).probability,
      }),
    }),
  })
  void deps
  return builder.toSchema()
}
