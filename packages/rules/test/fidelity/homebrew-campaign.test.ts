/**
 * Fidelity, scripted: a homebrew pack's rules between raids, written as docs/homebrew.md says: an
 * Upkeep trigger whose `stores` amount is dice ("A count or amount may be a number or dice").
 */
import { readFileSync } from "node:fs"
import { describe, expect, it } from "vitest"
import { battleInterpretations } from "../../src/battle/Interpretations.js"
import { envOf } from "../../src/campaign/Campaign.js"
import { Ctx } from "../../src/campaign/Context.js"
import type { Draft } from "../../src/campaign/Evolve.js"
import { campaignInterpretations } from "../../src/campaign/Interpretations.js"
import { upkeep } from "../../src/campaign/Upkeep.js"
import { builderInterpretations } from "../../src/refuge/Interpretations.js"
import { silentEffects } from "../../src/vocabulary/Interpreters.js"
import { campaign } from "../campaign/helpers.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

/** The core Corner Shop, replaced by one whose perk brings d3 Rations (or `amount`) each Upkeep. */
const shopWith = (amount: number | string, boosted?: boolean) => {
  const homes = JSON.parse(
    readFileSync(new URL("../../src/content/core/homes.json", import.meta.url), "utf8"),
  )
  const shop = homes.homes.find((h: { id: string }) => h.id === "corner-shop")
  return envOf(
    homebrewRegistry("market-garden", {
      homes: [
        {
          ...shop,
          replaces: "the-blight",
          perk: {
            name: "Market garden",
            text: "d3 Rations each Upkeep.",
            effects: [
              {
                kind: "trigger",
                on: "aftermath.upkeep",
                do: [
                  {
                    kind: "stores",
                    store: "rations",
                    amount,
                    reason: "The market garden",
                    ...(boosted === undefined ? {} : { boosted }),
                  },
                ],
              },
            ],
          },
        },
      ],
    }),
  )
}

/** Step 6 alone for Wharfside (the Corner Shop) in the Waking, with dice typed in: its income. */
const income = (e: ReturnType<typeof envOf>, dice: number[]) => {
  const c = campaign()
  const draft = structuredClone({ ...c.state, season: "the-waking" }) as Draft
  const ctx = new Ctx(
    draft,
    e,
    dice.map((f) => [f]),
  )
  upkeep(ctx, 0)
  return draft.refuges[0]!.refuge.ledger.filter((l) => l.reason === "The market garden").map((l) => l.amount)
}

describe("Upkeep income from a homebrew Home (docs/homebrew.md § Dice and tables, B-UPKEEP-01)", () => {
  it("B-UPKEEP-01 a number is posted as it is", () => {
    expect(income(shopWith(2), [])).toEqual([2])
  })

  it("B-UPKEEP-01 dice are rolled: d3 on a 5 is 3 Rations", () => {
    expect(income(shopWith("d3"), [5])).toEqual([3])
  })

  it("B-LOOT-03 `boosted: true` applies the reward boost: 3 Rations +10%, rounded up, is 4", () => {
    expect(income(shopWith(3, true), [])).toEqual([4])
    expect(income(shopWith(3, false), [])).toEqual([3])
  })
})

describe("docs/homebrew.md § Effect kinds, `stores`", () => {
  it("B-UPKEEP-01 a `stores` outside a trigger has no event to happen on, and the validator's check says so", () => {
    const declared = [...builderInterpretations, ...battleInterpretations, ...campaignInterpretations]
    const perk = (effects: unknown[]) => ({
      kind: "homes" as const,
      pack: "x",
      entry: { id: "shack", perk: { name: "P", text: "t", effects } },
    })
    const bare = { kind: "stores", store: "rations", amount: 1, reason: "The Grove grows food" }
    expect(silentEffects([perk([bare])], declared).map((s) => s.path)).toEqual([
      "homes[shack].perk.effects[0]",
    ])
    expect(
      silentEffects([perk([{ kind: "trigger", on: "aftermath.upkeep", do: [bare] }])], declared),
    ).toEqual([])
  })
})
