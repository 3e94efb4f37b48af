/**
 * One entry point for conversions: a system name and an unknown stat block (e.g. parsed JSON) in,
 * a Nightsong NPC out, or a {@link ConversionError} naming the path and the rule broken.
 *
 * @since 0.1.0
 */
import { Either, JSONSchema, ParseResult, Schema } from "effect"
import { formatPath, splitClause } from "../character/Problem.js"
import { CairnBlock, fromCairn } from "./Cairn.js"
import { DccBlock, fromDcc } from "./Dcc.js"
import { ConversionError } from "./Errors.js"
import { fromKnave, KnaveBlock } from "./Knave.js"
import { fromMorkBorg, MorkBorgBlock } from "./MorkBorg.js"
import type { NightsongNpc, System } from "./Npc.js"
import { fromOse, OseBlock } from "./Ose.js"

/** Each system's stat block schema. */
export const blockSchemas = {
  "mork-borg": MorkBorgBlock,
  cairn: CairnBlock,
  knave: KnaveBlock,
  ose: OseBlock,
  dcc: DccBlock,
} as const satisfies Record<System, Schema.Schema.Any>

/** The JSON Schema of a system's stat block, for authors writing blocks by hand. */
export const blockJsonSchema = (system: System): JSONSchema.JsonSchema7Root =>
  JSONSchema.make(blockSchemas[system] as Schema.Schema.Any)

const run =
  <A, I>(schema: Schema.Schema<A, I>, convert: (a: A) => NightsongNpc) =>
  (input: unknown): NightsongNpc => {
    const decoded = Schema.decodeUnknownEither(schema, { errors: "first", onExcessProperty: "error" })(input)
    if (Either.isLeft(decoded)) {
      const [issue] = ParseResult.ArrayFormatter.formatErrorSync(decoded.left)
      const path = formatPath(issue?.path ?? [], "block")
      throw new ConversionError({ path, ...splitClause(issue?.message ?? "not a stat block") })
    }
    return convert(decoded.right)
  }

/** Each system's converter over unknown input. */
export const converters: Readonly<Record<System, (input: unknown) => NightsongNpc>> = {
  "mork-borg": run(blockSchemas["mork-borg"], fromMorkBorg),
  cairn: run(blockSchemas.cairn, fromCairn),
  knave: run(blockSchemas.knave, fromKnave),
  ose: run(blockSchemas.ose, fromOse),
  dcc: run(blockSchemas.dcc, fromDcc),
}

/** Converts a stat block from `system` to a Nightsong NPC (N-CONVERSION-01 … 08). */
export const convert = (system: System, input: unknown): NightsongNpc => converters[system](input)
