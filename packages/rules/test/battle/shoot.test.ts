/**
 * Actions (B-ACTION-*), shooting (B-SHOOT), ammunition (B-AMMO), Jams (B-JAM), blasts (B-BLAST)
 * and Gifts used in battle (B-GIFT), through the public engine: the facts are stated, the dice
 * typed in, and pool sizes read from the dice prompt and the `attack.rolled` event.
 */
import { describe, expect, it } from "vitest"
import type { Command } from "../../src/battle/Command.js"
import {
  contact,
  dicePrompt,
  inTerrain,
  refuge,
  shotFacts,
  started,
  type Table,
  within,
  withShooter,
} from "./fixtures.js"

/** Activates a.1 and shoots `target` with the facts given; returns the size of the pool asked for. */
const aimAt = (t: Table, weapon: string, target: string, range: number, o = {}, activate = true): number => {
  if (activate) t.do({ type: "activate", model: "a.1" })
  t.state(...shotFacts(t, "a.1", target, range, o))
  t.do({ type: "shoot", model: "a.1", weapon, target })
  return dicePrompt(t)
}

describe("Move and Sprint (B-ACTION-MOVE, B-ACTION-SPRINT)", () => {
  it('B-ACTION-MOVE-01 Move: up to M inches (6" for a Student), Quiet', () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "move", model: "a.1", distance: 6.5 }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "a.1", distance: 6 })
    expect(t.of("moved")).toEqual([expect.objectContaining({ model: "a.1", distance: 6, sprint: false })])
    expect(t.of("noise")).toEqual([])
    expect(t.model("a.1").noise).toBe(0)
  })

  it("B-ACTION-MOVE-02 climbing costs double distance", () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "move", model: "a.1", distance: 4, climb: 3 }).clause).toBe("B-ACTION-MOVE-02")
    t.do({ type: "move", model: "a.1", distance: 4, climb: 2 })
    expect(t.of("moved")[0]?.distance).toBe(4)
  })

  it("B-ACTION-SPRINT-01 Sprint: up to M+3 inches, and it makes 1 Noise", () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "sprint", model: "a.1", distance: 9.5 }).clause).toBe("B-ACTION-SPRINT-01")
    t.do({ type: "sprint", model: "a.1", distance: 9 })
    expect(t.of("noise")).toEqual([expect.objectContaining({ model: "a.1", amount: 1 })])
    expect(t.model("a.1").noise).toBe(1)
  })

  it("B-ACTION-SPRINT-02 no Shoot in an activation with a Sprint, either order (R-BATTLE-30)", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "sprint", model: "a.1", distance: 2 })
    t.state(...shotFacts(t, "a.1", "b.1", 12))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe(
      "B-ACTION-SPRINT-02",
    )
    const u = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    aimAt(u, "pistol", "b.1", 12)
    u.roll(1, 1, 1)
    expect(u.reject({ type: "sprint", model: "a.1", distance: 2 }).clause).toBe("B-ACTION-SPRINT-02")
  })
})

describe("the other actions (B-ACTION-*)", () => {
  it("B-ACTION-SHOOT-01 Shoot attacks with a ranged or thrown weapon, never a melee one", () => {
    const t = withShooter({ weapons: ["pistol", "baseball-bat"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.1", 12))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "baseball-bat", target: "b.1" }).clause).toBe(
      "B-ACTION-SHOOT-01",
    )
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    t.roll(1, 1, 1)
    expect(t.of("attack.rolled")).toEqual([
      expect.objectContaining({ attacker: "a.1", target: "b.1", attack: "shoot", weapon: "pistol" }),
    ])
  })

  it("B-ACTION-FIGHT-01 Fight attacks an enemy in base contact, and only one", () => {
    const t = withShooter({ weapons: ["baseball-bat"] })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "b.1", false))
    expect(t.reject({ type: "fight", model: "a.1", target: "b.1" }).clause).toBe("B-ACTION-FIGHT-01")
    expect(t.reject({ type: "fight", model: "a.1", target: "a.2" }).clause).toBe("B-ACTION-FIGHT-01")
    t.state(contact("a.1", "b.1"))
    t.do({ type: "fight", model: "a.1", target: "b.1" })
    t.settle([4, 4, 4, 1, 1, 1])
    expect(t.of("attack.rolled")).toEqual([
      expect.objectContaining({ attacker: "a.1", target: "b.1", attack: "fight" }),
    ])
  })

  it("B-ACTION-AIM-01 Aim: +1 die to the next Shoot in the same activation", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "aim", model: "a.1" })
    expect(aimAt(t, "pistol", "b.1", 12, {}, false)).toBe(4)
    t.roll(1, 1, 1, 1)
    expect(t.of("attack.rolled")[0]?.modifiers).toContain("+1 Aim (B-SHOOT-03)")
    // B-FOUNDING-07: a survivor listing only a bat still has its free Thrown junk to Aim with.
    const u = withShooter({ weapons: ["baseball-bat"] })
    u.do({ type: "activate", model: "a.1" })
    u.do({ type: "aim", model: "a.1" })
    expect(u.model("a.1").weapons.map((w) => w.weapon)).toContain("thrown-junk")
  })

  it("B-ACTION-RELOAD-01 Reload refills a firearm's magazine with one Reload the survivor carries (R-BATTLE-31)", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 2 })
    expect(t.model("a.1").reloads).toBe(1)
    aimAt(t, "pistol", "b.1", 12)
    t.roll(1, 1, 1)
    expect(t.model("a.1").weapons[0]?.loaded).toBe(2)
    t.do({ type: "reload", model: "a.1", weapon: "pistol" })
    expect(t.of("reloaded")).toEqual([
      { type: "reloaded", model: "a.1", weapon: "pistol", store: "reloads", loaded: 3 },
    ])
    expect(t.model("a.1").reloads).toBe(0)
    expect(t.model("a.1").weapons[0]?.loaded).toBe(3)
  })

  it("B-ACTION-SEARCH-01 Search: Wits (1) at a Loot token in contact; a pass picks it up; Quiet", () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3", false))
    expect(t.reject({ type: "search", model: "a.1", token: "t3" }).clause).toBe("B-ACTION-SEARCH-01")
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    expect(dicePrompt(t)).toBe(2) // Wits 2
    t.roll(3, 2)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.search", target: 1, passed: false })
    expect(t.model("a.1").carrying).toEqual([])
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(4, 1)
    expect(t.model("a.1").carrying).toEqual([{ token: "t3", contents: "loot", rich: 0 }])
    expect(t.s.tokens.some((x) => x.id === "t3")).toBe(false)
    expect(t.of("noise", true)).toEqual([])
  })

  it('B-ACTION-SEARCH-02 a survivor carries at most 1 Loot (R-BATTLE-32), and carrying it costs 1" of Move', () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"), contact("a.1", "t4"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(4, 1)
    expect(t.reject({ type: "search", model: "a.1", token: "t4" }).clause).toBe("B-ACTION-SEARCH-02")
    expect(t.reject({ type: "move", model: "a.1", distance: 6 }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "a.1", distance: 5 })
  })

  it("B-ACTION-SEARCH-03 each Crit on a successful Search is a Rich find, up to +2", () => {
    const t = withShooter({ background: "office-worker" }) // Wits 3
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(6, 6, 6)
    expect(t.of("loot.taken")).toEqual([{ type: "loot.taken", model: "a.1", token: "t3", rich: 2 }])
    expect(t.model("a.1").carrying[0]?.rich).toBe(2)
  })

  it("B-ACTION-SEARCH-04 a Rich find is lost when the Loot is dropped", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, {}]),
        refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(6, 1)
    expect(t.model("a.1").carrying[0]?.rich).toBe(1)
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.state(...shotFacts(t, "b.1", "a.1", 12))
    t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.1" })
    t.roll(4, 4, 4)
    expect(t.of("loot.dropped")).toEqual([{ type: "loot.dropped", model: "a.1", token: "t3" }])
    expect(t.s.tokens.find((x) => x.id === "t3")).toMatchObject({ kind: "loot", rich: 0 })
  })

  it('B-ACTION-HIDE-01 Hide: in cover, unseen by every enemy within 6", the survivor is Hidden; Quiet', () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    t.state(inTerrain("a.1", "open"))
    expect(t.reject({ type: "hide", model: "a.1" }).clause).toBe("B-ACTION-HIDE-01")
    t.state(inTerrain("a.1", "open", false), within("a.1", "b.1", 6), within("a.1", "b.2", 6, false))
    t.state({ query: { q: "sees", a: "b.1", b: "a.1" }, value: true })
    expect(t.reject({ type: "hide", model: "a.1" }).clause).toBe("B-ACTION-HIDE-01")
    t.state({ query: { q: "sees", a: "b.1", b: "a.1" }, value: false })
    t.do({ type: "hide", model: "a.1" })
    expect(t.of("hidden")).toEqual([{ type: "hidden", model: "a.1" }])
    expect(t.model("a.1").hidden).toBe(true)
    expect(t.model("a.1").noise).toBe(0)
  })

  it('B-ACTION-HIDE-02 an enemy more than 6" away cannot target a Hidden survivor', () => {
    const t = started(
      {
        refuges: [
          refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
          refuge("B", [{ leader: true }, {}]),
        ],
      },
      "b",
    )
    t.do({ type: "activate", model: "b.1" })
    t.state(inTerrain("b.1", "open", false), within("b.1", "a.1", 6, false), within("b.1", "a.2", 6, false))
    t.do({ type: "hide", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.1", 12, { long: true }))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe(
      "B-ACTION-HIDE-02",
    )
    expect(t.legal()).not.toContainEqual({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
  })

  const hidden = (): Table => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.state(inTerrain("a.1", "open", false), within("a.1", "b.1", 6, false), within("a.1", "b.2", 6, false))
    t.do({ type: "hide", model: "a.1" })
    return t
  }

  it("B-ACTION-HIDE-03 a Hidden survivor stops being Hidden when it makes Noise, attacks, or ends a move in the open", () => {
    const noisy = hidden()
    noisy.do({ type: "sprint", model: "a.1", distance: 1 })
    expect(noisy.of("revealed")).toEqual([expect.objectContaining({ model: "a.1" })])
    expect(noisy.model("a.1").hidden).toBe(false)

    const attacking = hidden()
    attacking.state(...shotFacts(attacking, "a.1", "b.1", 12))
    attacking.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    attacking.roll(1, 1, 1)
    expect(attacking.model("a.1").hidden).toBe(false)

    const inCover = hidden()
    inCover.do({ type: "move", model: "a.1", distance: 2, facts: [inTerrain("a.1", "open", false)] })
    expect(inCover.model("a.1").hidden).toBe(true)
    const inOpen = hidden()
    inOpen.do({ type: "move", model: "a.1", distance: 2, facts: [inTerrain("a.1", "open")] })
    expect(inOpen.of("revealed")).toEqual([expect.objectContaining({ model: "a.1" })])
    expect(inOpen.model("a.1").hidden).toBe(false)
  })

  it("B-ACTION-USE-01 Use: hand an item to a friend in contact, open a door (a Wits test)", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 2 })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "a.2"))
    t.do({ type: "use", model: "a.1", use: "hand", target: "a.2", item: "reloads" })
    expect(t.of("handed")).toEqual([{ type: "handed", model: "a.1", to: "a.2", item: "reloads" }])
    expect([t.model("a.1").reloads, t.model("a.2").reloads]).toEqual([0, 1])
    t.do({ type: "use", model: "a.1", use: "door" })
    expect(dicePrompt(t)).toBe(2)
    t.roll(5, 2)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.door", passed: true })
  })

  it("B-ACTION-STEADY-01 Steady: the survivor stops being Shaken (R-BATTLE-33)", () => {
    const t = withShooter({})
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "steady", model: "a.1" }).clause).toBe("B-ACTION-STEADY-01")
    t.do({ type: "adjust", model: "a.1", reason: "Shaken by a Dread test this activation", shaken: true })
    t.do({ type: "steady", model: "a.1" })
    expect(t.of("steadied")).toEqual([{ type: "steadied", model: "a.1" }])
    expect(t.model("a.1").shaken).toBe(false)
  })

  it("B-ACTION-GIFT-01 a Gift whose text takes an action is used as one (Sap Blood: Call the Blight, heal 1)", () => {
    const t = withShooter({ blight: 3, gifts: ["sap-blood", "thornskin"] })
    t.do({ type: "adjust", model: "a.1", reason: "wounded earlier", health: 1 })
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "gift", model: "a.1", gift: "thornskin" }).clause).toBe("B-ACTION-GIFT-01")
    expect(t.reject({ type: "gift", model: "a.1", gift: "root-grasp" }).clause).toBe("B-ACTION-GIFT-01")
    t.do({ type: "gift", model: "a.1", gift: "sap-blood" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 1 }) // Touched: one Blight die (B-BLIGHTDICE-04)
    t.roll(5)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "blight.call", passed: true })
    expect(t.of("healed")).toEqual([{ type: "healed", model: "a.1", health: 2 }])
    expect(t.of("action")).toEqual([{ type: "action", model: "a.1", action: "gift" }])
  })
})

describe("Shoot (B-SHOOT)", () => {
  it("B-SHOOT-01 the target must be in line of sight and within the weapon's range", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    const shot: Command = { type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }
    t.state({ query: { q: "sees", a: "a.1", b: "b.1" }, value: false })
    expect(t.reject(shot).clause).toBe("B-SHOOT-01")
    t.state({ query: { q: "sees", a: "a.1", b: "b.1" }, value: true }, within("a.1", "b.1", 12, false))
    expect(t.reject(shot).clause).toBe("B-SHOOT-01")
  })

  it("B-SHOOT-01 a fact asked at the prompt that rules the shot out leaves the facts and nothing else", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "sees" } })
    t.state({ query: { q: "sees", a: "a.1", b: "b.1" }, value: false })
    expect(t.of("refused")).toEqual([expect.objectContaining({ clause: "B-SHOOT-01" })])
    expect(t.of("attack.rolled")).toEqual([])
    expect(t.s.activation?.actionsLeft).toBe(2)
  })

  it("B-SHOOT-02 the pool is the shooter's Shoot plus the weapon's dice", () => {
    const pistol = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    expect(aimAt(pistol, "pistol", "b.1", 12)).toBe(3) // Shoot 2 + 1
    const shotgun = withShooter({ background: "police-officer", weapons: ["shotgun"] }, { reloads: 1 })
    expect(aimAt(shotgun, "shotgun", "b.1", 10)).toBe(5) // Shoot 3 + 2
    shotgun.roll(4, 4, 1, 1, 1)
    expect(shotgun.of("attack.rolled")[0]?.pool).toMatchObject({ dice: [4, 4, 1, 1, 1], successes: 2 })
  })

  it("B-SHOOT-03 Aim: +1 die to the Shoot that follows", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "aim", model: "a.1" })
    expect(aimAt(t, "pistol", "b.1", 12, {}, false)).toBe(4)
  })

  it("B-SHOOT-04 long range (more than half the weapon's range) costs a die", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    expect(aimAt(t, "pistol", "b.1", 12, { long: true })).toBe(2)
    t.roll(4, 4)
    expect(t.of("attack.rolled")[0]?.modifiers).toEqual(["−1 long range (B-SHOOT-04)"])
  })

  it("B-SHOOT-05 a partly hidden target costs a die, a mostly hidden one two", () => {
    expect(
      aimAt(withShooter({ weapons: ["pistol"] }, { reloads: 1 }), "pistol", "b.1", 12, { cover: "partial" }),
    ).toBe(2)
    expect(
      aimAt(withShooter({ weapons: ["pistol"] }, { reloads: 1 }), "pistol", "b.1", 12, { cover: "most" }),
    ).toBe(1)
    // below one die: one desperate die that hits only on a 6 (B-DICE-07)
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    expect(aimAt(t, "pistol", "b.1", 12, { cover: "most", long: true })).toBe(1)
    t.roll(5)
    expect(t.of("attack.rolled")[0]?.pool).toMatchObject({ desperate: true, successes: 0 })
  })

  it("B-SHOOT-06 moving earlier in the activation does not change the pool; Sprinting forbids the shot", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 6 })
    expect(aimAt(t, "pistol", "b.1", 12, {}, false)).toBe(3)
    const u = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    u.do({ type: "activate", model: "a.1" })
    u.do({ type: "sprint", model: "a.1", distance: 1 })
    u.state(...shotFacts(u, "a.1", "b.1", 12))
    expect(u.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe(
      "B-ACTION-SPRINT-02",
    )
  })

  it("B-SHOOT-07 shooting into a fight costs a die; each 1 is an extra hit on the friend in it (R-BATTLE-06 extraHit)", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    expect(aimAt(t, "pistol", "b.1", 12, { fighting: ["a.2"] })).toBe(2)
    t.roll(4, 1)
    expect(t.of("attack.rolled")[0]?.modifiers).toEqual(["−1 into a fight (B-SHOOT-07)"])
    expect(t.of("hits").map((e) => [e.target, e.hits])).toEqual([
      ["b.1", 1],
      ["a.2", 1],
    ])
    expect([t.model("b.1").health, t.model("a.2").health]).toEqual([1, 1])
  })

  it("B-SHOOT-07 with R-BATTLE-06 divertHit each 1 turns one of the hits onto the friend instead", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 }, { intoFightOnes: "divertHit" })
    expect(aimAt(t, "pistol", "b.1", 12, { fighting: ["a.2"] })).toBe(2)
    t.roll(4, 1)
    expect(t.of("hits").map((e) => [e.target, e.hits])).toEqual([["a.2", 1]])
    expect([t.model("b.1").health, t.model("a.2").health]).toEqual([2, 1])
  })

  it("B-SHOOT-08 each success is a hit; unblocked hits take the weapon's Damage", () => {
    const t = withShooter({ weapons: ["revolver"] }, { reloads: 1 })
    aimAt(t, "revolver", "b.1", 12)
    t.roll(4, 1, 1)
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.1", hits: 1, damage: 2 })])
    expect(t.of("damage.taken")).toEqual([expect.objectContaining({ model: "b.1", amount: 2, health: 0 })])
  })

  it("B-SHOOT-09 each shot makes the weapon's Noise: pistol 1, shotgun 2, bow none", () => {
    const noiseOf = (weapon: string, range: number, stores: object, faces: number[]) => {
      const t = withShooter({ weapons: [weapon] }, stores)
      aimAt(t, weapon, "b.1", range)
      t.roll(...faces)
      return [t.of("noise").map((e) => e.amount), t.model("a.1").noise]
    }
    expect(noiseOf("pistol", 12, { reloads: 1 }, [1, 1, 1])).toEqual([[1], 1])
    expect(noiseOf("shotgun", 10, { reloads: 1 }, [1, 1, 1, 1])).toEqual([[2], 2])
    expect(noiseOf("bow", 18, { arrows: 1 }, [1, 1])).toEqual([[], 0])
  })
})

describe("ammunition and Jams (B-AMMO, B-JAM)", () => {
  it("B-AMMO-01 each Shoot uses one shot of the magazine", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 1 })
    aimAt(t, "pistol", "b.1", 12)
    t.roll(1, 1, 1)
    expect(t.of("shot.used")).toEqual([{ type: "shot.used", model: "a.1", weapon: "pistol", loaded: 2 }])
  })

  it("B-AMMO-02 an empty firearm can't fire until a Reload action spends a carried Reload", () => {
    const empty = withShooter({ weapons: ["pistol"] })
    empty.do({ type: "activate", model: "a.1" })
    empty.state(...shotFacts(empty, "a.1", "b.1", 12))
    expect(empty.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe(
      "B-AMMO-02",
    )
    expect(empty.reject({ type: "reload", model: "a.1", weapon: "pistol" }).clause).toBe("B-AMMO-02")

    const t = withShooter({ weapons: ["pipe-gun"] }, { reloads: 2 })
    aimAt(t, "pipe-gun", "b.1", 8)
    t.roll(1, 2, 3)
    expect(t.model("a.1").weapons[0]?.loaded).toBe(0)
    t.do({ type: "reload", model: "a.1", weapon: "pipe-gun" })
    expect(t.model("a.1")).toMatchObject({ reloads: 0 })
    expect(t.model("a.1").weapons[0]).toMatchObject({ weapon: "pipe-gun", loaded: 1 })
  })

  it("B-AMMO-03 every magazine loaded and every spare Reload comes out of the Refuge's stores", () => {
    const t = withShooter({ weapons: ["pistol"] }, { reloads: 3 })
    expect(t.s.sides[0]?.drawn.reloads).toBe(3)
    expect(t.model("a.1").weapons[0]?.loaded).toBe(3)
    expect(t.model("a.1").reloads).toBe(2)
  })

  it("B-AMMO-04 the raid's end state says what goes back: Reloads still carried, magazines never fired from", () => {
    const t = started({
      scenario: "short",
      refuges: [
        refuge("A", [{ leader: true, weapons: ["pistol"] }, { weapons: ["pistol"] }], { reloads: 3 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    aimAt(t, "pistol", "b.1", 12)
    t.roll(1, 1, 1)
    t.do({ type: "endActivation", model: "a.1" })
    t.settle([])
    for (const id of ["b.1", "a.2", "b.2"]) {
      t.do({ type: "activate", model: id })
      t.do({ type: "endActivation", model: id })
    }
    t.settle([1])
    expect(t.s.phase).toBe("over")
    expect(t.model("a.1").weapons[0]?.loaded).toBe(2) // fired from: spent
    expect(t.model("a.2").weapons[0]?.loaded).toBe(3) // never fired from
    expect(t.model("a.1").reloads + t.model("a.2").reloads).toBe(1)
    expect(t.s.sides[0]?.drawn.reloads).toBe(3)
  })

  it("B-AMMO-05 a bow holds one shot, and every shot uses it", () => {
    const t = withShooter({ weapons: ["bow"] }, { arrows: 2 })
    aimAt(t, "bow", "b.1", 18)
    t.roll(1, 1)
    expect(t.model("a.1").weapons[0]?.loaded).toBe(0)
    expect(t.legal()).not.toContainEqual(expect.objectContaining({ type: "shoot" }))
  })

  it("B-AMMO-06 readying a bow is a Reload action using one carried Arrow, not a Reload", () => {
    const t = withShooter({ weapons: ["bow"] }, { arrows: 2, reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    expect(t.reject({ type: "reload", model: "a.1", weapon: "bow" }).clause).toBe("B-AMMO-05")
    t.state(...shotFacts(t, "a.1", "b.1", 18))
    t.do({ type: "shoot", model: "a.1", weapon: "bow", target: "b.1" })
    t.roll(1, 1)
    t.do({ type: "reload", model: "a.1", weapon: "bow" })
    expect(t.of("reloaded")).toEqual([
      { type: "reloaded", model: "a.1", weapon: "bow", store: "arrows", loaded: 1 },
    ])
    expect(t.model("a.1").arrows).toBe(0)
  })

  it("B-AMMO-07 Arrows and Bolts are separate stores, drawn at set-up like Reloads", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["bow"] }, { weapons: ["crossbow"] }], { arrows: 3, bolts: 2 }),
        refuge("B", [{ leader: true }]),
      ],
    })
    expect(t.s.sides[0]?.drawn).toEqual({ reloads: 0, arrows: 3, bolts: 2 })
    expect([t.model("a.1").arrows, t.model("a.1").bolts]).toEqual([2, 0])
    expect([t.model("a.2").arrows, t.model("a.2").bolts]).toEqual([0, 1])
  })

  it("B-JAM-01 a Scrap weapon Jams when its Shoot roll shows two or more 1s", () => {
    const one = withShooter({ weapons: ["nail-gun"] }, { reloads: 1 })
    expect(aimAt(one, "nail-gun", "b.1", 6)).toBe(2)
    one.roll(1, 4)
    expect(one.of("jammed")).toEqual([])
    const two = withShooter({ weapons: ["nail-gun"] }, { reloads: 1 })
    aimAt(two, "nail-gun", "b.1", 6)
    two.roll(1, 1)
    expect(two.of("jammed")).toEqual([{ type: "jammed", model: "a.1", weapon: "nail-gun" }])
  })

  it("B-JAM-01 Blight-die 1s count towards a Jam (R-BATTLE-08 on), or not (off)", () => {
    const jam = (blightOnesJam: boolean) => {
      const t = withShooter({ weapons: ["nail-gun"], blight: 3 }, { reloads: 1 }, { blightOnesJam })
      t.do({ type: "activate", model: "a.1" })
      t.state(...shotFacts(t, "a.1", "b.1", 6))
      t.do({ type: "shoot", model: "a.1", weapon: "nail-gun", target: "b.1", blightDice: 1 })
      expect(dicePrompt(t)).toBe(3)
      t.roll(1, 4, 1)
      return t.of("jammed").length
    }
    expect(jam(true)).toBe(1)
    expect(jam(false)).toBe(0)
  })

  it("B-JAM-02 a Jammed weapon can't fire until a Use action clears the Jam", () => {
    const t = withShooter({ weapons: ["nail-gun"] }, { reloads: 1 })
    aimAt(t, "nail-gun", "b.1", 6)
    t.roll(1, 1)
    t.do({ type: "use", model: "a.1", use: "clearJam", weapon: "nail-gun" })
    expect(t.of("unjammed")).toEqual([{ type: "unjammed", model: "a.1", weapon: "nail-gun" }])
    expect(t.model("a.1").weapons[0]?.jammed).toBe(false)
    const u = withShooter({ weapons: ["nail-gun"] }, { reloads: 1 })
    aimAt(u, "nail-gun", "b.1", 6)
    u.roll(1, 1)
    u.do({ type: "endActivation", model: "a.1" })
    u.do({ type: "activate", model: "b.1" })
    u.do({ type: "endActivation", model: "b.1" })
    u.do({ type: "activate", model: "a.2" })
    u.do({ type: "endActivation", model: "a.2" })
    u.do({ type: "activate", model: "b.2" })
    u.do({ type: "endActivation", model: "b.2" })
    u.settle([1])
    u.initiative("a")
    u.do({ type: "activate", model: "a.1" })
    u.state(...shotFacts(u, "a.1", "b.1", 6))
    expect(u.reject({ type: "shoot", model: "a.1", weapon: "nail-gun", target: "b.1" }).clause).toBe(
      "B-JAM-02",
    )
  })
})

describe("blasts (B-BLAST)", () => {
  const thrown = (weapon: string, radius: number, caught: ReadonlyArray<string>) => {
    const t = withShooter({ weapons: [weapon] })
    t.do({ type: "activate", model: "a.1" })
    t.state(
      ...shotFacts(t, "a.1", "b.1", 6),
      ...["a.1", "a.2", "b.2"].map((id) => within("b.1", id, radius, caught.includes(id))),
    )
    t.do({ type: "shoot", model: "a.1", weapon, target: "b.1" })
    return t
  }

  it("B-BLAST-01 a blast weapon hits everyone in the blast, friend or foe", () => {
    const t = thrown("molotov", 2, ["a.2", "b.2"])
    const attacked: string[] = []
    while (t.prompt?.kind === "dice") {
      attacked.push(t.prompt.purpose)
      t.roll(...Array.from({ length: t.prompt.dice }, () => 4))
    }
    expect(t.of("attack.rolled", true).map((e) => [e.target, e.attack])).toEqual([
      ["a.2", "blast"],
      ["b.1", "blast"],
      ["b.2", "blast"],
    ])
    expect(t.of("thrown", true)).toEqual([{ type: "thrown", model: "a.1", weapon: "molotov" }])
    expect(t.model("a.1").weapons[0]?.spent).toBe(true)
  })

  it('B-BLAST-02 a Molotov makes a 2-dice attack on each model within 2"', () => {
    const t = thrown("molotov", 2, ["b.2"])
    expect(dicePrompt(t)).toBe(2)
    t.roll(4, 4)
    expect(dicePrompt(t)).toBe(2)
    t.roll(1, 1)
    expect(t.of("attack.rolled").map((e) => [e.target, e.pool.successes])).toEqual([
      ["b.1", 2],
      ["b.2", 0],
    ])
    expect(t.model("b.1").status).toBe("down")
    expect(t.model("a.1").noise).toBe(3)
  })

  it('B-BLAST-03 a pipe bomb makes a 3-dice attack on each model within 3"', () => {
    const t = thrown("pipe-bomb", 3, [])
    expect(dicePrompt(t)).toBe(3)
    t.roll(4, 1, 1)
    expect(t.of("attack.rolled")).toEqual([
      expect.objectContaining({
        target: "b.1",
        attack: "blast",
        pool: expect.objectContaining({ successes: 1 }),
      }),
    ])
  })
})

describe("Gifts in battle (B-GIFT, B-BLIGHTDICE-04)", () => {
  it("B-GIFT-01 an attacking Gift is the activation's one attack (Spore Breath, B-ACT-09)", () => {
    const t = withShooter({ weapons: ["pistol"], gifts: ["spore-breath"] }, { reloads: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.state(within("a.1", "b.1", 1), within("a.1", "b.2", 1, false), within("a.1", "a.2", 1, false))
    t.do({ type: "gift", model: "a.1", gift: "spore-breath" })
    expect(dicePrompt(t)).toBe(2)
    t.roll(4, 1)
    expect(t.of("attack.rolled")).toEqual([expect.objectContaining({ target: "b.1", attack: "gift" })])
    expect(t.model("b.1")).toMatchObject({ health: 1, blight: 1 }) // Infectious 1
    t.state(...shotFacts(t, "a.1", "b.1", 12))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" }).clause).toBe("B-ACT-09")
  })

  it("B-GIFT-01 Call the Blight rolls only Blight dice, one per tier; a failure does nothing else", () => {
    const t = withShooter({ blight: 6, gifts: ["sap-blood"] })
    t.do({ type: "adjust", model: "a.1", reason: "wounded earlier", health: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "gift", model: "a.1", gift: "sap-blood" })
    expect(dicePrompt(t)).toBe(2) // Bloomed: two Blight dice
    t.roll(1, 3)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "blight.call", passed: false })
    expect(t.of("healed")).toEqual([])
    expect(t.model("a.1").blight).toBe(7) // the 1 on a Blight die
  })

  it("B-GIFT-01 a Clean survivor has no Blight to call", () => {
    const t = withShooter({ gifts: ["sap-blood"] })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "gift", model: "a.1", gift: "sap-blood" })
    expect(t.of("refused")).toEqual([expect.objectContaining({ clause: "B-BLIGHTDICE-04" })])
  })

  it('B-GIFT-01 Thorn Lash: a target out of its 3" reach takes no hit', () => {
    const t = withShooter({ blight: 3, gifts: ["thorn-lash"] })
    t.do({ type: "activate", model: "a.1" })
    t.state(within("a.1", "b.1", 3, false))
    t.do({ type: "gift", model: "a.1", gift: "thorn-lash", target: "b.1" })
    t.roll(6)
    expect(t.of("hits")).toEqual([])
    expect(t.model("b.1").health).toBe(2)
  })

  it("B-GIFT-02 reaching Blight 3 in a raid rolls no Gift there by default: it waits for the Aftermath (R-BATTLE-12)", () => {
    const t = withShooter({ blight: 2, gifts: [] })
    t.do({ type: "adjust", model: "a.1", reason: "Spores off the log", blight: 2 })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.settle([])
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "endActivation", model: "a.2" })
    t.do({ type: "activate", model: "b.2" })
    t.do({ type: "endActivation", model: "b.2" })
    t.settle([1], (q) => (q.q === "in" && q.a === "a.1" ? true : q.q === "in" ? false : undefined))
    expect(t.model("a.1")).toMatchObject({ blight: 3, gifts: [], marks: [] })
  })

  it("B-GIFT-03 with R-BATTLE-12 giftsAtOnce, reaching Blight 3 rolls a Gift and a Mark straight away", () => {
    const t = withShooter({ blight: 2 }, {}, { giftsAtOnce: true })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    for (const id of ["b.1", "a.2", "b.2"]) {
      t.do({ type: "activate", model: id })
      t.do({ type: "endActivation", model: id })
    }
    t.settle([1, 1, 2, 1, 2], (q) => (q.q === "in" ? q.a === "a.1" : undefined))
    expect(t.model("a.1").blight).toBe(3)
    expect(t.model("a.1").gifts).toHaveLength(1)
    expect(t.model("a.1").marks).toHaveLength(1)
  })
})
