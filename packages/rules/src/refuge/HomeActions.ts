/**
 * What a Refuge does at home without an Errand (B-AMMO-08, B-IMPROVEMENT-04): make 5 Arrows or
 * 5 Bolts for 1 Salvage; with a Reloading Bench, turn 3 Salvage into 1 Reload. Each writes the
 * Ledger, all or nothing.
 *
 * @since 0.1.0
 */
import { Either } from "effect"
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
): Either.Either<Refuge, RulesViolated> => {
  if (!Number.isInteger(batches) || batches < 1) {
    return Either.left(
      new RulesViolated({ violations: [violation("batches", "make at least 1 batch of 5", "B-AMMO-08")] }),
    )
  }
  const made = batches * FOUNDING.arrowsPerSalvage
  const name = store === "arrows" ? "Arrows" : "Bolts"
  return post(refuge.ledger, [
    { store: "salvage", amount: -batches, reason: `made ${made} ${name}`, clause: "B-AMMO-08" },
    { store, amount: made, reason: "made at home", clause: "B-AMMO-08" },
  ]).pipe(
    Either.map((ledger) => ({ ...refuge, ledger })),
    Either.mapLeft((e) => new RulesViolated({ violations: [violation("batches", e.problem, "B-AMMO-08")] })),
  )
}

/** The named hook a Reloading Bench carries; its params give the rate (B-IMPROVEMENT-04). */
export const RELOADING_BENCH_HOOK = "core/reloading-bench"

/** The bench's rate, from the first improvement the Refuge has that carries the hook. */
const benchOf = (refuge: Refuge, content: ContentView) => {
  for (const id of refuge.improvements) {
    const imp = content.get("improvements", id)
    for (const e of imp?.effects ?? []) {
      if (e.kind === "hook" && e.hook === RELOADING_BENCH_HOOK) {
        const p = (e.params ?? {}) as { salvage?: unknown; reloads?: unknown }
        const salvage = typeof p.salvage === "number" ? p.salvage : BENCH.salvage
        const reloads = typeof p.reloads === "number" ? p.reloads : BENCH.reloads
        return { name: imp!.name, salvage, reloads }
      }
    }
  }
  return undefined
}

/**
 * Turns Salvage into Reloads at the Reloading Bench (B-IMPROVEMENT-04), `times` times. The Refuge
 * needs an improvement carrying the `core/reloading-bench` hook (the core pack's Reloading Bench
 * does; a homebrew one may, with its own rate): the engine keys on the hook, not on an id.
 */
export const reloadingBench = (
  refuge: Refuge,
  times: number,
  content: ContentView,
): Either.Either<Refuge, RulesViolated> => {
  const bench = benchOf(refuge, content)
  if (!bench) {
    return Either.left(
      new RulesViolated({
        violations: [violation("improvements", "the Refuge has no Reloading Bench", "B-IMPROVEMENT-04")],
      }),
    )
  }
  if (!Number.isInteger(times) || times < 1) {
    return Either.left(
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
    Either.map((ledger) => ({ ...refuge, ledger })),
    Either.mapLeft(
      (e) => new RulesViolated({ violations: [violation("reloads", e.problem, "B-IMPROVEMENT-04")] }),
    ),
  )
}
