/**
 * Pack and PackVersion; `uploadPack`, `listPacks`, `getPack` (REST: POST and GET /v1/packs,
 * GET /v1/packs/{id}).
 */
import { Pack } from "@blight/rules"
import { Effect } from "effect"
import type { ApiError } from "../../app/ApiError.js"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { outputType } from "../fromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { forCaller, resolveEffect, resolving } from "../resolve.js"
import { PackFileScalar } from "./json.js"

export const PackVersionRef = builder
  .objectRef<{ readonly version: string; readonly createdAt: string }>("PackVersion")
  .implement({
    fields: (t) => ({
      version: t.exposeString("version"),
      createdAt: t.exposeString("createdAt", { description: "ISO time" }),
    }),
  })

/** What a stored pack's type shows, whichever game it is for (a summary; a read adds its body). */
interface StoredPackShape {
  readonly id: string
  readonly owner: string
  readonly version: string
  readonly versions: ReadonlyArray<{ readonly version: string; readonly createdAt: string }>
  readonly manifest: unknown
  readonly body?: unknown
}

/**
 * A stored pack's object type: its id, owner, versions, manifest and (read when asked for) its
 * latest body, typed by the game's schemas (`manifest`, `body`). The Blight's and Nightsong's.
 */
export const storedPackType = (o: {
  readonly name: string
  readonly description: string
  /** Thunks: the types are built after this one is named (fromSchema.ts keeps clear of names taken). */
  readonly manifest: () => ReturnType<typeof outputType>
  readonly body: () => ReturnType<typeof outputType>
  readonly bodyOf: (deps: App.Deps, id: string) => Effect.Effect<unknown, ApiError>
}) =>
  builder.objectRef<StoredPackShape>(o.name).implement({
    description: o.description,
    fields: (t) => ({
      id: t.exposeID("id"),
      owner: t.exposeString("owner", { description: "The id of the player who publishes it" }),
      version: t.exposeString("version", { description: "The latest version" }),
      versions: t.field({ type: [PackVersionRef], resolve: (p) => p.versions }),
      manifest: t.field({
        type: o.manifest(),
        nullable: true,
        resolve: (p) => (p.manifest ?? null) as never,
      }),
      body: t.field({
        type: o.body(),
        nullable: true,
        description: "The latest version's whole pack",
        resolve: (p, _, ctx, info) =>
          ("body" in p ? p.body : resolveEffect(ctx, info, o.bodyOf(ctx.deps, p.id))) as never,
      }),
    }),
  })

export const PackRef = storedPackType({
  name: "Pack",
  description: "A homebrew pack: declarative data, validated on upload, never executed",
  manifest: () => ManifestRef,
  body: () => PackBodyRef,
  bodyOf: (deps, id) => App.getPack(deps, id).pipe(Effect.map((d) => d.body)),
})

// The library's schemas, as stored packs were checked against them on upload (named after "Pack").
const ManifestRef = outputType(Pack.Manifest, "PackManifest")
const PackBodyRef = outputType(Pack.Pack, "PackBody")

builder.queryFields((t) => ({
  listPacks: t.field({
    description: "A page of the uploaded packs, by id",
    type: pageRef("PackPage", PackRef, "A page of packs"),
    nullable: true,
    args: pageArgs,
    resolve: resolving((a, ctx) => App.listPacks(ctx.deps, pageQuery(a))),
  }),
  getPack: t.field({
    description: "One pack, its versions and its latest body",
    type: PackRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolving((a, ctx) => App.getPack(ctx.deps, String(a.id))),
  }),
}))

builder.mutationField("uploadPack", (t) =>
  t.field({
    description:
      "Upload a homebrew pack or a new version of one you own (validated data; never executed). Needs a key.",
    type: PackRef,
    nullable: true,
    args: {
      pack: t.arg({
        type: PackFileScalar,
        required: true,
        description:
          "The pack, as its JSON file (pack.schema.json), checked against the library's Pack schema on upload",
      }),
    },
    resolve: forCaller((player, a, ctx) => App.uploadPack(ctx.deps, player, a.pack)),
  }),
)
