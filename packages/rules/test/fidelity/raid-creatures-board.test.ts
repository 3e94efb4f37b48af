/**
 * Fidelity on a board: the Rootmaw moves under the road (its rule "Under the road": terrain never
 * slows or blocks its Move; lore "Rootmaws move under the road. The tarmac goes soft before they
 * surface"). On a board it passes under walls, but comes up only where its base is clear of them
 * (R-BOARD-15); a Lantern Moth cloud (flying: climbing and dense growth only) is still kept out.
 */
import { describe, expect, it } from "vitest"
import { Ctx } from "../../src/battle/Context.js"
import { arrivalPoint, encounter } from "../../src/battle/creatures/Encounter.js"
import { draftOf } from "../../src/battle/Evolve.js"
import { dreadTest } from "../../src/battle/nerve/Dread.js"
import { spores } from "../../src/battle/round/Spores.js"
import { arrivalSpots } from "../../src/battle/table/board/Deployment.js"
import { random as randomBoard } from "../../src/battle/table/board/Generator.js"
import { A, A2, at, B, B2, board, rect, registry, stateOn } from "../board/fixtures.js"
import { A3, activate, env, fought, movedOf, run, scene, wentFor } from "../board/scenes.js"

/** A plain survivor's profile (M5 F2 S2 W2 N2 H2 A0). */
const PROFILE = { move: 5, fight: 2, shoot: 2, wits: 2, nerve: 2, health: 2, armour: 0 }

/** A wall across the whole board between y 10 and y 11 (36" wide), no way round it; a noisy survivor beyond it. */
const acrossTheRoad = (creature: string) =>
  activate(
    scene(
      { [A]: { x: 10, y: 13 } },
      { c1: { ref: creature, at: { x: 10, y: 8 } } },
      {
        terrain: [rect("w", "wall", 0, 10, 36, 11)],
        patch: { [A]: { noise: 1 } },
      },
    ),
    "c1",
  )

describe("The Rootmaw burrows (R-BOARD-15)", () => {
  it("B-TERRAIN-01 R-BOARD-15 a Rootmaw passes under a wall to reach the noisiest survivor beyond it, and Fights", () => {
    const e = acrossTheRoad("rootmaw")
    expect(movedOf(e, "c1")).toMatchObject({ contact: [A] })
    expect(movedOf(e, "c1")!.to!.y).toBeGreaterThan(11.5) // it came up beyond the wall
    expect(fought(e, "c1")).toEqual([A])
  })

  it("B-TERRAIN-01 R-BOARD-15 a flying cloud is still kept out by the same wall", () => {
    const e = acrossTheRoad("lantern-moths")
    expect(movedOf(e, "c1")?.contact ?? []).toEqual([])
    expect(movedOf(e, "c1")?.to?.y ?? 8).toBeLessThanOrEqual(9.5 + 1e-6)
    expect(fought(e, "c1")).toEqual([])
  })

  it("B-TERRAIN-01 R-BOARD-15 a Rootmaw whose Move runs out under a wall comes up short of it, never inside it", () => {
    // A wall 6" thick: beyond it is more than its 5" Move away.
    const s = scene(
      { [A]: { x: 10, y: 20 } },
      { c1: { ref: "rootmaw", at: { x: 10, y: 8 } } },
      {
        terrain: [rect("w", "wall", 0, 10, 36, 16)],
        patch: { [A]: { noise: 1 } },
      },
    )
    const m = movedOf(activate(s, "c1"), "c1")!
    expect(m.contact).toEqual([])
    // Its 1" base stays clear of the wall (y 10 to 16): at most 9.5 before it, at least 16.5 beyond.
    expect(m.to!.y <= 9.5 + 1e-6 || m.to!.y >= 16.5 - 1e-6).toBe(true)
    expect(m.to!.y).toBeLessThanOrEqual(9.5 + 1e-6)
  })
})

describe("Where creatures arrive on a board (B-CREATURE-06, R-BOARD-09)", () => {
  it("B-CREATURE-06 R-BOARD-09 with no survivor making Noise, creatures not bound to a Lair arrive at the middle of a Blight edge, not at a Lair", () => {
    const s = at(stateOn(board()), { [A]: { x: 18, y: 4 } })
    const owned = new Set(s.sides.flatMap((x) => (x.edge ? [x.edge] : [])))
    const [spot] = arrivalSpots(s, 1)
    expect(spot).toBeDefined()
    // Not beside either Lair (3, 3) or (33, 33)…
    for (const lair of [
      { x: 3, y: 3 },
      { x: 33, y: 33 },
    ])
      expect(Math.hypot(spot!.x - lair.x, spot!.y - lair.y)).toBeGreaterThan(3)
    // …but by the middle of an edge no Refuge deploys on.
    const middles = {
      north: { x: 18, y: 0 },
      south: { x: 18, y: 36 },
      west: { x: 0, y: 18 },
      east: { x: 36, y: 18 },
    }
    const near = Object.entries(middles).filter(([, p]) => Math.hypot(spot!.x - p.x, spot!.y - p.y) < 3)
    expect(near.map(([e]) => owned.has(e as never))).toEqual([false])
  })

  it("B-CREATURE-06 R-BOARD-09 with Noise, at the Lair or Blight-edge point nearest the noisiest survivor", () => {
    const s = at(stateOn(board()), { [A]: { x: 30, y: 30 } }, false, { [A]: { noise: 2 } })
    const [spot] = arrivalSpots(s, 1)
    expect(Math.hypot(spot!.x - 33, spot!.y - 33)).toBeLessThan(2.5) // the south-east Lair
  })
})

describe("Spores in the End Phase (B-ROUND-04)", () => {
  it("B-ROUND-04 R-BATTLE-47 each survivor in Spore terrain rolls, a Down one too; one outside does not", () => {
    const s = scene(
      { [A]: { x: 10, y: 10 }, [A2]: { x: 12, y: 10 }, [A3]: { x: 30, y: 30 } },
      {},
      { terrain: [rect("s", "spore", 8, 8, 14, 12)], patch: { [A2]: { status: "down" } } },
    )
    const rolled = run(s, (ctx) => spores(ctx)).flatMap((e) => (e.type === "spores" ? [e.model] : []))
    expect(rolled).toEqual([A, A2])
  })
})

describe("Horror: the largest group it can see (B-BEHAVIOUR-11)", () => {
  it("B-BEHAVIOUR-11 R-BOARD-16 a group counts only the survivors the Horror can see: two in sight beat one in sight with two more behind a wall", () => {
    const B3 = "the-gardeners-of-carrow-fields.3"
    const s = scene(
      {
        [A]: { x: 10, y: 12 },
        [A2]: { x: 12, y: 12 },
        [B]: { x: 26, y: 12 },
        [B2]: { x: 27, y: 17 },
        [B3]: { x: 25, y: 17 },
      },
      { c1: { ref: "spore-hulk", at: { x: 18, y: 6 } } },
      { terrain: [rect("w", "wall", 21, 14.5, 31, 15.5)] },
    )
    // The two of A in sight make the larger group; it goes for the nearer of them.
    expect(wentFor(s, activate(s, "c1"), "c1")).toBe(A2)
  })
})

describe("An Ambusher the Din brings, on a board (B-BEHAVIOUR-05, R-BOARD-14, R-BATTLE-48)", () => {
  /** Lesser row 12 (a Rootmaw), rolled with typed dice, for a board where A (2 Noise) stands at `where`. */
  const rootmawFor = (where: { x: number; y: number }) => {
    const s = scene({ [A]: where }, {}, { patch: { [A]: { noise: 2 } } })
    const ctx = new Ctx(draftOf({ ...s, dice: { ...s.dice, mode: "manual" } }), env, [[4, 6]])
    encounter(ctx, "lesser", arrivalPoint(ctx, false))
    return ctx.draft.models.find((m) => m.ref === "rootmaw")!
  }

  it("B-BEHAVIOUR-05 R-BOARD-14 R-BATTLE-48 by a Lair, nearer than any Blight edge: it lurks there, off the table", () => {
    expect(rootmawFor({ x: 30, y: 30 })).toMatchObject({ status: "lurking", lair: "t2" })
  })

  it("B-BEHAVIOUR-05 R-BOARD-14 R-BATTLE-48 nearer a Blight edge than a Lair: it arrives there in the open", () => {
    const r = rootmawFor({ x: 18, y: 18 })
    expect(r.status).toBe("active")
    expect(r.lair).toBeUndefined()
  })
})

describe("Third-party Gardeners and a player's Congregation (B-GARDENER-03, B-BEHAVIOUR-12, R-WORLD-22)", () => {
  it("B-GARDENER-03 B-BEHAVIOUR-12 R-WORLD-22 a third-party Tender goes for a player Congregation's member carrying Loot like any survivor", () => {
    const s = scene(
      { [A]: { x: 24, y: 14 }, [B]: { x: 12, y: 10 } },
      { c1: { ref: "gardener-tender", at: { x: 10, y: 8 } } },
      {
        terrain: [rect("s", "spore", 16, 6, 20, 10)],
        patch: { [B]: { carrying: [{ token: "t9", contents: "loot", rich: 0 }] } },
      },
    )
    expect(s.sides.find((x) => x.id === s.models.find((m) => m.id === B)!.side)?.kind).toBe("congregation")
    const e = activate(s, "c1")
    expect(movedOf(e, "c1")?.reason ?? "").toMatch(/goes for/)
    expect(wentFor(s, e, "c1")).toBe(B)
  })
})

describe("Set-up on a random board (B-SETUP-03..05)", () => {
  it('B-SETUP-05 the Loot tokens lie more than 6" from either deployment zone (6" deep) and more than 4" from every other token', () => {
    for (const seed of [1, 2, 3, 4, 5, 6, 7, 8]) {
      const b = randomBoard(seed, registry)
      const loot = b.loot ?? []
      expect(loot, `seed ${seed}`).toHaveLength(5)
      for (const p of loot) {
        // Refuges deploy along the south and north edges (B-SETUP-03): the zones end 6" in.
        expect(Math.min(p.y, b.height - p.y), `seed ${seed}`).toBeGreaterThan(12)
        for (const q of [...loot, ...(b.lairs ?? [])])
          if (q !== p) expect(Math.hypot(p.x - q.x, p.y - q.y), `seed ${seed}`).toBeGreaterThan(4)
      }
    }
  })
})

describe("Dread after a Panic move (B-DREAD-01/03, R-BATTLE-23)", () => {
  /** A run whose dice come from a list (the board answers every fact). */
  class Listed extends Ctx {
    constructor(
      s: Parameters<typeof draftOf>[0],
      private readonly faces: number[],
    ) {
      super(draftOf(s), env, [])
    }
    override dice(n: number): ReadonlyArray<number> {
      return this.faces.splice(0, n)
    }
  }

  it('B-DREAD-01 R-BATTLE-23 a Panic move is a move: a Dread creature it brings into sight within 12" is tested for at once', () => {
    // A (Nerve 1, not the Leader) sees a Rotweaver to the north; the Stalk to the south-east is
    // behind a block that a Panic move 6" south clears.
    const s = scene(
      { [A]: { x: 18, y: 18 } },
      { c1: { ref: "rotweaver", at: { x: 18, y: 14 } }, c2: { ref: "the-stalk", at: { x: 26, y: 26 } } },
      {
        terrain: [rect("w", "wall", 21, 21, 23, 23)],
        patch: { [A]: { leader: false, blight: 0, profile: { ...PROFILE, nerve: 1 } } },
      },
    )
    const ctx = new Listed(s, [1, 1])
    dreadTest(ctx, ctx.view(A), ctx.view("c1"))
    const tests = ctx.game.flatMap((e) => (e.type === "test.rolled" && e.pool === "nerve.dread" ? [e] : []))
    expect(tests).toHaveLength(2)
    expect(ctx.view(A).dreaded).toEqual(["rotweaver", "the-stalk"])
  })
})

describe("The noisiest survivor counts the Radio's Noise (B-CREATURE-06, B-OBJECTIVE-05)", () => {
  it("B-CREATURE-06 R-BATTLE-48 the Radio's carrier, with no Noise tokens, is still the noisiest survivor the creatures arrive by", () => {
    const s = scene(
      { [A]: { x: 30, y: 30 } },
      {},
      {
        patch: { [A]: { carrying: [{ token: "t9", contents: "radio", rich: 0 }] } },
      },
    )
    const ctx = new Ctx(
      draftOf({
        ...s,
        objectives: [{ id: "radio", kind: "radio", state: "carried", progress: 0, scores: {} }],
        dice: { ...s.dice, mode: "manual" },
      }),
      env,
      [[1, 1]],
    )
    encounter(ctx, "lesser", arrivalPoint(ctx, false))
    const husk = ctx.draft.models.find((m) => m.ref === "husk")!
    expect(Math.hypot(husk.position!.x - 33, husk.position!.y - 33)).toBeLessThan(2.5) // the Lair by the carrier
  })
})
