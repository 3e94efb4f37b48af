/**
 * One entry point for conversions: a system name and an unknown stat block (e.g. parsed JSON) in,
 * a Nightsong NPC out, or a {@link ConversionError} naming the path and the rule broken.
 *
 * @since 0.1.0
 */
import { SchemaJson, SchemaText } from "@blight/dice"
import { Result, Schema } from "effect"
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
} as const satisfies Record<System, Schema.Top>

/** The JSON Schema of a system's stat block, for authors writing blocks by hand. */
export const blockJsonSchema = (system: System): SchemaJson.Json => SchemaJson.document(blockSchemas[system])

const run =
  <A, I>(schema: Schema.Codec<A, I>, convert: (a: A) => NightsongNpc) =>
  (input: unknown): NightsongNpc => {
    const decoded = Schema.decodeUnknownResult(schema, {
      ...SchemaText.parseOptions,
      errors: "first",
      onExcessProperty: "error",
    })(input)
    if (Result.isFailure(decoded)) {
      const [issue] = SchemaText.problems(decoded.failure)
      const path = formatPath(issue?.path ?? [], "block")
      throw new ConversionError({ path, ...splitClause(issue?.message ?? "not a stat block") })
    }
    return convert(decoded.success)
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
