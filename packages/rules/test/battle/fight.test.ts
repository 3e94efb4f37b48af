/**
 * Close combat (B-FIGHT), Armour (B-ARMOUR), Down (B-DOWN) and first aid (B-AID) through the
 * public engine: contact stated, the attacker's and defender's pools read from the dice prompts
 * and the `attack.rolled` / `defence.rolled` events.
 */
import { describe, expect, it } from "vitest"
import type { OptionsInput } from "../../src/battle/Options.js"
import { contact, refuge, type SurvivorSpec, shotFacts, started, type Table } from "./fixtures.js"

/**
 * a.1 (bat: Fight 2 + 1) against b.1 (knife: Fight 2 + 0); a.2 and b.2 plain friends. The
 * Outnumbering contacts are stated: `helpers` of a in contact with b.1, of b in contact with a.1.
 */
const melee = (
  o: {
    a1?: SurvivorSpec
    b1?: SurvivorSpec
    options?: OptionsInput
    aHelpers?: number
    bHelpers?: number
    extra?: number
  } = {},
): Table => {
  const more = Array.from({ length: o.extra ?? 0 }, () => ({}))
  const t = started({
    refuges: [
      refuge("A", [{ leader: true, weapons: ["baseball-bat"], ...o.a1 }, {}, ...more]),
      refuge("B", [{ leader: true, weapons: ["knife"], ...o.b1 }, {}, ...more]),
    ],
    options: o.options,
  })
  const others = (side: string) =>
    t.s.models.filter((m) => m.side === side && !m.id.endsWith(".1")).map((m) => m.id)
  t.state(
    contact("a.1", "b.1"),
    ...others("a").map((id, i) => contact(id, "b.1", i < (o.aHelpers ?? 0))),
    ...others("b").map((id, i) => contact(id, "a.1", i < (o.bHelpers ?? 0))),
  )
  return t
}

/** The attacker's and defender's pool sizes for a.1 fighting b.1 (answering with 1s). */
const pools = (t: Table, activate = true): [number, number] => {
  if (activate) t.do({ type: "activate", model: "a.1" })
  t.do({ type: "fight", model: "a.1", target: "b.1" })
  const sizes: number[] = []
  while (t.prompt?.kind === "dice") {
    sizes.push(t.prompt.dice)
    t.roll(...Array.from({ length: t.prompt.dice }, () => 1))
  }
  return [sizes[0]!, sizes[1]!]
}

const fightWith = (t: Table, attack: number[], defence: number[]): void => {
  t.do({ type: "activate", model: "a.1" })
  t.do({ type: "fight", model: "a.1", target: "b.1" })
  t.roll(...attack)
  t.roll(...defence)
}

describe("Fight (B-FIGHT)", () => {
  it("B-FIGHT-01 a contest: attacker and defender both roll Fight plus their own weapon's dice", () => {
    const t = melee()
    expect(pools(t)).toEqual([3, 2])
    expect(t.of("attack.rolled", true)).toEqual([
      expect.objectContaining({ attack: "fight", weapon: "baseball-bat" }),
    ])
    expect(t.of("defence.rolled", true)).toEqual([expect.objectContaining({ model: "b.1" })])
  })

  it("B-FIGHT-02 Charge: an attacker that moved into contact this activation gets +1 die", () => {
    const t = melee()
    // Apart when the move begins: a contact kept is not moved into (R-BATTLE-57).
    t.state(contact("a.1", "b.1", false))
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 4, contact: ["b.1"] })
    t.state(contact("b.2", "a.1", false))
    expect(pools(t, false)).toEqual([4, 2])
    expect(t.of("attack.rolled", true)[0]?.modifiers).toContain("+1 Charge (B-FIGHT-02)")
  })

  it("B-FIGHT-03 Outnumbering: +1 die for each other friend in contact with the enemy, up to +2", () => {
    expect(pools(melee({ aHelpers: 1 }))).toEqual([4, 2])
    expect(pools(melee({ aHelpers: 3, extra: 2 }))).toEqual([5, 2])
  })

  it("B-FIGHT-03 both fighters count Outnumbering (R-BATTLE-03 both), or only the attacker (attacker)", () => {
    expect(pools(melee({ aHelpers: 1, bHelpers: 1 }))).toEqual([4, 3])
    expect(pools(melee({ aHelpers: 1, bHelpers: 1, options: { outnumbering: "attacker" } }))).toEqual([4, 2])
  })

  it("B-FIGHT-04 a Shaken fighter rolls one die fewer", () => {
    const t = melee()
    t.do({ type: "adjust", model: "a.1", reason: "Shaken off the log", shaken: true })
    t.do({ type: "adjust", model: "b.1", reason: "Shaken off the log", shaken: true })
    expect(pools(t)).toEqual([2, 1])
    expect(t.of("defence.rolled", true)[0]?.modifiers).toContain("−1 Shaken (B-FIGHT-04)")
  })

  it("B-FIGHT-05 a Down defender does not roll; B-FIGHT-06 Fighting it Finishes it", () => {
    const t = started(
      {
        refuges: [
          refuge("A", [{ leader: true, weapons: ["baseball-bat"] }, {}]),
          refuge("B", [{ leader: true, weapons: ["pistol"] }, { weapons: ["baseball-bat"] }], { reloads: 1 }),
        ],
      },
      "b",
    )
    t.do({ type: "activate", model: "b.1" })
    t.state(...shotFacts(t, "b.1", "a.2", 12))
    t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.2" })
    t.roll(4, 4, 1)
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.2" })
    t.state(contact("b.2", "a.2"))
    t.do({ type: "fight", model: "b.2", target: "a.2" })
    expect(t.prompt).toBeUndefined()
    expect(t.of("defence.rolled")).toEqual([])
    expect(t.of("finished")).toEqual([{ type: "finished", model: "a.2", by: "b.2" }])
    expect(t.model("a.2")).toMatchObject({ status: "finished", wasDown: true, slainBy: "b.2" })
  })

  it("B-FIGHT-07 more successes win; the difference is hits on the loser", () => {
    const t = melee()
    fightWith(t, [4, 5, 6], [4, 1])
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.1", hits: 2, by: "a.1" })])
    expect(t.model("b.1").status).toBe("down")
    const u = melee()
    fightWith(u, [1, 1, 4], [5, 5])
    expect(u.of("hits")).toEqual([expect.objectContaining({ target: "a.1", hits: 1, by: "b.1" })])
  })

  it("B-FIGHT-08 the winner's Crits stay Crits: kept first (R-BATTLE-01 keptFirst)", () => {
    const t = melee({ b1: { armour: ["leather-jacket"] } })
    fightWith(t, [6, 6, 4], [4, 4])
    t.roll(5) // Armour 1: a 5 can't block a Crit (B-ARMOUR-02)
    expect(t.of("hits")[0]).toMatchObject({ hits: 1, crits: 1 })
    expect(t.of("damage.taken")).toEqual([expect.objectContaining({ model: "b.1", amount: 1 })])
  })

  it("B-FIGHT-08 with R-BATTLE-01 cancelledFirst the loser's successes cancel the Crits first", () => {
    const t = melee({ b1: { armour: ["leather-jacket"] }, options: { critsInFight: "cancelledFirst" } })
    fightWith(t, [6, 6, 4], [4, 4])
    t.roll(5) // an ordinary hit: blocked on a 4+
    expect(t.of("hits")[0]).toMatchObject({ hits: 1, crits: 0 })
    expect(t.of("armour.rolled")[0]).toMatchObject({ blocked: 1, through: 0 })
    expect(t.of("damage.taken")).toEqual([])
  })

  it("B-FIGHT-09 tied successes: neither side is hit, only the Noise happens", () => {
    const t = melee()
    fightWith(t, [4, 1, 1], [5, 1])
    expect(t.of("hits")).toEqual([])
    expect(t.of("noise")).toEqual([expect.objectContaining({ model: "a.1", amount: 1 })])
  })

  it("B-FIGHT-10 each fighter makes its own melee weapon's Noise (R-BATTLE-04 own), or the attacker's (attacker)", () => {
    const own = melee()
    fightWith(own, [1, 1, 1], [1, 1])
    expect([own.model("a.1").noise, own.model("b.1").noise]).toEqual([1, 0]) // bat 1, knife 0
    const attacker = melee({ options: { meleeNoise: "attacker" } })
    fightWith(attacker, [1, 1, 1], [1, 1])
    expect([attacker.model("a.1").noise, attacker.model("b.1").noise]).toEqual([1, 1])
  })
})

describe("Armour (B-ARMOUR)", () => {
  const shotAt = (b1: SurvivorSpec, attack: number[], armour: number[]): Table => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["revolver"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true, ...b1 }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.1", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "revolver", target: "b.1" })
    t.roll(...attack)
    if (t.prompt?.kind === "dice") t.roll(...armour)
    return t
  }

  it("B-ARMOUR-01 the target rolls its Armour in dice; each 4+ blocks an ordinary hit", () => {
    const t = shotAt({ armour: ["scrap-plate"] }, [4, 5, 1], [4, 3])
    expect(t.of("armour.rolled")).toEqual([
      { type: "armour.rolled", model: "b.1", faces: [4, 3], blocked: 1, through: 1, crits: 0 },
    ])
  })

  it("B-ARMOUR-02 a Crit is blocked only by a 6, or a 5+ with a Helmet", () => {
    const bare = shotAt({ armour: ["leather-jacket"] }, [6, 1, 1], [5])
    expect(bare.of("armour.rolled")[0]).toMatchObject({ blocked: 0, through: 1, crits: 1 })
    const helmet = shotAt({ armour: ["leather-jacket"], kit: ["helmet"] }, [6, 1, 1], [5])
    expect(helmet.of("armour.rolled")[0]).toMatchObject({ blocked: 1, through: 0 })
    const six = shotAt({ armour: ["leather-jacket"] }, [6, 1, 1], [6])
    expect(six.of("armour.rolled")[0]).toMatchObject({ blocked: 1, through: 0 })
  })

  it("B-ARMOUR-03 each unblocked hit removes the weapon's Damage from Health", () => {
    const t = shotAt({ armour: ["leather-jacket"], background: "rough-sleeper" }, [4, 4, 1], [4])
    expect(t.model("b.1").profile.health).toBe(3)
    expect(t.of("damage.taken")).toEqual([
      { type: "damage.taken", model: "b.1", amount: 2, health: 1, by: "a.1" },
    ])
  })
})

describe("Down and first aid (B-DOWN, B-AID)", () => {
  /** b.1 (a pistol) shoots a.2 Down first; a.1 then acts. */
  const downed = (a1: SurvivorSpec = {}): Table => {
    const t = started(
      {
        refuges: [
          refuge("A", [{ leader: true, ...a1 }, {}]),
          refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
        ],
      },
      "b",
    )
    t.do({ type: "activate", model: "b.1" })
    t.state(...shotFacts(t, "b.1", "a.2", 12))
    t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.2" })
    t.roll(4, 4, 1)
    return t
  }

  it("B-DOWN-01 a survivor at 0 Health is Down", () => {
    const t = downed()
    expect(t.of("down")).toEqual([{ type: "down", model: "a.2", by: "b.1" }])
    expect(t.model("a.2")).toMatchObject({ health: 0, status: "down", wasDown: true })
  })

  it("B-DOWN-02 a Down survivor can't be targeted by shooting", () => {
    const t = downed()
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.2" })
    t.do({ type: "endActivation", model: "b.2" })
    t.settle([1, 6, 3], (q) => (q.q === "in" ? false : undefined)) // the Din; a.1 passes A's Rout test (Nerve 2)
    t.initiative("b")
    t.do({ type: "activate", model: "b.1" })
    expect(t.reject({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.2" }).clause).toBe(
      "B-DOWN-02",
    )
    expect(t.legal()).not.toContainEqual(expect.objectContaining({ type: "shoot", target: "a.2" }))
  })

  it("B-DOWN-03 a survivor who goes Down drops the Loot it carries", () => {
    const t = started(
      {
        refuges: [
          refuge("A", [{ leader: true }, {}]),
          refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
        ],
      },
      "a",
    )
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "t3"))
    t.do({ type: "search", model: "a.1", token: "t3" })
    t.roll(4, 1)
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.1" })
    t.state(...shotFacts(t, "b.1", "a.1", 12))
    t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.1" })
    t.roll(4, 4, 1)
    const types = t.last.map((e) => e.type)
    expect(types.indexOf("loot.dropped")).toBeLessThan(types.indexOf("down"))
    expect(t.model("a.1").carrying).toEqual([])
    expect(t.s.tokens.find((x) => x.id === "t3")?.kind).toBe("loot")
  })

  it("B-DOWN-04 a friend in contact drags a Down survivor with a Move; both move at half speed", () => {
    const t = downed()
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "a.2"))
    expect(t.reject({ type: "move", model: "a.1", distance: 3.5, drag: "a.2" }).clause).toBe(
      "B-ACTION-MOVE-01",
    )
    expect(t.reject({ type: "move", model: "a.1", distance: 2, drag: "b.2" }).clause).toBe("B-DOWN-04")
    t.do({ type: "move", model: "a.1", distance: 3, drag: "a.2" })
    expect(t.of("moved").map((e) => [e.model, e.distance])).toEqual([
      ["a.1", 3],
      ["a.2", 3],
    ])
  })

  it("B-AID-01 first aid: Wits (1) on a friend in contact; a Down friend stands with 1 Health", () => {
    const t = downed()
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "a.2"))
    t.do({ type: "use", model: "a.1", use: "aid", target: "a.2" })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    t.roll(2, 3)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.aid", passed: false })
    expect(t.model("a.2").status).toBe("down")
    t.do({ type: "use", model: "a.1", use: "aid", target: "a.2" })
    t.roll(4, 3)
    expect(t.of("healed")).toEqual([{ type: "healed", model: "a.2", health: 1 }])
    expect(t.model("a.2")).toMatchObject({ status: "active", health: 1 })
  })

  it("B-AID-01 a wounded friend standing regains 1 Health, never above its profile", () => {
    const t = downed()
    t.do({ type: "adjust", model: "b.2", reason: "wounded off the log", health: 1 })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "endActivation", model: "a.1" })
    t.do({ type: "activate", model: "b.2" })
    t.state(contact("b.2", "b.1"))
    expect(t.reject({ type: "use", model: "b.2", use: "aid", target: "b.1" }).clause).toBe("B-AID-01")
    t.do({ type: "adjust", model: "b.1", reason: "wounded off the log", health: 1 })
    t.do({ type: "use", model: "b.2", use: "aid", target: "b.1" })
    t.roll(6, 1)
    expect(t.model("b.1").health).toBe(2)
  })

  it("B-AID-02 a Med kit skips the first-aid test", () => {
    const t = downed({ kit: ["med-kit"] })
    t.do({ type: "endActivation", model: "b.1" })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "a.2"))
    t.do({ type: "use", model: "a.1", use: "aid", target: "a.2" })
    expect(t.of("test.rolled")).toEqual([])
    expect(t.model("a.2")).toMatchObject({ status: "active", health: 1 })
  })
})

describe("Blight dice on Armour (R-BATTLE-07)", () => {
  // Options.ts offers blightDiceOnArmour (AMB-B-10): with it on, a Touched target is asked.
  it("B-ARMOUR-01 with R-BATTLE-07 on, a Touched target is asked for a Blight die on its Armour roll", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, { blight: 3, armour: ["leather-jacket"] }]),
      ],
      options: { blightDiceOnArmour: true },
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    t.roll(4, 1, 1)
    expect(t.prompt).toMatchObject({ kind: "choice" })
  })
})
