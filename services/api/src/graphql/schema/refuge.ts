/**
 * RefugeRecord and FoundedRefuge: Refuges and Congregations. `foundRefuge`, `refuges`, `refuge`
 * (REST: POST and GET /v1/refuges, GET /v1/refuges/{id}) and the Congregation equivalents
 * `foundCongregation`, `congregations`, `congregation` (REST: /v1/congregations…).
 */
import { type Refuge, Roster } from "@blight/rules"
import { Effect } from "effect"
import * as App from "../../app/App.js"
import { RefugeDocument } from "../../http/reports.js"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"
import { outputType } from "../fromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { forCaller } from "../resolve.js"
import { inputType } from "../rosterInput.js"
import { StoresRef } from "./stores.js"
import { typedWithJson } from "./twin.js"

export type RefugeView = Effect.Success<ReturnType<typeof App.getRefuge>>

export const RefugeKindRef = wordsEnum(
  "RefugeKind",
  ["refuge", "congregation"],
  "refuge: a Refuge; congregation: a Congregation of Gardeners",
)

/** The Refuge document's type, from the library's Refuge schema. */
const RefugeDocumentRef = outputType(RefugeDocument, "RefugeWithStores")
const RosterInputRef = inputType(Roster.Roster, "Roster")

export const RefugeRecordRef = builder.objectRef<RefugeView>("RefugeRecord").implement({
  description: "A stored Refuge or Congregation, with the version a write must name",
  fields: (t) => ({
    id: t.exposeID("id"),
    owner: t.exposeString("owner", { description: "The id of the player it belongs to" }),
    version: t.exposeInt("version", {
      description: "Send it with a write; a stale version is refused with code conflict",
    }),
    name: t.string({ resolve: (r) => (r.refuge as Refuge.Refuge).name }),
    kind: t.field({ type: RefugeKindRef, resolve: (r) => (r.refuge as Refuge.Refuge).kind }),
    stores: t.field({ type: StoresRef, resolve: (r) => r.refuge.stores }),
    packs: t.exposeStringList("packs", { description: "The homebrew packs its content comes from" }),
    createdAt: t.exposeString("createdAt"),
    updatedAt: t.exposeString("updatedAt"),
    ...typedWithJson(
      t,
      {
        name: "document",
        type: RefugeDocumentRef,
        description: "The document, typed: Home, survivors, improvements, stash, Ledger and stores",
      },
      {
        name: "refuge",
        description: "The whole document, as JSON: Home, survivors, improvements, stash, Ledger and stores",
      },
      (r) => r.refuge,
    ),
  }),
})

export const FoundedRefugeRef = builder
  .objectRef<{ readonly record: RefugeView; readonly seed: number }>("FoundedRefuge")
  .implement({
    description: "A newly founded Refuge or Congregation, and the seed of the rolls made founding it",
    fields: (t) => ({
      record: t.field({ type: RefugeRecordRef, resolve: (f) => f.record }),
      seed: t.exposeFloat("seed", { description: "Replays the founding's rolls" }),
    }),
  })

const RefugeRecordPageRef = pageRef("RefugeRecordPage", RefugeRecordRef, "A page of Refuges or Congregations")

for (const kind of ["refuge", "congregation"] as const) {
  const Kind = kind === "refuge" ? "Refuge" : "Congregation"
  builder.queryFields((t) => ({
    [`${kind}s`]: t.field({
      description: `A page of the caller's ${kind}s, oldest first`,
      type: RefugeRecordPageRef,
      nullable: true,
      args: pageArgs,
      resolve: forCaller((player, a, ctx) => App.listRefuges(ctx.deps, player, kind, pageQuery(a))),
    }),
    [kind]: t.field({
      description: `One of the caller's ${kind}s (forbidden if it is someone else's)`,
      type: RefugeRecordRef,
      nullable: true,
      args: { id: t.arg.id({ required: true }) },
      resolve: forCaller((player, a, ctx) => App.getRefuge(ctx.deps, player, String(a.id), kind)),
    }),
  }))
  builder.mutationField(`found${Kind}`, (t) =>
    t.field({
      description: `Found a ${kind} from a roster (rules_violated lists every broken rule with its clause)`,
      type: FoundedRefugeRef,
      nullable: true,
      args: {
        roster: t.arg({
          type: RosterInputRef,
          required: true,
          description:
            "The roster: its JSON file's fields ($schema left out), typed from the library's Roster schema",
        }),
        packs: t.arg.stringList({ description: "Stored homebrew packs its content comes from" }),
        seed: t.arg.float({ description: "A whole number from 0 to 2^53−1 (default: a new one)" }),
      },
      resolve: forCaller((player, a, ctx) =>
        App.foundRefuge(
          ctx.deps,
          player,
          {
            roster: a.roster,
            ...(a.packs ? { packs: a.packs } : {}),
            ...(a.seed != null ? { seed: a.seed } : {}),
          },
          kind,
        ).pipe(Effect.map(({ seed, ...record }) => ({ record, seed }))),
      ),
    }),
  )
}
