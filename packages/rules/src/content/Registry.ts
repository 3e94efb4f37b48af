/**
 * The merged view of loaded packs: every entry by kind and id, and which pack it came from.
 * Registries are immutable values; loading a pack on top gives a new one.
 *
 * @since 0.1.0
 */

import { KINDS, type Kind } from "../terms/Ids.js"
import type { Manifest } from "./Pack.js"
import type { EntryOf } from "./schema/Entries.js"

/** An entry with the pack it came from (and the pack it replaced, if any). */
export interface Sourced<K extends Kind> {
  readonly kind: K
  readonly entry: EntryOf[K]
  readonly pack: string
  readonly replaced?: string | undefined
}

/** The merged view of one or more packs. */
export interface Registry {
  /** The packs loaded, in load order. */
  readonly packs: ReadonlyArray<Manifest>
  /** An entry by kind and id, or undefined. */
  readonly get: <K extends Kind>(kind: K, id: string) => EntryOf[K] | undefined
  /** Every entry of a kind, in load order (a replacement takes the replaced entry's place). */
  readonly list: <K extends Kind>(kind: K) => ReadonlyArray<EntryOf[K]>
  /** An entry with its source pack. */
  readonly sourced: <K extends Kind>(kind: K, id: string) => Sourced<K> | undefined
  /** Every entry of a kind with its source pack. */
  readonly listSourced: <K extends Kind>(kind: K) => ReadonlyArray<Sourced<K>>
  /** The pack an entry came from. */
  readonly packOf: (kind: Kind, id: string) => string | undefined
  /** True if the entry exists. */
  readonly has: (kind: Kind, id: string) => boolean
}

type Store = { readonly [K in Kind]: ReadonlyMap<string, Sourced<K>> }

const make = (packs: ReadonlyArray<Manifest>, store: Store): Registry => ({
  packs,
  get: (kind, id) => store[kind].get(id)?.entry,
  list: (kind) => [...store[kind].values()].map((s) => s.entry),
  sourced: (kind, id) => store[kind].get(id),
  listSourced: (kind) => [...store[kind].values()],
  packOf: (kind, id) => store[kind].get(id)?.pack,
  has: (kind, id) => store[kind].has(id),
})

/** A registry with nothing loaded. */
export const empty: Registry = make(
  [],
  Object.fromEntries(KINDS.map((k) => [k, new Map()])) as unknown as Store,
)

/** Adds a pack's entries to a registry (the loader checks them first). */
export const extend = (
  base: Registry,
  manifest: Manifest,
  entries: { readonly [K in Kind]?: ReadonlyArray<EntryOf[K]> | undefined },
): Registry => {
  const store = Object.fromEntries(
    KINDS.map((kind) => {
      const map = new Map<string, Sourced<Kind>>(base.listSourced(kind).map((s) => [s.entry.id, s]))
      for (const entry of entries[kind] ?? []) {
        const prior = map.get(entry.id)
        map.set(entry.id, { kind, entry, pack: manifest.id, replaced: prior?.pack })
      }
      return [kind, map]
    }),
  ) as unknown as Store
  return make([...base.packs, manifest], store)
}
