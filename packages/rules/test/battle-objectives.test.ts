/**
 * Scenario objectives played on the raid engine (B-SCENARIO, B-OBJECTIVE, B-STRANGER): a declared
 * table, dice typed in, facts stated by the test (`battle-table.ts`).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as Battle from "../src/battle/Battle.js"
import { content, env, Table } from "./battle-table.js"

describe("scenarios as data (B-SCENARIO)", () => {
  it("B-SCENARIO-01 the core pack has the 6 first scenarios and The Planting", () => {
    const ids = content.list("scenarios").map((s) => s.id)
    expect(ids).toHaveLength(7)
    expect(ids).toContain("the-planting")
  })

  it("B-SCENARIO-02 a scenario sets the Lairs, the lurking creatures, the length and the objectives", () => {
    const t = new Table("bloom-heart")
    const s = content.get("scenarios", "bloom-heart")!
    expect(t.state.tokens.filter((x) => x.kind === "lair")).toHaveLength(s.setup.lairs)
    expect(t.state.rounds).toBe(s.rounds)
    // One Lesser Encounter roll per lurking creature (B-SETUP-07).
    expect(t.battle.events.filter((e) => e.type === "encounter.rolled")).toHaveLength(s.setup.lurking)
    expect(t.state.objectives.map((o) => o.id)).toEqual(["bloom-heart"])
  })

  it("B-SCENARIO-03 The Planting is about stopping the Rite: its objective is the Rite", () => {
    const t = new Table("the-planting")
    expect(t.objective("rite").state).toBe("standing")
    // The Congregation table is rolled at set-up (its battle.setup trigger): Gardeners are on the table.
    expect(t.state.sides.some((s) => s.kind === "gardeners")).toBe(true)
  })
})

describe("the Bloom Heart (B-OBJECTIVE-01..04, R-WORLD-08)", () => {
  it("B-OBJECTIVE-01 three Uses in contact burn it, whoever makes them, with no test", () => {
    const t = new Table("bloom-heart")
    const heart = t.objective("bloomHeart").token!
    t.activate("ash.1")
    t.do({ type: "move", model: "ash.1", contact: [heart] })
    const use = t.do({ type: "use", model: "ash.1", use: "objective", target: heart, item: "burn" })
    expect(use.some((e) => e.type === "test.rolled")).toBe(false)
    expect(t.objective("bloomHeart").progress).toBe(1)
    t.activate("birch.1")
    t.do({ type: "move", model: "birch.1", contact: [heart] })
    t.do({ type: "use", model: "birch.1", use: "objective", target: heart })
    expect(t.objective("bloomHeart").progress).toBe(2)
    t.activate("ash.2")
    t.do({ type: "move", model: "ash.2", contact: [heart] })
    t.do({ type: "use", model: "ash.2", use: "objective", target: heart })
    expect(t.objective("bloomHeart")).toMatchObject({ state: "burned", by: "ash" })
  })

  it("B-OBJECTIVE-01 one Fire hit burns it; a shot with no fire does nothing to it", () => {
    const t = new Table("bloom-heart")
    const heart = t.objective("bloomHeart").token!
    t.facts.set(JSON.stringify({ q: "sees", a: "ash.2", b: heart }), true)
    t.facts.set(JSON.stringify({ q: "within", a: "ash.2", b: heart, inches: 12 }), true)
    t.activate("ash.2")
    t.dice.push(6, 6) // two hits with the pistol
    t.do({ type: "shoot", model: "ash.2", weapon: "pistol", target: heart })
    expect(t.objective("bloomHeart").state).toBe("standing")
    t.facts.set(JSON.stringify({ q: "sees", a: "ash.3", b: heart }), true)
    t.facts.set(JSON.stringify({ q: "within", a: "ash.3", b: heart, inches: 12 }), true)
    t.activate("ash.3")
    t.dice.push(5, 5) // the flare gun: Shoot 3 (Soldier) + 0 dice; one success is enough
    t.do({ type: "shoot", model: "ash.3", weapon: "flare-gun", target: heart })
    expect(t.objective("bloomHeart")).toMatchObject({ state: "burned", by: "ash" })
  })

  it("B-SHOOT-04 B-SHOOT-05 R-BATTLE-59 a shot at the Heart takes long range and cover as one at a model would", () => {
    const shot = (half: boolean, cover: "none" | "partial" | "most") => {
      const t = new Table("bloom-heart")
      const heart = t.objective("bloomHeart").token!
      t.facts.set(JSON.stringify({ q: "sees", a: "ash.3", b: heart }), true)
      t.facts.set(JSON.stringify({ q: "within", a: "ash.3", b: heart, inches: 12 }), true)
      t.facts.set(JSON.stringify({ q: "within", a: "ash.3", b: heart, inches: 6 }), half)
      t.facts.set(JSON.stringify({ q: "cover", a: "ash.3", b: heart }), cover)
      t.activate("ash.3")
      t.dice.push(1, 1, 1)
      const ev = t.do({ type: "shoot", model: "ash.3", weapon: "flare-gun", target: heart })
      const rolled = ev.find((e) => e.type === "attack.rolled") as Extract<
        (typeof ev)[number],
        { type: "attack.rolled" }
      >
      return { dice: rolled.pool.dice.length, modifiers: rolled.modifiers }
    }
    // Shoot 3 (Soldier) + the flare gun's 0 dice, 12" range.
    expect(shot(true, "none")).toEqual({ dice: 3, modifiers: [] })
    expect(shot(false, "none")).toEqual({ dice: 2, modifiers: ["−1 long range (B-SHOOT-04)"] })
    expect(shot(false, "partial")).toEqual({
      dice: 1,
      modifiers: ["−1 long range (B-SHOOT-04)", "−1 partly hidden (B-SHOOT-05)"],
    })
    expect(shot(true, "most").modifiers).toEqual(["−2 mostly hidden (B-SHOOT-05)"])
  })

  it("B-OBJECTIVE-02 a survivor in contact harvests with a Wits (1) test: 1 Amber as its Loot", () => {
    const t = new Table("bloom-heart")
    const heart = t.objective("bloomHeart").token!
    t.activate("ash.4")
    t.do({ type: "move", model: "ash.4", contact: [heart] })
    t.dice.push(4) // Office Worker: Wits 3; one success
    const ev = t.do({ type: "use", model: "ash.4", use: "objective", target: heart, item: "harvest" })
    expect(ev.find((e) => e.type === "test.rolled")).toMatchObject({
      pool: "wits.use",
      target: 1,
      passed: true,
    })
    const m = t.state.models.find((x) => x.id === "ash.4")!
    expect(m.carrying.map((c) => c.contents)).toEqual(["amber"])
    expect(t.objective("bloomHeart").scores.ash).toBe(1)
  })

  it("B-OBJECTIVE-03 while it stands the Din rolls 2 more dice", () => {
    const t = new Table("bloom-heart")
    // Everyone ends their activation at once: the round ends with no Noise made.
    for (let guard = 0; guard < 30 && t.state.round === 1; guard++) {
      const a = Battle.legal(t.state, env).find((c) => c.type === "activate")
      if (a?.type !== "activate") break
      t.do(a)
      t.do({ type: "endActivation", model: a.model })
    }
    const din = t.battle.events.find((e) => e.type === "din.rolled")
    expect(din).toMatchObject({ noise: 0, dice: 2 })
  })
})

describe("the Radio (B-OBJECTIVE-05..07)", () => {
  const pickUp = (t: Table) => {
    const radio = t.state.tokens.find((x) => x.contents === "radio")!.id
    t.activate("ash.1")
    t.do({ type: "move", model: "ash.1", contact: [radio] })
    t.dice.push(5) // Search: Wits 1 (Labourer) + … one success
    t.do({ type: "search", model: "ash.1", token: radio })
    return radio
  }

  it("B-OBJECTIVE-05 its carrier always has at least 1 Noise (the Din counts it)", () => {
    const t = new Table("the-last-broadcast")
    pickUp(t)
    expect(t.state.models.find((m) => m.id === "ash.1")!.carrying[0]!.contents).toBe("radio")
    for (let guard = 0; guard < 30 && t.state.round === 1; guard++) {
      const a = Battle.legal(t.state, env).find((c) => c.type === "activate")
      if (a?.type !== "activate") break
      t.do(a)
      t.do({ type: "endActivation", model: a.model })
    }
    expect(t.battle.events.find((e) => e.type === "din.rolled")).toMatchObject({ noise: 1 })
  })

  it("B-OBJECTIVE-06 R-BATTLE-42 its carrier has −2\" Move (not Loot's −1 as well) and can't Sprint", () => {
    const t = new Table("the-last-broadcast")
    pickUp(t)
    t.activate("ash.1")
    // Labourer M5, the Radio −2 (its own cost, in place of carrying Loot's −1, R-BATTLE-42): 3".
    const far = Battle.command(t.battle, { type: "move", model: "ash.1", distance: 4 }, env)
    expect(Result.isFailure(far) && far.failure.clause).toBe("B-ACTION-MOVE-01")
    const sprint = Battle.command(t.battle, { type: "sprint", model: "ash.1", distance: 1 }, env)
    expect(Result.isFailure(sprint) && sprint.failure.reason).toMatch(/can't sprint/)
    expect(
      Result.isSuccess(Battle.command(t.battle, { type: "move", model: "ash.1", distance: 3 }, env)),
    ).toBe(true)
  })

  it("B-OBJECTIVE-07 it is dropped where its carrier goes Down", () => {
    const t = new Table("the-last-broadcast")
    pickUp(t)
    t.do({ type: "adjust", model: "ash.1", reason: "test: one Health left", health: 1 })
    // Birch's Labourer charges and wins the Fight: 6,6 against nothing.
    t.activate("birch.1")
    t.do({ type: "move", model: "birch.1", contact: ["ash.1"] })
    t.dice.push(6, 6, 6, 1, 1, 1)
    t.do({ type: "fight", model: "birch.1", target: "ash.1" })
    const ash = t.state.models.find((m) => m.id === "ash.1")!
    expect(ash.status).toBe("down")
    expect(ash.carrying).toEqual([])
    expect(t.state.tokens.some((x) => x.contents === "radio")).toBe(true)
  })
})

describe("the Stranger (B-OBJECTIVE-09..11, B-STRANGER-01, R-WORLD-06)", () => {
  it("B-OBJECTIVE-09 B-OBJECTIVE-10 a Fight or Wits test of 2 frees the Stranger, who has 2 Health and joins the Refuge", () => {
    const t = new Table("someone-in-the-weeds")
    const s = t.objective("stranger").token!
    t.activate("ash.1")
    t.do({ type: "move", model: "ash.1", contact: [s] })
    t.dice.push(4, 3, 3, 3) // Fight: one success only — not enough
    let ev = t.do({ type: "use", model: "ash.1", use: "objective", target: s, item: "fight" })
    expect(ev.find((e) => e.type === "test.rolled")).toMatchObject({
      pool: "fight.attack",
      target: 2,
      passed: false,
    })
    expect(t.objective("stranger").state).toBe("standing")
    t.activate("ash.4")
    t.do({ type: "move", model: "ash.4", contact: [s] })
    t.dice.push(4, 5, 3) // Office Worker Wits 3: two successes
    ev = t.do({ type: "use", model: "ash.4", use: "objective", target: s, item: "wits" })
    expect(t.objective("stranger")).toMatchObject({ state: "freed", by: "ash" })
    const stranger = t.state.models.find((m) => m.ref === "stranger")!
    expect(stranger.side).toBe("ash")
    expect(stranger.profile.health).toBe(2)
    // A model of its own: nothing of the survivor who freed it (who put them Down, their place).
    expect(stranger).toMatchObject({
      id: "ash.stranger",
      kind: "survivor",
      leader: false,
      health: 2,
      used: {},
    })
    const inherited = [
      "survivor",
      "downBy",
      "slainBy",
      "lair",
      "terrain",
      "remembers",
      "position",
      "placed",
      "base",
    ]
    expect(inherited.filter((k) => stranger[k as keyof typeof stranger] !== undefined)).toEqual([])
  })

  it("B-OBJECTIVE-11 B-STRANGER-01 the Refuge that gets it off its own edge rescues it and wins", () => {
    const t = new Table("someone-in-the-weeds")
    const s = t.objective("stranger").token!
    t.activate("ash.4")
    t.do({ type: "move", model: "ash.4", contact: [s] })
    t.dice.push(4, 5, 3)
    t.do({ type: "use", model: "ash.4", use: "objective", target: s, item: "wits" })
    // Next round the Stranger activates with Ash and walks off Ash's edge.
    for (let guard = 0; guard < 60 && t.state.round < 2; guard++) {
      const a = Battle.legal(t.state, env).find((c) => c.type === "activate")
      if (a?.type !== "activate") break
      t.do(a)
      t.do({ type: "endActivation", model: a.model })
    }
    t.activate("ash.stranger")
    t.do({ type: "move", model: "ash.stranger", offTable: true })
    expect(t.objective("stranger")).toMatchObject({ state: "rescued", by: "ash" })
    // Birch withdraws: the raid ends and the rescue decides it.
    for (let guard = 0; guard < 40 && t.state.phase !== "over"; guard++) {
      const legal = Battle.legal(t.state, env)
      const w = legal.find((c) => c.type === "withdraw" && c.side === "birch")
      if (w) t.do(w)
      else {
        const a = legal.find((c) => c.type === "activate")
        if (a?.type !== "activate") break
        t.do(a)
        t.do({ type: "endActivation", model: a.model })
      }
    }
    expect(t.result()?.sides.find((x) => x.side === "ash")?.outcome).toBe("win")
  })
})

describe("the Rite (B-OBJECTIVE-12, R-WORLD-14)", () => {
  it("B-OBJECTIVE-12 the Rite rises in the End Phase while Gardeners stand by the Seedbed, and a Use disrupts it", () => {
    const t = new Table("the-planting")
    const seedbed = t.objective("rite").token!
    for (const g of t.state.models.filter(
      (m) => t.state.sides.find((s) => s.id === m.side)?.kind === "gardeners",
    ))
      t.facts.set(JSON.stringify({ q: "within", a: g.id, b: seedbed, inches: 6 }), true)
    for (let guard = 0; guard < 60 && t.state.round < 2; guard++) {
      const a = Battle.legal(t.state, env).find((c) => c.type === "activate")
      if (a?.type !== "activate") break
      t.do(a)
      t.do({ type: "endActivation", model: a.model })
    }
    const risen = t.objective("rite").progress
    expect(risen).toBeGreaterThanOrEqual(1)
    t.activate("ash.4")
    t.do({ type: "move", model: "ash.4", contact: [seedbed] })
    t.dice.push(5)
    t.do({ type: "use", model: "ash.4", use: "objective", target: seedbed })
    expect(t.objective("rite").progress).toBe(risen - 1)
    expect(t.objective("rite").scores.ash).toBe(1)
  })
})

describe("an objective's answer refused by the table (B-ACTION-USE-01)", () => {
  it("B-ACTION-USE-01 working an objective needs contact: stated false, the command is refused and the fact stands", () => {
    const t = new Table("bloom-heart")
    const heart = t.objective("bloomHeart").token!
    t.activate("ash.1")
    const ev = t.do({ type: "use", model: "ash.1", use: "objective", target: heart })
    expect(ev.some((e) => e.type === "refused")).toBe(true)
    expect(t.objective("bloomHeart").progress).toBe(0)
  })
})
