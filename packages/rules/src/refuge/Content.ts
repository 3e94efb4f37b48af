/**
 * What the builder needs to know about content: look an entry up by kind and id, list a kind.
 * The content registry satisfies it; tests may pass a small one built from a fixture pack.
 *
 * @since 0.1.0
 */
import type { EntryOf } from "../content/schema/Entries.js"
import type { Kind } from "../terms/Ids.js"

/** Read access to merged content. */
export interface ContentView {
  readonly get: <K extends Kind>(kind: K, id: string) => EntryOf[K] | undefined
  readonly list: <K extends Kind>(kind: K) => ReadonlyArray<EntryOf[K]>
}

/** A view over plain arrays of entries by kind (for tests and small tools). */
export const viewOf = (entries: { readonly [K in Kind]?: ReadonlyArray<EntryOf[K]> }): ContentView => {
  const index = new Map<string, unknown>()
  for (const [kind, list] of Object.entries(entries)) {
    for (const e of list as ReadonlyArray<{ id: string }>) index.set(`${kind}:${e.id}`, e)
  }
  return {
    get: (kind, id) => index.get(`${kind}:${id}`) as never,
    list: (kind) => (entries[kind] ?? []) as never,
  }
}
