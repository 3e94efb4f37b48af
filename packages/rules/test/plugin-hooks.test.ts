import { seeded } from "@blight/dice"
import { Schema } from "effect"
import { describe, expect, it } from "vitest"
import { coreHooks, registerCoreHooks } from "../src/content/core/index.js"
import { defineHook, makeHookRegistry } from "../src/plugin/Hooks.js"

const flood = defineHook("test/flood", {
  summary: "floods a radius",
  points: ["effect"],
  params: Schema.Struct({ radius: Schema.Number }),
  run: (context, { radius }) => ({ note: `flooded ${radius}" on a ${context.dice.die(6)}` }),
})

describe("code hooks", () => {
  it("are typed: a hook's run gets its decoded params and the dice source", () => {
    const registry = makeHookRegistry([flood])
    const hook = registry.get("test/flood")!
    const params = Schema.decodeUnknownSync(hook.params)({ radius: 3 })
    const result = hook.run({ point: "effect", facts: {}, dice: seeded(1) }, params)
    expect(result.note).toMatch(/^flooded 3" on a [1-6]$/)
  })

  it("registerHook registers an implementation under a name; names are checked", () => {
    const registry = makeHookRegistry()
    const hook = registry.registerHook("my-pack/drown", {
      summary: "drowns",
      points: ["behaviour"],
      params: Schema.Struct({}),
      run: () => ({ target: "nobody" }),
    })
    expect(registry.get("my-pack/drown")).toBe(hook)
    expect(registry.names()).toEqual(["my-pack/drown"])
    expect(() =>
      defineHook("Not A Name", { summary: "", points: [], params: Schema.Unknown, run: () => ({}) }),
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
