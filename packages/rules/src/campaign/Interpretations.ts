/**
 * What the campaign (the Aftermath's steps) reads of content effects, for the "nothing silent"
 * check (`vocabulary/Interpreters.ts`): each line names the kind and selector and the function that
 * acts on it.
 *
 * @since 0.3.0
 */
import type { Interpretation } from "../vocabulary/Interpreters.js"

/** Everything the campaign interprets. */
export const campaignInterpretations: ReadonlyArray<Interpretation> = [
  {
    area: "campaign",
    kind: "dieModifier",
    selects: "casualty",
    scopes: ["self"],
    unconditional: true,
    from: ["skills", "backgrounds", "marks", "gifts"],
    by: "Casualties.ownCasualtyModifiers",
  },
  {
    area: "campaign",
    kind: "dieModifier",
    selects: "casualty",
    scopes: ["oneFriend"],
    uses: ["aftermath"],
    from: ["backgrounds", "skills", "homes", "improvements"],
    by: "Casualties.helpersOf",
  },
  // Triggers between raids, and what they do.
  ...(["homes", "improvements", "marks", "backgrounds", "skills", "gifts"] as const).map(
    (from): Interpretation => ({
      area: "campaign",
      kind: "trigger",
      selects: "aftermath.upkeep",
      from: [from],
      by: "Upkeep.upkeepTriggers",
    }),
  ),
  // Stores change on an event: a bare `stores` (no trigger) says no when, so nothing does it.
  { area: "campaign", kind: "stores", inside: ["trigger"], by: "Upkeep.storesIncome, Loot" },
  { area: "campaign", kind: "trigger", selects: "aftermath.blight", from: ["marks"], by: "Blight (Marks)" },
  {
    area: "campaign",
    kind: "blight",
    from: ["marks", "tables"],
    by: "Blight (Marks), Casualties (Infected)",
  },
  {
    area: "campaign",
    kind: "trigger",
    selects: "aftermath.casualties",
    from: ["homes"],
    by: "Casualties (the Home's Laid Up rules)",
  },
  // The Casualty table's results and the Loot tables.
  { area: "campaign", kind: "statModifier", from: ["tables"], by: "Casualties (a lasting injury)" },
  {
    area: "campaign",
    kind: "experience",
    from: ["tables", "backgrounds", "skills"],
    by: "Casualties (Hardened), Experience.ownExperience",
  },
  { area: "campaign", kind: "rollTable", from: ["tables"], by: "Loot (the firearm table)" },
  { area: "campaign", kind: "gainItem", from: ["tables"], by: "Loot" },
  {
    area: "campaign",
    kind: "reroll",
    selects: "loot",
    unconditional: true,
    uses: ["aftermath"],
    from: ["backgrounds", "skills", "marks", "gifts"],
    by: "Loot.lootRerolls",
  },
  // Hooks the campaign runs by name, reading their params.
  ...(
    [
      ["core/corner-shop-laid-up", "Casualties"],
      ["core/tower-block-meds", "Casualties"],
      ["core/the-local-cellar-die", "Upkeep"],
      ["core/waive-season-need", "Upkeep"],
      ["core/pay-fuel", "Upkeep.upkeepRules"],
      ["core/unmet-need", "Upkeep.upkeepRules"],
      ["core/hunger", "Upkeep.upkeepRules"],
      ["core/hollowed-laid-to-rest", "RaidRecord (the slain Hollowed whose slain trigger names it)"],
      ["core/clean-street", "NextRaid.carryOver (a status for the next raid, read at its set-up)"],
    ] as const
  ).map(([hook, by]): Interpretation => ({ area: "campaign", kind: "hook", selects: hook, by })),
]
