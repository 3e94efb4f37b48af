/**
 * Schema decode failures as text: the flat list of problems (path and message) and the indented
 * tree. The messages keep the wording the SDK has always printed ("is missing", "Expected string,
 * actual 1", a check's own message), which clients and tests read, whatever effect's own
 * formatter says.
 *
 * How: the effect 4 issue is first rebuilt into the issue tree effect 3 would have produced for
 * the same schema and input (refinement chains, transformations, the v3 union search; see
 * `SchemaTextRebuild`), then printed by ports of effect 3's `ArrayFormatter` and `TreeFormatter`
 * (`SchemaTextFormat`).
 *
 * The "actual …" part needs the rejected values: decode with `{ reportInput: true }` (see
 * {@link parseOptions}). Without it messages read "Expected string" with no actual value.
 *
 * Brands: effect 4's `Schema.brand` leaves nothing in the schema, where effect 3 printed
 * ` & Brand<"GiftId">` after a branded schema's title. Annotate the branded schema with
 * `brand: "GiftId"` (or a list of brands) to keep it: `X.pipe(Schema.brand("GiftId")).annotate({
 * brand: "GiftId" })`.
 *
 * @since 0.2.0
 */
import { Schema, SchemaIssue } from "effect"
import { drawTree, flatten, NONE, type Problem, REPORT_INPUT } from "./SchemaTextFormat.js"
import { toV3 } from "./SchemaTextRebuild.js"

// Problem is defined with the formatter that builds it (so the formatter needs nothing from here).
export type { Problem } from "./SchemaTextFormat.js"

/** Decode options that keep the rejected values in the issue, so messages can say "actual …". */
export const parseOptions: { readonly reportInput: true } = REPORT_INPUT

const issueOf = (e: Schema.SchemaError | SchemaIssue.Issue): SchemaIssue.Issue =>
  Schema.isSchemaError(e) ? e.issue : e

/** Every problem in a failure, flat, each with its path, worded as effect 3's ArrayFormatter. */
export const problems = (e: Schema.SchemaError | SchemaIssue.Issue): ReadonlyArray<Problem> => {
  const issue = issueOf(e)
  try {
    return flatten(toV3(issue, NONE), undefined, [])
  } catch {
    // A schema shape this module does not know: effect 4's own wording beats no message at all.
    const { issues } = SchemaIssue.makeFormatterStandardSchemaV1()(issue)
    return issues.map((i) => ({
      _tag: "Type",
      path: (i.path ?? []) as ReadonlyArray<PropertyKey>,
      message: i.message,
    }))
  }
}

/** The failure as an indented tree, worded as effect 3's TreeFormatter. */
export const tree = (e: Schema.SchemaError | SchemaIssue.Issue): string => {
  const issue = issueOf(e)
  try {
    return drawTree(toV3(issue, NONE))
  } catch {
    return SchemaIssue.makeFormatterDefault()(issue)
  }
}
