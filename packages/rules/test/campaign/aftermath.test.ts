import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { command, create, raidSetup } from "../../src/campaign/Campaign.js"
import type { Event } from "../../src/campaign/Event.js"
import type { Prompt } from "../../src/campaign/State.js"
import { effectiveProfile } from "../../src/refuge/EffectiveProfile.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  aftermath,
  answerAll,
  campaign,
  edited,
  entries,
  env,
  finishedRaid,
  gardeners,
  granted,
  refused,
  registry,
  slainHollowed,
  survivor,
  wharfside,
} from "./helpers.js"

const W = "wharfside"
const G = "the-gardeners-of-carrow-fields"

const after = (events: ReadonlyArray<Event>, from: number) => events.slice(from)
const index = (events: ReadonlyArray<Event>, p: (e: Event) => boolean) => events.findIndex(p)

describe("the Aftermath", () => {
  it("B-AFTERMATH-02 runs Casualties, Experience, the Blight, Loot, Ammunition and Upkeep in that order (R-CAMPAIGN-01)", () => {
    const c = campaign()
    const battle = finishedRaid(c, (_s, m) => {
      m(`${W}.4`).status = "down" // Jess: a Casualty roll
      m(`${W}.5`).blight = 3 // Mr Patel reaches 3: a Gift and a Mark
      m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      m(`${W}.1`).weapons = m(`${W}.1`).weapons.map((w) => (w.weapon === "pistol" ? { ...w, loaded: 0 } : w))
    })
    const n = c.events.length
    const done = aftermath(c, battle)
    const ev = after(done.events, n)
    const casualty = index(ev, (e) => e.type === "rolled" && e.what === "Casualty")
    const xp = index(ev, (e) => e.type === "survivor.changed" && e.clause === "B-XP-01")
    const gift = index(ev, (e) => e.type === "survivor.changed" && e.clause === "B-GIFT-02")
    const loot = index(ev, (e) => e.type === "rolled" && e.what === "Loot")
    const ammo = index(
      ev,
      (e) => e.type === "ledger.posted" && e.entries.some((x) => x.clause === "B-AMMO-09"),
    )
    const upkeep = index(
      ev,
      (e) => e.type === "ledger.posted" && e.entries.some((x) => x.clause === "B-UPKEEP-01"),
    )
    expect([casualty, xp, gift, loot, ammo, upkeep].every((i) => i >= 0)).toBe(true)
    expect([casualty, xp, gift, loot, ammo, upkeep]).toEqual(
      [...[casualty, xp, gift, loot, ammo, upkeep]].sort((a, b) => a - b),
    )
    // Step-major: both Refuges' Casualties before anyone's Experience.
    const steps = ev.flatMap((e) =>
      e.type === "aftermath.step" ? [`${e.step}:${e.refuge}${e.rescue ? "r" : ""}`] : [],
    )
    expect(steps).toEqual([
      "0:1",
      "0:0r",
      "1:0",
      "1:1",
      "2:0",
      "2:1",
      "3:0",
      "3:1",
      "4:0",
      "4:1",
      "5:0",
      "5:1",
    ])
  })

  it("B-AFTERMATH-01 after a raid each Refuge works through the Aftermath, then runs Errands; no raid or Errand meanwhile", () => {
    const c = campaign()
    const battle = finishedRaid(c, (_s, m) => {
      m(`${W}.4`).status = "down"
    })
    const mid = Result.getOrThrow(command(c, { type: "recordRaid", battle }, env))
    expect(mid.state.phase).toBe("aftermath")
    expect(mid.state.pending?.prompt).toMatchObject({
      kind: "dice",
      purpose: expect.stringContaining("Jess: Casualty"),
    })
    expect(refused(mid, { type: "recordRaid", battle }).reason).toMatch(/waiting for 1 dice/)
    expect(refused(mid, { type: "errand", refuge: 0, by: "survivor-1", errand: "scavenge" }).reason).toMatch(
      /waiting/,
    )
    const done = answerAll(mid)
    expect(done.state.phase).toBe("between")
    expect(done.state.refuges.map((x) => x.errands)).toEqual([2, 2])
    expect(done.state.raids).toHaveLength(1)
  })

  it("B-AFTERMATH-01 B-AFTERMATH-02 a command out of turn is refused naming the field and the rule", () => {
    const c = campaign()
    // Between raids nothing waits: a roll or a choice answers nothing.
    expect(refused(c, { type: "roll", faces: [6] })).toMatchObject({
      reason: expect.stringMatching(/^type: nothing is waiting for an answer/),
      clause: "B-AFTERMATH-01",
    })
    expect(refused(c, { type: "pass", refuge: 7 })).toMatchObject({
      reason: "refuge: the campaign has no Refuge 7",
      clause: "B-AFTERMATH-01",
    })
    const battle = finishedRaid(c, (_s, m) => {
      m(`${W}.4`).status = "down"
    })
    const mid = Result.getOrThrow(command(c, { type: "recordRaid", battle }, env))
    // The Aftermath waits for Jess's Casualty die: Errands wait, and a choice is not a roll.
    expect(refused(mid, { type: "pass", refuge: 0 })).toMatchObject({
      reason: expect.stringMatching(
        /^type: pass must wait: the Aftermath is waiting for 1 dice: Jess: Casualty/,
      ),
      clause: "B-AFTERMATH-01",
    })
    expect(refused(mid, { type: "choose", option: "keep" })).toMatchObject({
      reason: expect.stringMatching(/^type: waiting for 1 dice \(roll\)/),
      clause: "B-AFTERMATH-02",
    })
    // A bad answer names the rule of the prompt it answers.
    expect(refused(mid, { type: "roll", faces: [7] })).toEqual({
      reason: "faces: a d6 shows 1 to 6",
      clause: "B-CASUALTY-01",
    })
    expect(refused(mid, { type: "roll", faces: [3, 3] })).toMatchObject({ clause: "B-CASUALTY-01" })
    const asked = Result.getOrThrow(command(mid, { type: "roll", faces: [3] }, env))
    expect(refused(asked, { type: "choose", option: "nobody" })).toMatchObject({
      reason: expect.stringMatching(/^option: .* takes one of no, Dr Amara Okafor \(Doctor\)$/),
      clause: "R-CONTENT-28",
    })
  })
})

describe("Casualties", () => {
  it("B-CASUALTY-01 survivors Down or Finished at the end roll; those standing or revived do not (R-CAMPAIGN-02); Out strikes them off and their gear goes to the stash", () => {
    const c = campaign()
    const battle = finishedRaid(c, (_s, m) => {
      m(`${W}.4`).status = "down"
      m(`${W}.3`).wasDown = true // went Down, revived: no roll
    })
    const seen: Prompt[] = []
    const done = aftermath(c, battle, [[/Jess: Casualty/, [1]]], seen)
    expect(seen.filter((p) => p.kind === "dice" && /Casualty/.test(p.purpose)).length).toBe(1)
    expect(survivor(done, 0, "Jess")).toBeUndefined()
    expect(done.state.lost).toMatchObject([{ name: "Jess", cause: "dead", refuge: 0 }])
    expect(done.state.refuges[0]!.refuge.stash.weapons).toContain("bow")
  })

  it("B-CASUALTY-02 a Finished survivor has −1: a 2 becomes Out", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "finished"
      }),
      [[/Jess: Casualty/, [2]]],
    )
    expect(survivor(done, 0, "Jess")).toBeUndefined()
  })

  it("B-CASUALTY-03 Hard to Kill gives +1: a 1 becomes a Lasting Injury (−1 Move, misses the next raid)", () => {
    const w = edited(wharfside(), "Jess", (s) => {
      s.skills = ["hard-to-kill"]
    })
    const c = campaign(undefined, [w, gardeners()])
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [[/Jess: Casualty/, [1]]],
    )
    const jess = survivor(done, 0, "Jess")!
    expect(jess.injuries).toEqual([{ name: "Lasting Injury", stats: { move: -1 } }])
    expect(done.state.refuges[0]!.status[jess.id]!.missRaids).toBe(1)
    const setup = Result.getOrThrow(raidSetup(done.state, { seed: 1 }))
    expect(setup.refuges[0]!.survivors.map((s) => s.name)).not.toContain("Jess")
  })

  it("B-CASUALTY-04 a Doctor who was not Down gives +1 to one roll, chosen after it is seen (R-CONTENT-28); a Doctor who was Down gives nothing", () => {
    const c = campaign()
    const helped = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [4]],
        [/doctor:survivor-4/, "Dr Amara Okafor (Doctor)"],
      ],
    )
    const st = helped.state.refuges[0]!.status[survivor(helped, 0, "Jess")!.id]!
    expect(st.noErrands).toBe(true) // 4 + 1 = Laid Up, not Infected
    expect(survivor(helped, 0, "Jess")!.blight).toBe(0)
    const seen: Prompt[] = []
    aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
        m(`${W}.2`).status = "down"
      }),
      [],
      seen,
    )
    expect(seen.some((p) => p.kind === "choice" && p.key.startsWith("doctor"))).toBe(false)
  })

  it("B-CASUALTY-05 1 Meds re-rolls a Casualty result, once per survivor, written in the Ledger", () => {
    const w = granted(wharfside(), { meds: 1 }) // 2 Meds
    const c = campaign(undefined, [w, gardeners()])
    const seen: Prompt[] = []
    const before = entries(c, 0).length
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty \(/, [1]],
        [/meds:survivor-4/, "reroll"],
        [/Jess: Casualty re-roll/, [3]],
      ],
      seen,
    )
    expect(survivor(done, 0, "Jess")).toBeDefined()
    expect(done.state.refuges[0]!.status[survivor(done, 0, "Jess")!.id]!.missRaids).toBe(1) // Badly Hurt
    expect(entries(done, 0, before).filter((e) => e.clause === "B-CASUALTY-05")).toMatchObject([
      { store: "meds", amount: -1 },
    ])
    expect(seen.filter((p) => p.kind === "choice" && p.key.startsWith("meds")).length).toBe(1)
  })
})

describe("Experience", () => {
  it("B-XP-01 XP is awarded in step 2: 1 for taking part (R-CAMPAIGN-05); every 5 XP is an Advance, chosen (R-CAMPAIGN-06)", () => {
    const w = edited(wharfside(), "Big Col", (s) => {
      s.xp = 4
    })
    const c = campaign(undefined, [w, gardeners()])
    const done = aftermath(c, finishedRaid(c), [[/advance:survivor-3/, "stat:fight"]])
    const col = survivor(done, 0, "Big Col")!
    expect(col.xp).toBe(5)
    expect(col.advances).toEqual([{ stats: { fight: 1 } }])
    const before = effectiveProfile(survivor(c, 0, "Big Col")!, registry).profile.fight
    expect(effectiveProfile(col, registry).profile.fight).toBe(before + 1)
    expect(survivor(done, 0, "Jess")!.xp).toBe(1)
  })

  it("B-CREATURE-05 the survivor who slays a creature gains its XP; taking an enemy Down gives 1 (R-CAMPAIGN-05)", () => {
    const c = campaign()
    const husk = registry.get("creatures", "husk")!
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        s.models.push({
          ...structuredClone(m(`${W}.1`)),
          id: "c1",
          side: "brood-1",
          kind: "creature",
          ref: "husk",
          survivor: undefined,
          status: "slain",
          slainBy: `${W}.1`,
        } as never)
        m(`${G}.2`).status = "down"
        m(`${G}.2`).downBy = `${W}.1`
      }),
    )
    expect(survivor(done, 0, "Sergeant Hollis")!.xp).toBe(1 + husk.xp + 1)
  })
})

describe("the Blight", () => {
  it("B-GIFT-02 B-GIFT-03 B-GIFT-04 reaching 3 Blight gives a Gift and a Mark, rolled in step 3 with two dice (half and entry)", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.5`).blight = 3
      }),
      [
        [/Mr Patel: a gift/, [1, 1]],
        [/Mr Patel: a mark/, [4, 2]],
      ],
    )
    const patel = survivor(done, 0, "Mr Patel")!
    expect(patel.blight).toBe(3)
    expect(patel.gifts).toEqual(["keen-ears"])
    expect(patel.marks).toEqual(["sap-hunger"])
  })

  it("B-GIFT-05 a duplicate Gift is rolled again", () => {
    const w = edited(wharfside(), "Mr Patel", (s) =>
      Object.assign(s, { blight: 5, gifts: ["keen-ears"], marks: ["grey-thread"] }),
    )
    const c = campaign(undefined, [w, gardeners()])
    const base = campaign(undefined, [w, gardeners()])
    expect(base.state.refuges[0]!.status[survivor(base, 0, "Mr Patel")!.id]!.thresholds).toBe(1)
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.5`).blight = 6
      }),
      [
        [/Mr Patel: a gift/, [1, 1]],
        [/Mr Patel: a gift/, [1, 2]],
        [/Mr Patel: a mark/, [1, 3]],
      ],
    )
    expect(survivor(done, 0, "Mr Patel")!.gifts).toEqual(["keen-ears", "thornskin"])
    expect(done.events.some((e) => e.type === "rolled" && e.clause === "B-GIFT-05")).toBe(true)
  })

  it("B-CONGREGATION-10 a member reaching Bloomed may choose Thornskin or Pollen Veil instead of rolling the Gift (R-CAMPAIGN-16)", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${G}.2`).blight = 6
      }),
      [
        [/bloomed:.*Bloomed: choose Thornskin or Pollen Veil/, "pollen-veil"],
        [/the Congregation's cost/, [6]],
      ],
      seen,
    )
    const prompt = seen.find((p) => p.kind === "choice" && p.key.startsWith("bloomed:"))
    expect(prompt).toMatchObject({ options: ["roll", "thornskin", "pollen-veil"] })
    const id = prompt!.kind === "choice" ? prompt!.key.slice("bloomed:".length) : ""
    const member = done.state.refuges[1]!.refuge.survivors.find((s) => s.id === id)!
    expect(member.blight).toBe(6)
    expect(member.gifts).toContain("pollen-veil")
    // The Gift was chosen, not rolled: no gift roll for this member.
    expect(seen.some((p) => p.kind === "dice" && p.purpose.startsWith(`${member.name}: a gift`))).toBe(false)
    // A Free Refuge (Wharfside) reaching 6 is not offered the choice.
    const w = campaign()
    const wSeen: Prompt[] = []
    aftermath(
      w,
      finishedRaid(w, (_s, m) => {
        m(`${W}.5`).blight = 6
      }),
      // The Gift and the Mark are rolled (6s would give the same one again and again).
      [
        [/: a gift/, [1, 2]],
        [/: a mark/, [3, 4]],
      ],
      wSeen,
    )
    expect(wSeen.some((p) => p.kind === "choice" && p.key.startsWith("bloomed:"))).toBe(false)
  })

  it("B-TURN-03 B-HOLLOWED-03 a survivor who Turned is struck off and remembered; the next raid's set-up carries the Hollowed", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.3`).status = "turned"
      }),
    )
    expect(survivor(done, 0, "Big Col")).toBeUndefined()
    expect(done.state.lost).toMatchObject([{ name: "Big Col", cause: "turned" }])
    expect(done.state.hollowed).toMatchObject([{ name: "Big Col", refuge: W, atRest: false }])
    const setup = Result.getOrThrow(raidSetup(done.state, { seed: 1 }))
    expect(setup.campaign?.hollowed.map((h) => h.name)).toEqual(["Big Col"])
    // Slain as a Hollowed in a later raid: laid to rest, never returns.
    const rested = aftermath(
      done,
      finishedRaid(done, (s, m) => {
        s.models.push(slainHollowed(m(`${W}.1`), "Big Col", `${W}.1`))
      }),
    )
    expect(rested.state.hollowed[0]!.atRest).toBe(true)
    expect(Result.getOrThrow(raidSetup(rested.state, { seed: 1 })).campaign?.hollowed).toEqual([])
  })

  it("B-TURN-04 a survivor at 12 Blight after step 3 is lost (Infected takes 10 to 12)", () => {
    const w = edited(wharfside(), "Jess", (s) =>
      Object.assign(s, {
        blight: 10,
        gifts: ["keen-ears", "thornskin", "pollen-veil"],
        marks: ["grey-thread", "falling-dreams", "bark-patches"],
      }),
    )
    const c = campaign(undefined, [w, gardeners()])
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [4]],
        [/Jess: Falling Dreams/, [6]],
      ],
    )
    expect(survivor(done, 0, "Jess")).toBeUndefined()
    expect(done.state.hollowed.map((h) => h.name)).toEqual(["Jess"])
  })

  it("B-CONGREGATION-17 B-CONGREGATION-18 each member who took part rolls: +1 Blight on 1–2; a member who Turns walks into the Throat for 1 Amber, no Hollowed", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${G}.5`).status = "turned"
      }),
      [[/Sister Ruth: the Congregation's cost/, [2]]],
    )
    expect(survivor(done, 1, "Sister Ruth")!.blight).toBe(4)
    expect(survivor(done, 1, "Old Sully")).toBeUndefined()
    expect(done.state.lost).toMatchObject([{ name: "Old Sully", cause: "throat" }])
    expect(done.state.hollowed).toEqual([])
    expect(storesOf(done.state.refuges[1]!.refuge.ledger).amber).toBe(1)
  })

  it("B-CONGREGATION-19 an enemy Refuge rolls for each member it left Down: on 5+ the member joins it, keeping Blight, Gifts and Marks", () => {
    const c = campaign()
    const battle = finishedRaid(c, (_s, m) => {
      for (const k of [2, 3]) {
        m(`${G}.${k}`).status = "down"
        m(`${G}.${k}`).downBy = `${W}.1`
      }
    })
    const done = aftermath(c, battle, [
      [/rescue Sister Ruth/, [5]],
      [/rescue Brother Tam/, [4]],
    ])
    const ruth = survivor(done, 0, "Sister Ruth")!
    expect(ruth).toMatchObject({ blight: 3, gifts: ["thorn-lash"] })
    expect(survivor(done, 1, "Sister Ruth")).toBeUndefined()
    expect(survivor(done, 1, "Brother Tam")).toBeDefined()
  })
})

describe("Loot", () => {
  it("B-LOOT-01 B-LOOT-02 B-LOOT-03 one roll per Loot token plus one per Rich find; a 6 doubles, then +10% rounded up", () => {
    const c = campaign()
    const before = entries(c, 0).length
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 1 }]
      }),
      [
        [/Sergeant Hollis: Loot/, [1, 3]],
        [/how much salvage/, [6]],
        [/Rich find 1: Loot/, [1, 1]],
      ],
    )
    const loot = entries(done, 0, before).filter((e) => e.reason.startsWith("Loot"))
    expect(loot.map((e) => [e.store, e.amount])).toEqual([
      ["salvage", 14], // d6 = 6: Plentiful 12, boosted 14
      ["salvage", 3], // Junk 2, boosted 3
    ])
    expect(loot[0]!.rolls?.map((r) => r.value)).toEqual([1, 3, 6])
  })

  it("B-LOOT-04 the scenario's reward goes to the winner as stated (Cache: 6 Salvage, already boosted)", () => {
    const c = campaign()
    const before = entries(c, 0).length
    const done = aftermath(
      c,
      finishedRaid(c, () => {}, ["win", "loss"]),
    )
    expect(entries(done, 0, before).filter((e) => e.clause === "B-LOOT-04")).toMatchObject([
      { store: "salvage", amount: 6 },
    ])
    expect(entries(done, 1, 0).some((e) => e.clause === "B-LOOT-04")).toBe(false)
  })

  it("B-LOOT-04 R-WORLD-18 in a draw each Refuge gets half the scenario's Salvage, rounded down (Bloom Heart: 9 → 4)", () => {
    const c = campaign()
    const before = [entries(c, 0).length, entries(c, 1).length]
    const done = aftermath(
      c,
      finishedRaid(c, () => {}, ["draw", "draw"], "bloom-heart"),
    )
    for (const i of [0, 1])
      expect(entries(done, i, before[i]).filter((e) => e.clause === "B-LOOT-04")).toMatchObject([
        { store: "salvage", amount: 4 },
      ])
  })

  it("B-BLIGHT-04 Amber carried home: 1 Amber, and a die; on a 1 the carrier gains +1 Blight", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).carrying = [{ token: "t4", contents: "amber", rich: 0 }]
      }),
      [[/Jess: carrying Amber/, [1]]],
    )
    expect(survivor(done, 0, "Jess")!.blight).toBe(1)
    expect(storesOf(done.state.refuges[0]!.refuge.ledger).amber).toBe(1)
  })

  it("B-LOOT-01 a firearm from the Loot table goes into the stash (nothing from the stores)", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      }),
      [
        [/Loot \(B-LOOT-01\)/, [6, 6]],
        [/Loot firearm/, [5]],
      ],
    )
    expect(done.state.refuges[0]!.refuge.stash.weapons).toEqual(["shotgun"])
  })
})

describe("Ammunition", () => {
  it("B-AMMO-04 B-AMMO-09 what was drawn and not fired goes back; the Reloads spent come off the stores", () => {
    const c = campaign()
    const reloads = storesOf(c.state.refuges[0]!.refuge.ledger).reloads
    const battle = finishedRaid(c, (_s, m) => {
      // Hollis fired his pistol dry; Jess never loosed an arrow.
      m(`${W}.1`).weapons = m(`${W}.1`).weapons.map((w) => (w.weapon === "pistol" ? { ...w, loaded: 1 } : w))
    })
    const drawn = battle.sides[0]!.drawn
    expect(drawn.reloads).toBe(reloads)
    const done = aftermath(c, battle)
    const ammo = entries(done, 0).filter((e) => e.clause === "B-AMMO-09" || e.clause === "B-AMMO-04")
    expect(ammo).toMatchObject([{ store: "reloads", amount: -1 }])
    expect(storesOf(done.state.refuges[0]!.refuge.ledger).arrows).toBe(
      storesOf(c.state.refuges[0]!.refuge.ledger).arrows,
    )
  })
})

describe("the Stranger", () => {
  // Refuge 0 carried the Stranger off its own edge (the objective's end state, R-WORLD-06).
  const rescued = (s: {
    objectives: Array<{ state: string; by?: string }>
    sides: ReadonlyArray<{ id: string }>
  }) => {
    s.objectives[0]!.state = "rescued"
    s.objectives[0]!.by = s.sides[0]!.id
  }

  it("B-STRANGER-01 B-STRANGER-02 the Stranger joins the winner of Someone in the Weeds, free, with a rolled background", () => {
    const c = campaign()
    const salvage = storesOf(c.state.refuges[0]!.refuge.ledger).salvage
    const done = aftermath(c, finishedRaid(c, rescued, ["win", "loss"], "someone-in-the-weeds"), [
      [/the Stranger's background/, [3]],
    ])
    expect(survivor(done, 0, "The Stranger")).toMatchObject({ background: "waitress", xp: 0 })
    expect(done.state.refuges[0]!.errands).toBe(2)
    expect(storesOf(done.state.refuges[0]!.refuge.ledger).salvage).toBeGreaterThanOrEqual(salvage - 1)
  })

  it("B-STRANGER-02 on a 6 the winner chooses any background costing 20 or less (R-CONTENT-27)", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, rescued, ["win", "loss"], "someone-in-the-weeds"),
      [
        [/the Stranger's background/, [6]],
        [/^stranger/, "mechanic"],
      ],
      seen,
    )
    const choice = seen.find((p) => p.kind === "choice" && p.key === "stranger")
    expect(
      choice?.kind === "choice" && choice.options.every((id) => registry.get("backgrounds", id)!.cost <= 20),
    ).toBe(true)
    expect(survivor(done, 0, "The Stranger")!.background).toBe("mechanic")
  })

  it("B-OBJECTIVE-11 B-STRANGER-01 R-CAMPAIGN-21 a win without the rescue (the other Refuge routed) still brings the Stranger home", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, () => {}, ["win", "loss"], "someone-in-the-weeds"),
      [[/the Stranger's background/, [4]]],
    )
    expect(survivor(done, 0, "The Stranger")?.background).toBe("courier")
    expect(survivor(done, 1, "The Stranger")).toBeUndefined()
    expect(done.state.raids.at(-1)?.objectives).toEqual([{ id: "stranger", state: "standing" }])
  })

  it("B-OBJECTIVE-11 B-STRANGER-01 R-CAMPAIGN-21 a draw has no winner: nobody brings the Stranger home", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, () => {}, ["draw", "draw"], "someone-in-the-weeds"),
      [],
      seen,
    )
    expect(seen.some((p) => p.kind === "dice" && /the Stranger's background/.test(p.purpose))).toBe(false)
    expect([0, 1].map((r) => survivor(done, r, "The Stranger"))).toEqual([undefined, undefined])
  })

  describe("option stranger=rescuer (R-CAMPAIGN-21)", () => {
    const rescuerOnly = () =>
      Result.getOrThrow(create([wharfside(), gardeners()], "manual", env, undefined, { stranger: "rescuer" }))

    it("B-OBJECTIVE-11 B-STRANGER-01 R-CAMPAIGN-21 option stranger=rescuer: a win without the rescue brings no Stranger home", () => {
      const c = rescuerOnly()
      expect(c.state.options.stranger).toBe("rescuer")
      const seen: Prompt[] = []
      const done = aftermath(
        c,
        finishedRaid(c, () => {}, ["win", "loss"], "someone-in-the-weeds"),
        [],
        seen,
      )
      expect(seen.some((p) => p.kind === "dice" && /the Stranger's background/.test(p.purpose))).toBe(false)
      expect(survivor(done, 0, "The Stranger")).toBeUndefined()
    })

    it("B-OBJECTIVE-11 B-STRANGER-01 R-CAMPAIGN-21 option stranger=rescuer: the rescuer still brings it home", () => {
      const c = rescuerOnly()
      const done = aftermath(c, finishedRaid(c, rescued, ["win", "loss"], "someone-in-the-weeds"), [
        [/the Stranger's background/, [2]],
      ])
      expect(survivor(done, 0, "The Stranger")?.background).toBe("student")
    })

    it("R-CAMPAIGN-21 an unknown value of the option is refused, naming its path", () => {
      const r = create([wharfside(), gardeners()], "manual", env, undefined, { stranger: "loser" } as never)
      expect(Result.isFailure(r) && r.failure).toMatchObject({ clause: "R-CAMPAIGN-21" })
      expect(Result.isFailure(r) ? r.failure.reason : "").toMatch(/^options\.stranger: /)
    })
  })
})

describe("the Home's Aftermath drawbacks", () => {
  it("R-WORLD-19 the Corner Shop: each survivor who missed the raid Laid Up rolls; on 1–2 they miss one more", () => {
    let c = campaign(undefined, [granted(wharfside(), { rations: 20 }), gardeners()])
    c = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [[/Jess: Casualty/, [3]]],
    )
    const jess = survivor(c, 0, "Jess")!.id
    expect(c.state.refuges[0]!.status[jess]!.missRaids).toBe(1)
    c = aftermath(c, finishedRaid(c), [[/Jess: the Laid Up roll/, [2]]])
    expect(c.state.refuges[0]!.status[jess]!.missRaids).toBe(1)
    c = aftermath(c, finishedRaid(c), [[/Jess: the Laid Up roll/, [3]]])
    expect(c.state.refuges[0]!.status[jess]!.missRaids).toBe(0)
  })

  it("R-WORLD-19 the Tower Block: each survivor Laid Up is given 1 Meds, or misses a second raid when there are none", () => {
    const w = { ...wharfside(), home: "tower-block" } as Refuge
    const c = campaign(undefined, [w, gardeners()])
    expect(storesOf(c.state.refuges[0]!.refuge.ledger).meds).toBe(1)
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
        m(`${W}.5`).status = "down"
      }),
      [
        [/Jess: Casualty/, [3]],
        [/Mr Patel: Casualty/, [3]],
      ],
    )
    const st = done.state.refuges[0]!.status
    expect(st[survivor(done, 0, "Jess")!.id]!.missRaids).toBe(1)
    expect(st[survivor(done, 0, "Mr Patel")!.id]!.missRaids).toBe(2)
    expect(entries(done, 0).filter((e) => e.clause === "R-WORLD-19")).toMatchObject([
      { store: "meds", amount: -1 },
    ])
  })
})
