/**
 * Founding a Refuge (B-FOUNDING-01…11, B-HOME-*, B-AMMO-08) or a Congregation
 * (B-CONGREGATION-02…08). Every violation is reported at once, each with its path, a sentence a
 * player understands, and the clause; a valid roster gives the founded Refuge and its opening
 * Ledger. Nothing here rolls dice except a Congregation's Gifts and Marks (B-CONGREGATION-03).
 *
 * @since 0.1.0
 */
import { SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"
import type { ContentView } from "./Content.js"
import { draftOf, type FoundingDraft, type FoundingOptions } from "./founding/Check.js"
import { foundingChecks } from "./founding/Checks.js"
import { FOUNDING } from "./founding/Numbers.js"
import { post } from "./Ledger.js"
import type { Refuge } from "./Refuge.js"
import { Roster } from "./Roster.js"
import { newSurvivor, type Survivor, type SurvivorId } from "./Survivor.js"
import { fromParseIssues, RulesViolated, refused, violation } from "./Violation.js"

// The numbers and shared gear rules, and the options, keep their place in the public `Founding` namespace.
export type { FoundingOptions } from "./founding/Check.js"
export { countsTowardLimit, FOUNDING, freeGear, freeWeaponIds } from "./founding/Numbers.js"

const decodeRoster = Schema.decodeUnknownResult(Roster, {
  errors: "all",
  onExcessProperty: "error",
  reportInput: true,
})

/**
 * The rule a badly shaped roster field belongs to, so every refusal names one: the numbers of
 * Reloads (B-FOUNDING-09), Arrows and Bolts (B-AMMO-08), the Home (B-FOUNDING-02), the survivors
 * and their backgrounds (B-FOUNDING-03), the Leader mark (B-FOUNDING-04), the gear lists
 * (B-FOUNDING-05) and the kind (B-CONGREGATION-01). Anything else (names, a field a roster does
 * not have, a roster that is not an object) is the roster's format, R-BUILDER-08.
 */
export const shapeClause = (path: string): string => {
  const field = /^survivors\[\d+\]\.(\w+)/.exec(path)?.[1]
  if (field !== undefined)
    return field === "background"
      ? "B-FOUNDING-03"
      : field === "leader"
        ? "B-FOUNDING-04"
        : ["weapons", "armour", "kit"].includes(field)
          ? "B-FOUNDING-05"
          : "R-BUILDER-08"
  const top = /^(\w+)/.exec(path)?.[1]
  switch (top) {
    case "reloads":
      return "B-FOUNDING-09"
    case "arrows":
    case "bolts":
      return "B-AMMO-08"
    case "home":
      return "B-FOUNDING-02"
    case "survivors":
      return /^survivors(\[\d+\])?$/.test(path) ? "B-FOUNDING-03" : "R-BUILDER-08"
    case "kind":
      return "B-CONGREGATION-01"
    default:
      return "R-BUILDER-08"
  }
}

/** A roster that does not decode: every shape problem, each with its rule. */
const shapeRefusal = (input: unknown, failure: Schema.SchemaError): RulesViolated => {
  const violations = fromParseIssues(SchemaText.problems(failure)).map((x) => ({
    ...x,
    clause: shapeClause(x.path),
  }))
  // A list of Homes is a rule broken (B-HOME-01), not only a shape: say which rule.
  const homes = (input as { readonly home?: unknown } | null)?.home
  return refused(
    Array.isArray(homes)
      ? violations.map((x) =>
          x.path === "home"
            ? violation(
                "home",
                `a Refuge has exactly one Home: give one Home id, not a list of ${homes.length}`,
                "B-HOME-01",
              )
            : x,
        )
      : violations,
  )
}

/**
 * Validates a roster and founds the Refuge. Left: every violation at once (nothing is founded),
 * found by the named checks of `founding/Checks.ts` in their order.
 */
export const found = (
  input: unknown,
  content: ContentView,
  options: FoundingOptions = {},
): Result.Result<Refuge, RulesViolated> => {
  const decoded = decodeRoster(input)
  if (Result.isFailure(decoded)) return Result.fail(shapeRefusal(input, decoded.failure))
  const d = draftOf(decoded.success, content, options)
  for (const { check } of foundingChecks) check(d)
  if (d.violations.length > 0) return Result.fail(refused(d.violations))
  return founded(d)
}

/** The Refuge a roster that passed every check founds: its stores, Ledger and survivors. */
const founded = (d: FoundingDraft): Result.Result<Refuge, RulesViolated> => {
  const { roster, kind, congregation, n, who, drafts, blessings } = d
  const home = d.home
  // The stores (B-FOUNDING-10, B-CONGREGATION-*): Rations, Meds, the Home's extras.
  drafts.push({
    store: "rations",
    amount: n,
    reason: `1 Ration per ${who.slice(0, -1)}`,
    clause: "B-FOUNDING-10",
  })
  drafts.push({ store: "meds", amount: 1, reason: "1 Meds to start", clause: "B-FOUNDING-10" })
  for (const s of home!.startingStores) {
    drafts.push({
      store: s.store,
      amount: s.amount,
      reason: `${home!.name}: starting stores`,
      clause: "B-FOUNDING-10",
    })
  }
  const ledger = post([], drafts)
  if (Result.isFailure(ledger))
    return Result.fail(
      new RulesViolated({
        violations: [violation(ledger.failure.path, ledger.failure.problem, "B-FOUNDING-01")],
      }),
    )

  const survivors: Survivor[] = roster.survivors.map((s, i) => {
    const role = s.leader ? (congregation ? "verdantMother" : "leader") : undefined
    return newSurvivor(
      {
        id: `survivor-${i + 1}` as SurvivorId,
        name: s.name,
        background: s.background,
        role,
        equipment: d.carried[i],
      },
      blessings[i],
      congregation ? FOUNDING.congregationBlight : 0,
    )
  })
  return Result.succeed({
    name: roster.name,
    kind,
    home: home!.id,
    survivors,
    improvements: [],
    stash: { weapons: [], armour: [], kit: [] },
    ledger: ledger.success,
  })
}
