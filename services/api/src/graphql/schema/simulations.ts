/**
 * Simulations over GraphQL, the same use-cases as REST (/v1/simulations): queries `simulation`
 * and `simulations`, mutations `createSimulation` and `cancelSimulation`. The output types are
 * built from the schemas (`app/Simulations.ts`, the library's report); a chart's Vega-Lite spec
 * is a `VegaLiteSpec` (Vega-Lite's own schema types it), and a report's ruling options are typed
 * by the library's BattleOptions schema.
 */
import { BattleOptions, Roster, SimRaid, SimReport } from "@blight/rules"
import * as Simulations from "../../app/Simulations.js"
import { builder } from "../builder.js"
import { enumType, outputType, typeFieldAs, typeFieldAsScalar } from "../fromSchema.js"
import { inputType } from "../inputFromSchema.js"
import { pageArgs, pageQuery, pageRef } from "../paging.js"
import { bodyOf, byIdFor, forCaller } from "../resolve.js"
import { inputType as rosterInput } from "../rosterInput.js"
import { VegaLiteSpecScalar } from "./json.js"

// The report echoes the ruling options asked for: typed as the request types them.
// The options as given: the struct on the wire (outputType reads every schema as it is on the wire).
typeFieldAs(SimReport.ReportSpec.ast, "options", BattleOptions.Options)
// A chart's spec is Vega-Lite's (a record of anything in the library's schema): one value, not key/value rows.
typeFieldAsScalar(Simulations.SimulationChart.ast, "spec", VegaLiteSpecScalar)

// The words a simulation is asked for with, typed as the library types them (GraphQL names for
// the policies' hyphenated words: objectiveRunner is "objective-runner", see enums.ts); made
// before the output types, so they are named and described here.
const PolicyNameRef = enumType(
  SimRaid.PolicyName,
  "PolicyName",
  "A bot policy (docs/simulation.md): sensible; random (R-SIM-02); objective-runner: objectives and Loot first; noise-averse: never Sprints, shoots only Quiet weapons; aggressive; odds: attacks when the exact odds pay (R-SIM-03)",
)
const TableRef = enumType(
  Simulations.SimulationView.fields.table,
  "SimulationTable",
  "declared: the abstract table answers facts by seeded draws (R-SIM-01); board: a seeded random 2-D board per raid (slower)",
)
const SimulationRef = outputType(Simulations.SimulationView, "Simulation")
const Options = inputType(BattleOptions.Options, "BattleOptions")
const RosterInputRef = rosterInput(Roster.Roster, "Roster")
const CampaignInput = inputType(Simulations.SimulationCampaign, "SimulationCampaign")

const SimulationBInput = builder.inputType("SimulationBInput", {
  description:
    "An A/B run's B side: the same raids (same seeds) again with these packs (on top of A's) or options (over A's)",
  fields: (t) => ({
    packs: t.stringList({ description: "Homebrew packs B plays on top of A's" }),
    options: t.field({ type: Options.type, description: "Ruling options B plays with, over A's" }),
  }),
})

const SimulationRefugeInput = builder.inputType("SimulationRefugeInput", {
  description: "A side: refuge (a stored one of the caller's) or roster (founded now), not both",
  fields: (t) => ({
    refuge: t.id({ description: "A stored Refuge or Congregation of the caller's" }),
    roster: t.field({
      type: RosterInputRef,
      description: "A roster (its JSON file's fields, $schema left out), founded with the simulation's seed",
    }),
  }),
})

builder.queryFields((t) => ({
  simulation: t.field({
    description: "A simulation of the caller's: its progress, and once done the report with its charts",
    type: SimulationRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Simulations.getSimulation),
  }),
  simulations: t.field({
    description: "A page of the caller's simulations, newest first (no reports: ask for each one)",
    type: pageRef("SimulationPage", SimulationRef, "A page of simulations"),
    nullable: true,
    args: pageArgs,
    resolve: forCaller((p, a, ctx) => Simulations.listSimulations(ctx.deps, p, pageQuery(a))),
  }),
}))

builder.mutationFields((t) => ({
  createSimulation: t.field({
    description: `Queue a simulation: raids (1 to ${Simulations.MAX_RAIDS}) between the caller's Refuges, played by bots (b: an A/B run; campaign: a campaign run); follow it with \`simulation\``,
    type: SimulationRef,
    nullable: true,
    args: {
      refuges: t.arg({ type: [SimulationRefugeInput], required: true }),
      raids: t.arg.int({
        description: `How many raids (1 to ${Simulations.MAX_RAIDS}); needed, except for a campaign run`,
      }),
      scenario: t.arg.string({ description: "A scenario id (default: cache)" }),
      packs: t.arg.stringList({ description: "Homebrew packs on top of the core pack" }),
      policies: t.arg({
        type: [PolicyNameRef],
        description: "One bot policy for every side, or one per Refuge in order (default sensible)",
      }),
      table: t.arg({ type: TableRef, description: "The table the raids are played on (default declared)" }),
      seed: t.arg.float({
        description: "The base seed (raid i is seeded from it and i); default: a new one",
      }),
      options: t.arg({
        type: Options.type,
        description: "Ruling options by name, typed from the library's BattleOptions schema",
      }),
      b: t.arg({ type: SimulationBInput, description: "An A/B run: B's packs or options" }),
      campaign: t.arg({
        type: CampaignInput.type,
        description: `A campaign run instead of raids: campaigns (1 to ${Simulations.MAX_CAMPAIGNS}) of raids (1 to ${Simulations.MAX_CAMPAIGN_RAIDS}) each; not with raids, policies, table, options or b`,
      }),
    },
    resolve: forCaller((p, a, ctx) =>
      Simulations.createSimulation(
        ctx.deps,
        p,
        bodyOf({
          ...a,
          options: a.options == null ? undefined : Options.convert(a.options),
          b:
            a.b == null
              ? undefined
              : bodyOf({
                  ...a.b,
                  options: a.b.options == null ? undefined : Options.convert(a.b.options),
                }),
          campaign: a.campaign == null ? undefined : CampaignInput.convert(a.campaign),
        }),
      ),
    ),
  }),
  cancelSimulation: t.field({
    description: "Cancel a queued or running simulation (its chunks not yet started are skipped)",
    type: SimulationRef,
    nullable: true,
    args: { id: t.arg.id({ required: true }) },
    resolve: byIdFor(Simulations.cancelSimulation),
  }),
}))
