/**
 * The Ledger (B-FOUNDING-10, the Refuge's "who ate what, who owes what"): every change to a
 * Refuge's stores is an entry saying what, how much, why, under which rule and from which roll.
 * The stores are the fold of the Ledger, so they cannot drift, and posting is all-or-nothing:
 * a batch that would take any store below 0 at any point is refused whole.
 *
 * @since 0.1.0
 */
import { Result, Schema } from "effect"
import { STORES, Store } from "../vocabulary/Vocabulary.js"

/** One die recorded with an entry (what was rolled, and what it was for). */
export const RecordedDie = Schema.Struct({
  sides: Schema.Int,
  value: Schema.Int,
  label: Schema.optional(Schema.String),
}).annotate({ identifier: "RecordedDie" })
export type RecordedDie = typeof RecordedDie.Type

/** A number added to a roll, and the rule it came from. */
export const RollModifier = Schema.Struct({
  value: Schema.Int,
  source: Schema.String,
}).annotate({ identifier: "RollModifier" })
export type RollModifier = typeof RollModifier.Type

/** A Ledger entry. `amount` is signed: + comes in, − goes out. */
export const LedgerEntry = Schema.Struct({
  seq: Schema.Int.check(Schema.isGreaterThanOrEqualTo(0)).annotate({
    description: "Position in the Ledger, from 0",
  }),
  store: Store,
  amount: Schema.Int.check(Schema.makeFilter((n) => n !== 0 || "an entry moves at least 1")),
  reason: Schema.Trimmed.check(Schema.isNonEmpty()),
  clause: Schema.optional(Schema.String),
  /** What the entry was for, e.g. `{ kind: "weapons", id: "pistol" }`. */
  item: Schema.optional(Schema.Struct({ kind: Schema.String, id: Schema.String })),
  /** The dice behind it, if any (a Market availability roll, a Loot amount…). */
  rolls: Schema.optional(Schema.Array(RecordedDie)),
  /** What was added to those dice, and by whose rule (an Office Worker's +1 on a trip…). */
  modifiers: Schema.optional(Schema.Array(RollModifier)),
}).annotate({ identifier: "LedgerEntry" })
export type LedgerEntry = typeof LedgerEntry.Type

/** An entry before it is posted (the Ledger numbers it). */
export type LedgerDraft = Omit<LedgerEntry, "seq">

/** A Ledger: entries in order. */
export const Ledger = Schema.Array(LedgerEntry).annotate({ identifier: "Ledger" })
export type Ledger = typeof Ledger.Type

/** A Refuge's stores, one whole number of at least 0 per store. */
export const Stores = Schema.Struct(
  Object.fromEntries(STORES.map((s) => [s, Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))])) as {
    [K in Store]: typeof Schema.Int
  },
).annotate({ identifier: "Stores" })
export type Stores = typeof Stores.Type

/** All stores at 0. */
export const EMPTY_STORES: Stores = Object.fromEntries(STORES.map((s) => [s, 0])) as Stores

/** A batch that would take a store below 0. Nothing was posted. */
export class LedgerOverdrawn extends Schema.TaggedError<LedgerOverdrawn>()("LedgerOverdrawn", {
  path: Schema.String,
  store: Store,
  balance: Schema.Int,
  amount: Schema.Int,
  reason: Schema.String,
}) {
  /** What went wrong, without the path. */
  get problem(): string {
    return `not enough ${this.store} for "${this.reason}": ${this.balance} in the stores, ${-this.amount} needed`
  }
  override get message(): string {
    return `${this.path}: ${this.problem}`
  }
}

/** The stores: the fold of the Ledger. */
export const storesOf = (ledger: Ledger): Stores => {
  const s: Record<Store, number> = { ...EMPTY_STORES }
  for (const e of ledger) s[e.store] += e.amount
  return s
}

/**
 * Posts a batch of drafts, in order, all or nothing. `path` names where the batch came from, so
 * an error can say "purchases[2]: not enough salvage …".
 */
export const post = (
  ledger: Ledger,
  drafts: ReadonlyArray<LedgerDraft>,
  pathOf: (index: number) => string = (i) => `entries[${i}]`,
): Result.Result<Ledger, LedgerOverdrawn> => {
  const balance: Record<Store, number> = { ...storesOf(ledger) }
  const next: LedgerEntry[] = [...ledger]
  for (const [i, d] of drafts.entries()) {
    if (d.amount === 0) continue
    if (balance[d.store] + d.amount < 0) {
      return Result.fail(
        new LedgerOverdrawn({
          path: pathOf(i),
          store: d.store,
          balance: balance[d.store],
          amount: d.amount,
          reason: d.reason,
        }),
      )
    }
    balance[d.store] += d.amount
    next.push({ ...d, seq: next.length })
  }
  return Result.succeed(next)
}

/** The entries that touched one store ("where did our Reloads go?"). */
export const history = (ledger: Ledger, store: Store): Ledger => ledger.filter((e) => e.store === store)
