/**
 * The founding checks on what is bought for the stores and what it all costs: ammunition
 * (B-FOUNDING-09, B-AMMO-08, B-CONGREGATION-08) and the budget (B-FOUNDING-01, B-FOUNDING-11).
 *
 * @since 0.1.0
 */
import { violation } from "../Violation.js"
import { type FoundingDraft, spend } from "./Check.js"
import { FOUNDING } from "./Numbers.js"

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** Reloads bought, Arrows and Bolts made (B-FOUNDING-09, B-AMMO-08, B-CONGREGATION-08). */
export const ammunitionCheck = (d: FoundingDraft): void => {
  const { roster, congregation, violations: v, drafts } = d
  const reloads = roster.reloads ?? 0
  if (reloads > 0 && congregation) {
    v.push(
      violation(
        "reloads",
        "a Congregation cannot buy Reloads; its firearms come only from Loot",
        "B-CONGREGATION-08",
      ),
    )
  } else if (reloads > 0) {
    spend(
      d,
      reloads * FOUNDING.reloadCost,
      `bought ${plural(reloads, "Reload")} at ${FOUNDING.reloadCost} Salvage each`,
      "B-FOUNDING-09",
    )
    drafts.push({ store: "reloads", amount: reloads, reason: "bought at founding", clause: "B-FOUNDING-09" })
  }
  for (const store of ["arrows", "bolts"] as const) {
    const made = roster[store] ?? 0
    if (made === 0) continue
    if (made % FOUNDING.arrowsPerSalvage !== 0) {
      v.push(
        violation(
          store,
          `${store} are made ${FOUNDING.arrowsPerSalvage} for 1 Salvage: ask for a multiple of 5, got ${made}`,
          "B-AMMO-08",
        ),
      )
      continue
    }
    spend(
      d,
      made / FOUNDING.arrowsPerSalvage,
      `made ${made} ${store[0]!.toUpperCase()}${store.slice(1)}`,
      "B-AMMO-08",
    )
    drafts.push({ store, amount: made, reason: "made at founding", clause: "B-AMMO-08" })
  }
}

/** The budget (B-FOUNDING-01, B-FOUNDING-11). */
export const budgetCheck = ({ kind, spent, violations: v }: FoundingDraft): void => {
  if (spent > FOUNDING.budget) {
    v.push(
      violation(
        "(root)",
        `this ${kind} costs ${spent} Salvage; the founding budget is ${FOUNDING.budget} (${spent - FOUNDING.budget} over)`,
        "B-FOUNDING-01",
      ),
    )
  }
}
