/**
 * ContentEntry and ContentPage; `listContent` and `getContent` (REST: GET /v1/content/{kind} and
 * /v1/content/{kind}/{id}). `packs` merges stored homebrew packs over the core pack.
 */
import { Entries, Ids } from "@blight/rules"
import { Effect } from "effect"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"
import { typedAs, unionOver } from "../fromSchema.js"
import { resolving } from "../resolve.js"
import { typedWithJson } from "./twin.js"

type Sourced = Effect.Success<ReturnType<typeof App.getContent>>
type Page = Effect.Success<ReturnType<typeof App.listContent>>
type Entry = { readonly id: string; readonly name: string; readonly provenance?: "rules" | "provisional" }

export const ContentKindRef = wordsEnum("ContentKind", Ids.KINDS, "A kind of content entry")

export const ProvenanceRef = wordsEnum(
  "Provenance",
  ["rules", "provisional"],
  "rules: stated by the rules; provisional: filled in where the rules are silent (or homebrew)",
)

/** One object type per content kind, from the kinds' entry schemas (a roll table kind gives one per table shape). */
export const EntryRef = unionOver(
  "Entry",
  Ids.KINDS.map((k) => Entries.entrySchemas[k]),
  "A content entry: one type per kind, its fields those of the pack format",
)

/** Tells the Entry union which kind an answer's entries are, so two kinds of one shape never mix. */
const ofKind = (kind: Ids.Kind) => (s: Sourced) => {
  if (typeof s.entry === "object" && s.entry !== null) typedAs(s.entry, Entries.entrySchemas[kind])
}

export const ContentEntryRef = builder.objectRef<Sourced>("ContentEntry").implement({
  description: "An entry, with the pack it came from",
  fields: (t) => ({
    id: t.string({ resolve: (s) => (s.entry as Entry).id }),
    name: t.string({ resolve: (s) => (s.entry as Entry).name }),
    provenance: t.field({
      type: ProvenanceRef,
      nullable: true,
      resolve: (s) => (s.entry as Entry).provenance ?? null,
    }),
    pack: t.exposeString("pack", { description: "The pack the entry came from" }),
    replaces: t.string({
      nullable: true,
      description: "The pack whose entry this one replaces, if any",
      resolve: (s) => s.replaces ?? null,
    }),
    ...typedWithJson(
      t,
      {
        name: "content",
        type: EntryRef,
        description: "The entry, typed by its kind: select its fields with `... on Weapon { … }`",
      },
      { name: "entry", description: "The whole entry, as JSON" },
      (s) => s.entry,
    ),
  }),
})

export const ContentPageRef = builder.objectRef<Page>("ContentPage").implement({
  description: "A page of entries of one kind",
  fields: (t) => ({
    kind: t.expose("kind", { type: ContentKindRef }),
    total: t.exposeInt("total", { description: "Entries matching the filters, on every page" }),
    offset: t.exposeInt("offset"),
    limit: t.exposeInt("limit"),
    items: t.field({ type: [ContentEntryRef], resolve: (p) => p.items }),
  }),
})

/** The REST query string these arguments stand for (the use-case decodes it, limits included). */
const queryOf = (a: {
  packs?: readonly string[] | null | undefined
  provenance?: string | null | undefined
  pack?: string | null | undefined
  q?: string | null | undefined
  limit?: number | null | undefined
  offset?: number | null | undefined
}) => ({
  ...(a.packs?.length ? { packs: a.packs.join(",") } : {}),
  ...(a.provenance ? { provenance: a.provenance } : {}),
  ...(a.pack != null ? { pack: a.pack } : {}),
  ...(a.q != null ? { q: a.q } : {}),
  ...(a.limit != null ? { limit: String(a.limit) } : {}),
  ...(a.offset != null ? { offset: String(a.offset) } : {}),
})

builder.queryFields((t) => {
  const packs = t.arg.stringList({
    description: "Stored homebrew packs to merge over the core pack, in order",
  })
  return {
    listContent: t.field({
      description: "Entries of one kind, filtered and paged",
      type: ContentPageRef,
      nullable: true,
      args: {
        kind: t.arg({ type: ContentKindRef, required: true }),
        packs,
        provenance: t.arg({ type: ProvenanceRef }),
        pack: t.arg.string({ description: "Only entries from this pack" }),
        q: t.arg.string({ description: "Only entries whose name or id contains this" }),
        limit: t.arg.int({ description: "1 to 500 (default 100)" }),
        offset: t.arg.int({ description: "From 0 (default 0)" }),
      },
      resolve: resolving((a, ctx) =>
        Effect.tap(App.listContent(ctx.deps, a.kind, queryOf(a)), (p) =>
          Effect.sync(() => p.items.forEach(ofKind(a.kind))),
        ),
      ),
    }),
    getContent: t.field({
      description: "One entry, with the pack it came from",
      type: ContentEntryRef,
      nullable: true,
      args: {
        kind: t.arg({ type: ContentKindRef, required: true }),
        id: t.arg.string({ required: true }),
        packs,
      },
      resolve: resolving((a, ctx) =>
        Effect.tap(App.getContent(ctx.deps, a.kind, a.id, queryOf(a)), (e) =>
          Effect.sync(() => ofKind(a.kind)(e)),
        ),
      ),
    }),
  }
})
