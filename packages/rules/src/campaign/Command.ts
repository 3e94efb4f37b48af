/**
 * What players (or the engine) ask a campaign to do. Choices the rules leave to a player are
 * `choose` answers to the prompt the engine shows; dice typed in at the table are `roll`.
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import { MarketOrder } from "../refuge/Market.js"
import { RaidMarker } from "./RaidMarker.js"
import { MAX_REFUGES, RaidRefuges } from "./State.js"

const command = <T extends string, F extends Schema.Struct.Fields>(type: T, fields: F, description: string) =>
  Schema.Struct({ type: Schema.Literal(type), ...fields }).annotate({ description })

const refuge = Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: MAX_REFUGES - 1 })).annotate({
  description: `The Refuge's index in the campaign, a whole number from 0 to ${MAX_REFUGES - 1}`,
})
const by = Schema.String.annotate({ description: "The survivor (id) who runs the Errand (R-CAMPAIGN-08)" })

export const RecordRaid = command(
  "recordRaid",
  {
    battle: Schema.Unknown,
    setUp: Schema.optional(RaidMarker).annotate({
      description:
        "The campaign state the raid was set up from (a raid set up at the table): refused unless it is the campaign's current state (R-CAMPAIGN-40)",
    }),
  },
  "Fold a finished raid (its final state) into the campaign and start its Aftermath (B-AFTERMATH-01)",
)
export const OpenRaid = command(
  "openRaid",
  {
    refuges: Schema.optional(RaidRefuges).annotate({
      description:
        "The raid's Refuges by index, 2 to 4, none already in an open raid; left out, the schedule's next pairing (R-CAMPAIGN-41, R-CAMPAIGN-42)",
    }),
  },
  "Open a raid between some of the league's Refuges: raids of different Refuges may be under way at once (R-CAMPAIGN-42)",
)
export const Roll = command("roll", { faces: Schema.Array(Schema.Int) }, "Dice rolled at the table")
export const Choose = command("choose", { option: Schema.String }, "Answer the waiting choice")
export const Trade = command(
  "trade",
  { refuge, by, orders: Schema.Array(MarketOrder).check(Schema.isMaxLength(50)) },
  "Trade Errand: one Market trip (B-ERRAND-03)",
)
export const Recruit = command(
  "recruit",
  {
    refuge,
    by: Schema.optional(by).annotate({
      description: "Who recruits; may be left out only when the roster is empty",
    }),
    background: Schema.String,
    name: Schema.Trimmed.check(Schema.isNonEmpty()).check(Schema.isMaxLength(60)),
  },
  "Recruit Errand: one survivor (B-ERRAND-04)",
)
export const RunErrand = command(
  "errand",
  {
    refuge,
    by,
    errand: Schema.String.check(Schema.isMaxLength(64)).annotate({
      description:
        "The Errand's id: an `errands` entry that takes no choices (a table of finds, Blight by choice)",
    }),
  },
  "Run an Errand that takes no choices, such as Scavenge or Drink Amber (B-ERRAND-01, GAP-B-16)",
)
export const Build = command(
  "build",
  { refuge, by, improvement: Schema.String },
  "Build an improvement, an Errand (B-IMPROVEMENT-01, GAP-B-13)",
)
export const MakeAmmunition = command(
  "makeAmmunition",
  {
    refuge,
    store: Schema.Literals(["arrows", "bolts"]),
    batches: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })),
  },
  "Make 5 Arrows or Bolts per Salvage, no Errand (B-AMMO-08)",
)
export const Bench = command(
  "bench",
  { refuge, times: Schema.Int.check(Schema.isBetween({ minimum: 1, maximum: 50 })) },
  "Reloading Bench: Salvage into Reloads, no Errand (B-IMPROVEMENT-04)",
)
export const Forfeit = command(
  "forfeit",
  { refuge },
  "A Refuge with nobody fit to raid forfeits the next raid (R-CAMPAIGN-12)",
)
export const Equip = command(
  "equip",
  {
    refuge,
    survivor: Schema.String.check(Schema.isMaxLength(64)).annotate({
      description: "The survivor (id) whose gear is set",
    }),
    weapons: Schema.Array(Schema.String.check(Schema.isMaxLength(64))).check(Schema.isMaxLength(8)),
    armour: Schema.Array(Schema.String.check(Schema.isMaxLength(64))).check(Schema.isMaxLength(4)),
    kit: Schema.Array(Schema.String.check(Schema.isMaxLength(64))).check(Schema.isMaxLength(8)),
  },
  "Set what a survivor carries from their gear and the stash, no Errand (R-CAMPAIGN-27, B-FOUNDING-06)",
)
export const Pass = command(
  "pass",
  { refuge },
  "The Refuge runs no more Errands before the next raid (B-ERRAND-02)",
)

export const Undo = command(
  "undo",
  {},
  "Take back the last command, back to the last dice rolled and never past them (R-CAMPAIGN-39)",
)
export const Command = Schema.Union([
  RecordRaid,
  OpenRaid,
  Forfeit,
  Roll,
  Choose,
  Trade,
  Recruit,
  RunErrand,
  Build,
  MakeAmmunition,
  Bench,
  Equip,
  Pass,
  Undo,
]).annotate({ identifier: "CampaignCommand" })
export type Command = typeof Command.Type
/** The command of one type. */
export type CommandOf<T extends Command["type"]> = Extract<Command, { type: T }>
