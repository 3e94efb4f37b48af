/**
 * Homebrew packs written for vocabulary v1 keep loading (R-CONTENT-33): a core hook that v2 says
 * in words is read as those words, keeping the effect's `when`, `scope` and `uses`; its old params
 * are still checked, by the old hook's schema, with the path.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadWithCore } from "../src/content/core/index.js"
import { formatProblem } from "../src/content/Problem.js"
import { LEGACY_HOOKS, upgradeLegacy } from "../src/vocabulary/Legacy.js"

const manifest = {
  id: "old-pack",
  name: "An old pack",
  version: "1.0.0",
  ruleset: "the-blight@0.3.0",
  requires: [{ pack: "the-blight", version: "^0.3.0" }],
  licence: "CC0-1.0",
  author: "tests",
}

/** A v1 pack: a knife-like weapon with the old Crit hook, a skill with the old quiet hook under a `when`. */
const oldPack = (critParams: unknown = { damage: 2 }) => ({
  manifest,
  weapons: [
    {
      id: "cleaver",
      name: "Cleaver",
      provenance: "provisional",
      type: "melee",
      dice: 1,
      damage: 1,
      noise: 1,
      cost: 4,
      rarity: "common",
      ammunition: "none",
      countsTowardLimit: true,
      traits: {
        crit: {
          text: "Crit: +2 Damage.",
          effects: [{ kind: "hook", hook: "core/crit-damage", params: critParams }],
        },
      },
    },
  ],
  skills: [
    {
      id: "cat-feet",
      name: "Cat Feet",
      provenance: "provisional",
      list: "stealth",
      text: "Sprinting in cover makes no Noise.",
      effects: [
        {
          kind: "hook",
          hook: "core/quiet-action",
          params: { actions: ["sprint"] },
          when: { inCover: "any" },
        },
      ],
    },
  ],
})

describe("vocabulary v1 packs (vocabulary/Legacy.ts)", () => {
  it("R-CONTENT-33 a pack naming v1 hooks loads, its hooks read as the v2 words (when/scope/uses kept)", () => {
    const r = loadWithCore([{ source: "old-pack.json", data: oldPack() }])
    if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
    expect(r.success.get("weapons", "cleaver")?.traits?.crit?.effects).toEqual([
      { kind: "damageModifier", value: 2, on: "crit" },
    ])
    expect(r.success.get("skills", "cat-feet")?.effects).toEqual([
      { kind: "actionNoise", actions: ["sprint"], value: 0, when: { inCover: "any" } },
    ])
  })

  it("R-CONTENT-33 a v1 hook's params are checked by its old schema, with the path, and nothing loads", () => {
    const r = loadWithCore([{ source: "old-pack.json", data: oldPack({ damage: 9 }) }])
    expect(Result.isFailure(r) && r.failure.problems.map(formatProblem)).toEqual([
      expect.stringMatching(/^old-pack\.json: weapons\[0\]\.traits\.crit\.effects\[0\]\.params\.damage: /),
    ])
  })

  it("R-CONTENT-33 every v1 hook upgrades to an effect the v2 schema accepts", () => {
    const samples: Record<string, unknown> = {
      "core/bonus-xp": { xp: 1 },
      "core/no-panic": {},
      "core/jam-threshold": { ones: 3 },
      "core/free-reload": { perActivation: 1 },
      "core/quiet-action": { actions: ["sprint"] },
      "core/heal": { health: 1 },
      "core/crit-damage": { damage: 1 },
      "core/gain-weapon": { weapon: "pistol" },
      "core/ignores-terrain": { mode: "burrowing" },
      "core/untargetable-beyond": { inches: 12 },
      "core/night-sight": { inches: 12 },
      "core/reloading-bench": { salvage: 3, reloads: 1 },
      "core/congregation-market": {
        weapons: "commonMelee",
        kit: "common",
        maxArmour: 1,
        reloads: false,
        sellAmber: false,
      },
    }
    expect(Object.keys(samples).sort()).toEqual(Object.keys(LEGACY_HOOKS).sort())
    for (const [hook, params] of Object.entries(samples)) {
      const r = upgradeLegacy([{ kind: "hook", hook, params }])
      expect(r.problems, hook).toEqual([])
      const [upgraded] = r.data as Array<{ kind: string }>
      expect(upgraded?.kind, hook).not.toBe("hook")
    }
  })
})
