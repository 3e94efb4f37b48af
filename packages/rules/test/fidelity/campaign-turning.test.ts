/**
 * Fidelity, scripted: Turning between raids against the rules text ("Turning": "They're gone from
 * the roster. The campaign keeps their name, and they come back"; the Bestiary's Hollowed: "keeps
 * their Gifts"). Every die is typed in.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import { fromFile, raidSetup, toFile } from "../../src/campaign/Campaign.js"
import type { Prompt } from "../../src/campaign/State.js"
import { content, faces, refuge, SCENARIOS, Table, withScenarios } from "../battle/fixtures.js"
import {
  aftermath,
  campaign,
  edited,
  finishedRaid,
  gardeners,
  slainHollowed,
  survivor,
  wharfside,
} from "../campaign/helpers.js"

const W = "wharfside"

/** The example campaign with Jess (Wharfside's survivor-4) at `blight` Blight. */
const jessAt = (blight: number) =>
  campaign(undefined, [
    edited(wharfside(), "Jess", (s) => {
      s.blight = blight
    }),
    gardeners(),
  ])

describe("a survivor who Turned in the raid (B-TURN-03, B-XP-01)", () => {
  it("B-TURN-03 B-XP-01 is gone from the roster at once: no XP for taking part and no Advance asked in step 2", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Big Col", (s) => {
        s.xp = 4 // one more XP would owe an Advance
      }),
      gardeners(),
    ])
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.3`).status = "turned"
      }),
      [],
      seen,
    )
    expect(survivor(done, 0, "Big Col")).toBeUndefined()
    expect(seen.some((p) => p.kind === "choice" && p.key === "advance:survivor-3")).toBe(false)
    const xpForCol = done.events.filter(
      (e) =>
        e.type === "survivor.changed" &&
        e.refuge === 0 &&
        e.survivor === "survivor-3" &&
        "xp" in e &&
        e.xp !== undefined,
    )
    expect(xpForCol).toEqual([])
  })
})

describe("the Hollowed keep their Gifts (B-HOLLOWED-01, B-HOLLOWED-03, R-WORLD-03)", () => {
  it("B-HOLLOWED-01 B-TURN-03 the campaign remembers the Turned survivor's Gifts and hands them to the next raid's set-up", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Big Col", (s) => {
        s.blight = 6
        s.gifts = ["thornskin", "pollen-veil"]
        s.marks = ["weeping-sap", "sap-hunger"]
      }),
      gardeners(),
    ])
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.3`).status = "turned"
      }),
    )
    expect(done.state.hollowed).toMatchObject([{ name: "Big Col", gifts: ["thornskin", "pollen-veil"] }])
    const setup = Result.getOrThrow(raidSetup(done.state, { seed: 1 }))
    expect(setup.campaign?.hollowed).toMatchObject([{ name: "Big Col", gifts: ["thornskin", "pollen-veil"] }])
  })

  it("B-HOLLOWED-01 B-HOLLOWED-03 a Hollowed that answers an Encounter roll comes back with its Gifts", () => {
    const profile = { move: 5, fight: 3, shoot: 2, wits: 2, nerve: 1, health: 3, armour: 1 }
    const t = Table.create({
      scenario: "lurk",
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
      campaign: { hollowed: [{ name: "Danny", refuge: "a", profile, gifts: ["thornskin"] }] },
    })
    t.roll(6) // the Hollowed return: a 6, and Danny is the only one
    t.settle(faces(4, 1)) // Initiative: a 0, b 0
    t.roll(6, 1) // the roll-off
    const back = t.of("creature.arrives", true)
    expect(back).toHaveLength(1)
    // B-HOLLOWED-01: their Move, Fight +1, Health +1, Armour 1, and their Gifts.
    expect(back[0]!.model).toMatchObject({
      ref: "hollowed",
      name: "Danny (Hollowed)",
      gifts: ["thornskin"],
      profile: { move: 5, fight: 3, health: 3, armour: 1 },
    })
  })
})

describe("a Hollowed slain in the raid it rose in (B-HOLLOWED-04)", () => {
  it("B-HOLLOWED-04 B-TURN-03 a survivor who Turns and whose Hollowed is slain before the end is remembered laid to rest: it never returns", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        m(`${W}.3`).status = "turned"
        // The Hollowed that rose where Big Col stood, slain by Hollis in the same raid.
        s.models.push(slainHollowed(m(`${W}.1`), "Big Col", `${W}.1`))
      }),
    )
    expect(survivor(done, 0, "Big Col")).toBeUndefined()
    expect(done.state.lost).toMatchObject([{ name: "Big Col", cause: "turned" }])
    expect(done.state.hollowed).toMatchObject([{ name: "Big Col", atRest: true }])
    expect(Result.getOrThrow(raidSetup(done.state, { seed: 1 })).campaign?.hollowed).toEqual([])
  })

  it("B-HOLLOWED-03 one who Turns and whose Hollowed is still standing at the end is remembered, not at rest", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.3`).status = "turned"
      }),
    )
    expect(done.state.hollowed).toMatchObject([{ name: "Big Col", atRest: false }])
  })
})

describe("a Doctor who Turned in the raid (B-CASUALTY-04, B-TURN-03)", () => {
  it("B-CASUALTY-04 B-TURN-03 a Doctor who Turned was not Down, but is gone from the roster: no +1 is offered", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.2`).status = "turned" // Dr Okafor Turned
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [4]],
        [/^meds:survivor-4 /, "keep"],
      ],
      seen,
    )
    expect(seen.some((p) => p.kind === "choice" && p.key.startsWith("doctor:"))).toBe(false)
    expect(survivor(done, 0, "Jess")!.blight).toBe(2) // Infected, not helped to Laid Up
    expect(survivor(done, 0, "Dr Amara Okafor")).toBeUndefined()
  })
})

describe("a rescued member keeps the Casualty just rolled (B-CONGREGATION-19, R-CAMPAIGN-32)", () => {
  const G = "the-gardeners-of-carrow-fields"

  it("B-CONGREGATION-19 R-CAMPAIGN-32 Badly Hurt (3) and rescued: misses the Refuge's next raid; Laid Up (5) and rescued: runs no Errand before it", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${G}.2`).status = "down" // Sister Ruth, by Sergeant Hollis
        m(`${G}.2`).downBy = `${W}.1`
        m(`${G}.3`).status = "down" // Brother Tam, by Sergeant Hollis
        m(`${G}.3`).downBy = `${W}.1`
      }),
      [
        [/Sister Ruth: Casualty/, [5]],
        [/Brother Tam: Casualty/, [3]],
        [/rescue Sister Ruth/, [6]],
        [/rescue Brother Tam/, [5]],
      ],
    )
    const ruth = survivor(done, 0, "Sister Ruth")!
    const tam = survivor(done, 0, "Brother Tam")!
    const status = done.state.refuges[0]!.status
    expect(status[tam.id]).toMatchObject({ missRaids: 1 })
    expect(status[ruth.id]).toMatchObject({ missRaids: 0, noErrands: true })
    const going = Result.getOrThrow(raidSetup(done.state, { seed: 1 })).refuges[0]!.survivors.map(
      (s) => s.name,
    )
    expect(going).toContain("Sister Ruth")
    expect(going).not.toContain("Brother Tam")
  })
})

describe("a rescued member keeps the Blight of the raid (B-CONGREGATION-19)", () => {
  const G = "the-gardeners-of-carrow-fields"

  it("B-CONGREGATION-19 Brother Tam went in at 3 Blight and gained 3 in the raid: rescued, he joins at 6, and the Refuge rolls his Bloomed Gift and Mark in step 3", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${G}.3`).status = "down" // Brother Tam, by Sergeant Hollis
        m(`${G}.3`).downBy = `${W}.1`
        m(`${G}.3`).blight = 6
      }),
      [
        [/Brother Tam: Casualty/, [6]],
        [/rescue Brother Tam/, [5]],
        [/Brother Tam: a gift/, [1, 1]],
        [/Brother Tam: a mark/, [1, 3]],
      ],
      seen,
    )
    const tam = survivor(done, 0, "Brother Tam")!
    expect(tam.blight).toBe(6)
    expect(tam.gifts).toHaveLength(2)
    expect(tam.marks).toHaveLength(2)
    expect(survivor(done, 1, "Brother Tam")).toBeUndefined()
    // A Free Refuge is never asked to choose the Bloomed Gift (R-CAMPAIGN-16).
    expect(seen.some((p) => p.kind === "choice" && p.key.startsWith("bloomed:"))).toBe(false)
  })
})

/** A remembered Hollowed's profile. */
const profile = { move: 5, fight: 3, shoot: 2, wits: 2, nerve: 1, health: 3, armour: 1 }
/** Two creatures lurk at set-up: two Encounter rolls. */
const twoLurking = Battle.envOf(
  withScenarios(
    { lurk2: { ...SCENARIOS.lurk!, id: "lurk2", setup: { ...SCENARIOS.lurk!.setup, lurking: 2 } } },
    content,
  ),
)
/** A raid of two Refuges ("a", "b") with two creatures lurking, in a campaign remembering `hollowed`. */
const lurkingWith = (
  hollowed: ReadonlyArray<{ name: string; refuge: string; survivor?: string; profile: typeof profile }>,
) =>
  Table.create({
    scenario: "lurk2",
    env: twoLurking,
    refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
    campaign: { hollowed },
  })
/** The id of the model of a survivor (by roster id) in a raid. */
const bySurvivor = (s: { models: readonly { survivor?: string; id: string }[] }, id: string) =>
  s.models.find((m) => m.survivor === id)!.id

describe("a Hollowed answers once (B-HOLLOWED-03, B-HOLLOWED-04, R-CAMPAIGN-33)", () => {
  it("B-HOLLOWED-03 R-CAMPAIGN-33 the only Hollowed answers the first lurking roll; the second Encounter roll has no return die (it is already on the table)", () => {
    const t = Table.create({
      scenario: "lurk2",
      env: twoLurking,
      refuges: [refuge("A", [{ leader: true }, {}]), refuge("B", [{ leader: true }, {}])],
      campaign: { hollowed: [{ name: "Danny", refuge: "a", profile }] },
    })
    t.roll(6) // the Hollowed return: Danny answers
    // The second lurking creature: straight to the Lesser table (two dice), no return die first.
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
  })

  it("B-HOLLOWED-03 with a second Hollowed waiting, only it can answer the second roll", () => {
    const t = lurkingWith([
      { name: "Danny", refuge: "a", profile },
      { name: "Ruth", refuge: "a", profile },
    ])
    t.roll(6) // the Hollowed return
    t.roll(1) // which: Danny (1–3 of a fair d6 for two)
    t.roll(6) // the second roll's return: only Ruth is left, no pick
    t.settle(faces(4, 1)) // Initiative: a 0, b 0
    t.roll(6, 1) // the roll-off
    const back = t.of("creature.arrives", true).map((e) => e.model.name)
    expect(back).toEqual(["Danny (Hollowed)", "Ruth (Hollowed)"])
  })
})

describe("Down survivors' Loot is lost (B-LOOT-01, 'Ending the battle')", () => {
  it("B-LOOT-01 a survivor Down or Finished at the end brings no Loot or Amber home; one standing does", () => {
    const c = campaign()
    const seen: Prompt[] = []
    aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }] // Hollis, standing
        m(`${W}.3`).status = "down"
        m(`${W}.3`).carrying = [{ token: "t4", contents: "loot", rich: 1 }] // Big Col, Down
        m(`${W}.4`).status = "finished"
        m(`${W}.4`).carrying = [{ token: "t5", contents: "amber", rich: 0 }] // Jess, Finished
      }),
      [
        [/Sergeant Hollis: Loot/, [1, 1]],
        [/Big Col: Casualty/, [6]],
        [/Jess: Casualty/, [6]],
      ],
      seen,
    )
    const purposes = seen.flatMap((p) => (p.kind === "dice" ? [p.purpose] : []))
    expect(purposes.filter((p) => /Loot \(B-LOOT-01\)/.test(p))).toEqual([
      expect.stringMatching(/^Sergeant Hollis: Loot/),
    ])
    expect(purposes.some((p) => /carrying Amber home/.test(p))).toBe(false)
  })
})

describe("Gifts rolled at once in the raid (B-GIFT-03, R-BATTLE-12)", () => {
  it("B-GIFT-03 a raid played with giftsAtOnce rolled Jess's Gift and Mark at 3: the Aftermath keeps them and rolls none again", () => {
    const c = jessAt(2)
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        s.options = { ...s.options, giftsAtOnce: true }
        m(`${W}.4`).blight = 4
        m(`${W}.4`).gifts = ["keen-ears"]
        m(`${W}.4`).marks = ["grey-thread"]
      }),
      [],
      seen,
    )
    const jess = survivor(done, 0, "Jess")!
    expect(jess.blight).toBe(4)
    expect(jess.gifts).toEqual(["keen-ears"])
    expect(jess.marks).toEqual(["grey-thread"])
    expect(done.state.refuges[0]!.status["survivor-4"]!.thresholds).toBe(1)
    expect(seen.some((p) => p.kind === "dice" && /^Jess: a (gift|mark)/.test(p.purpose))).toBe(false)
  })
})

describe("a rescued member keeps what the raid rolled at once (B-CONGREGATION-19, R-BATTLE-12)", () => {
  const G = "the-gardeners-of-carrow-fields"

  it("B-CONGREGATION-19 B-GIFT-03 Brother Tam Bloomed in a giftsAtOnce raid: rescued, he keeps that Gift and Mark and the Refuge rolls none", () => {
    const c = campaign()
    const seen: Prompt[] = []
    let gift = ""
    let mark = ""
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        s.options = { ...s.options, giftsAtOnce: true }
        const tam = m(`${G}.3`)
        tam.status = "down" // by Sergeant Hollis
        tam.downBy = `${W}.1`
        tam.blight = 6
        gift = ["keen-ears", "soundless"].find((g) => !tam.gifts.includes(g))!
        mark = ["bark-patches", "the-cough"].find((k) => !tam.marks.includes(k))!
        tam.gifts = [...tam.gifts, gift]
        tam.marks = [...tam.marks, mark]
      }),
      [
        [/Brother Tam: Casualty/, [6]],
        [/rescue Brother Tam/, [5]],
      ],
      seen,
    )
    const tam = survivor(done, 0, "Brother Tam")!
    expect(tam.blight).toBe(6)
    expect(tam.gifts).toHaveLength(2)
    expect(tam.gifts).toContain(gift)
    expect(tam.marks).toContain(mark)
    expect(done.state.refuges[0]!.status[tam.id]!.thresholds).toBe(2)
    expect(seen.some((p) => p.kind === "dice" && /^Brother Tam: a (gift|mark)/.test(p.purpose))).toBe(false)
  })
})

describe("a Hollowed keeps the Gifts its raid rolled at once (B-HOLLOWED-01, R-BATTLE-12)", () => {
  it("B-HOLLOWED-01 B-GIFT-03 Jess rolled a Gift at 3 in a giftsAtOnce raid and then Turned: the Hollowed the campaign remembers keeps it", () => {
    const c = jessAt(2)
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        s.options = { ...s.options, giftsAtOnce: true }
        m(`${W}.4`).blight = 12
        m(`${W}.4`).status = "turned"
        m(`${W}.4`).gifts = ["keen-ears", "soundless", "root-grasp"]
        m(`${W}.4`).marks = ["grey-thread", "the-cough", "whispering"]
      }),
    )
    expect(survivor(done, 0, "Jess")).toBeUndefined()
    expect(done.state.hollowed).toMatchObject([
      { name: "Jess", gifts: ["keen-ears", "soundless", "root-grasp"] },
    ])
  })
})

describe("two Hollowed of one name (B-HOLLOWED-03, B-HOLLOWED-04, R-CAMPAIGN-34)", () => {
  it("B-HOLLOWED-03 R-CAMPAIGN-34 two Refuges' Dannys: with one on the table, the other still answers the next return die", () => {
    const t = lurkingWith([
      { name: "Danny", refuge: "a", survivor: "s1", profile },
      { name: "Danny", refuge: "b", survivor: "s1", profile },
    ])
    t.roll(6) // the Hollowed return
    t.roll(1) // which: A's Danny (1–3 of a fair d6 for two)
    // B's Danny is not on the table: the second Encounter roll has its return die.
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 1 })
    t.roll(6) // only B's Danny is left, no pick
    t.settle(faces(4, 1)) // Initiative: a 0, b 0
    t.roll(6, 1) // the roll-off
    const back = t
      .of("creature.arrives", true)
      .map((e) => [e.model.name, e.model.remembers, e.model.survivor])
    expect(back).toEqual([
      ["Danny (Hollowed)", "a", "s1"],
      ["Danny (Hollowed)", "b", "s1"],
    ])
  })

  it("B-HOLLOWED-04 R-CAMPAIGN-34 a second Big Col Turns and its Hollowed is slain: the first Big Col's Hollowed is not laid to rest with it", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Jess", (s) => {
        s.name = "Big Col" // named like the survivor who Turns first
      }),
      gardeners(),
    ])
    // Raid 1: the first Big Col (survivor-3) Turns; its Hollowed stands at the end.
    const one = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        m(bySurvivor(s, "survivor-3")).status = "turned"
      }),
    )
    expect(one.state.hollowed).toMatchObject([{ name: "Big Col", survivor: "survivor-3", atRest: false }])
    // Raid 2: the second Big Col (survivor-4) Turns, and its Hollowed is slain before the end.
    const two = aftermath(
      one,
      finishedRaid(one, (s, m) => {
        const jess = bySurvivor(s, "survivor-4")
        m(jess).status = "turned"
        const hollis = bySurvivor(s, "survivor-1")
        s.models.push({
          ...slainHollowed(m(hollis), "Big Col", hollis),
          survivor: "survivor-4",
          remembers: "wharfside",
        })
      }),
    )
    expect(two.state.hollowed).toMatchObject([
      { name: "Big Col", survivor: "survivor-3", atRest: false },
      { name: "Big Col", survivor: "survivor-4", atRest: true },
    ])
    const setup = Result.getOrThrow(raidSetup(two.state, { seed: 1 }))
    expect(setup.campaign?.hollowed).toMatchObject([{ name: "Big Col", refuge: W, survivor: "survivor-3" }])
  })

  it("B-HOLLOWED-04 R-CAMPAIGN-34 a remembered Hollowed slain in a later raid lays only itself to rest, not a namesake", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Jess", (s) => {
        s.name = "Big Col"
      }),
      gardeners(),
    ])
    // Raid 1: both Big Cols Turn; both Hollowed stand at the end.
    const one = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        m(bySurvivor(s, "survivor-3")).status = "turned"
        m(bySurvivor(s, "survivor-4")).status = "turned"
      }),
    )
    expect(one.state.hollowed.map((h) => [h.survivor, h.atRest])).toEqual([
      ["survivor-3", false],
      ["survivor-4", false],
    ])
    // Raid 2: survivor-4's Hollowed answers and is slain.
    const two = aftermath(
      one,
      finishedRaid(one, (s, m) => {
        const hollis = bySurvivor(s, "survivor-1")
        s.models.push({
          ...slainHollowed(m(hollis), "Big Col", hollis),
          survivor: "survivor-4",
          remembers: "wharfside",
        })
      }),
    )
    expect(two.state.hollowed.map((h) => [h.survivor, h.atRest])).toEqual([
      ["survivor-3", false],
      ["survivor-4", true],
    ])
    expect(two.events.filter((e) => e.type === "hollowed.atRest")).toMatchObject([
      { name: "Big Col", refuge: W, survivor: "survivor-4" },
    ])
  })
})

describe("older saves, with Hollowed known by name only (R-CAMPAIGN-34)", () => {
  it("B-HOLLOWED-04 R-CAMPAIGN-34 a campaign file written before the survivor id was kept still reads, and its Hollowed is laid to rest by name", () => {
    const c = campaign()
    const one = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        m(bySurvivor(s, "survivor-3")).status = "turned"
      }),
    )
    // The log as it was written before: no `survivor` on the remembered Hollowed.
    const old = toFile(one) as unknown as { events: { type: string; hollowed?: { survivor?: string } }[] }
    for (const e of old.events) if (e.type === "hollowed.remembered") delete e.hollowed!.survivor
    const read = Result.getOrThrow(fromFile(old))
    expect("survivor" in read.state.hollowed[0]!).toBe(false)
    expect(read.state.hollowed).toMatchObject([{ name: "Big Col", atRest: false }])
    const two = aftermath(
      read,
      finishedRaid(read, (s, m) => {
        const hollis = bySurvivor(s, "survivor-1")
        s.models.push(slainHollowed(m(hollis), "Big Col", hollis))
      }),
    )
    expect(two.state.hollowed).toMatchObject([{ name: "Big Col", atRest: true }])
  })
})
