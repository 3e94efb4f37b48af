import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { create, envOf, hash, view } from "../../src/battle/Battle.js"
import { play } from "../../src/battle/bots/Auto.js"
import { byName, expectedDamage, NAMES } from "../../src/battle/bots/Policies.js"
import type { Policy } from "../../src/battle/bots/Policy.js"
import { seededTable } from "../../src/battle/bots/Table.js"
import type { Command } from "../../src/battle/Command.js"
import { random as randomBoard } from "../../src/battle/table/board/Board.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"

const registry = coreRegistry()
const roster = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))
const refuges = [
  Result.getOrThrow(found(roster("refuge"), registry, { source: seeded(3) })),
  Result.getOrThrow(found(roster("congregation"), registry, { source: seeded(3) })),
]
const SCENARIOS = registry.list("scenarios").map((s) => s.id)
const env = envOf(registry)

const raid = (scenario: string, seed: number, policy: Policy, table = seededTable(`${seed}/table`)) =>
  play(Result.getOrThrow(create({ refuges, scenario, dice: { seed } }, env)), env, policy, { table })

describe("policies play raids to a result (R-SIM-01, R-SIM-02)", () => {
  it("B-BATTLE-01 the core pack has the seven scenarios the policies are run on", () => {
    expect(SCENARIOS).toEqual(
      expect.arrayContaining(["cache", "night-raid", "bloom-heart", "the-pharmacy", "the-planting"]),
    )
    expect(SCENARIOS.length).toBe(7)
  })

  for (const name of NAMES)
    it(`B-BATTLE-01 ${name}: seeded raids of every core scenario end with a result`, () => {
      for (const scenario of SCENARIOS) {
        const r = raid(scenario, 11, byName(name, "p", env))
        expect(r.over, `${name} in ${scenario}`).toBe(true)
        expect(r.battle.state.result?.sides.length).toBe(2)
      }
    })

  it("B-BATTLE-01 on a 2-D board each new policy plays a raid to a result (moves made concrete, no Table)", () => {
    const benv = envOf(registry, make(registry))
    for (const [k, name] of (["objective-runner", "noise-averse", "aggressive", "odds"] as const).entries()) {
      const b = Result.getOrThrow(
        create({ refuges, dice: { seed: 20 + k }, board: randomBoard(20 + k, registry, { refuges }) }, benv),
      )
      const r = play(b, benv, byName(name, k, benv))
      expect(r.over, name).toBe(true)
      expect(r.battle.events.some((e) => e.type === "moved" && e.to !== undefined)).toBe(true)
    }
  }, 120_000)

  it("B-BATTLE-01 the same seed and policies give the same raid (each policy deterministic)", () => {
    for (const name of NAMES) {
      const a = raid("cache", 5, byName(name, "p", env))
      const b = raid("cache", 5, byName(name, "p", env))
      expect(hash(a.battle.state), name).toBe(hash(b.battle.state))
      expect(a.commands).toBe(b.commands)
    }
  })

  it("B-BATTLE-01 each side plays its own policy: a raid of two policies differs from either alone", () => {
    const [a, b] = ["wharfside", "the-gardeners-of-carrow-fields"]
    const mixed = raid("cache", 5, { [a]: byName("aggressive", 1, env), [b]: byName("noise-averse", 1, env) })
    const seen = new Set<string>()
    play(
      Result.getOrThrow(create({ refuges, scenario: "cache", dice: { seed: 5 } }, env)),
      env,
      {
        [a]: (v, legal, ctx) => {
          seen.add(ctx!.side)
          return byName("aggressive", 1, env)(v, legal, ctx)
        },
        [b]: (v, legal, ctx) => {
          seen.add(ctx!.side)
          return byName("noise-averse", 1, env)(v, legal, ctx)
        },
      },
      { table: seededTable("5/table"), maxCommands: 200 },
    )
    expect(seen).toEqual(new Set([a, b]))
    expect(mixed.over).toBe(true)
  })

  it("R-SIM-01 a policy sees no dice state, and the table (not a side) answers the table's facts", () => {
    const asked: string[] = []
    const spy: Policy = (v, legal, ctx) => {
      expect(v.dice.prng).toBeUndefined()
      if (v.pending?.prompt?.kind === "fact") asked.push(ctx!.side)
      return byName("sensible", 0, env)(v, legal, ctx)
    }
    const r = raid("night-raid", 3, spy)
    expect(r.over).toBe(true)
    expect(asked).toEqual([])
    expect(r.battle.events.some((e) => e.type === "facts.stated" || e.type === "answered")).toBe(true)
  })

  it("R-SIM-01 on a declared table the Loot-seeking policies declare moves into contact and take Loot", () => {
    // The table, not the policy, says whether a declared move reaches: a policy that waited for a
    // board to tell it so never left its place, and no Loot was ever taken on a declared table.
    for (const name of ["sensible", "objective-runner"] as const) {
      let taken = 0
      let contacts = 0
      for (let seed = 1; seed <= 6; seed++) {
        const r = raid("cache", seed, byName(name, "p", env))
        for (const e of r.battle.events) {
          if (e.type === "loot.taken") taken++
          if (e.type === "moved" && (e.contact?.length ?? 0) > 0) contacts++
        }
      }
      expect(contacts, name).toBeGreaterThan(0)
      expect(taken, name).toBeGreaterThan(0)
    }
  })

  it("R-SIM-02 the random policy never Withdraws while anything else is legal", () => {
    const withdrew: Command[] = []
    raid("cache", 9, (v, legal, ctx) => {
      const c = byName("random", 9, env)(v, legal, ctx)
      if (c.type === "withdraw") withdrew.push(c)
      return c
    })
    expect(withdrew).toEqual([])
  })

  it("R-SIM-03 noise-averse never Sprints; aggressive Sprints at enemies", () => {
    const types = (name: (typeof NAMES)[number]) => {
      const out: string[] = []
      for (const scenario of ["cache", "night-raid"])
        raid(scenario, 2, (v, legal, ctx) => {
          const c = byName(name, 2, env)(v, legal, ctx)
          out.push(c.type)
          return c
        })
      return out
    }
    expect(types("noise-averse")).not.toContain("sprint")
    expect(types("aggressive")).toContain("sprint")
  })

  it("R-SIM-03 the odds-driven policy scores attacks by the exact odds of @blight/dice", () => {
    const b = Result.getOrThrow(create({ refuges, scenario: "cache", dice: { seed: 1 } }, env))
    const s = view(b.state)
    const [m, t] = [
      s.models.find((x) => x.side === "wharfside")!,
      s.models.find((x) => x.side !== "wharfside")!,
    ]
    const strong = {
      ...s,
      models: s.models.map((x) => (x.id === m.id ? { ...x, profile: { ...x.profile, fight: 6 } } : x)),
    }
    const weak = {
      ...s,
      models: s.models.map((x) => (x.id === m.id ? { ...x, profile: { ...x.profile, fight: 0 } } : x)),
    }
    const fight: Command = { type: "fight", model: m.id, target: t.id }
    expect(expectedDamage(strong, fight, env)!).toBeGreaterThan(expectedDamage(weak, fight, env)!)
    expect(expectedDamage(s, { type: "hide", model: m.id }, env)).toBeUndefined()
  })
})
