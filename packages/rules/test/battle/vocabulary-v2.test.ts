/**
 * Vocabulary v2 in a raid (issue 11): rules that used to be code hooks answering with a note are
 * data now, and the engine acts on them by their kind. Each test plays the rule through the public
 * engine with the dice typed in and the facts stated (docs/homebrew.md, "Vocabulary v2").
 */
import { describe, expect, it } from "vitest"
import {
  comeIntoSight,
  contact,
  dicePrompt,
  faces,
  refuge,
  type SurvivorSpec,
  shotFacts,
  started,
  Table,
  within,
  withShooter,
} from "./fixtures.js"

describe("vocabulary v2 in a raid", () => {
  it("B-JAM-01 Tinker is `threshold` jam 3: the Mechanic's Scrap weapon Jams on three 1s, not two", () => {
    const shoot = (background: string | undefined, ...roll: number[]) => {
      const t = withShooter({ weapons: ["nail-gun"], ...(background ? { background } : {}) }, { reloads: 1 })
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "aim", model: "a.1" }) // +1 die: three dice to show three 1s
      t.state(...shotFacts(t, "a.1", "b.1", 6))
      t.do({ type: "shoot", model: "a.1", weapon: "nail-gun", target: "b.1" })
      expect(dicePrompt(t)).toBe(3)
      t.roll(...roll)
      return t.of("jammed").length
    }
    expect(shoot(undefined, 1, 1, 4)).toBe(1) // anyone else: two 1s Jam
    expect(shoot("mechanic", 1, 1, 4)).toBe(0)
    expect(shoot("mechanic", 1, 1, 1)).toBe(1)
  })

  it("B-ACTION-RELOAD-01 Quick Reload is `freeAction` reload: once an activation a Reload uses no action (B-ACT-07)", () => {
    const afterReload = (skills: string[]) => {
      const t = withShooter({ weapons: ["pistol"], skills }, { reloads: 2 })
      t.do({ type: "activate", model: "a.1" })
      t.state(...shotFacts(t, "a.1", "b.1", 12))
      t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
      t.roll(...faces(dicePrompt(t), 1))
      t.do({ type: "reload", model: "a.1", weapon: "pistol" })
      return t
    }
    const quick = afterReload(["quick-reload"])
    expect(quick.of("reloaded")).toHaveLength(1)
    // The Reload was free: a second action is still there.
    quick.do({ type: "move", model: "a.1", distance: 1 })
    expect(quick.of("moved")).toHaveLength(1)
    const plain = afterReload([])
    // Without it, the Reload was the second action: the activation is over.
    expect(plain.reject({ type: "move", model: "a.1", distance: 1 }).reason).toMatch(/activation is over/)
  })

  it("B-ACTION-SPRINT-01 Soft Step is `actionNoise` 0 for sprint: its Sprint is Quiet", () => {
    const sprint = (skills: string[]) => {
      const t = withShooter({ skills })
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "sprint", model: "a.1", distance: 2 })
      return t.model("a.1").noise
    }
    expect(sprint([])).toBe(1)
    expect(sprint(["soft-step"])).toBe(0)
  })

  it("B-GIFT-01 Soundless is `actionNoise` 0 for sprint and fight: its melee attack is Quiet too (B-FIGHT-10)", () => {
    const fight = (gifts: string[]) => {
      const t = withShooter({ weapons: ["baseball-bat"], gifts })
      t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "fight", model: "a.1", target: "b.1" })
      t.roll(...faces(dicePrompt(t), 1))
      t.roll(...faces(dicePrompt(t), 1))
      return t.model("a.1").noise
    }
    expect(fight([])).toBe(1)
    expect(fight(["soundless"])).toBe(0)
  })

  it("B-SCENARIO-02 R-WORLD-21 Night Raid's dark is `untargetable` by every model beyond 12\", unless the target made Noise or carries a light", () => {
    // A rifle (24") at a target 18" away: in range, but beyond the dark's 12".
    const t = withShooter({ weapons: ["rifle"] }, { reloads: 1 }, {}, "dark")
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.1", 24), within("a.1", "b.1", 12, false))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "rifle", target: "b.1" })).toMatchObject({
      reason: expect.stringMatching(/can't be shot from further than 12" \(dark: the dark\)/),
      clause: "B-SHOOT-01",
    })
    // b.1 Sprints (1 Noise): it is heard in the dark, and a.2 may shoot it from beyond 12".
    const u = started({
      refuges: [
        refuge("A", [{ leader: true }, { weapons: ["rifle"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      scenario: "dark",
    })
    u.do({ type: "activate", model: "a.1" })
    u.do({ type: "endActivation", model: "a.1" })
    u.do({ type: "activate", model: "b.1" })
    u.do({ type: "sprint", model: "b.1", distance: 2 })
    u.do({ type: "endActivation", model: "b.1" })
    expect(u.model("b.1").noise).toBe(1)
    u.do({ type: "activate", model: "a.2" })
    u.state(...shotFacts(u, "a.2", "b.1", 24), within("a.2", "b.1", 12, false))
    u.do({ type: "shoot", model: "a.2", weapon: "rifle", target: "b.1" })
    expect(u.of("refused")).toEqual([])
    expect(dicePrompt(u)).toBeGreaterThan(0)
  })

  it('B-CREATURE-10 the Stalk\'s Never seen walking is `untargetable` by enemies beyond 12": a rifle can\'t shoot it from 18", can from 10"', () => {
    const t = Table.create({
      scenario: "stalk",
      refuges: [
        refuge("A", [{ leader: true, weapons: ["rifle"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.initiative("a")
    // The Stalk (Initiative 4) acts first; every fact answered "no", it ends its activation.
    t.settle([], () => false)
    const stalk = t.s.models.find((m) => m.ref === "the-stalk")!
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", stalk.id, 24), within("a.1", stalk.id, 12, false))
    expect(t.reject({ type: "shoot", model: "a.1", weapon: "rifle", target: stalk.id })).toMatchObject({
      reason: expect.stringMatching(/can't be shot from further than 12" \(The Stalk: Never seen walking\)/),
      clause: "B-SHOOT-01",
    })
    t.state(within("a.1", stalk.id, 12))
    t.do({ type: "shoot", model: "a.1", weapon: "rifle", target: stalk.id })
    expect(dicePrompt(t)).toBeGreaterThan(0)
  })

  it("B-CREATURE-10 `ignoreTerrain` on a creature's entry comes with it into the raid, for the board's path costs (Lantern Moths fly)", () => {
    const arrived = (scenario: string, ref: string) => {
      const t = Table.create({ scenario })
      t.initiative("a") // the set-up's creatures are on the table once Initiative is rolled
      return t.s.models.find((m) => m.ref === ref)
    }
    expect(arrived("moths", "lantern-moths")?.terrain).toEqual(["climbing", "dense"])
    expect(arrived("stalk", "the-stalk")).toMatchObject({ kind: "creature" })
    expect(arrived("stalk", "the-stalk")?.terrain).toBeUndefined()
  })

  it("B-NOISE-02 a knife's Crit is `damageModifier` +1 on crit: an unblocked Crit does 2 Damage, a plain hit 1", () => {
    const hit = (attack: number[]) => {
      const t = started({
        refuges: [
          refuge("A", [{ leader: true, weapons: ["knife"] }, {}]),
          refuge("B", [{ leader: true }, {}]),
        ],
      })
      t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "fight", model: "a.1", target: "b.1" })
      t.roll(...attack)
      t.roll(...faces(dicePrompt(t), 1))
      return t.of("damage.taken", true).map((e) => e.amount)
    }
    expect(hit([6, 1])).toEqual([2])
    expect(hit([5, 1])).toEqual([1])
  })

  it("B-DREAD-03 Under Fire Before is `replaceOutcome` panic → shaken: the Soldier makes no Panic move, only Shaken", () => {
    /** A Rotweaver (Dread 1) lurks; a.2 (a Soldier, or a Student) meets it with no Leader near and rolls all 1s. */
    const meet = (a2: SurvivorSpec) => {
      const t = Table.create({
        scenario: "lurk",
        refuges: [refuge("A", [{ leader: true }, a2], { reloads: 2 }), refuge("B", [{ leader: true }, {}])],
      })
      t.roll(4, 5) // a Rotweaver
      t.settle(faces(4, 1), () => false)
      t.settle([6, 1], () => false)
      for (const id of ["a.1", "b.1"]) {
        t.do({ type: "activate", model: id })
        t.do({ type: "endActivation", model: id })
      }
      t.settle([], () => false)
      t.do({ type: "activate", model: "a.2" })
      comeIntoSight(t, "a.2", "c1", "a.1", false)
      t.roll(...faces(dicePrompt(t), 1))
      return {
        panicked: t.of("moved").some((e) => e.reason?.includes("Panic")),
        shaken: t.model("a.2").shaken,
      }
    }
    expect(meet({})).toEqual({ panicked: true, shaken: true })
    expect(meet({ background: "soldier" })).toEqual({ panicked: false, shaken: true })
  })
})
