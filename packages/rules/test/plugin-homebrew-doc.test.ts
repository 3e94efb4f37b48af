import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { create, envOf, hash, replay } from "../src/battle/Battle.js"
import { play } from "../src/battle/bots/Auto.js"
import { sensible } from "../src/battle/bots/Policy.js"
import { coreRegistry, loadWithCore, registerCoreHooks } from "../src/content/core/index.js"
import { Fragment } from "../src/content/Pack.js"
import { formatProblem } from "../src/content/Problem.js"
import { hookUsesOf, referencesOf } from "../src/content/References.js"
import { Behaviour } from "../src/content/schema/Behaviour.js"
import { found } from "../src/refuge/Founding.js"
import { Condition } from "../src/vocabulary/Condition.js"
import { Effect } from "../src/vocabulary/Effect.js"
import { makeHookRegistry } from "../src/vocabulary/Hooks.js"

const roster = (name: string): unknown =>
  JSON.parse(readFileSync(new URL(`../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))

const doc = readFileSync(new URL("../../../docs/homebrew.md", import.meta.url), "utf8")
const blocks = (tag: string): unknown[] =>
  [...doc.matchAll(new RegExp(`\`\`\`json ${tag}\\n([\\s\\S]*?)\\n\`\`\``, "g"))].map((m) =>
    JSON.parse(m[1]!),
  )

const strict = { errors: "all", onExcessProperty: "error" } as const
const decodes = <A, I>(schema: Schema.Codec<A, I>, value: unknown): A => {
  const r = Schema.decodeUnknownResult(schema, strict)(value)
  if (Result.isFailure(r)) throw new Error(`${JSON.stringify(value)}\n${r.failure.message}`)
  return r.success
}

describe("docs/homebrew.md: every example parses", () => {
  const registry = coreRegistry()
  const hooks = registerCoreHooks(makeHookRegistry())

  it("has examples of every effect kind, each decoding, with references into the core pack", () => {
    const effects = blocks("effect")
    const kinds = new Set<string>()
    const visit = (e: Effect): void => {
      kinds.add(e.kind)
      if (e.kind === "trigger" || e.kind === "grantAction") e.do.forEach(visit)
      if (e.kind === "aura") e.effects.forEach(visit)
    }
    for (const raw of effects) {
      const e = decodes(Effect, raw)
      visit(e)
      for (const ref of referencesOf(Effect, e, "effect"))
        expect(registry.has(ref.kind, ref.id), `${ref.kind}/${ref.id}`).toBe(true)
      for (const use of hookUsesOf(e, "effect")) {
        const hook = hooks.get(use.hook)
        expect(hook, use.hook).toBeDefined()
        expect(Result.isSuccess(Schema.decodeUnknownResult(hook!.params)(use.params ?? {}))).toBe(true)
      }
    }
    expect([...kinds].sort()).toEqual(
      [
        "aura",
        "blight",
        "critBlock",
        "dieModifier",
        "forbidAction",
        "grantAction",
        "hook",
        "ignoreBy",
        "minimumNoise",
        "noise",
        "placeToken",
        "poolModifier",
        "reroll",
        "rollTable",
        "skipTest",
        "spawn",
        "statModifier",
        "stores",
        "trigger",
        // vocabulary v2
        "actionNoise",
        "counter",
        "damageModifier",
        "exchange",
        "experience",
        "freeAction",
        "gainItem",
        "heal",
        "hit",
        "ignoreTerrain",
        "lurking",
        "marketRestriction",
        "replaceOutcome",
        "status",
        "threshold",
        "untargetable",
      ].sort(),
    )
  })

  it("has an example of every condition, each decoding", () => {
    const conditions = blocks("condition").map((c) => decodes(Condition, c))
    const keys = new Set(conditions.map((c) => Object.keys(c)[0]))
    for (const key of [
      "round",
      "carrying",
      "wasDown",
      "down",
      "shaken",
      "hidden",
      "tier",
      "blight",
      "noise",
      "within",
      "inCover",
      "inSporeTerrain",
      "season",
      "home",
      "objective",
      "action",
      "using",
      "charging",
      "congregation",
      "all",
      "any",
      "target",
    ])
      expect(keys.has(key), key).toBe(true)
    for (const c of conditions)
      for (const ref of referencesOf(Condition, c, "when"))
        expect(registry.has(ref.kind, ref.id), `${ref.kind}/${ref.id}`).toBe(true)
  })

  it("B-BEHAVIOUR-01 its behaviours decode, and the fragment example decodes", () => {
    const behaviours = blocks("behaviour")
    expect(behaviours.length).toBeGreaterThanOrEqual(2)
    for (const b of behaviours) decodes(Behaviour, b)
    for (const f of blocks("fragment")) decodes(Fragment, f)
  })

  it("its pack example loads on top of the core pack", () => {
    const packs = blocks("pack")
    expect(packs).toHaveLength(1)
    const r = loadWithCore([{ source: "homebrew.md", data: packs[0] }])
    if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
    expect(r.success.packOf("kit", "whistle")).toBe("my-first-pack")
  })
  it("B-SCENARIO-02 the worked example's pack loads, and its scenario plays to a result on the engine", () => {
    const [pack] = blocks("worked-example")
    expect(pack).toBeDefined()
    const loaded = loadWithCore([{ source: "homebrew.md#worked-example", data: pack }])
    if (Result.isFailure(loaded)) throw new Error(loaded.failure.problems.map(formatProblem).join("\n"))
    const content = loaded.success
    const env = envOf(content)
    const sides = [
      Result.getOrThrow(found(roster("refuge"), content, { source: seeded(1) })),
      Result.getOrThrow(found(roster("congregation"), content, { source: seeded(2) })),
    ]
    const results = [7, 8, 9].map((seed) => {
      const start = Result.getOrThrow(
        create(
          {
            refuges: sides,
            scenario: "the-tithe-barn",
            dice: { seed },
            packs: content.packs.map((m) => m.id),
          },
          env,
        ),
      )
      expect(start.state.objectives.map((o) => o.id)).toContain("barn-bell")
      const played = play(start, env, sensible(env))
      expect(played.over).toBe(true)
      // The bell rings the Din one die louder while it stands (its `when` holds in round 1).
      const din = played.battle.events.find((e) => e.type === "din.rolled")
      if (din?.type === "din.rolled") expect(din.dice).toBe(Math.min(12, din.noise) + 1)
      expect(played.battle.state.packs).toEqual(["the-blight", "tithe-barn"])
      expect(hash(replay(played.battle.events))).toBe(hash(played.battle.state))
      return played.battle.state.result
    })
    for (const r of results) expect(r?.sides).toHaveLength(2)
  })
})
