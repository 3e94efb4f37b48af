/**
 * Ledger, LedgerEntry, LedgerItem and RecordedDie; `refugeLedger` and `congregationLedger` (REST:
 * GET /v1/refuges/{id}/ledger, GET /v1/congregations/{id}/ledger).
 */
import type { Ledger } from "@blight/rules"
import type { Effect } from "effect"
import * as App from "../../app/App.js"
import { builder } from "../builder.js"
import { forCaller } from "../resolve.js"
import { StoreRef, StoresRef } from "./stores.js"

type LedgerView = Effect.Success<ReturnType<typeof App.getLedger>>
type Die = NonNullable<Ledger.LedgerEntry["rolls"]>[number]
type Item = NonNullable<Ledger.LedgerEntry["item"]>

export const RecordedDieRef = builder.objectRef<Die>("RecordedDie").implement({
  description: "A die behind a Ledger entry: what was rolled, and what it was for",
  fields: (t) => ({
    sides: t.exposeInt("sides"),
    value: t.exposeInt("value"),
    label: t.string({ nullable: true, resolve: (d) => d.label ?? null }),
  }),
})

export const LedgerItemRef = builder.objectRef<Item>("LedgerItem").implement({
  description: 'What an entry was for, e.g. kind "weapons", id "pistol"',
  fields: (t) => ({ kind: t.exposeString("kind"), id: t.exposeString("id") }),
})

export const LedgerEntryRef = builder.objectRef<Ledger.LedgerEntry>("LedgerEntry").implement({
  description: "A change to a store: what, how much (+ in, − out), why, under which rule, from which roll",
  fields: (t) => ({
    seq: t.exposeInt("seq", { description: "Position in the Ledger, from 0" }),
    store: t.field({ type: StoreRef, resolve: (e) => e.store }),
    amount: t.exposeInt("amount"),
    reason: t.exposeString("reason"),
    clause: t.string({ nullable: true, resolve: (e) => e.clause ?? null }),
    item: t.field({ type: LedgerItemRef, nullable: true, resolve: (e) => e.item ?? null }),
    rolls: t.field({ type: [RecordedDieRef], resolve: (e) => e.rolls ?? [] }),
  }),
})

export const LedgerRef = builder.objectRef<LedgerView>("Ledger").implement({
  description: "A Refuge's or Congregation's Ledger: every change to its stores, and the stores it folds to",
  fields: (t) => ({
    id: t.exposeID("id", { description: "The Refuge's id" }),
    version: t.exposeInt("version"),
    stores: t.field({ type: StoresRef, resolve: (l) => l.stores }),
    entries: t.field({ type: [LedgerEntryRef], resolve: (l) => l.entries }),
  }),
})

for (const kind of ["refuge", "congregation"] as const) {
  builder.queryField(`${kind}Ledger`, (t) =>
    t.field({
      description: `The ${kind}'s Ledger (one of the caller's; forbidden if it is someone else's)`,
      type: LedgerRef,
      nullable: true,
      args: { id: t.arg.id({ required: true }) },
      resolve: forCaller((player, a, ctx) => App.getLedger(ctx.deps, player, String(a.id), kind)),
    }),
  )
}
