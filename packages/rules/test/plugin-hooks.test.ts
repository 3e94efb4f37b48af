import { seeded } from "@blight/dice"
import { Result, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { coreHooks, registerCoreHooks } from "../src/content/core/index.js"
import { defineHook, HookResult, makeHookRegistry } from "../src/vocabulary/Hooks.js"

const flood = defineHook("test/flood", {
  summary: "floods a radius",
  points: ["effect"],
  params: Schema.Struct({ radius: Schema.Number }),
  facts: Schema.Struct({ model: Schema.String }),
  run: (context, { radius }, { model }) => ({
    operations: [{ to: model, effect: { kind: "placeToken", token: "sporeCloud", radius } }],
    ...(context.dice.die(6) === 6 ? { outcome: "win" as const } : {}),
  }),
})

describe("code hooks", () => {
  it("are typed: a hook's run gets its decoded params, its decoded facts and the dice source, and answers typed operations", () => {
    const registry = makeHookRegistry([flood])
    const hook = registry.get("test/flood")!
    const params = Result.getOrThrow(hook.decodeParams({ radius: 3 }))
    const result = Result.getOrThrow(
      hook.run({ point: "effect", facts: { model: "m1" }, dice: seeded(1) }, params),
    )
    expect(result.operations).toEqual([
      { to: "m1", effect: { kind: "placeToken", token: "sporeCloud", radius: 3 } },
    ])
    // The answer is data: it encodes through the HookResult schema (no text field exists).
    expect(Schema.decodeUnknownSync(HookResult)(Schema.encodeSync(HookResult)(result))).toEqual(result)
  })

  it("GAP-B-27 facts that are not what the hook declared are a typed error naming the hook, not a guess", () => {
    const r = flood.run({ point: "effect", facts: { model: 7 }, dice: seeded(1) }, { radius: 3 })
    expect(Result.isFailure(r) && r.failure).toMatchObject({ _tag: "HookFactsInvalid", hook: "test/flood" })
    expect(Result.isFailure(r) && r.failure.message).toMatch(/model/)
  })

  it("every core hook declares its facts, and every answer it gives is a HookResult (typed operations, no text)", () => {
    for (const h of coreHooks) {
      expect(h.facts, h.name).toBeDefined()
      expect(Schema.isSchema(h.facts), h.name).toBe(true)
    }
    expect(Object.keys(HookResult.fields).sort()).toEqual(["operations", "outcome", "target"])
  })

  it("registerHook registers an implementation under a name; names are checked", () => {
    const registry = makeHookRegistry()
    const hook = registry.registerHook("my-pack/drown", {
      summary: "drowns",
      points: ["behaviour"],
      params: Schema.Struct({}),
      facts: Schema.Struct({}),
      run: () => ({ target: "nobody" }),
    })
    expect(registry.get("my-pack/drown")).toBe(hook)
    expect(registry.names()).toEqual(["my-pack/drown"])
    expect(() =>
      defineHook("Not A Name", {
        summary: "",
        points: [],
        params: Schema.Unknown,
        facts: Schema.Unknown,
        run: () => ({}),
      }),
    ).toThrow(/hook name is a slug/)
  })

  it("a second, different hook under a taken name is refused; the same hook again is fine", () => {
    const registry = makeHookRegistry([flood])
    expect(() => registry.register(flood)).not.toThrow()
    expect(() => registry.registerHook("test/flood", { ...flood })).toThrow(/already registered/)
  })

  it("registries are separate, and the core hooks can be added to any of them", () => {
    const a = makeHookRegistry()
    const b = registerCoreHooks(makeHookRegistry())
    expect(a.names()).toEqual([])
    expect(b.names()).toEqual(coreHooks.map((h) => h.name).sort())
  })
})
