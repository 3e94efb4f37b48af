/**
 * Rulings a group may flip for a whole campaign (docs/rulings/campaign.md), held in its state at
 * creation so every Aftermath and a replay read the same one. Every option names the ruling that
 * sets its default.
 *
 * @since 0.3.0
 */
import { Effect, Schema } from "effect"

/** The campaign's options; every field has a default. */
export const CampaignOptions = Schema.Struct({
  stranger: Schema.Literals(["winner", "rescuer"])
    .pipe(Schema.withDecodingDefaultType(Effect.sync(() => "winner" as const)))
    .annotate({
      description:
        "R-CAMPAIGN-21 (B-STRANGER-01): the Stranger joins the raid's winner, rescued or not; or only the Refuge that rescued it",
    }),
  // No default: a campaign without one (every campaign saved before leagues) has the organiser name each raid.
  schedule: Schema.optional(
    Schema.Literals(["round-robin", "standings"]).annotate({
      description:
        "R-CAMPAIGN-41: the league draws each round's raids: round-robin (the circle method), or pairing by standings with a bye; left out, the organiser names each raid's Refuges",
    }),
  ),
}).annotate({ identifier: "CampaignOptions" })
export type CampaignOptions = typeof CampaignOptions.Type
export type CampaignOptionsInput = typeof CampaignOptions.Encoded

/** The default options (a campaign saved before they existed reads these). */
export const campaignDefaults: CampaignOptions = Schema.decodeUnknownSync(CampaignOptions)({})
