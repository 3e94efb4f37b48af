/**
 * A founding check: one named rule a roster must keep, run over a shared draft of the founding.
 * `Checks.ts` lists them in the order their violations are reported; a pack's own rule is one more
 * entry in such a list.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import type { EntryOf } from "../../content/schema/Entries.js"
import type { ContentView } from "../Content.js"
import type { LedgerDraft } from "../Ledger.js"
import type { Roster } from "../Roster.js"
import type { Violation } from "../Violation.js"
import { FOUNDING } from "./Numbers.js"

/** Options for founding. A Congregation needs dice for its members' Gifts and Marks. */
export interface FoundingOptions {
  readonly source?: DiceSource
}

/** What a survivor ends up carrying, by kind of gear. */
export interface Carried {
  weapons: string[]
  armour: string[]
  kit: string[]
}

/** The founding as the checks build it: what they read, and what they add to. */
export interface FoundingDraft {
  readonly roster: Roster
  readonly content: ContentView
  readonly options: FoundingOptions
  readonly kind: "refuge" | "congregation"
  readonly congregation: boolean
  /** How many survivors (or members), and the word for them. */
  readonly n: number
  readonly who: string
  readonly home: EntryOf["homes"] | undefined
  /** Every violation found so far, in the order the checks ran. */
  readonly violations: Violation[]
  /** The opening Ledger's lines, the founding budget first. */
  readonly drafts: LedgerDraft[]
  spent: number
  /** Each survivor's gear, by index, once the gear check has run. */
  readonly carried: Carried[]
  /** A Congregation's rolled Gifts and Marks, by index. */
  readonly blessings: Array<{ gift: string; mark: string; rolls: number[] }>
}

/** One named founding rule. */
export interface FoundingCheck {
  readonly name: string
  readonly check: (d: FoundingDraft) => void
}

/** A draft for a decoded roster, before any check has run. */
export const draftOf = (roster: Roster, content: ContentView, options: FoundingOptions): FoundingDraft => {
  const kind = roster.kind ?? "refuge"
  const congregation = kind === "congregation"
  return {
    roster,
    content,
    options,
    kind,
    congregation,
    n: roster.survivors.length,
    who: congregation ? "members" : "survivors",
    home: content.get("homes", roster.home),
    violations: [],
    drafts: [
      { store: "salvage", amount: FOUNDING.budget, reason: "founding budget", clause: "B-FOUNDING-01" },
    ],
    spent: 0,
    carried: [],
    blessings: [],
  }
}

/** Spends Salvage from the founding budget, as a Ledger line. */
export const spend = (
  d: FoundingDraft,
  amount: number,
  reason: string,
  clause: string,
  item?: { kind: string; id: string },
): void => {
  if (amount <= 0) return
  d.spent += amount
  d.drafts.push({ store: "salvage", amount: -amount, reason, clause, ...(item ? { item } : {}) })
}
