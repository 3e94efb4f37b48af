/**
 * Player and Registration; `registerPlayer` (REST: POST /v1/players).
 */
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { resolveEffect } from "../resolve.js"

export const PlayerRef = builder.objectRef<App.Player>("Player").implement({
  description: "A player: who owns packs, Refuges and Congregations",
  fields: (t) => ({
    id: t.exposeID("id"),
    name: t.exposeString("name"),
    createdAt: t.exposeString("createdAt", { description: "ISO time" }),
  }),
})

export const RegistrationRef = builder
  .objectRef<{ readonly player: App.Player; readonly apiKey: string }>("Registration")
  .implement({
    description: "A new player and their API key",
    fields: (t) => ({
      player: t.field({ type: PlayerRef, resolve: (r) => r.player }),
      apiKey: t.exposeString("apiKey", {
        description: "Shown once; send it as `Authorization: Bearer <key>`. Stored only as a hash.",
      }),
    }),
  })

builder.mutationField("registerPlayer", (t) =>
  t.field({
    description: "Register a player; the API key is shown once",
    type: RegistrationRef,
    nullable: true,
    args: { name: t.arg.string({ required: true }) },
    resolve: (_, args, ctx, info) =>
      resolveEffect(ctx, info, App.registerPlayer(ctx.deps, { name: args.name })),
  }),
)
