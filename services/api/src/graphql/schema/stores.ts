/**
 * Store and Stores: a Refuge's stores, the fold of its Ledger.
 */
import { type Ledger, Vocabulary } from "@blight/rules"
import { builder } from "../builder.js"
import { wordsEnum } from "../enums.js"

export const StoreRef = wordsEnum("Store", Vocabulary.STORES, "A Refuge store")

export const StoresRef = builder.objectRef<Ledger.Stores>("Stores").implement({
  description: "A Refuge's stores: whole numbers of at least 0, the fold of its Ledger",
  fields: (t) => Object.fromEntries(Vocabulary.STORES.map((store) => [store, t.exposeInt(store)])),
})
