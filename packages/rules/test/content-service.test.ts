import { Effect } from "effect"
import { describe, expect, it } from "vitest"
import { Content, layerCore, layerWith } from "../src/content/Service.js"

describe("the Content service", () => {
  it("provides the core pack's registry from a Layer", async () => {
    const n = await Effect.runPromise(
      Effect.map(Content, (c) => c.list("backgrounds").length).pipe(Effect.provide(layerCore)),
    )
    expect(n).toBe(20)
  })

  it("fails with PackInvalid, listing every problem, when a pack on top is bad", async () => {
    const error = await Effect.runPromise(
      Effect.flip(
        Effect.map(Content, (c) => c.packs.length).pipe(
          Effect.provide(
            layerWith([{ source: "bad.json", data: { manifest: { id: "Bad" }, monsters: [] } }]),
          ),
        ),
      ),
    )
    expect(error._tag).toBe("PackInvalid")
    expect(error.problems.map((p) => p.path)).toEqual(
      expect.arrayContaining(["monsters", "manifest.id", "manifest.name"]),
    )
    expect(error.problems.every((p) => p.pack === "bad.json")).toBe(true)
  })
})
