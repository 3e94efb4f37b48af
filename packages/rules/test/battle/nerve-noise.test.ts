/**
 * Nerve and Dread (B-NERVE, B-DREAD), Noise and the Din (B-NOISE, B-DIN), Blight and its tiers in a
 * raid (B-BLIGHT-01/02, B-TIER) and Turning (B-TURN-01/02), through the public engine.
 */
import { describe, expect, it } from "vitest"
import type { FactQuery } from "../../src/battle/State.js"
import {
  comeIntoSight,
  faces,
  inTerrain,
  noFacts,
  passRound,
  refuge,
  type SurvivorSpec,
  shotFacts,
  started,
  Table,
  within,
} from "./fixtures.js"

/** A raid with one lurking Lesser roll (`row` faces), Initiative rolled so that a goes first, then b, then the brood. */
const lurking = (
  row: [number, number],
  a: ReadonlyArray<SurvivorSpec>,
  b: ReadonlyArray<SurvivorSpec> = [{ leader: true }, {}],
): Table => {
  const t = Table.create({ scenario: "lurk", refuges: [refuge("A", a, { reloads: 2 }), refuge("B", b)] })
  t.roll(...row)
  return t
}

const isWithin = (q: FactQuery, a: string, b: string) =>
  q.q === "within" && ((q.a === a && q.b === b) || (q.a === b && q.b === a))

describe("Nerve and Dread (B-NERVE, B-DREAD)", () => {
  /** A Rotweaver (Dread 1) lurks; a.1 is a Soldier Leader (Nerve 3), a.2 a Student (Nerve 1). */
  const dread = (nearLeader: boolean): Table => {
    const t = lurking([4, 5], [{ leader: true, background: "soldier" }, {}])
    t.settle(faces(4, 1), noFacts) // a 0, b 0: roll-off next
    t.settle([6, 1], noFacts) // a wins the roll-off; the Rotweaver (Initiative 3) acts first and finds nobody
    expect(t.model("c1").ref).toBe("rotweaver")
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.settle([], noFacts)
    t.do({ type: "activate", model: "a.2" })
    comeIntoSight(t, "a.2", "c1", "a.1", nearLeader)
    return t
  }

  it("B-NERVE-01 a friend within 6\" of the Leader may use the Leader's Nerve pool (R-BATTLE-22)", () => {
    const near = dread(true)
    // The Leader lends Nerve 3 (a Student's 1, +1 the Leader rules, R-CONTENT-26, +1 … see fixtures).
    expect(near.prompt).toMatchObject({ kind: "dice", dice: 4 })
    const far = dread(false)
    expect(far.prompt).toMatchObject({ kind: "dice", dice: 1 })
  })

  it('B-DREAD-01 the first time a survivor sees a creature with Dread within 12", it tests Nerve against the Dread value (R-WORLD-15)', () => {
    const t = dread(true)
    t.roll(4, 1, 1, 1)
    expect(t.of("test.rolled")).toEqual([
      expect.objectContaining({ model: "a.2", pool: "nerve.dread", target: 1, passed: true }),
    ])
    expect(t.model("a.2").dreaded).toEqual(["rotweaver"])
    // The second sight of the same kind: no test.
    t.do({
      type: "move",
      model: "a.2",
      distance: 1,
      facts: [
        within("a.2", "c1", 12),
        { query: { q: "sees", a: "a.2", b: "c1" }, value: true },
        within("a.2", "c1", 3, false),
      ],
    })
    expect(t.of("test.rolled")).toEqual([])
  })

  it("B-DREAD-02 a failed Dread test makes the survivor Shaken", () => {
    const t = dread(true)
    t.roll(3, 2, 2, 2)
    expect(t.of("shaken")).toEqual([expect.objectContaining({ model: "a.2" })])
    expect(t.of("moved").filter((e) => e.model === "a.2" && e.reason?.includes("Panic"))).toEqual([])
    expect(t.model("a.2").shaken).toBe(true)
  })

  it("B-DREAD-03 no successes and a 1 is Panic: a full Move directly away, then Shaken", () => {
    const t = dread(false)
    t.roll(1)
    const panic = t.of("moved").find((e) => e.reason?.includes("Panic"))
    expect(panic).toMatchObject({ model: "a.2", distance: 6 })
    expect(t.model("a.2").shaken).toBe(true)
  })
})

describe("Noise (B-NOISE)", () => {
  it("B-NOISE-06 Noise tokens stay by the model until the End Phase", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "endActivation", model: "a.2" })
    expect(t.model("a.1").noise).toBe(1)
    t.do({ type: "activate", model: "b.2" })
    t.do({ type: "endActivation", model: "b.2" })
    t.settle([1])
    expect(t.model("a.1").noise).toBe(0)
  })

  it("B-NOISE-07 a creature goes for the survivor with the most Noise within its Senses", () => {
    const t = lurking([1, 1], [{ leader: true }, {}]) // a Husk: Senses 12, hunts by Noise
    t.roll(6, 6) // a: 2
    t.roll(6, 6) // b: 2
    t.roll(6, 1) // a wins the roll-off; order a, b, brood
    expect(t.s.order).toEqual(["a", "b", "brood-1"])
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 1 })
    t.do({ type: "sprint", model: "a.1", distance: 1 })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "sprint", model: "b.1", distance: 1 })
    t.do({ type: "endActivation", model: "b.1" })
    expect([t.model("a.1").noise, t.model("b.1").noise]).toEqual([2, 1])
    // Both within its Senses; a.2 and b.2 are not.
    t.settle([], (q) =>
      q.q === "contact" || q.q === "reach"
        ? undefined
        : isWithin(q, "c1", "a.1") || isWithin(q, "c1", "b.1")
          ? true
          : noFacts(q),
    )
    // It goes for a.1 (2 Noise), not b.1 (1): the reach question is about a.1, asked of b (B-ACT-05).
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "reach", a: "c1", b: "a.1" }, by: "b" })
  })
})

describe("the Din (B-DIN)", () => {
  /** A round where a.1 Sprints twice (2 Noise) and nothing else happens; stops at the Din. */
  const noisyRound = (options = {}, scenario = "duel"): Table => {
    const t = started({ options, scenario })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 1 })
    t.do({ type: "sprint", model: "a.1", distance: 1 })
    passRound(t)
    return t
  }

  it("B-DIN-01 the Din rolls a die for every Noise token this round, up to 12 (plus a scenario's extra dice)", () => {
    const t = noisyRound()
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2, purpose: "the Din (B-DIN-01)" })
    const many = started({ options: { dinCounts: "onTable" } })
    many.do({ type: "adjust", model: "a.1", reason: "a flare gun fired off the log", noise: 15 })
    passRound(many)
    expect(many.prompt).toMatchObject({ kind: "dice", dice: 12 })
    const extra = noisyRound({}, "noisy")
    expect(extra.prompt).toMatchObject({ kind: "dice", dice: 4 })
  })

  it("B-DIN-01 with R-BATTLE-05 made, Noise of a survivor gone Down still counts; with onTable it does not", () => {
    const din = (dinCounts: "made" | "onTable") => {
      const t = started(
        {
          options: { dinCounts },
          refuges: [
            refuge("A", [{ leader: true }, {}]),
            refuge("B", [{ leader: true, weapons: ["bow"] }, {}], { arrows: 1 }),
          ],
        },
        "a",
      )
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "sprint", model: "a.1", distance: 1 })
      t.do({ type: "endActivation", model: "a.1" })
      t.do({ type: "activate", model: "b.1" })
      t.state(...shotFacts(t, "b.1", "a.1", 18))
      t.do({ type: "shoot", model: "b.1", weapon: "bow", target: "a.1" })
      t.roll(4, 4)
      expect(t.model("a.1").status).toBe("down")
      passRound(t)
      t.settle([5, 6], noFacts) // the Din if any, and A's Rout test
      return t.of("din.rolled", true)[0]
    }
    expect(din("made")).toMatchObject({ noise: 1, dice: 1 })
    expect(din("onTable")).toMatchObject({ noise: 0, dice: 0 })
  })

  it("B-DIN-02 no 6s: nothing arrives", () => {
    const t = noisyRound()
    t.settle([5, 5], noFacts)
    expect(t.of("din.rolled")).toEqual([
      { type: "din.rolled", noise: 2, dice: 2, faces: [5, 5], sixes: 0, result: "none" },
    ])
    expect(t.of("encounter.rolled")).toEqual([])
    expect(t.of("creature.arrives")).toEqual([])
  })

  it("B-DIN-03 exactly one 6: a Lesser Encounter roll", () => {
    const t = noisyRound()
    t.settle([6, 2, 1, 1], noFacts) // the Din, then the Lesser table: row 1, a Husk
    expect(t.of("din.rolled")[0]).toMatchObject({ sixes: 1, result: "lesser" })
    expect(t.of("encounter.rolled")).toEqual([
      expect.objectContaining({ table: "lesser", row: 1, name: "A Husk" }),
    ])
    expect(t.of("creature.arrives").map((e) => e.model.ref)).toEqual(["husk"])
  })

  it("B-DIN-04 two or more 6s: a Greater Encounter roll", () => {
    const t = noisyRound()
    t.settle([6, 6, 1, 1], noFacts)
    expect(t.of("din.rolled")[0]).toMatchObject({ sixes: 2, result: "greater" })
    expect(t.of("encounter.rolled")).toEqual([expect.objectContaining({ table: "greater", row: 1 })])
    expect(t.of("creature.arrives").length).toBeGreaterThan(0)
  })

  it("B-DIN-06 after the Din is resolved, all Noise is cleared", () => {
    const t = noisyRound()
    t.settle([1, 1], noFacts)
    const types = t.last.map((e) => e.type)
    expect(types.indexOf("din.rolled")).toBeLessThan(types.indexOf("round.clear"))
    expect(t.s.models.every((m) => m.noise === 0)).toBe(true)
  })
})

describe("Blight in a raid (B-BLIGHT, B-TIER, B-TURN)", () => {
  const withBlight = (blight: number, options = {}): Table =>
    started({
      refuges: [
        refuge("A", [{ leader: true }, { blight, weapons: ["pistol"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      options,
    })

  /** a.2 shoots b.1 adding `n` Blight dice (a.1 has just ended its activation). */
  const shootWith = (t: Table, n: number) => {
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.1", 12))
    return { type: "shoot" as const, model: "a.2", weapon: "pistol", target: "b.1", blightDice: n }
  }

  it("B-TIER-01 Clean (0–2): no Blight dice", () => {
    const t = withBlight(2)
    expect(t.reject(shootWith(t, 1)).clause).toBe("B-BLIGHTDICE-01")
  })

  it("B-TIER-02 Touched (3–5): one Blight die; B-TIER-03 Bloomed (6–8): two; B-TIER-04 Overgrown (9–11): three", () => {
    for (const [blight, n] of [
      [3, 1],
      [6, 2],
      [9, 3],
    ] as const) {
      const t = withBlight(blight)
      const shot = shootWith(t, n)
      expect(t.reject({ ...shot, blightDice: n + 1 }).clause).toBe("B-BLIGHTDICE-01")
      t.do(shot)
      expect(t.prompt).toMatchObject({ kind: "dice", dice: 3 + n })
      t.roll(...faces(3 + n, 4))
      expect(t.of("attack.rolled")[0]?.pool.blight).toHaveLength(n)
    }
  })

  it("B-BLIGHT-01 Blight runs from 0 to 12: a gain past 12 stops at 12; B-TIER-05 / B-TURN-01 at 12 the survivor Turns at once", () => {
    const t = withBlight(11)
    t.do(shootWith(t, 2))
    t.roll(4, 4, 4, 1, 1) // two Blight 1s: +2, capped at 12
    expect(t.of("blight.gained")).toEqual([expect.objectContaining({ model: "a.2", amount: 1, blight: 12 })])
    const types = t.last.map((e) => e.type)
    expect(types.indexOf("turned")).toBe(types.indexOf("blight.gained") + 1)
    expect(t.model("a.2")).toMatchObject({ blight: 12, status: "turned" })
  })

  it("B-TURN-02 a survivor who Turns is replaced by a Hollowed that hunts and remembers its old Refuge", () => {
    const t = withBlight(11)
    t.do(shootWith(t, 1))
    t.roll(4, 4, 4, 1)
    const arrived = t.of("creature.arrives")
    expect(arrived).toHaveLength(1)
    const h = arrived[0]!.model
    expect(h).toMatchObject({ kind: "creature", ref: "hollowed", remembers: "a" })
    expect(h.profile).toMatchObject({ move: 6, fight: 3, health: 3, armour: 1 })
    expect(t.of("side.added")[0]?.side).toMatchObject({ kind: "brood" })
    expect(t.s.activation).toBeUndefined() // its activation ended with it
  })

  it("B-BLIGHT-02 ending an activation in Spore terrain rolls a die: +1 Blight on a 1–2 (R-BATTLE-02 activation)", () => {
    const t = started({ options: { spores: "activation" } })
    t.do({ type: "activate", model: "a.1" })
    t.state(inTerrain("a.1", "spore"))
    t.do({ type: "endActivation", model: "a.1" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 1 })
    t.roll(1)
    expect(t.of("spores")).toEqual([{ type: "spores", model: "a.1", face: 1 }])
    expect(t.model("a.1").blight).toBe(1)
    // R-BATTLE-02 endPhase (the default): no roll at the end of the activation.
    const u = started()
    u.do({ type: "activate", model: "a.1" })
    u.state(inTerrain("a.1", "spore"))
    u.do({ type: "endActivation", model: "a.1" })
    expect(u.prompt).toBeUndefined()
    expect(u.of("spores")).toEqual([])
  })
})

describe("the Leader's own Nerve (R-CONTENT-26)", () => {
  // leader.json: "The Leader has +1 Nerve" (a statModifier), in the raid's profile too.
  it("B-NERVE-01 the Leader's Nerve pool includes the Leader's +1 Nerve", () => {
    const t = started()
    expect(t.model("a.1").profile.nerve).toBe(t.model("a.2").profile.nerve + 1)
  })
})
