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
    Either.mapLeft((e) => new RulesViolated({ violations: [violation("batches", e.message, "B-AMMO-08")] })),
  )
}

/**
 * Turns Salvage into Reloads at the Reloading Bench (B-IMPROVEMENT-04). The Refuge must have an
 * improvement whose effects say it converts Salvage to Reloads; the core pack's Reloading Bench
 * does, and a homebrew bench may too (the id is not hard-coded).
 */
export const reloadingBench = (
  refuge: Refuge,
  reloads: number,
  content: ContentView,
): Either.Either<Refuge, RulesViolated> => {
  const bench = refuge.improvements
    .map((id) => content.get("improvements", id))
    .find((imp) => imp && isBench(imp))
  if (!bench) {
    return Either.left(
      new RulesViolated({
        violations: [violation("improvements", "the Refuge has no Reloading Bench", "B-IMPROVEMENT-04")],
      }),
    )
  }
  if (!Number.isInteger(reloads) || reloads < 1) {
    return Either.left(
      new RulesViolated({ violations: [violation("reloads", "make at least 1 Reload", "B-IMPROVEMENT-04")] }),
    )
  }
  return post(refuge.ledger, [
    {
      store: "salvage",
      amount: -BENCH.salvage * reloads,
      reason: `${bench.name}: ${reloads} Reload(s)`,
      clause: "B-IMPROVEMENT-04",
    },
    {
      store: "reloads",
      amount: reloads * BENCH.reloads,
      reason: `made at the ${bench.name}`,
      clause: "B-IMPROVEMENT-04",
    },
  ]).pipe(
    Either.map((ledger) => ({ ...refuge, ledger })),
    Either.mapLeft(
      (e) => new RulesViolated({ violations: [violation("reloads", e.message, "B-IMPROVEMENT-04")] }),
    ),
  )
}

/** An improvement converts Salvage into Reloads if one of its effects is a hook or stores change naming Reloads. */
const isBench = (imp: NonNullable<ReturnType<ContentView["get"]>>): boolean =>
  JSON.stringify((imp as { effects?: unknown }).effects ?? []).includes('"reloads"') ||
  (imp as { clauses?: readonly string[] }).clauses?.includes("B-IMPROVEMENT-04") === true
