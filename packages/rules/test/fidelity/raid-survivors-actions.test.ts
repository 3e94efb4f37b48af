/**
 * Fidelity, scripted: the survivors' actions and dice in a raid, as the text states them (B-DICE,
 * B-TEST, B-SHAKEN, B-ACTION-*, B-SHOOT, B-FIGHT, B-AID, B-NOISE-03's "forcing a door"). A declared
 * table, dice typed in, facts stated; the Refuges are hand-made Students (M6 F2 S2 W2 N1 H2).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, create, envOf } from "../../src/battle/Battle.js"
import { legalCommands } from "../../src/battle/Legal.js"
import { random as randomBoard } from "../../src/battle/table/board/Board.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import {
  contact,
  core,
  dicePrompt,
  exampleRefuges,
  inTerrain,
  refuge,
  SCENARIOS,
  sees,
  shotFacts,
  started,
  type Table,
  within,
  withScenarios,
} from "../battle/fixtures.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

/** A pistol (Shoot 2 + 1) for a.1; b's survivors unarmed. */
const duel = (): Table =>
  started({
    refuges: [
      refuge("A", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
      refuge("B", [{ leader: true }, {}]),
    ],
  })

describe("dice and tests (B-DICE, B-TEST)", () => {
  it("B-DICE-01 B-DICE-02 B-SHOOT-08 every 4+ is a success and a hit, every 6 also a Crit", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    t.roll(6, 4, 3)
    expect(t.of("attack.rolled")[0]?.pool).toMatchObject({ successes: 2, crits: 1 })
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.2", hits: 2, crits: 1 })])
  })

  it("B-DICE-06 B-DICE-07 a pool cut below 1 die rolls one die, which succeeds only on a 6", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.1" })
    // 2 + 1 − 1 long range − 2 mostly hidden = 0 dice.
    t.state(...shotFacts(t, "a.1", "b.2", 12, { long: true, cover: "most" }))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(1)
    t.roll(5)
    expect(t.of("attack.rolled")[0]?.pool).toMatchObject({ desperate: true, successes: 0 })
    expect(t.model("b.2").health).toBe(2)
  })

  it("B-DICE-07 the desperate die's 6 is a success", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12, { long: true, cover: "most" }))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    t.roll(6)
    expect(t.of("attack.rolled")[0]?.pool).toMatchObject({ desperate: true, successes: 1 })
    expect(t.model("b.2").health).toBe(1)
  })

  it("B-TEST-01 B-TEST-02 B-ACTION-SEARCH-01 a test with no number needs 1 success: one 4 picks the Loot up", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(4, 1)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.search", target: 1, passed: true })
    expect(t.model("a.2").carrying.map((c) => c.token)).toEqual(["t3"])
  })

  it("B-TEST-02 B-ACTION-SEARCH-01 no success, no Loot: the token stays on the table", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(3, 1)
    expect(t.model("a.2").carrying).toEqual([])
    expect(t.s.tokens.some((x) => x.id === "t3")).toBe(true)
  })
})

describe("Shaken (B-SHAKEN-01, B-ACTION-STEADY-01)", () => {
  it("B-SHAKEN-01 a Shaken survivor has one action in its next activation, then stops being Shaken", () => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: Shaken by a Dread test", shaken: true })
    t.do({ type: "activate", model: "a.2" })
    expect(t.of("activation.start")[0]).toMatchObject({ actions: 1 })
    t.do({ type: "move", model: "a.2", distance: 2 })
    expect(t.s.activation).toBeUndefined()
    expect(t.model("a.2").shaken).toBe(false)
  })

  it("B-FIGHT-04 a Shaken fighter rolls −1 die", () => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: Shaken", shaken: true })
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "b.2"), contact("a.1", "b.2", false), contact("b.1", "a.2", false))
    t.do({ type: "fight", model: "a.2", target: "b.2" })
    // Fight 2 + Improvised 0 − 1 Shaken = 1 die.
    expect(dicePrompt(t)).toBe(1)
  })
})

describe("one attack, and Sprint (B-ACT-09, B-ACTION-SPRINT-02)", () => {
  it("B-ACT-09 a survivor who Shot can't Fight in the same activation", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    t.roll(1, 1, 1)
    t.state(contact("a.1", "b.1"))
    expect(t.reject({ type: "fight", model: "a.1", target: "b.1" }).clause).toBe("B-ACT-09")
  })

  it("B-ACT-08 the same action may be taken twice: Move, Move", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 6 })
    t.do({ type: "move", model: "a.2", distance: 6 })
    expect(t.of("moved", true).filter((e) => e.model === "a.2")).toHaveLength(2)
  })

  it("B-ACTION-SPRINT-01 B-NOISE-03 a Sprint is M+3 inches and makes 1 Noise", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    expect(t.reject({ type: "sprint", model: "a.2", distance: 9.5 }).clause).toBe("B-ACTION-SPRINT-01")
    t.do({ type: "sprint", model: "a.2", distance: 9 })
    expect(t.model("a.2").noise).toBe(1)
  })
})

describe("Hide (B-ACTION-HIDE-01..03)", () => {
  const hidden = (): Table => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(inTerrain("a.2", "open", false), within("a.2", "b.1", 6, false), within("a.2", "b.2", 6, false))
    t.do({ type: "hide", model: "a.2" })
    expect(t.model("a.2").hidden).toBe(true)
    return t
  }

  it('B-ACTION-HIDE-01 an enemy within 6" that can see the survivor stops it hiding', () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(inTerrain("a.2", "open", false), within("a.2", "b.1", 6), sees("b.1", "a.2"))
    expect(t.reject({ type: "hide", model: "a.2" }).clause).toBe("B-ACTION-HIDE-01")
  })

  it("B-ACTION-HIDE-01 a survivor in the open can't hide", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(inTerrain("a.2", "open"))
    expect(t.reject({ type: "hide", model: "a.2" }).clause).toBe("B-ACTION-HIDE-01")
  })

  it("B-ACTION-HIDE-02 an enemy more than 6\" away can't target a Hidden survivor", () => {
    const t = hidden()
    t.do({ type: "endActivation", model: "a.2" })
    const b = started(
      {
        refuges: [
          refuge("A", [{ leader: true }, {}]),
          refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
        ],
      },
      "b",
    )
    b.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    b.do({ type: "activate", model: "b.1" })
    b.state(...shotFacts(b, "b.1", "a.2", 12), within("b.1", "a.2", 6, false))
    expect(b.reject({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.2" }).clause).toBe(
      "B-ACTION-HIDE-02",
    )
  })

  it("B-ACTION-HIDE-03 B-NOISE-02 Searching is Quiet and keeps a survivor Hidden", () => {
    const t = hidden()
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(1, 1)
    expect(t.model("a.2").hidden).toBe(true)
    expect(t.model("a.2").noise).toBe(0)
  })

  it("B-ACTION-HIDE-03 a Hidden survivor that Sprints makes Noise and stops being Hidden", () => {
    const t = hidden()
    t.do({ type: "sprint", model: "a.2", distance: 1, facts: [inTerrain("a.2", "open", false)] })
    expect(t.model("a.2").hidden).toBe(false)
  })

  it("B-ACTION-HIDE-03 a Hidden survivor that ends a move in the open stops being Hidden", () => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 2, facts: [inTerrain("a.2", "open")] })
    expect(t.model("a.2").hidden).toBe(false)
  })

  it("B-ACTION-HIDE-03 a Hidden survivor that moves and stays in cover is still Hidden", () => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "move", model: "a.2", distance: 2, facts: [inTerrain("a.2", "open", false)] })
    expect(t.model("a.2").hidden).toBe(true)
  })
})

describe("carrying Loot (B-ACTION-SEARCH-02..04, B-DOWN-03)", () => {
  const carrying = (): Table => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(6, 6)
    return t
  }

  it("B-ACTION-SEARCH-03 each Crit on a successful Search is a Rich find, at most +2", () => {
    const t = carrying()
    expect(t.model("a.2").carrying[0]).toMatchObject({ token: "t3", rich: 2 })
  })

  it('B-ACTION-SEARCH-02 carrying Loot costs −1" of Move (a Student\'s 6" is 5")', () => {
    const t = carrying()
    expect(t.reject({ type: "move", model: "a.2", distance: 5.5 }).clause).toBe("B-ACTION-MOVE-01")
    t.do({ type: "move", model: "a.2", distance: 5 })
  })

  it("B-ACTION-SEARCH-02 R-BATTLE-32 a survivor carrying Loot can't Search for more", () => {
    const t = carrying()
    t.state(contact("a.2", "t4"))
    expect(t.reject({ type: "search", model: "a.2", token: "t4" }).clause).toBe("B-ACTION-SEARCH-02")
  })
})

describe("first aid (B-AID-01)", () => {
  /** A 1 gives first aid to A 2, hurt to 1 Health, rolling `faces`: A 2's Health after. */
  const aidWith = (...faces: number[]): number => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: hurt", health: 1 })
    t.do({ type: "activate", model: "a.1" })
    t.state(contact("a.1", "a.2"))
    t.do({ type: "use", model: "a.1", use: "aid", target: "a.2" })
    t.roll(...faces)
    return t.model("a.2").health
  }

  it("B-AID-01 a failed first-aid test heals nothing", () => {
    expect(aidWith(3, 3)).toBe(1)
  })

  it("B-AID-01 a passed first-aid test heals 1 Health", () => {
    expect(aidWith(4, 3)).toBe(2)
  })
})

describe("doors (B-ACTION-USE-01, B-NOISE-03, GAP-B-23)", () => {
  it("B-ACTION-USE-01 R-BATTLE-62 opening a door is a Use with a Wits test (1), and it is Quiet", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "use", model: "a.2", use: "door" })
    t.roll(4, 2)
    expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.door", target: 1, passed: true })
    expect(t.model("a.2").noise).toBe(0)
  })

  it("B-NOISE-03 R-BATTLE-62 forcing a door is a Use with no test, and it is Loud: 1 Noise", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    const events = t.do({ type: "use", model: "a.2", use: "forceDoor" })
    expect(t.prompt).toBeUndefined()
    expect(events.some((e) => e.type === "test.rolled")).toBe(false)
    expect(t.model("a.2").noise).toBe(1)
    expect(t.s.activation?.actionsLeft).toBe(1)
  })

  it("B-ACTION-HIDE-03 R-BATTLE-62 forcing a door makes Noise, so a Hidden survivor stops being Hidden", () => {
    const t = duel()
    t.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "use", model: "a.2", use: "forceDoor" })
    expect(t.model("a.2").hidden).toBe(false)
  })
})

describe("an attacking Gift (B-ACT-09, B-ACTION-GIFT-01, B-ACTION-HIDE-03)", () => {
  const lasher = (): Table =>
    started({
      refuges: [
        refuge("A", [{ leader: true }, { blight: 3, gifts: ["thorn-lash"] }]),
        refuge("B", [{ leader: true }, {}]),
      ],
    })

  it("B-ACTION-HIDE-03 an attacking Gift is an attack: a Hidden survivor who uses it stops being Hidden", () => {
    const t = lasher()
    t.do({ type: "adjust", model: "a.2", reason: "test: Hidden", hidden: true })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "gift", model: "a.2", gift: "thorn-lash", target: "b.2" })
    t.settle([2], () => false) // Call the Blight: 1 Blight die, no success
    expect(t.model("a.2").hidden).toBe(false)
  })

  it("B-ACT-09 after an attacking Gift the survivor can't Fight in the same activation", () => {
    const t = lasher()
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "gift", model: "a.2", gift: "thorn-lash", target: "b.2" })
    t.settle([2], () => false)
    t.state(contact("a.2", "b.2"))
    expect(t.reject({ type: "fight", model: "a.2", target: "b.2" }).clause).toBe("B-ACT-09")
  })
})

describe("doors on a board (GAP-B-23, R-BOARD-25)", () => {
  it("R-BOARD-25 GAP-B-23 a board has no doors: opening or forcing one is refused", () => {
    const refuges = exampleRefuges()
    const space = make(core)
    const env = envOf(core, space)
    const board = randomBoard(1, core, { refuges })
    let battle = Result.getOrThrow(
      create(
        { refuges, scenario: "cache", dice: { seed: 1 }, board, options: { reactiveBlightDice: "never" } },
        env,
      ),
    )
    for (let guard = 0; guard < 20 && battle.state.phase !== "activations"; guard++) {
      const p = battle.state.pending?.prompt
      if (p?.kind !== "dice") break
      battle = Result.getOrThrow(command(battle, { type: "roll", faces: Array(p.dice).fill(1) }, env))
    }
    const first = legalCommands(battle.state, env).find((c) => c.type === "activate")
    if (first?.type !== "activate") throw new Error("nobody to activate")
    battle = Result.getOrThrow(command(battle, first, env))
    for (const use of ["door", "forceDoor"] as const) {
      const r = command(battle, { type: "use", model: first.model, use }, env)
      expect(Result.isFailure(r) && r.failure.clause).toBe("GAP-B-23")
    }
  })
})

describe("the free Thrown junk (B-FOUNDING-07, B-ACTION-SHOOT-01)", () => {
  it("B-FOUNDING-07 B-ACTION-SHOOT-01 a survivor whose roster lists no weapon still throws its free Thrown junk", () => {
    const t = duel()
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.2", 6))
    t.do({ type: "shoot", model: "a.2", weapon: "thrown-junk", target: "b.2" })
    expect(dicePrompt(t)).toBe(2) // Shoot 2 + 0
    t.roll(4, 1)
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.2", hits: 1 })])
    expect(t.model("a.2").noise).toBe(0) // Thrown junk is Quiet
  })
})

describe("a blast and a Down survivor (B-BLAST-01, B-DOWN-02, AMB-B-26, R-BATTLE-64)", () => {
  it("B-BLAST-01 B-DOWN-02 R-BATTLE-64 a Down survivor in the blast is attacked, but it is not Finished: it stays Down", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["molotov"] }, { weapons: ["pistol"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    // A 2 shoots B 2 Down first.
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.2", 12))
    t.do({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.2" })
    t.roll(4, 4, 1)
    t.do({ type: "endActivation", model: "a.2" })
    expect(t.model("b.2").status).toBe("down")
    t.do({ type: "activate", model: "b.1" })
    t.do({ type: "endActivation", model: "b.1" })
    // A 1 throws the Molotov at B 1; B 2 lies within 2" of it.
    t.do({ type: "activate", model: "a.1" })
    t.state(
      ...shotFacts(t, "a.1", "b.1", 6),
      ...["a.1", "a.2", "b.2"].map((id) => within("b.1", id, 2, id === "b.2")),
    )
    t.do({ type: "shoot", model: "a.1", weapon: "molotov", target: "b.1" })
    t.roll(1, 1) // on B 1
    t.roll(6, 6) // on B 2, Down: two hits, and nothing more to lose
    expect(
      t
        .of("attack.rolled", true)
        .filter((e) => e.attack === "blast")
        .map((e) => e.target),
    ).toEqual(["b.1", "b.2"])
    expect(t.model("b.2").status).toBe("down")
  })
})

/** A homebrew skill over the core pack: +1 die to every Shoot, naming no weapon. */
const steadyHands = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("steady-hands", {
      skills: [
        {
          id: "steady-hands",
          name: "Steady Hands",
          provenance: "provisional",
          list: "marksman",
          text: "+1 die to Shoot.",
          effects: [{ kind: "poolModifier", pool: "shoot", dice: 1 }],
        },
      ],
    }),
  ),
)

describe("a blast's dice (B-BLAST-01, R-CONTENT-23, R-BATTLE-75)", () => {
  /** a.1 throws its Molotov at b.1, nobody else within 2": the dice the blast on b.1 asks for. */
  const molotovDice = (
    a1: { skills?: string[]; marks?: string[] },
    env?: ReturnType<typeof envOf>,
  ): number => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["molotov", "pistol"], blight: 3, ...a1 }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      env,
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(
      ...shotFacts(t, "a.1", "b.1", 6),
      ...["a.1", "a.2", "b.2"].map((id) => within("b.1", id, 2, false)),
    )
    t.do({ type: "shoot", model: "a.1", weapon: "molotov", target: "b.1" })
    return dicePrompt(t)
  }

  it("B-BLAST-01 R-CONTENT-23 Demolitions, a rule that names blast weapons, adds its die: 3 dice on a Molotov", () => {
    expect(molotovDice({})).toBe(2)
    expect(molotovDice({ skills: ["demolitions"] })).toBe(3)
  })

  it("B-BLAST-01 R-CONTENT-23 R-BATTLE-75 a +1 die to Shoot that names no blast weapon leaves a Molotov's 2 dice", () => {
    expect(molotovDice({ skills: ["steady-hands"] }, steadyHands)).toBe(2)
  })

  it("B-SHOOT-01 R-BATTLE-75 the same +1 die still counts on a shot: Shoot 2 + a pistol's 1 + 1", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["pistol"], skills: ["steady-hands"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      env: steadyHands,
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.1", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
    expect(dicePrompt(t)).toBe(4)
  })

  it("B-BLAST-01 R-BATTLE-75 Fire-shy names the Molotov (in an `any`): its −1 die takes a Molotov to 1 die", () => {
    expect(molotovDice({ marks: ["fire-shy"] })).toBe(1)
    expect(molotovDice({ marks: ["fire-shy"], skills: ["demolitions"] })).toBe(2)
  })
})

describe('Spore Breath (B-ACTION-GIFT-01; its text: "each other model within 1"")', () => {
  it('B-ACTION-GIFT-01 B-INFECT-01 Spore Breath attacks each other model within 1", a friend as well as an enemy', () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, blight: 3, gifts: ["spore-breath"] }, {}]),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    t.state(within("a.1", "a.2", 1), within("a.1", "b.1", 1), within("a.1", "b.2", 1, false))
    t.do({ type: "gift", model: "a.1", gift: "spore-breath" })
    t.roll(4, 1) // on A 2
    t.roll(4, 1) // on B 1
    expect(t.of("attack.rolled").map((e) => e.target)).toEqual(["a.2", "b.1"])
    expect(t.model("a.2")).toMatchObject({ health: 1, blight: 1 })
    expect(t.model("b.1")).toMatchObject({ health: 1, blight: 1 })
  })
})

describe('Thorn Lash\'s Crit (B-ACTION-GIFT-01, B-BLIGHTDICE-04, B-ARMOUR-02; its text: "a Crit stays a Crit")', () => {
  it("B-ARMOUR-02 B-BLIGHTDICE-04 a 6 on Thorn Lash's Call makes its hit a Crit: an Armour 4 does not block it", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, { blight: 3, gifts: ["thorn-lash"] }]),
        refuge("B", [{ leader: true }, { armour: ["leather-jacket"] }]),
      ],
    })
    t.do({ type: "activate", model: "a.2" })
    t.state(within("a.2", "b.2", 3))
    t.do({ type: "gift", model: "a.2", gift: "thorn-lash", target: "b.2" })
    t.roll(6) // the Call: one Blight die (Touched), a 6
    t.roll(4) // B 2's Armour 1: a 4 blocks an ordinary hit, not a Crit
    expect(t.of("hits")).toEqual([expect.objectContaining({ target: "b.2", hits: 1, crits: 1 })])
    expect(t.model("b.2").health).toBe(1)
  })

  it("B-ARMOUR-01 B-BLIGHTDICE-04 a 4 or 5 on the Call is an ordinary hit: an Armour 4 blocks it", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, { blight: 3, gifts: ["thorn-lash"] }]),
        refuge("B", [{ leader: true }, { armour: ["leather-jacket"] }]),
      ],
    })
    t.do({ type: "activate", model: "a.2" })
    t.state(within("a.2", "b.2", 3))
    t.do({ type: "gift", model: "a.2", gift: "thorn-lash", target: "b.2" })
    t.roll(5)
    t.roll(4)
    expect(t.model("b.2").health).toBe(2)
  })
})

describe('Bark Patches and doors (B-ACTION-USE-01; its text: "−1 die to first aid and Use tests")', () => {
  it("B-ACTION-USE-01 R-BATTLE-62 Bark Patches takes a die from the Use test of opening a door", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, { blight: 3, marks: ["bark-patches"] }]),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.2" })
    t.do({ type: "use", model: "a.2", use: "door" })
    expect(dicePrompt(t)).toBe(1) // Wits 2 − 1
  })
})

describe("a Routing Refuge's Loot and its Down survivors (B-ROUT-02, AMB-B-53, R-BATTLE-65)", () => {
  it("B-ROUT-02 R-BATTLE-65 a withdrawing Refuge's standing survivors leave with their Loot; its Down survivors stay Down", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, {}, {}]),
        refuge("B", [{ leader: true, weapons: ["pistol"] }, {}], { reloads: 1 }),
      ],
    })
    t.do({ type: "activate", model: "a.2" })
    t.state(contact("a.2", "t3"))
    t.do({ type: "search", model: "a.2", token: "t3" })
    t.roll(5, 1)
    t.do({ type: "endActivation", model: "a.2" })
    t.do({ type: "activate", model: "b.1" })
    t.state(...shotFacts(t, "b.1", "a.3", 12))
    t.do({ type: "shoot", model: "b.1", weapon: "pistol", target: "a.3" })
    t.roll(4, 4, 1)
    t.do({ type: "endActivation", model: "b.1" })
    expect(t.model("a.3").status).toBe("down")
    t.do({ type: "withdraw", side: "a" })
    expect(t.model("a.2")).toMatchObject({
      status: "fled",
      carrying: [expect.objectContaining({ token: "t3" })],
    })
    expect(t.model("a.3").status).toBe("down")
    expect(t.s.result?.sides.find((x) => x.side === "a")).toMatchObject({ outcome: "loss", routed: true })
  })
})
