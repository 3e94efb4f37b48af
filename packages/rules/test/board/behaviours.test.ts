/**
 * The creatures' behaviours on a board (B-BEHAVIOUR-01..14, B-HOLLOWED-02), in the scenes of
 * `scenes.ts`.
 */
import { describe, expect, it } from "vitest"
import { checkEmerge } from "../../src/battle/creatures/Ambush.js"
import type { Model } from "../../src/battle/State.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { A, A2, B, B2, rect, registry } from "./fixtures.js"
import { A3, A4, activate, fought, movedOf, type Pt, run, scene, wentFor } from "./scenes.js"

describe("Hunter (B-BEHAVIOUR-01/02)", () => {
  it("B-BEHAVIOUR-01 a Husk goes for the survivor with the most Noise within its Senses over a nearer quiet one", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 18, y: 12 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      {
        patch: { [A2]: { noise: 2 } },
      },
    )
    const e = activate(s, "c1")
    expect(wentFor(s, e, "c1")).toBe(A2)
    // A Move of 4 doesn't reach: it stops clear of everyone, its full Move nearer.
    expect(movedOf(e, "c1")!.contact).toEqual([])
    expect(movedOf(e, "c1")!.distance).toBeCloseTo(4, 1)
  })

  it("B-BEHAVIOUR-01 ties in Noise go to the nearest; it reaches contact and Fights", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 16, y: 8 } },
      { c1: { ref: "husk", at: { x: 10, y: 8 } } },
      {
        patch: { [A]: { noise: 1 }, [A2]: { noise: 1 } },
      },
    )
    const e = activate(s, "c1")
    expect(movedOf(e, "c1")!.contact).toEqual([A])
    expect(fought(e, "c1")).toEqual([A])
  })

  it("B-BEHAVIOUR-02 with no Noise it goes for the nearest survivor it can see (a wall hides the nearer)", () => {
    const s = scene(
      { [A]: { x: 10, y: 13 }, [A2]: { x: 18, y: 8 } },
      { c1: { ref: "thornhound", at: { x: 10, y: 8 } } },
      { terrain: [rect("w", "wall", 5, 10, 15, 11)] },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A2)
  })

  it("B-BEHAVIOUR-02 seeing nobody, it drifts its full Move towards the centre", () => {
    const s = scene(
      { [A]: { x: 10, y: 30 } },
      { c1: { ref: "the-mourner", at: { x: 4, y: 4 } } },
      {
        terrain: [rect("w", "wall", 0, 10, 36, 11)],
      },
    )
    const m = movedOf(activate(s, "c1"), "c1")!
    expect(m.reason).toMatch(/centre/)
    expect(m.distance).toBeCloseTo(5, 1)
    expect(m.to!.x).toBeGreaterThan(4)
    expect(m.to!.y).toBeGreaterThan(4)
  })
})

describe("Stalker (B-BEHAVIOUR-03/04)", () => {
  it('B-BEHAVIOUR-03 the Stalk goes for the survivor with no friend within 3" over a nearer pair', () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 11.5, y: 12 }, [A3]: { x: 24, y: 12 } },
      { c1: { ref: "the-stalk", at: { x: 10, y: 6 } } },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A3)
  })

  it("B-BEHAVIOUR-03 with nobody alone, the one with the fewest friends near (R-BOARD-11)", () => {
    const s = scene(
      {
        [A]: { x: 10, y: 12 },
        [A2]: { x: 12, y: 12 },
        [A3]: { x: 14, y: 12 },
        [A4]: { x: 26, y: 12 },
        [B]: { x: 28, y: 12 },
      },
      { c1: { ref: "rotweaver", at: { x: 12, y: 6 } } },
    )
    // A4 and B are both alone within 3"; A4 still has a friend within 12", B has none.
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(B)
  })

  it("B-BEHAVIOUR-04 Noise draws a Stalker only when it sees nobody", () => {
    const seen = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 10, y: 22 } },
      { c1: { ref: "the-stalk", at: { x: 10, y: 6 } } },
      {
        terrain: [rect("w", "wall", 5, 16, 15, 17)],
        patch: { [A2]: { noise: 3 } },
      },
    )
    expect(wentFor(seen, activate(seen, "c1"), "c1")).toBe(A)
    const blind = scene(
      { [A2]: { x: 10, y: 22 } },
      { c1: { ref: "the-stalk", at: { x: 10, y: 6 } } },
      {
        terrain: [rect("w", "wall", 5, 16, 15, 17)],
        patch: { [A2]: { noise: 3 } },
      },
    )
    expect(wentFor(blind, activate(blind, "c1"), "c1")).toBe(A2)
  })
})

describe("Ambusher (B-BEHAVIOUR-05..07, R-WORLD-12)", () => {
  const lurking = (where: Record<string, Pt>, patch: Record<string, Partial<Model>> = {}) =>
    scene(
      where,
      { c1: { ref: "rootmaw", at: { x: 3, y: 3 }, patch: { status: "lurking", lair: "t1" } } },
      { patch },
    )

  it("B-BEHAVIOUR-05 an Ambusher waits at its Lair, off the table: nobody sees it", () => {
    const s = lurking({ [A]: { x: 5, y: 5 } })
    expect(make(registry).answer(s, { q: "sees", a: A, b: "c1" })).toBeUndefined()
  })

  it("B-BEHAVIOUR-06 a survivor ending a move within its Senses of the Lair: it emerges in contact with the noisiest and Fights at once", () => {
    const s = lurking({ [A]: { x: 6, y: 6 }, [A2]: { x: 8, y: 4 } }, { [A2]: { noise: 1 } })
    const e = run(s, (ctx) => checkEmerge(ctx, A, "endMove"))
    expect(e.some((x) => x.type === "emerged" && x.model === "c1")).toBe(true)
    expect(movedOf(e, "c1")!.contact).toEqual([A2])
    expect(fought(e, "c1")).toEqual([A2])
  })

  it("B-BEHAVIOUR-06 R-BOARD-14 with no room beside its target it comes out as near as it can, a stated fact, and does not Fight", () => {
    // A2 walled in on every side, 0.05" from its base: no base fits in contact with it.
    const box = [
      rect("n", "wall", 8.2, 4.2, 9.8, 4.45),
      rect("s", "wall", 8.2, 5.55, 9.8, 5.8),
      rect("w", "wall", 8.2, 4.2, 8.45, 5.8),
      rect("e", "wall", 9.55, 4.2, 9.8, 5.8),
    ]
    const s = scene(
      { [A]: { x: 6, y: 6 }, [A2]: { x: 9, y: 5 } },
      { c1: { ref: "rootmaw", at: { x: 3, y: 3 }, patch: { status: "lurking", lair: "t1" } } },
      { terrain: box, patch: { [A2]: { noise: 1 } } },
    )
    const e = run(s, (ctx) => checkEmerge(ctx, A, "endMove"))
    expect(e.some((x) => x.type === "emerged" && x.model === "c1")).toBe(true)
    const room = e
      .flatMap((x) => (x.type === "facts.stated" ? x.facts : []))
      .find((f) => f.query.q === "reach")
    expect(room).toEqual({ query: { q: "reach", a: "c1", b: A2, inches: 99 }, value: false })
    expect(movedOf(e, "c1")!.contact).toEqual([])
    expect(fought(e, "c1")).toEqual([])
  })

  it("B-BEHAVIOUR-06 Noise further than its Senses from the Lair wakes nothing", () => {
    const s = lurking({ [A]: { x: 12, y: 12 } }, { [A]: { noise: 2 } })
    expect(run(s, (ctx) => checkEmerge(ctx, A, "noise")).filter((e) => e.type !== "facts.stated")).toEqual([])
  })

  it("B-BEHAVIOUR-07 once out, the Drowned acts as a Hunter", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 14, y: 10 } },
      { c1: { ref: "the-drowned", at: { x: 10, y: 8 } } },
      {
        patch: { [A2]: { noise: 1 } },
      },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A2)
  })
})

describe("Guardian (B-BEHAVIOUR-08)", () => {
  it("B-BEHAVIOUR-08 a Strangler Vine attacks the noisiest model within reach", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [A2]: { x: 13, y: 9 } },
      { c1: { ref: "strangler-vine", at: { x: 10, y: 9 } } },
      {
        patch: { [A2]: { noise: 1 } },
      },
    )
    const e = activate(s, "c1")
    expect(movedOf(e, "c1")!.contact).toEqual([A2])
    expect(fought(e, "c1")).toEqual([A2])
  })

  it('B-BEHAVIOUR-08 it never leaves 6" of where it was placed: a survivor beyond its leash is left alone (R-BOARD-10)', () => {
    const s = scene(
      { [A]: { x: 12, y: 9 } },
      {
        c1: { ref: "strangler-vine", at: { x: 10, y: 9 }, patch: { placed: { x: 4, y: 9 } } },
      },
    )
    expect(activate(s, "c1").filter((e) => e.type === "moved" || e.type === "attack.rolled")).toEqual([])
  })

  it("B-BEHAVIOUR-08 out of reach, a Carrion Bloom does nothing", () => {
    const s = scene(
      { [A]: { x: 20, y: 9 } },
      { c1: { ref: "carrion-bloom", at: { x: 10, y: 9 } } },
      {
        patch: { [A]: { noise: 3 } },
      },
    )
    expect(activate(s, "c1").filter((e) => e.type === "moved" || e.type === "attack.rolled")).toEqual([])
  })
})

describe("Swarm (B-BEHAVIOUR-09/10)", () => {
  it("B-BEHAVIOUR-09 Lantern Moths go for the noisiest survivor within their Senses", () => {
    const s = scene(
      { [A]: { x: 10, y: 14 }, [A2]: { x: 18, y: 8 } },
      { c1: { ref: "lantern-moths", at: { x: 10, y: 8 } } },
      {
        patch: { [A2]: { noise: 1 } },
      },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A2)
  })

  it("B-BEHAVIOUR-09 with no Noise, the nearest light: a survivor with a Lantern", () => {
    const s = scene(
      { [A]: { x: 10, y: 14 }, [A2]: { x: 18, y: 8 } },
      { c1: { ref: "lantern-moths", at: { x: 10, y: 8 } } },
      {
        patch: { [A2]: { kit: ["lantern"] } },
      },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A2)
  })

  it("B-BEHAVIOUR-09 with neither Noise nor light within its Senses, it holds", () => {
    const s = scene({ [A]: { x: 10, y: 14 } }, { c1: { ref: "lantern-moths", at: { x: 10, y: 8 } } })
    expect(activate(s, "c1").filter((e) => e.type === "moved")).toEqual([])
  })

  it("B-BEHAVIOUR-10 a Swarm Fights every model in contact with it, separately", () => {
    const s = scene(
      { [A]: { x: 10, y: 9.001 }, [A2]: { x: 11.001, y: 8 } },
      { c1: { ref: "lantern-moths", at: { x: 10, y: 8 } } },
      {
        patch: { [A]: { noise: 1 } },
      },
    )
    expect(fought(activate(s, "c1"), "c1").sort()).toEqual([A, A2].sort())
  })
})

describe("Horror (B-BEHAVIOUR-11)", () => {
  it("B-BEHAVIOUR-11 a Spore Hulk goes for the largest group it can see over a nearer lone survivor", () => {
    const s = scene(
      { [A]: { x: 10, y: 12 }, [B]: { x: 22, y: 10 }, [B2]: { x: 24, y: 10 }, [A2]: { x: 23, y: 12 } },
      { c1: { ref: "spore-hulk", at: { x: 10, y: 8 } } },
    )
    const e = activate(s, "c1")
    expect([B, B2, A2]).toContain(wentFor(s, e, "c1"))
  })

  it("B-BEHAVIOUR-11 it Fights the one in contact with the most Noise", () => {
    const s = scene(
      { [A]: { x: 10, y: 9.001 }, [A2]: { x: 11.001, y: 8 } },
      { c1: { ref: "the-choir", at: { x: 10, y: 8 } } },
      { patch: { [A2]: { noise: 2 } } },
    )
    expect(fought(activate(s, "c1"), "c1")).toEqual([A2])
  })
})

describe("Tender (B-BEHAVIOUR-12..14)", () => {
  const spore = rect("s", "spore", 16, 6, 20, 10)
  it("B-BEHAVIOUR-12 a Tender goes first for a survivor carrying Loot, then one with 3+ Blight, then the one nearest Spore terrain", () => {
    const where = { [A]: { x: 10, y: 12 }, [A2]: { x: 14, y: 14 }, [A3]: { x: 21, y: 12 } }
    const loot = scene(
      where,
      { c1: { ref: "seed-bearer", at: { x: 10, y: 8 } } },
      {
        terrain: [spore],
        patch: { [A2]: { carrying: [{ token: "t9", contents: "loot", rich: 0 }] }, [A]: { blight: 4 } },
      },
    )
    expect(wentFor(loot, activate(loot, "c1"), "c1")).toBe(A2)
    const blight = scene(
      where,
      { c1: { ref: "hymnwarden", at: { x: 10, y: 8 } } },
      {
        terrain: [spore],
        patch: { [A]: { blight: 4 } },
      },
    )
    expect(wentFor(blight, activate(blight, "c1"), "c1") ?? fought(activate(blight, "c1"), "c1")[0]).toBe(A)
    const near = scene(where, { c1: { ref: "gardener-tender", at: { x: 10, y: 8 } } }, { terrain: [spore] })
    expect(wentFor(near, activate(near, "c1"), "c1")).toBe(A3)
  })

  it("B-BEHAVIOUR-13 a Tender Fights the target it reaches", () => {
    const s = scene(
      { [A]: { x: 12, y: 8 } },
      { c1: { ref: "the-verdant-mother", at: { x: 10, y: 8 } } },
      {
        terrain: [rect("s", "spore", 16, 6, 20, 10)],
      },
    )
    expect(fought(activate(s, "c1"), "c1")).toEqual([A])
  })

  it('B-BEHAVIOUR-14 a Tender never strays more than 12" from Spore terrain or a Lair: a survivor beyond is left alone (R-BOARD-13)', () => {
    const s = scene(
      { [A]: { x: 18, y: 30 } },
      { c1: { ref: "seed-bearer", at: { x: 18, y: 24 } } },
      {
        terrain: [rect("s", "spore", 16, 2, 20, 4)],
        patch: { [A]: { carrying: [{ token: "t9", contents: "loot", rich: 0 }] } },
      },
    )
    // The Lairs are in the north-west and south-east corners, more than 12" from the survivor.
    expect(activate(s, "c1").filter((e) => e.type === "moved")).toEqual([])
  })
})

describe("The Hollowed and every core creature (B-HOLLOWED-02, B-CREATURE)", () => {
  it("B-HOLLOWED-02 a Hollowed goes for its old Refuge first", () => {
    const s = scene(
      { [A]: { x: 20, y: 12 }, [B]: { x: 10, y: 12 } },
      {
        c1: { ref: "hollowed", at: { x: 10, y: 8 }, patch: { remembers: "wharfside" } },
      },
    )
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A)
  })

  it("B-CREATURE-01 every core creature, in contact with a noisy survivor, acts by its behaviour", () => {
    for (const entry of registry.list("creatures")) {
      const s = scene(
        { [A]: { x: 10, y: 9.001 } },
        { c1: { ref: entry.id, at: { x: 10, y: 8 } } },
        {
          patch: { [A]: { noise: 2 } },
        },
      )
      const e = activate(s, "c1")
      const behaviour = registry.get("behaviours", entry.behaviour)!
      expect(e[0], entry.id).toMatchObject({ type: "activation.start", model: "c1" })
      // Nobody moves away from a foe it is touching; anything that attacks attacks it.
      expect(movedOf(e, "c1"), entry.id).toBeUndefined()
      if (behaviour.attack.kind !== "none") expect(fought(e, "c1"), entry.id).toEqual([A])
    }
  })
})
