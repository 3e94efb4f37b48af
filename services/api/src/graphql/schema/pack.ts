/**
 * Pack and PackVersion; `uploadPack`, `listPacks`, `getPack` (REST: POST and GET /v1/packs,
 * GET /v1/packs/{id}).
 */
import { Pack } from "@blight/rules"
import { Effect } from "effect"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { outputType } from "../fromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { forCaller, resolveEffect, resolving } from "../resolve.js"
import { PackFileScalar } from "./json.js"

type Summary = Effect.Success<ReturnType<typeof App.listPacks>>["items"][number]
type Detail = Effect.Success<ReturnType<typeof App.getPack>>
type PackShape = Summary | Detail

export const PackVersionRef = builder
  .objectRef<{ readonly version: string; readonly createdAt: string }>("PackVersion")
  .implement({
    fields: (t) => ({
      version: t.exposeString("version"),
      createdAt: t.exposeString("createdAt", { description: "ISO time" }),
    }),
  })

export const PackRef = builder.objectRef<PackShape>("Pack").implement({
  description: "A homebrew pack: declarative data, validated on upload, never executed",
  fields: (t) => ({
    id: t.exposeID("id"),
    owner: t.exposeString("owner", { description: "The id of the player who publishes it" }),
    version: t.exposeString("version", { description: "The latest version" }),
    versions: t.field({ type: [PackVersionRef], resolve: (p) => p.versions }),
    manifest: t.field({
      type: ManifestRef,
      nullable: true,
      resolve: (p) => (p.manifest as Pack.Manifest | undefined) ?? null,
    }),
    body: t.field({
      type: PackBodyRef,
      nullable: true,
      description: "The latest version's whole pack",
      resolve: (p, _, ctx, info) =>
        "body" in p
          ? p.body
          : resolveEffect(ctx, info, App.getPack(ctx.deps, p.id).pipe(Effect.map((d) => d.body))),
    }),
  }),
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
