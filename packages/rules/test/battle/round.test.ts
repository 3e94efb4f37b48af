/**
 * The round and its order (B-ROUND, B-INIT, B-ACT, B-SHAKEN), set-up (B-SETUP-06..08), Rout
 * (B-ROUT) and the end of a raid (B-BATTLE), played through the public engine with dice typed in.
 */
import { describe, expect, it } from "vitest"
import {
  contact,
  faces,
  inTerrain,
  noFacts,
  passRound,
  refuge,
  shotFacts,
  started,
  Table,
  within,
} from "./fixtures.js"

/** a.1 shoots b.2 down with its pistol (3 dice: two hits of 1 Damage on Health 2, no Armour). */
const shootDown = (t: Table, target = "b.2"): void => {
  t.do({ type: "activate", model: "a.1" })
  t.state(...shotFacts(t, "a.1", target, 12))
  t.do({ type: "shoot", model: "a.1", weapon: "pistol", target })
  t.roll(4, 5, 1)
  expect(t.model(target).status).toBe("down")
}

describe("the round (B-ROUND)", () => {
  it("B-ROUND-01 a battle lasts the scenario's rounds: six in the Cache, one in a one-round scenario", () => {
    expect(started().s.rounds).toBe(6)
    const t = started({ scenario: "short" })
    expect(t.s.rounds).toBe(1)
    passRound(t)
    t.settle()
    expect(t.s.phase).toBe("over")
    expect(t.of("battle.end", true)).toHaveLength(1)
    expect(t.of("round.start", true).map((e) => e.round)).toEqual([1])
  })

  it("B-ROUND-01 after round 1 of six the next round starts with its own Initiative", () => {
    const t = started()
    passRound(t)
    t.settle() // the End Phase: no Noise, nobody in spores
    expect(t.of("round.end", true)).toEqual([{ type: "round.end", round: 1 }])
    expect(t.prompt).toMatchObject({ kind: "dice", purpose: "A's Initiative" })
    t.initiative("b")
    expect(t.s.round).toBe(2)
    expect(t.s.order).toEqual(["b", "a"])
    expect(t.s.models.every((m) => !m.activated)).toBe(true)
  })

  it("B-ROUND-02 a round is Initiative, then Activations, then the End Phase", () => {
    const t = started({ scenario: "short" })
    passRound(t)
    t.settle()
    const types = t.battle.events.map((e) => e.type)
    const at = (type: string) => types.indexOf(type as never)
    expect(at("round.start")).toBeLessThan(at("initiative.rolled"))
    expect(at("initiative.order")).toBeLessThan(at("activation.start"))
    expect(types.lastIndexOf("activation.end")).toBeLessThan(at("endphase.start"))
    expect(at("endphase.start")).toBeLessThan(at("round.end"))
  })

  it("B-ROUND-03 the End Phase resolves the Din, Spores, Rout and Clear, in that order", () => {
    const t = started()
    shootDown(t) // 1 Noise; b has half its survivors Down
    passRound(t)
    // Din: 1 die; Spores: a.1 is in spores; Rout: b.1 tests its Nerve (2 dice).
    t.settle([3, 5, 6, 3], (q) => (q.q === "in" && q.a === "a.1" ? true : noFacts(q)))
    const order = t.last
      .map((e) => e.type)
      .filter((x) => ["din.rolled", "spores", "rout.test", "round.clear", "round.end"].includes(x))
    expect(order).toEqual(["din.rolled", "spores", "rout.test", "round.clear", "round.end"])
  })

  it("B-ROUND-04 Spores: a survivor in Spore terrain gains +1 Blight on a 1–2, not on a 3 (R-BATTLE-02 endPhase)", () => {
    const t = started()
    passRound(t)
    t.settle([2, 3], (q) => (q.q === "in" && (q.a === "a.1" || q.a === "b.1") ? true : noFacts(q)))
    expect(t.of("spores").map((e) => [e.model, e.face])).toEqual([
      ["a.1", 2],
      ["b.1", 3],
    ])
    expect(t.model("a.1").blight).toBe(1)
    expect(t.model("b.1").blight).toBe(0)
    expect(t.of("blight.gained")).toEqual([expect.objectContaining({ model: "a.1", amount: 1, blight: 1 })])
  })

  it("B-ROUND-05 Clear: all Noise goes, Hidden stays, fires go out", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["molotov"] }, {}]),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    // the Molotov lands on b.1; nobody else within 2".
    t.state(
      ...shotFacts(t, "a.1", "b.1", 6),
      within("b.1", "a.1", 2, false),
      within("b.1", "a.2", 2, false),
      within("b.1", "b.2", 2, false),
    )
    t.do({ type: "shoot", model: "a.1", weapon: "molotov", target: "b.1" })
    t.roll(1, 1) // the blast misses
    expect(t.s.tokens.some((x) => x.kind === "fire")).toBe(true)
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.state(inTerrain("b.1", "open", false), within("b.1", "a.1", 6, false), within("b.1", "a.2", 6, false))
    t.do({ type: "hide", model: "b.1" })
    expect(t.model("b.1").hidden).toBe(true)
    t.do({ type: "endActivation", model: "b.1" })
    expect(t.model("a.1").noise).toBe(3)
    passRound(t)
    t.settle(faces(3, 1))
    expect(t.of("round.clear")).toHaveLength(1)
    expect(t.s.models.every((m) => m.noise === 0)).toBe(true)
    expect(t.s.noiseMade).toBe(0)
    expect(t.model("b.1").hidden).toBe(true)
    expect(t.s.tokens.some((x) => x.kind === "fire")).toBe(false)
  })
})

describe("Initiative (B-INIT)", () => {
  it("B-INIT-01 each Refuge rolls its Leader's Wits as a pool; its score is the successes", () => {
    const t = Table.create()
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2, purpose: "A's Initiative", by: "a" })
    t.roll(4, 6)
    t.roll(1, 4)
    expect(t.of("initiative.rolled", true).map((e) => [e.side, e.score])).toEqual([
      ["a", 2],
      ["b", 1],
    ])
  })

  it("B-INIT-02 a creature brood does not roll: it uses the Bestiary's fixed Initiative", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 1) // the lurking roll: row 1, a Husk (Initiative 1)
    t.roll(1, 1) // a: 0
    t.roll(1, 4) // b: 1
    const rolled = t.of("initiative.rolled", true).map((e) => e.side)
    expect(rolled).toEqual(["a", "b"])
    expect(t.s.sides.find((x) => x.id === "brood-1")?.initiative).toBe(1)
    // the brood's 1 with no roll; tied with b, it goes first (B-INIT-05).
    expect(t.s.order).toEqual(["brood-1", "b", "a"])
  })

  it("B-INIT-03 every side is placed in one order, highest score first", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 1) // a Husk, Initiative 1
    t.roll(1, 1) // a: 0
    t.roll(6, 6) // b: 2
    expect(t.s.order).toEqual(["b", "brood-1", "a"])
  })

  it("B-INIT-04 Refuges with tied scores roll off", () => {
    const t = Table.create()
    t.roll(4, 1)
    t.roll(1, 5)
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    expect(t.prompt?.kind === "dice" && t.prompt.purpose).toContain("roll-off")
    t.roll(2, 5) // b wins the roll-off
    expect(t.of("initiative.order")[0]).toMatchObject({ order: ["b", "a"], rolloffs: [[2, 5]] })
  })

  it("B-INIT-04 a tied roll-off is rolled again (R-BATTLE-18)", () => {
    const t = Table.create()
    t.roll(4, 1)
    t.roll(1, 5)
    t.roll(3, 3)
    t.roll(6, 2)
    expect(t.s.order).toEqual(["a", "b"])
    expect(t.of("initiative.order")[0]?.rolloffs).toEqual([
      [3, 3],
      [6, 2],
    ])
  })

  it("B-INIT-05 when a Refuge ties with creatures, the creatures go first", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 1) // a Husk, Initiative 1
    t.roll(4, 1) // a: 1
    t.roll(1, 1) // b: 0
    expect(t.s.order).toEqual(["brood-1", "a", "b"])
  })
})

describe("activations (B-ACT, B-SHAKEN)", () => {
  it("B-ACT-01 each side in turn activates one model, down the order and back to the top", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    expect(t.reject({ type: "activate", model: "a.2" }).clause).toBe("B-ACT-01")
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    expect(t.reject({ type: "activate", model: "b.2" }).clause).toBe("B-ACT-01")
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "endActivation", model: "a.2" })
    t.do({ type: "activate", model: "b.2" })
    expect(t.of("activation.start", true).map((e) => e.model)).toEqual(["a.1", "b.1", "a.2", "b.2"])
  })

  it("B-ACT-02 a side with no models left to activate is skipped", () => {
    const t = started({
      refuges: [refuge("A", [{ leader: true }, {}, {}]), refuge("B", [{ leader: true }])],
    })
    for (const id of ["a.1", "b.1", "a.2", "a.3"]) {
      t.do({ type: "activate", model: id })
      t.do({ type: "endActivation", model: id })
    }
    expect(t.of("activation.start", true).map((e) => e.model)).toEqual(["a.1", "b.1", "a.2", "a.3"])
  })

  it("B-ACT-03 the Activations phase ends once every model has activated; none activates twice", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    expect(t.reject({ type: "activate", model: "a.1" }).clause).toBe("B-ACT-03")
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "endActivation", model: "a.2" })
    expect(t.of("endphase.start")).toHaveLength(0)
    t.do({ type: "activate", model: "b.2" })
    t.do({ type: "endActivation", model: "b.2" })
    expect(t.s.activation).toBeUndefined()
    expect(t.legal().some((c) => c.type === "activate")).toBe(false)
    t.settle() // the End Phase asks who stands in spores
    expect(t.of("endphase.start")).toHaveLength(1)
  })

  it("B-ACT-04 creatures activate one at a time, each in its brood's place in the order", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 2) // Two Husks, Initiative 1
    t.roll(6, 6) // a: 2
    t.roll(1, 1) // b: 0
    expect(t.s.order).toEqual(["a", "brood-1", "b"])
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.settle([], noFacts) // the first Husk: nobody within its Senses, it drifts
    const starts = () => t.of("activation.start", true).map((e) => e.model)
    expect(starts()).toEqual(["a.1", "c1"])
    expect(t.s.activation).toBeUndefined()
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.settle([], noFacts)
    expect(starts()).toEqual(["a.1", "c1", "b.1", "a.2", "c2"].slice(0, 3))
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "endActivation", model: "a.2" })
    t.settle([], noFacts)
    expect(starts()).toEqual(["a.1", "c1", "b.1", "a.2", "c2"])
  })

  it("B-ACT-05 creatures act by their behaviour; the player whose survivor is not the target answers for them", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 1) // a Husk
    t.roll(6, 6)
    t.roll(1, 1)
    expect(t.reject({ type: "activate", model: "c1" }).reason).toContain("turn")
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1" }) // 1 Noise: the Hunter goes for it
    t.do({ type: "endActivation", model: "a.1" })
    // The Husk asks who is within its Senses; only a.1 is, with Noise.
    t.settle([], (q) =>
      q.q === "reach" ? undefined : q.q === "within" && (q.a === "a.1" || q.b === "a.1") ? true : noFacts(q),
    )
    // It is not in contact: the question is the other player's (b), since a.1 is the target.
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "reach" }, by: "b" })
    t.state({ query: t.factQuery(), value: false })
    // R-BATTLE-55: short of it after one Move, its second action is another Move: asked again.
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "reach" }, by: "b" })
    t.state({ query: t.factQuery(), value: false })
    expect(t.of("moved").map((e) => [e.model, e.reason])).toEqual([
      ["c1", "goes for A 1"],
      ["c1", "goes for A 1"],
    ])
    expect(t.of("activation.end").map((e) => e.model)).toEqual(["c1"])
  })

  it("B-ACT-06 Down survivors do not activate", () => {
    const t = started()
    shootDown(t)
    t.do({ type: "endActivation", model: "a.1" })
    expect(t.reject({ type: "activate", model: "b.2" }).clause).toBe("B-ACT-06")
    expect(t.legal()).not.toContainEqual({ type: "activate", model: "b.2" })
  })

  it("B-ACT-07 an activating survivor takes two actions, then its activation ends", () => {
    const t = started()
    expect(t.do({ type: "activate", model: "a.1" })).toContainEqual({
      type: "activation.start",
      model: "a.1",
      actions: 2,
    })
    t.do({ type: "move", model: "a.1", distance: 3 })
    expect(t.s.activation?.actionsLeft).toBe(1)
    t.do({ type: "move", model: "a.1", distance: 2 })
    expect(t.of("activation.end")).toEqual([{ type: "activation.end", model: "a.1" }])
    expect(t.s.activation).toBeUndefined()
  })

  it("B-ACT-08 a survivor may take the same action twice in one activation", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "aim", model: "a.1" })
    t.do({ type: "aim", model: "a.1" })
    expect(t.of("action", true).map((e) => e.action)).toEqual(["aim", "aim"])
  })

  it("B-ACT-09 only one attack per activation: Shoot then Fight is refused", () => {
    const t = started()
    shootDown(t, "b.1")
    t.state(contact("a.1", "b.2"))
    expect(t.reject({ type: "fight", model: "a.1", target: "b.2" }).clause).toBe("B-ACT-09")
  })

  it("B-SHAKEN-01 a Shaken survivor gets one action in its next activation, then stops being Shaken", () => {
    const t = started()
    t.do({ type: "adjust", model: "a.1", reason: "failed a Dread test off the log", shaken: true })
    expect(t.do({ type: "activate", model: "a.1" })).toContainEqual({
      type: "activation.start",
      model: "a.1",
      actions: 1,
    })
    t.do({ type: "move", model: "a.1", distance: 1 })
    expect(t.of("activation.end")).toHaveLength(1)
    expect(t.model("a.1").shaken).toBe(false)
  })
})

describe("set-up (B-SETUP-06..08)", () => {
  it("B-SETUP-06 Reloads, Arrows and Bolts are drawn from the stores to load guns and fill pockets (R-BATTLE-11, R-BATTLE-35)", () => {
    const t = Table.create({
      refuges: [
        refuge(
          "A",
          [{ leader: true, weapons: ["pistol"] }, { weapons: ["bow"] }, { weapons: ["crossbow"] }],
          {
            reloads: 3,
            arrows: 4,
            bolts: 1,
          },
        ),
        refuge("B", [{ leader: true }]),
      ],
    })
    const a = t.s.sides.find((x) => x.id === "a")!
    expect(a.drawn).toEqual({ reloads: 3, arrows: 4, bolts: 1 })
    expect(t.model("a.1").weapons[0]).toMatchObject({ weapon: "pistol", loaded: 3 })
    expect(t.model("a.1").reloads).toBe(2)
    expect(t.model("a.2").weapons[0]).toMatchObject({ weapon: "bow", loaded: 1 })
    expect(t.model("a.2").arrows).toBe(3)
    expect(t.model("a.3").weapons[0]).toMatchObject({ weapon: "crossbow", loaded: 1 })
    expect(t.model("a.3").bolts).toBe(0)
  })

  it("B-SETUP-06 a gun with no Reload in the stores goes in empty", () => {
    const t = Table.create({
      refuges: [refuge("A", [{ leader: true, weapons: ["pistol"] }]), refuge("B", [{ leader: true }])],
    })
    expect(t.model("a.1").weapons[0]?.loaded).toBe(0)
    expect(t.s.sides[0]?.drawn.reloads).toBe(0)
  })

  it("B-SETUP-07 one Lesser Encounter roll for each lurking creature, placed at the Lairs", () => {
    const t = Table.create({ scenario: "lurk" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    t.roll(4, 3) // row 9: Two Thornhounds
    t.initiative("a")
    expect(t.of("encounter.rolled", true)).toEqual([
      expect.objectContaining({ table: "lesser", faces: [4, 3], row: 9, name: "Two Thornhounds" }),
    ])
    const arrived = t.of("creature.arrives", true)
    expect(arrived.map((e) => [e.model.id, e.model.ref, e.model.lair, e.at])).toEqual([
      ["c1", "thornhound", "t1", "Lair t1"],
      ["c2", "thornhound", "t1", "Lair t1"],
    ])
  })

  it("B-SETUP-08 then Initiative is rolled and round 1 begins", () => {
    const t = Table.create({ scenario: "lurk" })
    t.roll(1, 1)
    t.roll(4, 4)
    t.roll(1, 1)
    const types = t.battle.events.map((e) => e.type)
    expect(types.indexOf("encounter.rolled")).toBeLessThan(types.indexOf("round.start"))
    expect(types.indexOf("round.start")).toBeLessThan(types.indexOf("initiative.rolled"))
    expect(t.of("round.start", true)).toEqual([{ type: "round.start", round: 1 }])
    expect(t.s.phase).toBe("activations")
  })
})

describe("Rout (B-ROUT)", () => {
  it("B-ROUT-01 a Refuge with half its starting survivors Down tests its Leader's Nerve (1) in the End Phase", () => {
    const t = started()
    shootDown(t)
    passRound(t)
    t.settle([1, 4, 3]) // the Din (1 die), then b.1's Nerve 2 (a Student's 1, +1 the Leader, R-CONTENT-26)
    expect(t.of("rout.test")).toEqual([expect.objectContaining({ side: "b", model: "b.1", passed: true })])
    expect(t.of("test.rolled")).toEqual([
      expect.objectContaining({ model: "b.1", pool: "nerve.rout", target: 1, passed: true }),
    ])
    expect(t.of("rout.test").some((e) => e.side === "a")).toBe(false)
  })

  it("B-ROUT-01 the stand-in tester is the highest Nerve standing (Leader Down, 1 of 2 Down; R-BATTLE-27)", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, { background: "soldier" }]),
      ],
    })
    shootDown(t, "b.1")
    passRound(t)
    expect(t.model("b.2").profile.nerve).toBe(3)
    t.settle([1, 1, 1, 5]) // the Din, then b.2's Nerve 3
    expect(t.of("rout.test")).toEqual([expect.objectContaining({ side: "b", model: "b.2", passed: true })])
  })

  it("B-ROUT-02 a failed Rout test: the Refuge Routs, its survivors leave with what they carry, and it loses", () => {
    const t = started()
    shootDown(t)
    passRound(t)
    t.settle([1, 3, 3]) // the Din, then b.1 fails (Nerve 2)
    expect(t.of("routed")).toEqual([{ type: "routed", side: "b", reason: "failed its Rout test" }])
    expect(t.of("fled").map((e) => e.model)).toEqual(["b.1"])
    expect(t.model("b.1").status).toBe("fled")
    expect(t.s.phase).toBe("over")
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "win", routed: false },
      { side: "b", outcome: "loss", routed: true },
    ])
  })

  it("B-ROUT-03 a Refuge may withdraw at the start of one of its turns; it counts as a Rout", () => {
    const t = started()
    expect(t.reject({ type: "withdraw", side: "b" }).clause).toBe("B-ROUT-03")
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "withdraw", side: "a" }).clause).toBe("B-ROUT-03")
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "withdraw", side: "b" }, "b")
    expect(t.of("routed")).toEqual([{ type: "routed", side: "b", reason: "withdrew" }])
    expect(t.s.sides.find((x) => x.id === "b")).toMatchObject({ routed: true, withdrew: true })
    expect(t.s.result?.sides.find((x) => x.side === "b")).toEqual({
      side: "b",
      outcome: "loss",
      routed: true,
    })
  })
})

describe("the end of a raid (B-BATTLE)", () => {
  it("B-BATTLE-01 the scenario sets the length and the winner: the Cache's Loot count after its last round", () => {
    const t = started({ scenario: "short" })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(5, 1)
    expect(t.model("a.1").carrying).toHaveLength(1)
    passRound(t)
    t.settle()
    expect(t.s.phase).toBe("over")
    expect(t.s.result?.reason).toContain("a 1, b 0")
    expect(t.s.result?.sides).toEqual([
      { side: "a", outcome: "win", routed: false },
      { side: "b", outcome: "loss", routed: false },
    ])
    expect(t.reject({ type: "activate", model: "a.1" }).clause).toBe("B-BATTLE-01")
  })

  it("B-BATTLE-01 a Refuge that Routs loses, however much Loot it holds", () => {
    const t = started()
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(5, 1)
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "withdraw", side: "a" })
    expect(t.s.result?.sides.find((x) => x.side === "a")?.outcome).toBe("loss")
    expect(t.s.result?.sides.find((x) => x.side === "b")?.outcome).toBe("win")
  })

  it("B-BATTLE-02 survivors on the table keep what they carry; Loot of Down survivors is lost", () => {
    const t = started({
      scenario: "short",
      refuges: [
        refuge("A", [{ leader: true }, { weapons: ["pistol"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(4, 1)
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.state(contact("b.1", "t4"))
    t.do({ type: "search", model: "b.1", token: "t4" })
    t.roll(6, 1)
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.1", 12))
    t.do({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.1" })
    t.roll(4, 4, 4)
    expect(t.model("b.1").status).toBe("down")
    t.do({ type: "endActivation", model: "a.2" })
    t.do({ type: "activate", model: "b.2" })
    t.do({ type: "endActivation", model: "b.2" })
    t.settle([1, 6], noFacts) // the Din, then b.2's Rout test passes
    expect(t.s.phase).toBe("over")
    expect(t.model("a.1").carrying.map((c) => c.token)).toEqual(["t3"])
    expect(t.model("b.1").carrying).toEqual([])
    expect(t.s.result?.reason).toContain("a 1, b 0")
    expect(t.s.result?.sides.map((x) => x.outcome)).toEqual(["win", "loss"])
  })
})
