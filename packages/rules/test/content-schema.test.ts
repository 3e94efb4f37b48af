import { readFileSync } from "node:fs"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { problemsOf } from "../src/content/Issues.js"
import { Fragment, Manifest } from "../src/content/Pack.js"
import { satisfies } from "../src/content/Semver.js"
import { entrySchemas } from "../src/content/schema/Entries.js"
import { BASE_SURVIVOR } from "../src/content/schema/Profile.js"
import { KINDS, Slug } from "../src/terms/Ids.js"

// reportInput: effect 4 keeps the rejected values (for "got 4") only when asked.
const strict = { errors: "all", onExcessProperty: "error", reportInput: true } as const
const check = (schema: Schema.Codec<unknown, unknown>, value: unknown) => {
  const r = Schema.decodeUnknownResult(schema, strict)(value)
  return Result.isFailure(r) ? problemsOf(r.failure).map((p) => `${p.path}: ${p.message}`) : []
}

const authoring = readFileSync(new URL("../src/content/AUTHORING.md", import.meta.url), "utf8")
const examples = [...authoring.matchAll(/```json\n([\s\S]*?)\n```/g)].map(
  (m) => JSON.parse(m[1]!) as Record<string, unknown>,
)

const pistol = {
  id: "pistol",
  name: "Pistol",
  provenance: "provisional",
  type: "ranged",
  firearm: true,
  dice: 1,
  damage: 1,
  range: 12,
  mag: 6,
  noise: 1,
  rarity: "common",
  cost: 12,
  ammunition: "reloads",
  countsTowardLimit: true,
}

describe("entry schemas", () => {
  it("AUTHORING.md has one example of every kind, and every example decodes", () => {
    const fragments = examples
    const kinds = new Set(fragments.flatMap((e) => Object.keys(e)))
    expect([...kinds].sort()).toEqual([...KINDS].sort())
    for (const e of fragments) expect(check(Fragment as Schema.Codec<unknown, unknown>, e)).toEqual([])
  })

  it("B-PROFILE-06 the base survivor is M5 F2 S2 W2 N2 H2", () => {
    expect(BASE_SURVIVOR).toMatchObject({ move: 5, fight: 2, shoot: 2, wits: 2, nerve: 2, health: 2 })
  })

  it("a table without its `table` discriminator is told the choices", () => {
    expect(
      check(entrySchemas.tables as Schema.Codec<unknown, unknown>, {
        id: "x",
        name: "X",
        provenance: "rules",
        die: "d6",
        rows: [],
      }),
    ).toEqual([
      'table: is missing; one of: "casualty" | "loot" | "stranger" | "gifts" | "marks" | "congregation" | "plain"',
    ])
  })

  it("ids are slugs", () => {
    const is = Schema.is(Slug)
    expect(["husk", "thorn-matriarch", "r2-d2"].every(is)).toBe(true)
    expect(["Husk", "thorn_matriarch", "-a", "a--b", "", "a".repeat(65)].some(is)).toBe(false)
  })

  it("rejects unknown keys in any entry", () => {
    for (const kind of KINDS) {
      const entry = {
        id: "x",
        name: "X",
        provenance: "rules",
        colour: "red",
        ...(kind === "tables" ? { table: "plain" } : {}),
      }
      const p = check(entrySchemas[kind] as Schema.Codec<unknown, unknown>, entry)
      expect(
        p.some((x) => x.startsWith("colour: is unexpected")),
        kind,
      ).toBe(true)
    }
  })

  it("B-NOISE-01 B-MARKET-01 a weapon's Noise is 0–3, and a ranged weapon has a range and (with Reloads) a Mag", () => {
    expect(check(entrySchemas.weapons as Schema.Codec<unknown, unknown>, pistol)).toEqual([])
    expect(check(entrySchemas.weapons as Schema.Codec<unknown, unknown>, { ...pistol, noise: 4 })).toEqual([
      "noise: expected 0 to 3 (Noise: 0 Quiet, 1 Loud, 2 Very loud, 3 Deafening), got 4",
    ])
    const { range: _range, mag: _mag, ...bare } = pistol
    expect(check(entrySchemas.weapons as Schema.Codec<unknown, unknown>, bare).sort()).toEqual([
      "mag: a weapon that uses Reloads has a Mag (B-AMMO-01)",
      "range: a ranged or thrown weapon has a range",
    ])
    expect(
      check(entrySchemas.weapons as Schema.Codec<unknown, unknown>, {
        ...pistol,
        type: "melee",
        range: undefined,
        mag: undefined,
        ammunition: "none",
      }),
    ).toEqual([])
  })

  it("B-BLAST-02 B-FOUNDING-06 a blast weapon outside the 2-weapon limit", () => {
    const molotov = examples.find((e) => "weapons" in e)!.weapons as Array<Record<string, unknown>>
    const m = molotov.find((w) => w.id === "molotov")!
    expect(m).toMatchObject({ countsTowardLimit: false, traits: { blast: { radius: 2, dice: 2 } } })
    expect(check(entrySchemas.weapons as Schema.Codec<unknown, unknown>, m)).toEqual([])
  })

  it("B-PROFILE-07 a background's two skill lists must differ", () => {
    const doctor = (
      examples.find((e) => "backgrounds" in e)!.backgrounds as Array<Record<string, unknown>>
    )[0]!
    expect(
      check(entrySchemas.backgrounds as Schema.Codec<unknown, unknown>, {
        ...doctor,
        skillLists: ["grit", "grit"],
      }),
    ).toEqual(["skillLists: the two skill lists must differ"])
  })

  it("a manifest has a semver version, the ruleset the-blight@0.3.0, and semver ranges", () => {
    const m = {
      id: "p",
      name: "P",
      version: "1.0.0",
      ruleset: "the-blight@0.3.0",
      licence: "MIT",
      author: "me",
    }
    expect(check(Manifest as Schema.Codec<unknown, unknown>, m)).toEqual([])
    expect(check(Manifest as Schema.Codec<unknown, unknown>, { ...m, version: "1.0" })).toEqual([
      'version: a version is semver, e.g. "0.3.0"',
    ])
    expect(
      check(Manifest as Schema.Codec<unknown, unknown>, { ...m, ruleset: "the-blight@0.2.0" })[0],
    ).toMatch(/^ruleset: /)
    expect(
      check(Manifest as Schema.Codec<unknown, unknown>, {
        ...m,
        requires: [{ pack: "core", version: "^^1" }],
      }),
    ).toEqual(['requires[0].version: not a semver range: "^^1" (e.g. "^0.3.0")'])
  })

  it("semver ranges: ^, ~, comparators, x-ranges, ||", () => {
    expect(satisfies("0.3.0", "^0.3.0")).toBe(true)
    expect(satisfies("0.4.0", "^0.3.0")).toBe(false)
    expect(satisfies("1.9.2", "^1.2.0")).toBe(true)
    expect(satisfies("2.0.0", "^1.2.0")).toBe(false)
    expect(satisfies("1.2.9", "~1.2.0")).toBe(true)
    expect(satisfies("1.3.0", "~1.2.0")).toBe(false)
    expect(satisfies("1.5.0", ">=1.0.0 <2.0.0")).toBe(true)
    expect(satisfies("1.5.0", "1.x")).toBe(true)
    expect(satisfies("3.0.0", "1.x || >=3")).toBe(true)
    expect(satisfies("0.3.0", "*")).toBe(true)
    expect(satisfies("0.3.0-beta", "0.3.0")).toBe(false)
  })
})
