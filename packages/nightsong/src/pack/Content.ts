/**
 * The merged content of loaded packs, as plain data (so a game can keep it in its state and a
 * replay reads the very same content): the manifests in load order, and each kind's entries with
 * the pack each came from. A later pack's entry replaces an earlier one of the same kind and id.
 *
 * @since 0.3.0
 */
import type { EntryOf, Kind } from "./Entries.js"
import { KINDS } from "./Entries.js"
import type { Manifest } from "./Pack.js"

/** An entry and the pack it came from (and the pack whose entry it replaced). */
export interface Sourced<K extends Kind> {
  readonly entry: EntryOf[K]
  readonly pack: string
  readonly replaced?: string | undefined
}

/** Loaded packs, merged. */
export interface Content {
  readonly packs: ReadonlyArray<Manifest>
  readonly entries: { readonly [K in Kind]: ReadonlyArray<Sourced<K>> }
}

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
