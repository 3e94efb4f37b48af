/**
 * Errands (B-ERRAND-*, GAP-B-16): what a Refuge sends its people to do between raids. Each
 * entry says what running it does, in a small closed vocabulary the campaign engine carries out:
 * a Market trip, a recruit, an improvement built (these three take the player's choices, with
 * the `trade`, `recruit` and `build` commands), a d6 on a table of finds, or Blight taken by
 * choice; any of them may cost stores first. A homebrew pack adds an Errand with no code.
 *
 * @since 0.4.0
 */

import { Table } from "@blight/dice"
import { Schema } from "effect"
import { ErrandId } from "../../terms/Ids.js"
import { entryFields } from "./Common.js"
import { StoreAmount } from "./Home.js"

/** A row's find on an Errand's table: its name and what it brings home (nothing, if left out). */
export const ErrandFind = Schema.Struct({
  name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(80)),
  gives: Schema.optional(StoreAmount),
}).annotate({ identifier: "ErrandFind", description: "A find: its name and the stores it brings home" })
export type ErrandFind = typeof ErrandFind.Type

const does = <T extends string, F extends Schema.Struct.Fields>(kind: T, fields: F, description: string) =>
  Schema.Struct({ kind: Schema.Literal(kind), ...fields }).annotate({
    identifier: `${kind[0]!.toUpperCase()}${kind.slice(1)}Errand`,
    description,
  })

/** What running an Errand does. */
export const ErrandAction = Schema.Union([
  does("market", {}, "One trip to the Market, all buying and selling (the `trade` command, B-ERRAND-03)"),
  does("recruit", {}, "One survivor joins for their background's cost (the `recruit` command, B-ERRAND-04)"),
  does("build", {}, "An improvement built for its cost (the `build` command, B-IMPROVEMENT-01)"),
  does(
    "roll",
    {
      table: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(40)).annotate({
        description: 'The table\'s name, as the roll is labelled ("Scavenging")',
      }),
      boosted: Schema.Boolean.annotate({
        description: "Salvage, Rations and Reloads found are boosted like Loot (B-LOOT-03)",
      }),
      rows: Schema.Array(Table.TableRow(ErrandFind))
        .check(Schema.isMinLength(1), Schema.isMaxLength(6))
        .annotate({ description: "A d6's rows: keys 1–6 or ranges [from, to], every face once" }),
    },
    "A d6 on a table of finds, brought home to the stores",
  ),
  does(
    "blight",
    { amount: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 3 })) },
    "The runner takes Blight by choice (B-BLIGHT-05)",
  ),
]).annotate({ identifier: "ErrandAction", description: "What running the Errand does" })
export type ErrandAction = typeof ErrandAction.Type

/** An Errand. */
export const Errand = Schema.Struct({
  ...entryFields(ErrandId),
  text: Schema.Trimmed.check(Schema.isNonEmpty()),
  does: ErrandAction,
  cost: Schema.optional(Schema.Array(StoreAmount).check(Schema.isMaxLength(4))).annotate({
    description: "Stores spent to run it, before it does anything",
  }),
  refuges: Schema.optional(
    Schema.Array(Schema.Literals(["refuge", "congregation"])).check(
      Schema.isMinLength(1),
      Schema.isMaxLength(2),
    ),
  ).annotate({ description: "Only these kinds of Refuge run it; left out, any" }),
}).annotate({ identifier: "Errand" })
export type Errand = typeof Errand.Type
