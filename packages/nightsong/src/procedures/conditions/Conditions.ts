/**
 * Conditions as data (N-CONDITION-01..03, N-REST-02/03, N-JOURNEY-06/07): how bad each one is and
 * what clears it — a kind of rest, a Remedy, or something done in the fiction (eating, drinking,
 * getting warm, a healer's treatment). The text's own examples are classified below; any other
 * Condition must be given a severity by whoever adds it (the Referee, the API's caller).
 *
 * Rulings (docs/rulings/nightsong-play.md): R-N-CONDITION-02 the text's examples and how they are
 * recognised (any broken limb; poisons that linger); R-N-CONDITION-03 rests never clear a Condition
 * that needs an action in the fiction (starving clears when the character eats); a Condition named
 * by nobody's data clears like its severity: minor on a Long Rest, major on a Full Rest.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

/** How bad a Condition is: minor ones clear on a Long Rest, major ones on a Full Rest (N-REST-02/03). */
export const Severity = Schema.Literals(["minor", "major"]).annotate({ identifier: "ConditionSeverity" })
export type Severity = typeof Severity.Type

/** Something done in the fiction that clears a Condition (N-REST-02: "specific action in the fiction"). */
export const Care = Schema.Literals(["eat", "drink", "warmth", "treatment"]).annotate({
  identifier: "ConditionCare",
  description: "eat, drink, warmth (shelter from cold) or treatment (a healer's care)",
})
export type Care = typeof Care.Type

/** The rests, shortest first. */
export const RestKind = Schema.Literals(["short", "long", "full"])
export type RestKind = typeof RestKind.Type

/** What clears a Condition. */
export const ClearedBy = Schema.Struct({
  /** The shortest rest that clears it (a longer one does too); left out: no rest does. */
  rest: Schema.optional(Schema.Literals(["long", "full"])),
  /** A Remedy used on it clears it. */
  remedy: Schema.Boolean,
  /** An action in the fiction that clears it. */
  action: Schema.optional(Care),
}).annotate({ identifier: "ClearedBy" })
export type ClearedBy = typeof ClearedBy.Type

/** A kind of Condition the library knows. */
export interface ConditionKind {
  /** The name it is added under. */
  readonly name: string
  /** The names it is recognised by (lower case, trimmed). */
  readonly matches: RegExp
  readonly severity: Severity
  readonly clearedBy: ClearedBy
  readonly clauses: ReadonlyArray<string>
  /**
   * True when every name the kind matches is one and the same state ("fatigue", "Fatigued",
   * "tired"): gaining it again worsens the one already borne (R-N-CONDITION-01/04). Kinds that
   * cover several afflictions (a broken arm and a broken leg) leave it unset.
   */
  readonly oneState?: true
}

const LIMB =
  "(?:limb|arm|leg|hand|foot|feet|wrist|ankle|rib|collarbone|finger|toe|bone|jaw|nose|hip|shoulder|knee|elbow)s?"

/** The text's examples (N-REST-02, N-REST-03, N-CONDITION-01, N-JOURNEY-06/07, N-SPELL-03), first match wins. */
export const KNOWN: ReadonlyArray<ConditionKind> = [
  {
    name: "fatigued",
    matches: /^(?:fatigue|fatigued|tired)$/,
    severity: "minor",
    clearedBy: { rest: "long", remedy: false },
    clauses: ["N-REST-02", "N-JOURNEY-07", "N-SPELL-03"],
    oneState: true,
  },
  {
    name: "stress",
    matches: /^(?:stress|stressed)$/,
    severity: "minor",
    clearedBy: { rest: "long", remedy: false },
    clauses: ["N-REST-02"],
    oneState: true,
  },
  {
    name: "exhausted",
    matches: /^(?:exhaustion|exhausted)$/,
    severity: "minor",
    clearedBy: { rest: "long", remedy: false },
    clauses: ["N-REST-02"],
    oneState: true,
  },
  {
    name: "starving",
    matches: /^(?:starving|starvation|starved)$/,
    severity: "minor",
    clearedBy: { remedy: false, action: "eat" },
    clauses: ["N-JOURNEY-06"],
    oneState: true,
  },
  {
    name: "broken limb",
    matches: new RegExp(`^(?:broken (?:(?:left|right) )?${LIMB}|${LIMB} broken)\\b`),
    severity: "major",
    clearedBy: { rest: "full", remedy: false },
    clauses: ["N-REST-03", "N-CONDITION-01"],
  },
  {
    name: "deep sickness",
    matches: /^deep(?:ly)? sick/,
    severity: "major",
    clearedBy: { rest: "full", remedy: false },
    clauses: ["N-REST-03"],
    oneState: true,
  },
  {
    name: "lingering poison",
    matches: /^lingering (?:poison|venom|toxin)/,
    severity: "major",
    clearedBy: { rest: "full", remedy: false },
    clauses: ["N-REST-03"],
  },
  {
    name: "poisoned",
    matches: /^poison(?:ed|ing)?\b/,
    severity: "minor",
    clearedBy: { rest: "long", remedy: true },
    clauses: ["N-CONDITION-01", "N-REST-02"],
  },
]

const normalName = (name: string): string => name.trim().toLowerCase().replace(/\s+/g, " ")

/**
 * Whether two names are the same Condition (R-N-CONDITION-04): the same name, read case-blind,
 * or two names of one state ("fatigue" and "fatigued").
 */
export const sameCondition = (a: string, b: string): boolean => {
  if (normalName(a) === normalName(b)) return true
  const k = kindOf(a)
  return k?.oneState === true && kindOf(b) === k
}

/** The known kind a Condition's name is, if any. */
export const kindOf = (name: string): ConditionKind | undefined => {
  const n = normalName(name)
  return KNOWN.find((k) => k.matches.test(n))
}

/** How a Condition of this severity clears when nothing else is known (R-N-CONDITION-03). */
export const bySeverity = (severity: Severity): ClearedBy => ({
  rest: severity === "minor" ? "long" : "full",
  remedy: false,
})

/**
 * What clears a Condition: what was stated when it was added, else its known kind's (if the
 * severity agrees), else its severity's.
 */
export const clearedByOf = (c: {
  readonly name: string
  readonly severity: Severity
  readonly clearedBy?: ClearedBy | undefined
}): ClearedBy => {
  if (c.clearedBy) return c.clearedBy
  const known = kindOf(c.name)
  return known && known.severity === c.severity ? known.clearedBy : bySeverity(c.severity)
}

/** Does this rest clear a Condition cleared this way? A Full Rest clears what a Long one does. */
export const restClears = (rest: RestKind, by: ClearedBy): boolean =>
  by.rest !== undefined && (rest === "full" || (rest === "long" && by.rest === "long"))
