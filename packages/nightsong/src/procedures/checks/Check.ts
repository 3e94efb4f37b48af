/**
 * Resolving actions and Checks (N-ACTION, N-CHECK, N-ADV, N-NUANCED): judge the action, work out
 * Advantage from the fiction and a helper, then roll a plain or Nuanced Check with the dice core.
 *
 * @since 0.1.0
 */
import { Check, type DiceSource } from "@blight/dice"
import { Schema } from "effect"
import { tracked } from "../Dice.js"
import { ensure } from "../Errors.js"

/** The Difficulty Ratings (N-CHECK-01). */
export const DR = Check.DR
/** A named Difficulty Rating. */
export const Difficulty = Schema.Literals(["routine", "easy", "normal", "difficult", "extreme"])
export type Difficulty = typeof Difficulty.Type

/** The DR for a named difficulty (N-CHECK-01). */
export const drFor = (d: Difficulty): number => DR[d]

/** An ally offering help (N-CHECK-04): they must be present and able to take part. */
export const Helper = Schema.Struct({
  name: Schema.String,
  present: Schema.Boolean,
  able: Schema.Boolean,
}).annotate({ identifier: "Helper" })
export type Helper = typeof Helper.Type

/** Everything that decides how a Check is rolled. */
export const CheckRequest = Schema.Struct({
  ability: Schema.Int,
  /** Default 12: the normal DR, and the solo default (N-CHECK-03). */
  dr: Schema.optional(Schema.Int),
  advantage: Schema.optional(Schema.Boolean),
  disadvantage: Schema.optional(Schema.Boolean),
  helpers: Schema.optional(Schema.Array(Helper)),
  nuanced: Schema.optional(Schema.Boolean),
  /** Solo play: every Check is Nuanced (N-NUANCED-03). */
  solo: Schema.optional(Schema.Boolean),
  inCombat: Schema.optional(Schema.Boolean),
}).annotate({ identifier: "CheckRequest" })
export type CheckRequest = typeof CheckRequest.Type

/**
 * Net Advantage (ruling R-N-ADV-01, GAP-N-10): any Advantage and any Disadvantage cancel to a
 * plain roll; several sources of the same kind do not stack.
 */
export const netAdvantage = (advantage: boolean, disadvantage: boolean): Check.Advantage =>
  advantage === disadvantage ? "none" : advantage ? "advantage" : "disadvantage"

/** How a Check came out: success or failure, or strong / weak / failure when Nuanced. */
export const Outcome = Schema.Literals(["success", "failure", "strong", "weak"])
export type Outcome = typeof Outcome.Type

/** What a Check did. */
export const CheckResult = Schema.Struct({
  kind: Schema.Literals(["plain", "nuanced"]),
  ability: Schema.Int,
  dr: Schema.Int,
  advantage: Check.Advantage,
  roll: Schema.Union([Check.CheckRoll, Check.NuancedRoll]),
  outcome: Outcome,
  /** True for success, strong and weak. */
  succeeded: Schema.Boolean,
  /** The helper shares the risk and consequences (N-CHECK-05); in combat they spend their action. */
  helper: Schema.optionalKey(
    Schema.Struct({
      name: Schema.String,
      sharesConsequences: Schema.Literal(true),
      spendsAction: Schema.Boolean,
    }),
  ),
}).annotate({ identifier: "NightsongCheckResult" })
export type CheckResult = typeof CheckResult.Type

const checkHelpers = (helpers: readonly Helper[]): Helper | undefined => {
  ensure(
    helpers.length <= 1,
    "helpers",
    `only one ally may help on a Check, got ${helpers.length}`,
    "N-CHECK-04",
  )
  const [h] = helpers
  if (h === undefined) return undefined
  ensure(h.present, "helpers[0].present", `${h.name} must be physically present to help`, "N-CHECK-04")
  ensure(h.able, "helpers[0].able", `${h.name} must be able to take part to help`, "N-CHECK-04")
  return h
}

/** Reads a plain or Nuanced roll into an outcome. */
export const outcomeOf = (roll: Check.CheckRoll | Check.NuancedRoll): Outcome =>
  "outcome" in roll ? roll.outcome : roll.success ? "success" : "failure"

/**
 * Rolls a Check (N-CHECK-02): 1D20 + Ability against the DR, with Advantage from the fiction or a
 * helper (N-ADV-01, N-ADV-02, N-CHECK-04); Nuanced when asked or in solo play (N-NUANCED-01..04).
 */
export const check = (source: DiceSource, request: CheckRequest) =>
  tracked(source, (s): CheckResult => {
    const helper = checkHelpers(request.helpers ?? [])
    const dr = request.dr ?? DR.normal
    ensure(Number.isInteger(dr), "dr", `a DR is a whole number, got ${dr}`, "N-CHECK-01")
    const advantage = netAdvantage(
      request.advantage === true || helper !== undefined,
      request.disadvantage === true,
    )
    const nuanced = request.nuanced === true || request.solo === true
    const spec = { ability: request.ability, dr, advantage }
    const roll = nuanced ? Check.rollNuanced(s, spec) : Check.rollCheck(s, spec)
    const outcome = outcomeOf(roll)
    return {
      kind: nuanced ? "nuanced" : "plain",
      ability: request.ability,
      dr,
      advantage,
      roll,
      outcome,
      succeeded: outcome !== "failure",
      ...(helper
        ? {
            helper: {
              name: helper.name,
              sharesConsequences: true as const,
              spendsAction: request.inCombat === true,
            },
          }
        : {}),
    }
  })

/** The Referee's judgement of an action before any dice (N-ACTION-01). */
export const Judgement = Schema.Literals(["assured", "uncertain", "impossible"])
export type Judgement = typeof Judgement.Type

/** An action's resolution: it happens, it fails, or a Check decides. */
export type ActionResult =
  | { readonly judgement: "assured"; readonly succeeded: true; readonly dice: readonly [] }
  | {
      readonly judgement: "impossible"
      readonly succeeded: false
      readonly reason: string
      readonly dice: readonly []
    }
  | ({ readonly judgement: "uncertain" } & CheckResult & { readonly dice: ReturnType<typeof check>["dice"] })

/**
 * Resolves an action (N-ACTION-01, N-ACTION-02): assured actions simply happen and impossible ones
 * fail, both without a roll; only an uncertain action rolls a Check.
 */
export const resolveAction = (
  source: DiceSource,
  judgement: Judgement,
  request?: CheckRequest,
  reason = "it cannot succeed as described",
): ActionResult => {
  if (judgement === "assured") return { judgement, succeeded: true, dice: [] }
  if (judgement === "impossible") return { judgement, succeeded: false, reason, dice: [] }
  ensure(request !== undefined, "request", "an uncertain action needs a Check", "N-ACTION-01")
  return { judgement, ...check(source, request!) }
}

/** What an opposed Check did (N-CHECK-06). */
export interface OpposedResult {
  readonly rounds: ReadonlyArray<{ readonly a: number; readonly b: number }>
  readonly winner: "a" | "b"
}

/**
 * An opposed Check (N-CHECK-06): both roll 1D20 + Ability, the higher total wins, ties roll again.
 * Ruling R-N-CHECK-01 (AMB-N-22): there is no DR, and it stays a plain Check even in solo play.
 */
export const opposed = (
  source: DiceSource,
  a: { readonly ability: number; readonly advantage?: Check.Advantage },
  b: { readonly ability: number; readonly advantage?: Check.Advantage },
) => tracked(source, (s): OpposedResult => Check.rollOpposed(s, a, b))
