import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { type LoadOptions, loadPacks, type PackInput } from "../src/content/Loader.js"
import { formatProblem, type Problem } from "../src/content/Problem.js"
import type { Registry } from "../src/content/Registry.js"
import { defineHook, makeHookRegistry } from "../src/vocabulary/Hooks.js"

const hooks = makeHookRegistry([
  defineHook("test/flood", {
    summary: "a test hook",
    points: ["effect"],
    params: Schema.Struct({ radius: Schema.Number }),
    facts: Schema.Struct({}),
    run: () => ({}),
  }),
])

const manifest = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  version: "1.0.0",
  ruleset: "the-blight@0.3.0",
  licence: "MIT",
  author: "tests",
  ...extra,
})

const hunter = {
  id: "hunter",
  name: "Hunter",
  provenance: "rules",
  text: "Hunts by Noise.",
  start: "placed",
  moveTowards: [{ among: "survivors", filter: ["withinSenses", "hasNoise"], rank: ["mostNoise", "nearest"] }],
  otherwise: "driftToCentre",
  attack: { kind: "target" },
  huntsByNoise: true,
}
const creature = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: id,
  provenance: "provisional",
  faction: "blight",
  move: 4,
  fight: 2,
  weapon: { dice: 0, damage: 1 },
  health: 2,
  armour: 0,
  initiative: 1,
  senses: 12,
  behaviour: "hunter",
  infectious: 1,
  dread: 0,
  xp: 1,
  ...extra,
})
const encounterRows = (n: number) =>
  Array.from({ length: n }, (_, i) => ({
    key: i + 1,
    result: { creatures: [{ creature: "husk", count: 1 }] },
  }))

/** A small base pack standing in for the core pack. */
const base = () => ({
  manifest: manifest("base", { version: "0.3.0" }),
  behaviours: [hunter],
  creatures: [creature("husk"), creature("thornhound")],
  encounters: [
    {
      id: "lesser",
      name: "Lesser",
      provenance: "provisional",
      tier: "lesser",
      die: "half",
      rows: encounterRows(12),
    },
  ],
})

const load = (packs: unknown[], options: LoadOptions = {}) =>
  loadPacks(
    packs.map((data, i): PackInput => ({ source: `pack${i}`, data })),
    { hooks, ...options },
  )
const problems = (packs: unknown[], options: LoadOptions = {}): Problem[] => {
  const r = load(packs, options)
  return Result.isFailure(r) ? [...r.failure.problems] : []
}
const ok = (packs: unknown[]): Registry => {
  const r = load(packs)
  if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
  return r.success
}
const homebrew = (extra: Record<string, unknown>) => ({
  manifest: manifest("homebrew", { requires: [{ pack: "base", version: "^0.3.0" }] }),
  ...extra,
})

describe("the pack loader", () => {
  it("loads a valid pack into a registry that says where each entry came from", () => {
    const r = ok([
      base(),
      homebrew({ creatures: [creature("canal-lurker", { escorts: [{ creature: "husk", count: "d3" }] })] }),
    ])
    expect(r.list("creatures").map((c) => c.id)).toEqual(["husk", "thornhound", "canal-lurker"])
    expect(r.packOf("creatures", "canal-lurker")).toBe("homebrew")
    expect(r.packOf("creatures", "husk")).toBe("base")
    expect(r.get("behaviours", "hunter")?.huntsByNoise).toBe(true)
    expect(r.get("creatures", "nope")).toBeUndefined()
    expect(r.packs.map((p) => p.id)).toEqual(["base", "homebrew"])
  })

  it("reports all three problems of a pack with three different errors, each with its path", () => {
    const p = problems([
      base(),
      homebrew({
        creatures: [
          creature("canal-lurker", { behaviour: "drifter" }), // unknown reference
          creature("canal-lurker"), // duplicate id
          creature("eel", { health: "lots" }), // schema error
        ],
      }),
    ])
    expect(p.map((x) => x.path).sort()).toEqual([
      "creatures[0].behaviour",
      "creatures[1].id",
      "creatures[2].health",
    ])
    expect(p.find((x) => x.path === "creatures[0].behaviour")?.message).toMatch(/unknown behaviour "drifter"/)
    expect(p.find((x) => x.path === "creatures[1].id")?.message).toMatch(
      /duplicate creature id "canal-lurker"/,
    )
    expect(p.every((x) => x.pack === "pack1")).toBe(true)
  })

  it("keeps each entry's own index in paths when earlier entries are broken", () => {
    const p = problems([
      base(),
      homebrew({
        creatures: [
          creature("eel", { health: 0 }),
          creature("eel2"),
          creature("pike", { behaviour: "lurker" }),
        ],
      }),
    ])
    expect(p.map((x) => x.path)).toEqual(["creatures[0].health", "creatures[2].behaviour"])
  })

  it("loads nothing when any pack has a problem", () => {
    const r = load([base(), homebrew({ creatures: [creature("eel", { behaviour: "nope" })] })])
    expect(Result.isFailure(r)).toBe(true)
  })

  it("reports schema errors with their JSON path: unknown keys, wrong types, bad enums", () => {
    const p = problems([
      base(),
      homebrew({
        creatures: [creature("eel", { weapon: { dice: 0, damage: 1, sharp: true }, faction: "fish" })],
        homes: "a home",
      }),
    ])
    const at = (path: string) => p.find((x) => x.path === path)?.message
    expect(at("creatures[0].weapon.sharp")).toMatch(/unexpected/)
    expect(at("creatures[0].faction")).toMatch(/"blight" \| "gardeners"/)
    expect(at("homes")).toMatch(/expected an array/)
  })

  it("reports a bad dice expression with its path", () => {
    const p = problems([
      base(),
      homebrew({ creatures: [creature("eel", { escorts: [{ creature: "husk", count: "2q6" }] })] }),
    ])
    expect(p).toHaveLength(1)
    expect(p[0]!.path).toBe("creatures[0].escorts[0].count")
    expect(p[0]!.message).toMatch(/"d6", "2d6\+1"/)
  })

  it("rejects unsafe keys anywhere in the input, and still reports the other problems", () => {
    const data = JSON.parse(
      '{"manifest":{"id":"homebrew","name":"h","version":"1.0.0","ruleset":"the-blight@0.3.0","licence":"MIT","author":"t","requires":[{"pack":"base","version":"*"}]},' +
        '"__proto__":{"polluted":true},"creatures":[{"constructor":1,"id":"x"}],"kit":[{"prototype":{}}]}',
    )
    const p = problems([base(), data])
    const paths = p.map((x) => x.path)
    expect(paths).toContain("__proto__")
    expect(paths).toContain("creatures[0].constructor")
    expect(paths).toContain("kit[0].prototype")
    expect(p.filter((x) => /not allowed/.test(x.message))).toHaveLength(3)
    expect(p.some((x) => x.path === "creatures[0].name")).toBe(true) // the entry's own problems too
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it("rejects what is not a pack: not an object, unknown top-level keys, no manifest", () => {
    expect(problems([[1, 2]])[0]!.message).toMatch(/a pack is a JSON object/)
    const p = problems([{ $schema: 3, creatures: [], monsters: [] }])
    expect(p.map((x) => x.path).sort()).toEqual(["$schema", "manifest", "monsters"])
  })

  it("R-CONTENT-02 replacing an entry of another pack needs `replaces`", () => {
    const p = problems([base(), homebrew({ creatures: [creature("husk", { health: 3 })] })])
    expect(p).toHaveLength(1)
    expect(p[0]).toMatchObject({ path: "creatures[0].id", clause: "R-CONTENT-02" })
    expect(p[0]!.message).toMatch(/already exists in pack "base"; to replace it, add "replaces": "base"/)
  })

  it("R-CONTENT-02 with `replaces`, the new entry takes the old one's place", () => {
    const r = ok([base(), homebrew({ creatures: [creature("husk", { health: 3, replaces: "base" })] })])
    expect(r.get("creatures", "husk")?.health).toBe(3)
    expect(r.sourced("creatures", "husk")).toMatchObject({ pack: "homebrew", replaced: "base" })
    expect(r.list("creatures").map((c) => c.id)).toEqual(["husk", "thornhound"])
  })

  it("R-CONTENT-02 replacing something that doesn't exist, or from a pack not required, is an error", () => {
    const none = problems([base(), homebrew({ creatures: [creature("kraken", { replaces: "base" })] })])
    expect(none).toEqual([
      expect.objectContaining({
        path: "creatures[0].replaces",
        message: 'pack "base" has no creature "kraken" to replace',
      }),
    ])
    const notLoaded = problems([
      base(),
      homebrew({ creatures: [creature("husk", { replaces: "elsewhere" })] }),
    ])
    expect(notLoaded[0]!.message).toMatch(/pack "elsewhere", which is not loaded/)
    const notRequired = problems([
      base(),
      { manifest: manifest("loose"), creatures: [creature("husk", { replaces: "base" })] },
    ])
    expect(notRequired[0]!.message).toMatch(/does not list in "requires"/)
  })

  it("R-CONTENT-03 a required pack must be loaded at a version in range; packs load after what they require", () => {
    const missing = problems([homebrew({})])
    expect(missing[0]).toMatchObject({ path: "manifest.requires[0]", clause: "R-CONTENT-03" })
    expect(missing[0]!.message).toMatch(/requires pack "base" \(\^0.3.0\), which is not loaded/)
    const wrongVersion = problems([
      base(),
      {
        ...homebrew({}),
        manifest: manifest("homebrew", { requires: [{ pack: "base", version: "^1.0.0" }] }),
      },
    ])
    expect(wrongVersion[0]!.message).toMatch(/requires "base" \^1.0.0, but version 0.3.0 is loaded/)
    // Given in the wrong order, they still load: the required pack goes first.
    const r = ok([homebrew({ creatures: [creature("eel")] }), base()])
    expect(r.packs.map((p) => p.id)).toEqual(["base", "homebrew"])
    expect(problems([base(), base()])[0]!.message).toMatch(/already loaded/)
  })

  it("B-ENCOUNTER-03 an Encounter table must cover 1–12 exactly once (gaps, overlaps, wrong size)", () => {
    const table = (rows: unknown[]) => ({
      id: "greater",
      name: "G",
      provenance: "provisional",
      tier: "greater",
      die: "half",
      rows,
    })
    const gap = problems([base(), homebrew({ encounters: [table(encounterRows(11))] })])
    expect(gap).toEqual([
      expect.objectContaining({
        path: "encounters[0].rows",
        message: expect.stringMatching(/no row for result 12/),
      }),
    ])
    const overlap = problems([
      base(),
      homebrew({
        encounters: [
          table([
            ...encounterRows(12),
            { key: [3, 4], result: { creatures: [{ creature: "husk", count: 1 }] } },
          ]),
        ],
      }),
    ])
    expect(overlap[0]).toMatchObject({ path: "encounters[0].rows[12].key" })
    expect(overlap[0]!.message).toMatch(/also covered by row 2/)
    const tooBig = problems([base(), homebrew({ encounters: [table(encounterRows(13))] })])
    expect(tooBig[0]!.message).toMatch(/cannot roll 13/)
    const d6 = problems([base(), homebrew({ encounters: [{ ...table(encounterRows(6)), die: "d6" }] })])
    expect(d6).toEqual([expect.objectContaining({ path: "encounters[0].die", clause: "B-ENCOUNTER-03" })])
  })

  it("R-CONTENT-01 a Casualty table covers every modified result 0–8 (GAP-B-07)", () => {
    const casualty = (rows: Array<[number | [number, number], string]>) => ({
      id: "casualty",
      name: "Casualty",
      provenance: "provisional",
      table: "casualty",
      die: "d6",
      modified: { min: 0, max: 8 },
      rows: rows.map(([key, name]) => ({ key, result: { name, outcome: "recovered", text: name } })),
    })
    ok([
      base(),
      homebrew({
        tables: [
          casualty([
            [[0, 1], "dead"],
            [[2, 7], "hurt"],
            [8, "fine"],
          ]),
        ],
      }),
    ])
    const p = problems([
      base(),
      homebrew({
        tables: [
          casualty([
            [[1, 6], "hurt"],
            [7, "fine"],
            [9, "?"],
          ]),
        ],
      }),
    ])
    expect(p.map((x) => x.message)).toEqual(["9 is outside the modified results 0–8"])
    const missing = problems([base(), homebrew({ tables: [casualty([[[1, 8], "hurt"]])] })])
    expect(missing[0]!.message).toBe("no row for modified result 0")
  })

  it("rejects a pack that names an unregistered hook, and checks a registered hook's params", () => {
    const withHook = (hook: Record<string, unknown>) =>
      homebrew({
        creatures: [
          creature("eel", {
            specialRules: [{ name: "Flood", text: "x", effects: [{ kind: "hook", ...hook }] }],
          }),
        ],
      })
    ok([base(), withHook({ hook: "test/flood", params: { radius: 2 } })])
    const unknown = problems([base(), withHook({ hook: "test/drown" })])
    expect(unknown).toEqual([
      expect.objectContaining({
        path: "creatures[0].specialRules[0].effects[0].hook",
        message: 'no code hook named "test/drown" is registered (registered: test/flood)',
      }),
    ])
    const badParams = problems([base(), withHook({ hook: "test/flood", params: { radius: "far" } })])
    expect(badParams[0]!.path).toBe("creatures[0].specialRules[0].effects[0].params.radius")
    const noParams = problems([base(), withHook({ hook: "test/flood" })])
    expect(noParams[0]!.path).toBe("creatures[0].specialRules[0].effects[0].params.radius")
  })

  it("rejects a hook used where it doesn't belong (an effect hook as a behaviour)", () => {
    const p = problems([
      base(),
      homebrew({
        behaviours: [
          { ...hunter, id: "flooder", hooks: [{ kind: "hook", hook: "test/flood", params: { radius: 1 } }] },
        ],
      }),
    ])
    expect(p).toEqual([
      expect.objectContaining({
        path: "behaviours[0].hooks[0].hook",
        message: 'hook "test/flood" is for effect, not for use as behaviour',
      }),
    ])
  })

  it("checks references inside effects and conditions", () => {
    const p = problems([
      base(),
      homebrew({
        kit: [
          {
            id: "lure",
            name: "Lure",
            provenance: "provisional",
            rarity: "common",
            cost: 1,
            text: "x",
            effects: [
              { kind: "spawn", creature: "kraken", count: 1, at: "lair" },
              {
                kind: "noise",
                value: 1,
                when: { any: [{ season: "winter" }, { within: 3, of: { creature: "husk" } }] },
              },
            ],
          },
        ],
      }),
    ])
    expect(p.map((x) => `${x.path}: ${x.message}`).sort()).toEqual([
      'kit[0].effects[0].creature: unknown creature "kraken" (no such id in "creatures")',
      'kit[0].effects[1].when.any[0].season: unknown Season "winter" (no such id in "seasons")',
    ])
  })

  it("says which forms a value could take when it matches none", () => {
    const p = problems([
      base(),
      homebrew({
        kit: [
          {
            id: "lure",
            name: "Lure",
            provenance: "provisional",
            rarity: "common",
            cost: 1,
            text: "x",
            effects: [
              { kind: "noize", value: 1 },
              { kind: "noise", value: 1, when: { rounds: 1 } },
            ],
          },
        ],
      }),
    ])
    expect(p.find((x) => x.path === "kit[0].effects[0].kind")?.message).toMatch(
      /^expected one of: "statModifier" \| .*; got "noize"$/,
    )
    expect(p.find((x) => x.path === "kit[0].effects[1].when")?.message).toMatch(
      /expected one of: \{ round \} \| .*got an object with keys \{ rounds \}/,
    )
    expect(p).toHaveLength(2)
  })

  it("says a number's bounds when it is out of range", () => {
    const p = problems([base(), homebrew({ creatures: [creature("eel", { initiative: 40 })] })])
    expect(p[0]).toMatchObject({ path: "creatures[0].initiative" })
    expect(p[0]!.message).toMatch(/^expected 0 to 12 .*got 40$/)
  })

  it("R-CONTENT-05 a reference to another pack's entry needs that pack in requires, and says which", () => {
    const loose = {
      ...homebrew({ creatures: [creature("canal-lurker", { escorts: [{ creature: "husk", count: 1 }] })] }),
    }
    loose.manifest = manifest("homebrew")
    const p = problems([base(), loose])
    expect(p).toEqual([
      {
        pack: "pack1",
        path: "creatures[0].behaviour",
        clause: "R-CONTENT-05",
        message:
          'behaviour "hunter" comes from pack "base", which this pack does not require: add { "pack": "base", "version": "^0.3.0" } to manifest.requires',
      },
      {
        pack: "pack1",
        path: "creatures[0].escorts[0].creature",
        clause: "R-CONTENT-05",
        message:
          'creature "husk" comes from pack "base", which this pack does not require: add { "pack": "base", "version": "^0.3.0" } to manifest.requires',
      },
    ])
    // Its own entries need no requires, and requiring the pack mends it.
    expect(
      ok([
        base(),
        { ...loose, manifest: manifest("homebrew", { requires: [{ pack: "base", version: "^0.3.0" }] }) },
      ]).has("creatures", "canal-lurker"),
    ).toBe(true)
  })

  it("R-CONTENT-05 requires is not transitive: naming a grandparent pack's entry needs it in requires too", () => {
    const middle = {
      manifest: manifest("middle", { requires: [{ pack: "base", version: "^0.3.0" }] }),
      behaviours: [{ ...hunter, id: "stalker" }],
    }
    const top = {
      manifest: manifest("top", { requires: [{ pack: "middle", version: "^1.0.0" }] }),
      creatures: [creature("eel", { behaviour: "stalker" }), creature("ray")],
    }
    const p = problems([base(), middle, top])
    expect(p.map((x) => [x.path, x.clause, x.pack])).toEqual([
      ["creatures[1].behaviour", "R-CONTENT-05", "pack2"],
    ])
    expect(p[0]!.message).toMatch(/comes from pack "base".*"version": "\^0\.3\.0"/)
  })

  it("suggests the nearest id for a mistyped reference, as the roster check does", () => {
    const p = problems([
      base(),
      homebrew({
        creatures: [creature("eel", { behaviour: "huntr", escorts: [{ creature: "thornhund", count: 1 }] })],
      }),
    ])
    expect(p.map((x) => `${x.path}: ${x.message}`)).toEqual([
      'creatures[0].behaviour: unknown behaviour "huntr" (no such id in "behaviours"); did you mean "hunter"?',
      'creatures[0].escorts[0].creature: unknown creature "thornhund" (no such id in "creatures"); did you mean "thornhound"?',
    ])
    // Nothing close: no guess.
    expect(
      problems([base(), homebrew({ creatures: [creature("eel", { behaviour: "sleeper" })] })])[0]!.message,
    ).toBe('unknown behaviour "sleeper" (no such id in "behaviours")')
  })
})
