/**
 * Player and Registration; `registerPlayer` (REST: POST /v1/players); the caller's API keys:
 * `myKeys`, `issueKey`, `rotateKey`, `revokeKey` (REST: /v1/players/me/keys).
 */
import { Effect } from "effect"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { forCaller, resolving } from "../resolve.js"

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
    resolve: resolving((args, ctx) => App.registerPlayer(ctx.deps, { name: args.name }, ctx.address)),
  }),
)

// ── API keys (REST: /v1/players/me/keys) ─────────────────────────────────────

export const ApiKeyRef = builder
  .objectRef<{ readonly id: string; readonly createdAt: string; readonly current: boolean }>("ApiKey")
  .implement({
    description: "One of the caller's API keys: its id and date (the key itself is shown only when issued)",
    fields: (t) => ({
      id: t.exposeID("id"),
      createdAt: t.exposeString("createdAt", { description: "ISO time" }),
      current: t.exposeBoolean("current", { description: "Whether this request was made with it" }),
    }),
  })

export const IssuedKeyRef = builder
  .objectRef<{ readonly id: string; readonly apiKey: string; readonly revoked?: string }>("IssuedKey")
  .implement({
    description: "A new API key, shown once",
    fields: (t) => ({
      id: t.exposeID("id"),
      apiKey: t.exposeString("apiKey", { description: "Shown once. Stored only as a hash." }),
      revoked: t.exposeID("revoked", { nullable: true, description: "The id of the key rotated out" }),
    }),
  })

builder.queryField("myKeys", (t) =>
  t.field({
    description: "A page of the caller's API keys, oldest first",
    type: pageRef("ApiKeyPage", ApiKeyRef, "A page of API keys"),
    nullable: true,
    args: pageArgs,
    resolve: forCaller((caller, a, ctx) => App.listKeys(ctx.deps, caller, pageQuery(a))),
  }),
)

const keyMutations = [
  ["issueKey", false, `A new API key, shown once (at most ${App.MAX_KEYS} per player)`],
  ["rotateKey", true, "A new API key, shown once; the key this request was made with stops working"],
] as const
for (const [name, rotate, description] of keyMutations)
  builder.mutationField(name, (t) =>
    t.field({
      description,
      type: IssuedKeyRef,
      nullable: true,
      resolve: forCaller((caller, _a, ctx) => App.issueKey(ctx.deps, caller, rotate)),
    }),
  )

builder.mutationField("revokeKey", (t) =>
  t.field({
    description: "Revoke one of the caller's API keys (not the last one)",
    type: "Boolean",
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: forCaller((caller, a, ctx) =>
      Effect.map(App.revokeKey(ctx.deps, caller, String(a.id)), () => true),
    ),
  }),
)
