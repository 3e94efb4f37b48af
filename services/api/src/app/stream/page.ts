/** A page of a stream's log: the events after `after`, at most `limit`, and where to ask for more. */
import { Effect } from "effect"
import * as Repo from "../../db/repositories.js"
import type { Deps } from "../Deps.js"

export const eventsPage = <E>(
  deps: Deps,
  row: { readonly id: string; readonly version: number },
  q: { readonly after?: number | undefined; readonly limit?: number | undefined },
  view: (rows: ReadonlyArray<Repo.StoredEvent>) => ReadonlyArray<E>,
) =>
  Effect.map(
    Effect.promise(() => Repo.eventsAfter(deps.db, row.id, q.after ?? 0, { limit: q.limit ?? 200 })),
    (rows) => {
      const after = q.after ?? 0
      const last = rows.at(-1)?.seq ?? after
      return {
        version: row.version,
        after,
        events: rows.length ? view(rows) : [],
        ...(last < row.version ? { next: last } : {}),
      }
    },
  )
