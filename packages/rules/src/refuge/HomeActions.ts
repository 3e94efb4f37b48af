/**
 * What a Refuge does at home without an Errand (B-AMMO-08, B-IMPROVEMENT-04): make 5 Arrows or
 * 5 Bolts for 1 Salvage; with a Reloading Bench, turn 3 Salvage into 1 Reload. Each writes the
 * Ledger, all or nothing.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import type { Effect } from "../vocabulary/Effect.js"
import type { ContentView } from "./Content.js"
import { FOUNDING } from "./Founding.js"
import { post } from "./Ledger.js"
import type { Refuge } from "./Refuge.js"
import { RulesViolated, violation } from "./Violation.js"

/** The Reloading Bench's rate: 3 Salvage → 1 Reload (B-IMPROVEMENT-04). */
export const BENCH = { salvage: 3, reloads: 1 } as const

/** Makes `batches` × 5 Arrows or Bolts for `batches` Salvage (B-AMMO-08). */
export const makeAmmunition = (
  refuge: Refuge,
  store: "arrows" | "bolts",
  batches: number,
): Result.Result<Refuge, RulesViolated> => {
  if (!Number.isInteger(batches) || batches < 1) {
    return Result.fail(
      new RulesViolated({ violations: [violation("batches", "make at least 1 batch of 5", "B-AMMO-08")] }),
    )
  }
  const made = batches * FOUNDING.arrowsPerSalvage
  const name = store === "arrows" ? "Arrows" : "Bolts"
  return post(refuge.ledger, [
    { store: "salvage", amount: -batches, reason: `made ${made} ${name}`, clause: "B-AMMO-08" },
    { store, amount: made, reason: "made at home", clause: "B-AMMO-08" },
  ]).pipe(
    Result.map((ledger) => ({ ...refuge, ledger })),
    Result.mapError((e) => new RulesViolated({ violations: [violation("batches", e.problem, "B-AMMO-08")] })),
  )
}

/** A Reloading Bench's effect: an `exchange` of Salvage for Reloads (B-IMPROVEMENT-04). */
export const isBench = (e: Effect): e is Effect & { readonly kind: "exchange" } =>
  e.kind === "exchange" && e.give.store === "salvage" && e.get.store === "reloads"

/** The bench's rate: the first `exchange` of Salvage for Reloads among the Refuge's improvements. */
const benchOf = (refuge: Refuge, content: ContentView) => {
  for (const id of refuge.improvements) {
    const imp = content.get("improvements", id)
    for (const e of imp?.effects ?? []) {
      if (isBench(e)) return { name: imp!.name, salvage: e.give.amount, reloads: e.get.amount }
    }
  }
  return undefined
}

/**
 * Turns Salvage into Reloads at the Reloading Bench (B-IMPROVEMENT-04), `times` times. The Refuge
 * needs an improvement with an `exchange` of Salvage for Reloads (the core pack's Reloading Bench
 * has one; a homebrew one may, with its own rate): the engine keys on the effect, not on an id.
 */
export const reloadingBench = (
  refuge: Refuge,
  times: number,
  content: ContentView,
): Result.Result<Refuge, RulesViolated> => {
  const bench = benchOf(refuge, content)
  if (!bench) {
    return Result.fail(
      new RulesViolated({
        violations: [violation("improvements", "the Refuge has no Reloading Bench", "B-IMPROVEMENT-04")],
      }),
    )
  }
  if (!Number.isInteger(times) || times < 1) {
    return Result.fail(
      new RulesViolated({ violations: [violation("reloads", "make at least 1 Reload", "B-IMPROVEMENT-04")] }),
    )
  }
  return post(refuge.ledger, [
    {
      store: "salvage",
      amount: -bench.salvage * times,
      reason: `${bench.name}: ${bench.reloads * times} Reload(s)`,
      clause: "B-IMPROVEMENT-04",
    },
    {
      store: "reloads",
      amount: bench.reloads * times,
      reason: `made at the ${bench.name}`,
      clause: "B-IMPROVEMENT-04",
    },
  ]).pipe(
    Result.map((ledger) => ({ ...refuge, ledger })),
    Result.mapError(
      (e) => new RulesViolated({ violations: [violation("reloads", e.problem, "B-IMPROVEMENT-04")] }),
    ),
  )
}
