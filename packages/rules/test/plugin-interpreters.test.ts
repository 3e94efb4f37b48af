import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { battleInterpretations } from "../src/battle/Interpretations.js"
import { campaignInterpretations } from "../src/campaign/Interpretations.js"
import { coreRegistry, loadWithCore } from "../src/content/core/index.js"
import { CONGREGATION_MARKET_KIND, CONGREGATION_MAX_ARMOUR } from "../src/refuge/CongregationMarket.js"
import { builderInterpretations } from "../src/refuge/Interpretations.js"
import { KINDS } from "../src/terms/Ids.js"
import type { Effect } from "../src/vocabulary/Effect.js"
import {
  AREAS,
  areaOf,
  BUILDER_AREAS,
  effectsOf,
  type FoundEffect,
  uninterpreted,
} from "../src/vocabulary/Interpreters.js"

// Every area's declarations.
const declared = [...builderInterpretations, ...battleInterpretations, ...campaignInterpretations]
const core = coreRegistry()
const found = effectsOf(KINDS.flatMap((kind) => core.list(kind).map((entry) => ({ kind, entry }))))
// Every loaded pack: the core pack and the example homebrew pack on top of it.
const homebrew = Result.getOrThrow(
  loadWithCore(
    ["flooded-quarter.json", "harsher-husks.json"].map((f) => ({
      source: f,
      data: JSON.parse(
        readFileSync(new URL(`../../../examples/homebrew-pack/${f}`, import.meta.url), "utf8"),
      ),
    })),
  ),
)
const allFound = effectsOf(KINDS.flatMap((kind) => homebrew.list(kind).map((entry) => ({ kind, entry }))))
const at = (path: string): FoundEffect => {
  const f = found.find((x) => x.path === path)
  if (!f) throw new Error(`no effect at ${path}`)
  return f
}

describe("nothing silent: every core effect has code that reads it", () => {
  it("the core pack's profile, founding, Market and home effects are all interpreted", () => {
    expect(found.length).toBeGreaterThan(200)
    expect(uninterpreted(found, declared)).toEqual([])
  })

  it("B-MARKET-02 R-CONTENT-26 effects are classified by what they select and where they sit", () => {
    const area = (p: string) => areaOf(at(p), declared)
    expect(area("backgrounds[office-worker].knack.effects[0]")).toBe("market")
    expect(area("backgrounds[shopkeeper].knack.effects[0]")).toBe("market")
    expect(area("marks[pale-shoots].effects[0]")).toBe("market")
    expect(area("leader[leader].effects[0]")).toBe("profile")
    expect(area("kit[helmet].effects[0]")).toBe("profile")
    expect(area("skills[hard-to-kill].effects[0]")).toBe("campaign") // the Casualty die
    expect(area("improvements[reloading-bench].effects[0]")).toBe("home")
    // Inside a trigger, the event decides; inside a granted action, it is a battle effect.
    const upkeep = found.find((f) => f.within[0]?.kind === "trigger" && f.effect.kind === "stores")!
    expect(areaOf(upkeep)).toBe("campaign")
    const order = found.find((f) => f.within[0]?.kind === "grantAction")!
    expect(areaOf(order)).toBe("battle")
  })

  it("an effect the builder's code would not read fails the check, naming its path", () => {
    const homebrew: Array<[string, Effect]> = [
      // a condition the Market does not evaluate
      [
        "backgrounds[x].knack.effects[0]",
        { kind: "dieModifier", die: "market.availability", value: 1, when: { season: "winter" as never } },
      ],
      // a re-roll counted per campaign: the Market cannot count it
      [
        "backgrounds[x].knack.effects[1]",
        { kind: "reroll", roll: "market.availability", dice: "one", uses: { per: "campaign", times: 1 } },
      ],
      // a Market modifier on an improvement: the Market reads survivors' rules only
      ["improvements[x].effects[0]", { kind: "dieModifier", die: "market.availability", value: 1 }],
    ]
    const entries = homebrew.map(([path, effect]) => ({
      effect,
      path,
      entryKind: path.startsWith("improvements") ? ("improvements" as const) : ("backgrounds" as const),
      within: [],
    }))
    expect(uninterpreted(entries, declared).map((u) => `${u.area} ${u.path}`)).toEqual([
      "market backgrounds[x].knack.effects[0]",
      "market backgrounds[x].knack.effects[1]",
      "market improvements[x].effects[0]",
    ])
    expect(BUILDER_AREAS).toContain("market")
  })

  it("a v2 word the raid engine reads only unconditionally is reported when it carries a `when`", () => {
    const effect: Effect = { kind: "damageModifier", value: 1, on: "crit", when: { round: 1 } }
    const entry = {
      effect,
      path: "weapons[x].traits.crit.effects[0]",
      entryKind: "weapons" as const,
      within: [],
    }
    expect(uninterpreted([entry], declared, AREAS)).toEqual([
      { area: "battle", path: "weapons[x].traits.crit.effects[0]", kind: "damageModifier", selects: "crit" },
    ])
    expect(uninterpreted([{ ...entry, effect: { ...effect, when: undefined } }], declared, AREAS)).toEqual([])
  })

  it("B-CONGREGATION-07 B-CONGREGATION-08 R-BUILDER-01 the Grove's Market hook states the limits the Market enforces", () => {
    const limit = found.find((f) => f.effect.kind === CONGREGATION_MARKET_KIND)!
    expect(limit.path).toMatch(/^homes\[grove\]/)
    expect(limit.effect).toMatchObject({
      weapons: "commonMelee",
      kit: "common",
      maxArmour: CONGREGATION_MAX_ARMOUR,
      reloads: false,
      sellAmber: false,
    })
  })

  it("nothing silent: every effect kind, hook and trigger event of every loaded pack (core + examples/homebrew-pack) has an interpreter in the engine, but the allow-list below", () => {
    expect(allFound.length).toBeGreaterThan(found.length)
    const silent = uninterpreted(allFound, declared, AREAS).map((u) => u.path)
    // A new effect nothing reads fails here: give it an interpreter (or, with a reason, a line below).
    expect(silent.filter((p) => !(p in STILL_SILENT))).toEqual([])
    // And the list holds only what is still silent: an entry the engine learns must leave it.
    expect(Object.keys(STILL_SILENT).filter((p) => !silent.includes(p))).toEqual([])
  })

  it("docs/content-gaps.md lists every allow-listed entry", () => {
    const doc = readFileSync(new URL("../../../docs/content-gaps.md", import.meta.url), "utf8")
    const section = doc.slice(doc.indexOf("## Effects the engine does not act on yet"))
    for (const path of Object.keys(STILL_SILENT)) {
      const [, kind, id] = /^([a-zA-Z]+)\[([^\]]+)\]/.exec(path)!
      expect(section, path).toContain(`${kind}[${id}]`)
    }
  })

  it("B-OBJECTIVE-04 every core hook has engine code that acts on it: none is allow-listed", () => {
    const hooks = Object.keys(STILL_SILENT).flatMap((p) => {
      const f = allFound.find((x) => x.path === p)
      return f?.effect.kind === "hook" ? [f.effect.hook] : []
    })
    expect(hooks).toEqual([])
  })
})

/**
 * Effects of the loaded packs that no engine code reads yet, each with the reason. The list may
 * only shrink (the test above fails on a stale line as well as on a new silent effect). Also in
 * docs/content-gaps.md ("Effects the engine does not act on yet").
 */
const STILL_SILENT: Readonly<Record<string, string>> = {}
