/**
 * The merged content of loaded packs, as plain data (so a game can keep it in its state and a
 * replay reads the very same content): the manifests in load order, and each kind's entries with
 * the pack each came from. A later pack's entry replaces an earlier one of the same kind and id.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { type EntryOf, entrySchemas, KINDS, type Kind } from "./Entries.js"
import { Manifest } from "./Pack.js"

/** An entry and the pack it came from (and the pack whose entry it replaced). */
export interface Sourced<K extends Kind> {
  readonly entry: EntryOf[K]
  readonly pack: string
  readonly replaced?: string | undefined
}

/** An entry of a kind with its source, as a schema. */
const sourcedOf = <S extends Schema.Top>(entry: S) =>
  Schema.Struct({ entry, pack: Schema.String, replaced: Schema.optional(Schema.String) })

type SourcedSchema<S extends Schema.Top> = ReturnType<typeof sourcedOf<S>>
/** The entries' fields, named so declaration files need not spell out every entry schema. */
export type ContentEntriesFields = {
  readonly [K in Kind]: Schema.$Array<SourcedSchema<(typeof entrySchemas)[K]>>
}
export type ContentFields = {
  readonly packs: Schema.$Array<typeof Manifest>
  readonly entries: Schema.Struct<ContentEntriesFields>
}
const entriesFields = Object.fromEntries(
  KINDS.map((k) => [k, Schema.Array(sourcedOf(entrySchemas[k]))]),
) as unknown as ContentEntriesFields

/** Loaded packs, merged: what a game keeps in its state. */
export const Content: Schema.Struct<ContentFields> = Schema.Struct({
  packs: Schema.Array(Manifest),
  entries: Schema.Struct(entriesFields),
}).annotate({ identifier: "NightsongContent", description: "Loaded packs, merged over the core pack" })
export type Content = typeof Content.Type

/** Nothing loaded. */
export const emptyContent: Content = {
  packs: [],
  entries: Object.fromEntries(KINDS.map((k) => [k, []])) as unknown as Content["entries"],
}

/** An entry with its source, by kind and id. */
export const sourced = <K extends Kind>(c: Content, kind: K, id: string): Sourced<K> | undefined =>
  (c.entries[kind] as ReadonlyArray<Sourced<K>>).find((s) => s.entry.id === id)

/** An entry by kind and id. */
export const entry = <K extends Kind>(c: Content, kind: K, id: string): EntryOf[K] | undefined =>
  sourced(c, kind, id)?.entry

/** Every entry of a kind, in load order. */
export const entries = <K extends Kind>(c: Content, kind: K): ReadonlyArray<EntryOf[K]> =>
  (c.entries[kind] as ReadonlyArray<Sourced<K>>).map((s) => s.entry)

/** Adds a pack's entries on top (the loader has checked them). */
export const extend = (
  base: Content,
  manifest: Manifest,
  add: { readonly [K in Kind]?: ReadonlyArray<EntryOf[K]> | undefined },
): Content => {
  const merged = Object.fromEntries(
    KINDS.map((kind) => {
      const list = [...(base.entries[kind] as ReadonlyArray<Sourced<Kind>>)]
      for (const e of add[kind] ?? []) {
        const at = list.findIndex((s) => s.entry.id === e.id)
        const next: Sourced<Kind> = {
          entry: e,
          pack: manifest.id,
          ...(at >= 0 ? { replaced: list[at]!.pack } : {}),
        }
        if (at >= 0) list[at] = next
        else list.push(next)
      }
      return [kind, list]
    }),
  ) as unknown as Content["entries"]
  return { packs: [...base.packs, manifest], entries: merged }
}
