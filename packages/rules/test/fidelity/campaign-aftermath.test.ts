/**
 * Fidelity, scripted: the Aftermath against the rules text ("Aftermath", "Turning", "Founding a
 * Congregation", "The cost") and the campaign rulings. Every die is typed in; each test is a raid's
 * end the text talks about, checked against the Refuge, the Ledger and the stores afterwards.
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { Campaign } from "../../src/campaign/Campaign.js"
import { command, envOf } from "../../src/campaign/Campaign.js"
import type { Prompt } from "../../src/campaign/State.js"
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
  type Rule,
  registry,
  storesIn,
  strangerRescuedBy,
  survivor,
  wharfside,
} from "../campaign/helpers.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

const W = "wharfside"
const G = "the-gardeners-of-carrow-fields"

/** The choice prompts seen, by key. */
const choice = (seen: Prompt[], key: string) => {
  const p = seen.find((x) => x.kind === "choice" && x.key === key)
  return p?.kind === "choice" ? p : undefined
}

describe("Experience and Advances (B-XP-01, B-SKILL-02)", () => {
  it("B-SKILL-02 an Advance offers skills only from the background's two lists (a Labourer: Brawn and Grit)", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Big Col", (s) => {
        s.xp = 4
      }),
      gardeners(),
    ])
    const seen: Prompt[] = []
    const done = aftermath(c, finishedRaid(c), [[/advance:survivor-3/, "skill:hard-to-kill"]], seen)
    const offered = choice(seen, "advance:survivor-3")!.options
    const lists = new Set(
      offered.filter((o) => o.startsWith("skill:")).map((o) => registry.get("skills", o.slice(6))!.list),
    )
    expect([...lists].sort()).toEqual(["brawn", "grit"])
    expect(offered).toEqual(expect.arrayContaining(["stat:fight", "stat:shoot", "stat:wits", "stat:nerve"]))
    expect(survivor(done, 0, "Big Col")!.advances).toEqual([{ skill: "hard-to-kill" }])
  })

  it("B-SKILL-02 a skill from another list is refused, naming the choice and the skills it takes", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Big Col", (s) => {
        s.xp = 4
      }),
      gardeners(),
    ])
    let cur = Result.getOrThrow(command(c, { type: "recordRaid", battle: finishedRaid(c) }, env))
    // Answer everything up to Big Col's Advance.
    for (let guard = 0; guard < 100; guard++) {
      const p = cur.state.pending?.prompt
      if (p === undefined || (p.kind === "choice" && p.key === "advance:survivor-3")) break
      const cmd =
        p.kind === "dice"
          ? { type: "roll" as const, faces: Array.from({ length: p.dice }, () => 6) }
          : { type: "choose" as const, option: p.options[0]! }
      cur = Result.getOrThrow(command(cur, cmd, env))
    }
    expect(cur.state.pending?.prompt).toMatchObject({ kind: "choice", key: "advance:survivor-3" })
    const r = command(cur, { type: "choose", option: "skill:gun-hand" }, env) // Marksman: not a Labourer's
    expect(Result.isFailure(r)).toBe(true)
    // The refusal names the choice and what it takes: the Labourer's lists, not Marksman.
    if (Result.isFailure(r)) {
      expect(r.failure.reason).toMatch(/^option: .*takes one of .*skill:hard-to-kill/)
      expect(r.failure.reason).not.toMatch(/gun-hand/)
    }
  })

  it("B-XP-01 every 5 XP is an Advance: 9 → 10 XP owes a second one, 3 → 4 none", () => {
    const w = edited(
      edited(wharfside(), "Big Col", (s) => {
        s.xp = 9
        s.advances = [{ stats: { fight: 1 } }]
      }),
      "Jess",
      (s) => {
        s.xp = 3
      },
    )
    const c = campaign(undefined, [w, gardeners()])
    const seen: Prompt[] = []
    const done = aftermath(c, finishedRaid(c), [[/advance:survivor-3/, "stat:nerve"]], seen)
    expect(survivor(done, 0, "Big Col")).toMatchObject({
      xp: 10,
      advances: [{ stats: { fight: 1 } }, { stats: { nerve: 1 } }],
    })
    // Fight was raised already: each stat once (R-CAMPAIGN-06).
    expect(choice(seen, "advance:survivor-3")!.options).not.toContain("stat:fight")
    expect(survivor(done, 0, "Jess")).toMatchObject({ xp: 4, advances: [] })
    expect(choice(seen, "advance:survivor-4")).toBeUndefined()
  })
})

describe("Casualties (B-CASUALTY-04, B-CASUALTY-05)", () => {
  it("B-CASUALTY-04 R-CONTENT-28 two helpers (the Doctor and the Hospital Wing) may both help the same roll: 4 → 6", () => {
    const hospital = { ...wharfside(), home: "hospital-wing" } as Refuge
    const c = campaign(undefined, [hospital, gardeners()])
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [4]],
        [/^doctor:survivor-4 /, "Dr Amara Okafor (Doctor)"],
        [/^doctor:survivor-4:2 /, "The Hospital Wing: The dispensary"],
      ],
      seen,
    )
    const jess = survivor(done, 0, "Jess")!
    expect(jess.blight).toBe(0) // not Infected (4), nor Laid Up (5): Walks It Off (6)
    expect(done.state.refuges[0]!.status["survivor-4"]).toMatchObject({ missRaids: 0, noErrands: false })
    const rolled = done.events.find((e) => e.type === "rolled" && e.what === "Casualty")
    expect(rolled).toMatchObject({ faces: [4], result: expect.stringMatching(/^6: Walks It Off/) })
    // No Meds re-roll is offered on a recovered result.
    expect(choice(seen, "meds:survivor-4")).toBeUndefined()
  })

  it("B-CASUALTY-04 R-CAMPAIGN-26 a Doctor who stayed home wasn't Down: the +1 is offered and taken (Infected 4 → Laid Up 5)", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        s.models = s.models.filter((x) => x.id !== `${W}.2`) // Dr Okafor stayed at the Corner Shop
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [4]],
        [/^doctor:survivor-4 /, "Dr Amara Okafor (Doctor)"],
        [/^meds:survivor-4 /, "keep"],
      ],
    )
    expect(survivor(done, 0, "Jess")!.blight).toBe(0)
    expect(done.state.refuges[0]!.status["survivor-4"]!.noErrands).toBe(true)
  })

  it("B-CASUALTY-05 the Refuge's one Meds re-rolls one survivor's result; with none left the next is not offered", () => {
    const c = campaign()
    expect(storesIn(c, 0).meds).toBe(1)
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
        m(`${W}.5`).status = "down"
      }),
      [
        [/Jess: Casualty \(/, [3]],
        [/^doctor:survivor-4 /, "no"],
        [/^meds:survivor-4 /, "reroll"],
        [/Jess: Casualty re-roll/, [6]],
        [/Mr Patel: Casualty/, [3]],
        [/^doctor:survivor-5 /, "no"],
      ],
      seen,
    )
    expect(choice(seen, "meds:survivor-5")).toBeUndefined()
    expect(storesIn(done, 0).meds).toBe(0)
    expect(done.state.refuges[0]!.status["survivor-4"]!.missRaids).toBe(0)
    expect(done.state.refuges[0]!.status["survivor-5"]!.missRaids).toBe(1)
  })
})

describe("The Blight in the Aftermath (B-GIFT-02, B-TURN-04, B-CONGREGATION-17)", () => {
  it("B-GIFT-02 AMB-B-23 a raid that takes Blight from 2 to 7 crosses 3 and 6: two Gifts and two Marks", () => {
    const c = campaign(undefined, [
      edited(wharfside(), "Jess", (s) => {
        s.blight = 2
      }),
      gardeners(),
    ])
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).blight = 7
      }),
      [
        [/Jess: a gift/, [1, 1]],
        [/Jess: a mark/, [1, 1]],
        [/Jess: a gift/, [4, 4]],
        [/Jess: a mark/, [4, 4]],
      ],
    )
    const jess = survivor(done, 0, "Jess")!
    expect(jess.blight).toBe(7)
    expect(jess.gifts).toHaveLength(2)
    expect(jess.marks).toHaveLength(2)
    expect(done.state.refuges[0]!.status["survivor-4"]!.thresholds).toBe(2)
  })

  it("B-CONGREGATION-17 only members who took part roll the cost; a 2 gives +1 Blight, a 3 nothing", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (s) => {
        s.models = s.models.filter((m) => m.id !== `${G}.4`) // Wren stayed at the Grove
      }),
      [
        [/Mother Agnes: the Congregation's cost/, [2]],
        [/Sister Ruth: the Congregation's cost/, [3]],
      ],
      seen,
    )
    expect(survivor(done, 1, "Mother Agnes")!.blight).toBe(4)
    expect(survivor(done, 1, "Sister Ruth")!.blight).toBe(3)
    expect(survivor(done, 1, "Wren")!.blight).toBe(3)
    expect(seen.some((p) => p.kind === "dice" && /Wren: the Congregation's cost/.test(p.purpose))).toBe(false)
  })
})

describe("Loot (B-LOOT-02, B-LOOT-03)", () => {
  it("B-LOOT-02 B-LOOT-03 R-CAMPAIGN-03 a d3 of Rations or Reloads on a 6 is 3, doubled to 6, boosted to 7", () => {
    const c = campaign()
    const before = entries(c, 0).length
    const start = storesIn(c, 0)
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
        m(`${W}.2`).carrying = [{ token: "t4", contents: "loot", rich: 0 }]
      }),
      [
        [/Sergeant Hollis: Loot/, [1, 5]], // row 5: Rations, d3
        [/how much rations/, [6]],
        [/Dr Amara Okafor: Loot/, [4, 2]], // row 8: Reloads, d3
        [/how much reloads/, [6]],
      ],
    )
    const loot = entries(done, 0, before).filter((e) => e.reason.startsWith("Loot"))
    expect(loot.map((e) => [e.store, e.amount])).toEqual([
      ["rations", 7],
      ["reloads", 7],
    ])
    // Everyone is fed 1 Ration at Upkeep after the Loot (B-UPKEEP-01): 5 survivors.
    expect(storesIn(done, 0).rations).toBe(start.rations + 7 - 5 - 0)
  })
})

describe("Joining later (B-CONGREGATION-09, B-STRANGER-01, R-CAMPAIGN-23)", () => {
  it("B-CONGREGATION-09 B-STRANGER-01 the Stranger who joins a Congregation is Touched: 3 Blight, a Gift and a Mark rolled", () => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, strangerRescuedBy(1), ["loss", "win"], "someone-in-the-weeds"),
      [
        [/the Stranger's background/, [2]],
        [/The Stranger: a gift/, [1, 2]],
        [/The Stranger: a mark/, [4, 5]],
      ],
    )
    const stranger = survivor(done, 1, "The Stranger")!
    expect(stranger).toMatchObject({ background: "student", blight: 3 })
    expect(stranger.gifts).toHaveLength(1)
    expect(stranger.marks).toHaveLength(1)
    expect(done.state.refuges[1]!.status[stranger.id]!.thresholds).toBe(1)
  })

  it("B-STRANGER-01 R-CAMPAIGN-23 the Stranger joins a full Home (the Corner Shop holds 5); recruiting is then refused (B-HOME-02)", () => {
    const c = campaign()
    const home = registry.get("homes", c.state.refuges[0]!.refuge.home)!
    expect(c.state.refuges[0]!.refuge.survivors).toHaveLength(home.capacity)
    const done = aftermath(
      c,
      finishedRaid(c, strangerRescuedBy(0), ["win", "loss"], "someone-in-the-weeds"),
      [[/the Stranger's background/, [3]]],
    )
    expect(survivor(done, 0, "The Stranger")).toMatchObject({ background: "waitress", blight: 0 })
    expect(done.state.refuges[0]!.refuge.survivors).toHaveLength(home.capacity + 1)
    const r = command(
      done,
      { type: "recruit", refuge: 0, by: "survivor-1", background: "student", name: "Ada" },
      env,
    )
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/holds 5/)
  })
})

describe("The Leader (R-CONTENT-26)", () => {
  it("R-CONTENT-26 R-CAMPAIGN-07 a Leader who Drinks Amber at 11 Turns at once and is replaced before the next raid", () => {
    const w = granted(
      edited(wharfside(), "Sergeant Hollis", (s) =>
        Object.assign(s, {
          blight: 11,
          gifts: ["keen-ears", "thornskin", "pollen-veil"],
          marks: ["grey-thread", "falling-dreams", "bark-patches"],
        }),
      ),
      { amber: 1 },
    )
    let c: Campaign = campaign(undefined, [w, gardeners()])
    const r = command(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "drink-amber" }, env)
    c = answerAll(Result.getOrThrow(r), [[/^leader/, "survivor-2"]])
    expect(survivor(c, 0, "Sergeant Hollis")).toBeUndefined()
    expect(c.state.hollowed.map((h) => h.name)).toEqual(["Sergeant Hollis"])
    expect(survivor(c, 0, "Dr Amara Okafor")!.role).toBe("leader")
    expect(c.state.refuges[0]!.refuge.survivors.filter((s) => s.role !== undefined)).toHaveLength(1)
  })
})

describe("Rescue (B-CONGREGATION-19, R-CAMPAIGN-25)", () => {
  it("B-CONGREGATION-19 R-CAMPAIGN-25 the Refuge rolls for members it took Down and left Down (a 4 stays, a 5 joins); not for one a creature took Down, nor one revived", () => {
    const c = campaign()
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (s, m) => {
        m(`${G}.2`).status = "down" // Sister Ruth, by Sergeant Hollis
        m(`${G}.2`).downBy = `${W}.1`
        m(`${G}.3`).status = "finished" // Brother Tam, by Sergeant Hollis, Finished
        m(`${G}.3`).downBy = `${W}.1`
        m(`${G}.4`).status = "down" // Wren, by a creature
        m(`${G}.4`).downBy = "c1"
        m(`${G}.5`).wasDown = true // Old Sully, taken Down and revived
        m(`${G}.5`).downBy = `${W}.1`
        s.models = [
          ...s.models,
          {
            ...structuredClone(m(`${W}.2`)),
            id: "c1",
            side: "brood-1",
            kind: "creature",
            ref: "husk",
            survivor: undefined,
          } as never,
        ]
      }),
      [
        [/Brother Tam: Casualty/, [6]],
        [/rescue Sister Ruth/, [4]],
        [/rescue Brother Tam/, [5]],
      ],
      seen,
    )
    const rescues = seen.flatMap((p) => (p.kind === "dice" && /^rescue /.test(p.purpose) ? [p.purpose] : []))
    expect(rescues).toEqual([expect.stringMatching(/Sister Ruth/), expect.stringMatching(/Brother Tam/)])
    expect(survivor(done, 1, "Sister Ruth")).toBeDefined()
    expect(survivor(done, 0, "Brother Tam")).toMatchObject({ blight: 3 })
    expect(survivor(done, 1, "Brother Tam")).toBeUndefined()
    expect(survivor(done, 1, "Wren")).toBeDefined()
    expect(survivor(done, 1, "Old Sully")).toBeDefined()
  })
})

describe("the last survivor (B-CASUALTY-01, R-CONTENT-26, R-CAMPAIGN-08, R-CAMPAIGN-12)", () => {
  it("B-CASUALTY-01 R-CAMPAIGN-14 every survivor Out: the roster is empty, their gear (not the free weapons) is in the stash, nobody is fed or asked to lead; the Refuge may still Recruit, and its recruit leads", () => {
    const c = campaign(undefined, [granted(wharfside(), { salvage: 20 }), gardeners()])
    const before = storesIn(c, 0)
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        for (const k of [1, 2, 3, 4, 5]) m(`${W}.${k}`).status = "finished"
      }),
      [
        [/Sergeant Hollis: Casualty/, [2]], // 2 − 1 Finished = 1: Out
        [/Dr Amara Okafor: Casualty/, [1]],
        [/Big Col: Casualty/, [1]],
        [/Jess: Casualty/, [2]],
        [/Mr Patel: Casualty/, [1]],
        [/^meds:survivor-1 /, "keep"],
      ],
      seen,
    )
    const w = done.state.refuges[0]!
    expect(w.refuge.survivors).toEqual([])
    expect(done.state.lost.filter((l) => l.cause === "dead")).toHaveLength(5)
    // R-CAMPAIGN-14: their gear, not the free Improvised weapon and Thrown junk (B-FOUNDING-07).
    expect(w.refuge.stash).toEqual({
      weapons: ["pistol", "knife", "crowbar", "molotov", "bow", "baseball-bat"],
      armour: ["leather-jacket"],
      kit: ["helmet", "med-kit"],
    })
    expect(choice(seen, "leader")).toBeUndefined()
    // The Cache drawn: half its 6 Salvage (R-WORLD-18); Upkeep: the Waking's 1 Salvage, no Ration eaten.
    expect(storesIn(done, 0)).toMatchObject({ rations: before.rations, salvage: before.salvage + 3 - 1 })
    // Between raids: a Recruit needs nobody to send (R-CAMPAIGN-08); then the raid is forfeit.
    const r = command(done, { type: "recruit", refuge: 0, background: "student", name: "Pip" }, env)
    const next = Result.getOrThrow(r)
    expect(next.state.refuges[0]!.refuge.survivors.map((s) => s.name)).toEqual(["Pip"])
    expect(next.state.refuges[0]!.refuge.survivors[0]!.role).toBe("leader") // R-CONTENT-26: the only one leads
  })
})

describe("the Casualty and Loot tables, row by row (GAP-B-07, GAP-B-08, R-CONTENT-29, R-CONTENT-31)", () => {
  const outcomes: Array<[number, string]> = [
    [1, "Out"],
    [2, "Lasting Injury"],
    [3, "Badly Hurt"],
    [4, "Infected"],
    [5, "Laid Up"],
    [6, "Walks It Off"],
  ]
  it.each(outcomes)("B-CASUALTY-01 a Down survivor rolling %i: %s", (face, name) => {
    const c = campaign()
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [
        [/Jess: Casualty/, [face]],
        [/^doctor:survivor-4 /, "no"],
        ...(face < 6 ? [[/^meds:survivor-4 /, "keep"] as Rule] : []),
      ],
    )
    const rolled = done.events.find((e) => e.type === "rolled" && e.what === "Casualty")
    expect(rolled).toMatchObject({ result: `${face}: ${name}` })
    const jess = survivor(done, 0, "Jess")
    const st = done.state.refuges[0]!.status["survivor-4"]
    if (face === 1) expect(jess).toBeUndefined()
    else {
      expect(jess!.blight).toBe(face === 4 ? 2 : 0)
      expect(jess!.injuries.map((i) => i.name)).toEqual(face === 2 ? ["Lasting Injury"] : [])
      expect(st).toMatchObject({ missRaids: face === 2 || face === 3 ? 1 : 0, noErrands: face === 5 })
    }
  })

  // Half (1–3 → rows 1–6, 4–6 → rows 7–12) and entry; an amount die, where the row has one, of 3.
  const rows: Array<[number, number, string, number, boolean]> = [
    [1, 1, "salvage", 3, false], // Junk 2 → 3
    [2, 3, "salvage", 4, true], // d6 3 → 4
    [3, 5, "rations", 3, true], // d3 (3 → 2) → 3
    [4, 1, "salvage", 4, true], // row 7: d6
    [5, 2, "reloads", 3, true], // row 8: d3
    [6, 4, "meds", 1, false], // row 10: not boosted
    [6, 5, "amber", 1, false], // row 11: not boosted
  ]
  it.each(rows)("B-LOOT-01 B-LOOT-03 a Loot roll of %i, %i gives %s %i", (a, b, store, amount, die) => {
    const c = campaign()
    const before = entries(c, 0).length
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      }),
      [[/Sergeant Hollis: Loot/, [a, b]], ...(die ? [[/how much/, [3]] as Rule] : [])],
    )
    const loot = entries(done, 0, before).filter((e) => e.reason.startsWith("Loot"))
    expect(loot.map((e) => [e.store, e.amount])).toEqual([[store, amount]])
  })
})

describe("Amber from the Loot table (R-CAMPAIGN-29)", () => {
  it("B-BLIGHT-04 R-CAMPAIGN-29 Amber rolled on the Loot table (row 11) is not Amber carried home: no Blight die, no Blight", () => {
    const c = campaign()
    const hollis = survivor(c, 0, "Sergeant Hollis")!
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      }),
      [[/Sergeant Hollis: Loot/, [6, 5]]],
    )
    const asked = done.events.filter((e) => e.type === "rolled" && e.clause === "B-BLIGHT-04")
    expect(asked).toEqual([])
    expect(
      entries(done, 0)
        .filter((e) => e.store === "amber")
        .map((e) => e.amount),
    ).toEqual([1])
    expect(survivor(done, 0, "Sergeant Hollis")!.blight).toBe(hollis.blight)
    // Beside it, an Amber token carried home is rolled for (a 1: +1 Blight).
    const carried = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "amber", rich: 0 }]
      }),
      [[/Sergeant Hollis: carrying Amber/, [1]]],
    )
    expect(carried.events.filter((e) => e.type === "rolled" && e.clause === "B-BLIGHT-04")).toHaveLength(1)
  })
})

type LootRow = { key: unknown; result: { gives?: Array<{ store: string; amount: unknown }> } }

/** A pack replacing the core Loot table with `change` made to a copy of its rows. */
const packLoot = (pack: string, change: (rows: LootRow[]) => void) => {
  const core = JSON.parse(
    readFileSync(new URL("../../src/content/core/aftermath-tables.json", import.meta.url), "utf8"),
  ) as { tables: Array<{ id: string; rows: LootRow[] }> }
  const loot = structuredClone(core.tables.find((t) => t.id === "loot")!)
  change(loot.rows)
  return envOf(homebrewRegistry(pack, { tables: [{ ...loot, replaces: "the-blight" }] }))
}

/** Sergeant Hollis brings one Loot token home under the pack `e`: the Loot entries of the Ledger. */
const hollisLoot = (e: ReturnType<typeof packLoot>, rules: Rule[]) => {
  const c = campaign()
  const before = entries(c, 0).length
  const r = command(
    c,
    {
      type: "recordRaid",
      battle: finishedRaid(c, (_s, m) => {
        m(`${W}.1`).carrying = [{ token: "t3", contents: "loot", rich: 0 }]
      }),
    },
    e,
  )
  const done = answerAll(Result.getOrThrow(r), rules, [], e)
  return entries(done, 0, before).filter((x) => x.reason.startsWith("Loot"))
}

describe("a pack's Loot amounts in dice (R-CAMPAIGN-28)", () => {
  it("B-LOOT-03 R-CAMPAIGN-28 a Loot row of 2d6 Salvage is rolled as written (6 + 5 = 11, no Plentiful on the 6), then boosted to 13", () => {
    const e = packLoot("richer-ruins", (rows) => {
      rows[2]!.result.gives![0]!.amount = "2d6" // row 3: Salvage
    })
    const got = hollisLoot(e, [
      [/Sergeant Hollis: Loot/, [1, 3]],
      [/how much salvage/, [6, 5]],
    ])
    expect(got.map((x) => [x.store, x.amount])).toEqual([["salvage", 13]])
    expect(got[0]!.reason).not.toMatch(/Plentiful/)
  })
})

describe("a pack's Loot row of two finds (B-LOOT-02)", () => {
  it("B-LOOT-02 Plentiful doubles only the find whose die showed the 6: d6 Salvage on a 6 is 12 (boosted 14); the 1 Meds beside it is 1, not Plentiful", () => {
    const e = packLoot("first-aid-caches", (rows) => {
      rows[2]!.result.gives!.push({ store: "meds", amount: 1 }) // row 3: d6 Salvage and 1 Meds
    })
    const got = hollisLoot(e, [
      [/Sergeant Hollis: Loot/, [1, 3]],
      [/how much salvage/, [6]],
    ])
    expect(got.map((x) => [x.store, x.amount])).toEqual([
      ["salvage", 14],
      ["meds", 1],
    ])
    expect(got[0]!.reason).toMatch(/Plentiful/)
    expect(got[1]!.reason).not.toMatch(/Plentiful/)
    expect(got[1]!.clause).toBe("B-LOOT-01")
  })
})
