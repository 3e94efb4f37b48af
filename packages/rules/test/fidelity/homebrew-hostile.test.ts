/**
 * Hostile packs (docs/homebrew.md § References, replacing, loading; R-CONTENT-41): wrong types,
 * unknown ids, loops, duplicates, huge lists and strings, deep nesting, an unknown effect kind.
 * Each is refused with its path and what is wrong, the report is bounded, and nothing loads.
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { loadWithCore } from "../../src/content/core/index.js"
import { MAX_PROBLEMS } from "../../src/content/Loader.js"
import { formatProblem } from "../../src/content/Problem.js"
import { homebrewManifest } from "../fixtures/homebrew.js"

const manifest = homebrewManifest("rogue", "Rogue")
const skill = (over: Record<string, unknown> = {}) => ({
  id: "sly",
  name: "Sly",
  provenance: "provisional",
  list: "brawn",
  text: "Sly.",
  ...over,
})

/** The problems of loading these packs over the core pack (none: it loaded). */
const problemsOf = (...packs: Array<{ source: string; data: unknown }>): string[] => {
  const r = loadWithCore(packs)
  return Result.isFailure(r) ? r.failure.problems.map(formatProblem) : []
}
const pack = (entries: Record<string, unknown>, m: unknown = manifest) => ({
  source: "rogue.json",
  data: { manifest: m, ...entries },
})

describe("hostile packs get a clear error naming the path and the rule, and nothing loads", () => {
  it("a wrong type names the field and what was expected", () => {
    expect(problemsOf(pack({ skills: [skill({ name: 5 })] }))).toEqual([
      "rogue.json: skills[0].name: Expected string, actual 5",
    ])
  })

  it("R-CONTENT-05 an unknown id is named, with the kind it should be and the nearest id", () => {
    expect(problemsOf(pack({ skills: [skill({ list: "brawnn" })] }))).toEqual([
      'rogue.json: skills[0].list: unknown skill list "brawnn" (no such id in "skillLists"); did you mean "brawn"?',
    ])
  })

  it("an effect naming an unknown kind lists the kinds", () => {
    const [p, ...rest] = problemsOf(pack({ skills: [skill({ effects: [{ kind: "teleport", value: 1 }] })] }))
    expect(rest).toEqual([])
    expect(p).toMatch(/^rogue\.json: skills\[0\]\.effects\[0\]\.kind: expected one of: "statModifier" \| /)
    expect(p).toContain('"spawn"')
  })

  it("R-CONTENT-02 a duplicate id names both places", () => {
    expect(problemsOf(pack({ skills: [skill(), skill()] }))).toEqual([
      'rogue.json: skills[1].id: duplicate skill id "sly" (also skills[0])',
    ])
  })

  it("R-CONTENT-41 a string past 20,000 characters is refused at its path", () => {
    expect(problemsOf(pack({ skills: [skill({ text: "x".repeat(1_000_000) })] }))).toEqual([
      "rogue.json: skills[0].text: a text of 1000000 characters; at most 20000 are allowed (R-CONTENT-41)",
    ])
  })

  it("R-CONTENT-41 a list past 5,000 items is refused at its path, without checking each item", () => {
    const skills = Array.from({ length: 6000 }, (_, i) => skill({ id: `s${i}` }))
    expect(problemsOf(pack({ skills }))).toEqual([
      "rogue.json: skills: a list of 6000 items; at most 5000 are allowed (R-CONTENT-41)",
    ])
  })

  it("R-CONTENT-41 a thousand bad entries: the first 200 problems, and a line saying how many more", () => {
    const skills = Array.from({ length: 1000 }, (_, i) => skill({ id: `s${i}`, name: 5 }))
    const problems = problemsOf(pack({ skills }))
    expect(problems).toHaveLength(MAX_PROBLEMS + 1)
    expect(problems[0]).toBe("rogue.json: skills[0].name: Expected string, actual 5")
    expect(problems.at(-1)).toBe(
      "rogue.json: and 800 more problems, not listed (at most 200 are, R-CONTENT-41)",
    )
  })

  it("R-CONTENT-41 nesting past 64 levels is refused at the deepest path it reached", () => {
    let when: unknown = { round: 1 }
    for (let i = 0; i < 1000; i++) when = { not: when }
    const problems = problemsOf(pack({ skills: [skill({ effects: [{ kind: "noise", value: 1, when }] })] }))
    expect(problems[0]).toMatch(
      /^rogue\.json: skills\[0\]\.effects\[0\]\.when(\.not)+: nested more than 64 levels deep$/,
    )
    expect(problems.length).toBeLessThanOrEqual(2)
  })

  it("unsafe keys are refused anywhere", () => {
    const data = JSON.parse(
      `{"manifest": ${JSON.stringify(manifest)}, "skills": [{"id":"sly","name":"Sly","provenance":"provisional","list":"brawn","text":"t","__proto__":{"polluted":1}}]}`,
    )
    expect(problemsOf({ source: "rogue.json", data })).toEqual([
      'rogue.json: skills[0].__proto__: the key "__proto__" is not allowed in pack data',
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("R-CONTENT-03 packs that require each other are named as the loop", () => {
    const requiring = (id: string, other: string) => ({
      source: `${id}.json`,
      data: {
        manifest: {
          ...homebrewManifest(id, id),
          requires: [...manifest.requires, { pack: other, version: "*" }],
        },
      },
    })
    const problems = problemsOf(requiring("a", "b"), requiring("b", "a"))
    expect(problems[0]).toBe(
      'b.json: manifest.requires[1]: packs require each other: "a" → "b" → "a"; a pack can only require packs that load before it (R-CONTENT-03)',
    )
    expect(problemsOf(requiring("a", "a"))[0]).toContain('packs require each other: "a" → "a"')
  })

  it("not an object at all", () => {
    for (const data of [42, null, [1, 2], "pack"])
      expect(problemsOf({ source: "rogue.json", data })).toEqual([
        "rogue.json: a pack is a JSON object with a manifest and entries by kind",
      ])
  })

  it("B-SETUP-04 B-SETUP-05 B-SETUP-07 a scenario asking a raid for a huge count of Lairs, Loot, lurkers or Din dice is refused at its path", () => {
    const data = JSON.parse(
      readFileSync(
        new URL("../../../../examples/homebrew-pack/flooded-quarter.json", import.meta.url),
        "utf8",
      ),
    )
    const scenario = data.scenarios[0]
    data.scenarios[0] = {
      ...scenario,
      setup: { ...scenario.setup, lairs: 9, lootTokens: 1e9, lurking: 21 },
      dinDice: 13,
    }
    expect(problemsOf({ source: "huge.json", data })).toEqual([
      "huge.json: scenarios[0].setup.lairs: at most 8 Lairs (a board holds at most 8, B-SETUP-04)",
      "huge.json: scenarios[0].setup.lurking: at most 20 lurking creatures (B-SETUP-07)",
      "huge.json: scenarios[0].setup.lootTokens: at most 20 Loot tokens (a board names at most 20 places, B-SETUP-05)",
      "huge.json: scenarios[0].dinDice: at most 12 extra Din dice (B-SCENARIO-02, B-DIN-01)",
    ])
  })

  it("R-CONTENT-03 with one bad pack among good ones, none of them loads", () => {
    const good = pack({ skills: [skill()] })
    expect(problemsOf(good)).toEqual([])
    const bad = {
      source: "bad.json",
      data: { manifest: homebrewManifest("bad", "Bad"), skills: [skill({ name: 5 })] },
    }
    const r = loadWithCore([good, bad])
    expect(Result.isFailure(r)).toBe(true)
    expect(Result.isFailure(r) && r.failure.problems.map(formatProblem)).toEqual([
      "bad.json: skills[0].name: Expected string, actual 5",
    ])
  })
})

describe("docs/homebrew.md § Reading the problems", () => {
  it("R-CONTENT-02 the three mistakes shown are what the loader says, line for line", () => {
    const doc = readFileSync(new URL("../../../../docs/homebrew.md", import.meta.url), "utf8")
    const shown = /```text\n(three\.json:[\s\S]*?)\n```/.exec(doc)![1]!.split("\n")
    const data = JSON.parse(
      readFileSync(
        new URL("../../../../examples/homebrew-pack/flooded-quarter.json", import.meta.url),
        "utf8",
      ),
    )
    const lurker = data.creatures[0]
    data.creatures = [{ ...lurker, behaviour: "drifterr" }, lurker]
    data.scenarios[0].rewards[1].amount = "2d6 + 1"
    expect([...problemsOf({ source: "three.json", data })].sort()).toEqual([...shown].sort())
  })
})

describe("docs/homebrew.md § References, replacing, loading: each listed problem, at its path", () => {
  const lesser = JSON.parse(
    readFileSync(new URL("../../src/content/core/encounters.json", import.meta.url), "utf8"),
  ).encounters[0]
  const table = (rows: unknown[]) => ({ ...lesser, id: "homebrew-lesser", rows })
  const cases: Array<[string, Record<string, unknown>, unknown, string]> = [
    [
      "an Encounter table with a gap",
      { encounters: [table(lesser.rows.slice(1))] },
      manifest,
      "rogue.json: encounters[0].rows: no row for result 1 (the table has 11 rows)",
    ],
    [
      "an Encounter table with an overlap",
      { encounters: [table([...lesser.rows, lesser.rows[0]])] },
      manifest,
      "rogue.json: encounters[0].rows[12].key: result 1 is also covered by row 0",
    ],
    [
      "a bad dice expression",
      { skills: [skill({ effects: [{ kind: "spawn", creature: "husk", count: "2d6 + 1", at: "lair" }] })] },
      manifest,
      'rogue.json: skills[0].effects[0].count: expected something like "d6", "2d6+1", "3d6x10", "d%", "d3", "d66" or "half", with no spaces',
    ],
    [
      "a hook's bad params",
      {
        skills: [
          skill({ effects: [{ kind: "hook", hook: "core/order", params: { range: "far", dice: 1 } }] }),
        ],
      },
      manifest,
      'rogue.json: skills[0].effects[0].params.range: Expected number, actual "far"',
    ],
    [
      "a missing required pack",
      {},
      { ...manifest, requires: [...manifest.requires, { pack: "nope", version: "^1.0.0" }] },
      'rogue.json: manifest.requires[1]: requires pack "nope" (^1.0.0), which is not loaded (R-CONTENT-03)',
    ],
    [
      "replacing nothing",
      { skills: [skill({ replaces: "the-blight" })] },
      manifest,
      'rogue.json: skills[0].replaces: pack "the-blight" has no skill "sly" to replace (R-CONTENT-02)',
    ],
    [
      "naming core without requiring it",
      { skills: [skill()] },
      { ...manifest, requires: [] },
      'rogue.json: skills[0].list: skill list "brawn" comes from pack "the-blight", which this pack does not require: add { "pack": "the-blight", "version": "^0.3.0" } to manifest.requires (R-CONTENT-05)',
    ],
    [
      "an unknown field",
      { skills: [skill({ colour: "red" })] },
      manifest,
      'rogue.json: skills[0].colour: is unexpected, expected: "id" | "name" | "provenance" | "clauses" | "notes" | "replaces" | "list" | "text" | "effects"',
    ],
    [
      "a spawn naming both a creature and a table",
      {
        skills: [skill({ effects: [{ kind: "spawn", creature: "husk", encounter: "lesser", at: "lair" }] })],
      },
      manifest,
      "rogue.json: skills[0].effects[0].creature: a spawn names exactly one of `creature` or `encounter`",
    ],
  ]
  for (const [what, entries, m, problem] of cases)
    it(`${what}: refused, naming the path`, () => {
      expect(problemsOf(pack(entries, m))).toEqual([problem])
    })

  it("an unregistered hook names itself and lists the registered ones", () => {
    const [p, ...rest] = problemsOf(
      pack({ skills: [skill({ effects: [{ kind: "hook", hook: "my/none" }] })] }),
    )
    expect(rest).toEqual([])
    expect(p).toMatch(
      /^rogue\.json: skills\[0\]\.effects\[0\]\.hook: no code hook named "my\/none" is registered \(registered: core\//,
    )
  })
})
