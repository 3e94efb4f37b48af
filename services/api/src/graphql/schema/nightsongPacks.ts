/**
 * NightsongPack; `uploadNightsongPack`, `listNightsongPacks`, `getNightsongPack` (REST: POST and
 * GET /v1/nightsong/packs, GET /v1/nightsong/packs/{id}). The upload's input, the manifest and the
 * body are typed from Nightsong's pack schemas (its entries' unions are tagged, so GraphQL can
 * spell them as inputs, unlike The Blight's pack file).
 */
import { Packs } from "@blight/nightsong"
import { Effect } from "effect"
import * as NightsongPacks from "../../app/NightsongPacks.js"
import { builder } from "../builder.js"
import { outputType } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { forCaller, resolving } from "../resolve.js"
import { storedPackType } from "./pack.js"

const ManifestRef = outputType(Packs.Manifest, "NightsongPackManifest")
const BodyRef = outputType(Packs.Pack, "NightsongPackBody")
const PackInput = inputType(Packs.Pack, "NightsongPackInput")
/** A stored pack at one version, as `createNightsongGame` names it. */
export const PackRefInput = inputType(NightsongPacks.PackRef, "NightsongPackRefInput")

const NightsongPackRef = storedPackType({
  name: "NightsongStoredPack",
  description: "A Nightsong pack: declarative data, checked by Nightsong's loader on upload, never executed",
  manifest: () => ManifestRef,
  body: () => BodyRef,
  bodyOf: (deps, id) => NightsongPacks.getNightsongPack(deps, id).pipe(Effect.map((d) => d.body)),
})

builder.queryFields((t) => ({
  listNightsongPacks: t.field({
    description: "A page of the uploaded Nightsong packs, by id",
    type: pageRef("NightsongPackPage", NightsongPackRef, "A page of Nightsong packs"),
    nullable: true,
    args: pageArgs,
    resolve: resolving((a, ctx) => NightsongPacks.listNightsongPacks(ctx.deps, pageQuery(a))),
  }),
  getNightsongPack: t.field({
    description: "One Nightsong pack, its versions and its latest body",
    type: NightsongPackRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: resolving((a, ctx) => NightsongPacks.getNightsongPack(ctx.deps, String(a.id))),
  }),
}))

builder.mutationField("uploadNightsongPack", (t) =>
  t.field({
    description:
      "Upload a Nightsong pack or a new version of one you own (rules_violated naming each problem's path and rule; nothing stored). Needs a key.",
    type: NightsongPackRef,
    nullable: true,
    args: { pack: t.arg({ type: PackInput.type, required: true }) },
    resolve: forCaller((player, a, ctx) =>
      NightsongPacks.uploadNightsongPack(ctx.deps, player, PackInput.convert(a.pack)),
    ),
  }),
)
