/**
 * Vocabulary v2 in the Aftermath (issue 11): the rules that used to be hooks or were read by an id
 * (the Student's Quick Study, Hard to Kill, the Doctor) are read by their effects, so the Marks and
 * Homes that say the same thing in data act too (Weeping Sap, the Hospital Wing, Sap Hunger).
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import type { Prompt } from "../../src/campaign/State.js"
import { post, storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { aftermath, campaign, entries, finishedRaid, gardeners, survivor, wharfside } from "./helpers.js"

const W = "wharfside"

/** Wharfside with one survivor changed. */
const edited = (change: (s: Record<string, unknown>) => void, name = "Jess", r = wharfside()): Refuge => {
  const copy = structuredClone(r) as unknown as { survivors: Record<string, unknown>[] }
  change(copy.survivors.find((s) => s.name === name)!)
  return copy as unknown as Refuge
}

describe("vocabulary v2 in the Aftermath", () => {
  it("B-XP-01 Quick Study is `experience` 1 on the Student's Knack: +1 XP in every Aftermath it took part in", () => {
    const plain = campaign()
    const student = campaign(undefined, [
      edited((s) => {
        s.background = "student"
      }),
      gardeners(),
    ])
    const xp = (c: typeof plain) => survivor(aftermath(c, finishedRaid(c)), 0, "Jess")!.xp
    expect(xp(plain)).toBe(1)
    expect(xp(student)).toBe(2)
  })

  it("B-CASUALTY-03 Weeping Sap (a Mark's `dieModifier casualty` −1) is read like Hard to Kill's +1", () => {
    const c = campaign(undefined, [
      edited((s) => {
        s.marks = ["weeping-sap"]
      }),
      gardeners(),
    ])
    // 3 − 1 = 2: a Lasting Injury (2 is what Hard to Kill makes of a 1, B-CASUALTY-03).
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [[/Jess: Casualty/, [3]]],
    )
    expect(survivor(done, 0, "Jess")!.injuries).toEqual([{ name: "Lasting Injury", stats: { move: -1 } }])
  })

  it("B-CASUALTY-04 the Hospital Wing's perk (`dieModifier casualty` for one friend) helps like the Doctor (R-CAMPAIGN-19)", () => {
    const c = campaign(undefined, [{ ...wharfside(), home: "hospital-wing" as never }, gardeners()])
    const seen: Prompt[] = []
    aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).status = "down"
      }),
      [[/Jess: Casualty/, [2]]],
      seen,
    )
    const help = seen.find((p) => p.kind === "choice" && p.key.startsWith("doctor"))
    expect(help?.kind === "choice" && help.options).toEqual([
      "no",
      "Dr Amara Okafor (Doctor)",
      "The Hospital Wing: The dispensary",
    ])
  })

  it("B-LOOT-01 Scavenger's `reroll` of `loot`: the Refuge sees a Loot roll and may roll it again, once an Aftermath (R-CAMPAIGN-18)", () => {
    const c = campaign(undefined, [
      edited((s) => {
        s.skills = ["scavenger"]
      }),
      gardeners(),
    ])
    const seen: Prompt[] = []
    const done = aftermath(
      c,
      finishedRaid(c, (_s, m) => {
        m(`${W}.4`).carrying = [{ token: "t3", contents: "loot", rich: 1 }]
      }),
      [
        [/Jess: Loot \(B-LOOT-01\)/, [1, 1]],
        [/loot-reroll:Jess /, "reroll"],
        [/Jess: Loot re-roll/, [4, 6]],
        [/Jess, Rich find 1: Loot \(B-LOOT-01\)/, [1, 1]],
      ],
      seen,
    )
    const offers = seen.filter((p) => p.kind === "choice" && p.key.startsWith("loot-reroll"))
    // Offered on the first roll; spent there, so not on the Rich find's roll.
    expect(offers.map((p) => p.kind === "choice" && p.key)).toEqual(["loot-reroll:Jess"])
    // The re-rolled roll (4, 6) is the one read, then the Rich find's own roll.
    const rolled = done.events.flatMap((e) =>
      e.type === "rolled" && e.what === "Loot" && e.refuge === 0 ? [e.faces] : [],
    )
    expect(rolled).toEqual([
      [4, 6],
      [1, 1],
    ])
  })

  it("B-UPKEEP-01 Sap Hunger (a Mark's `aftermath.upkeep` trigger) eats an extra Ration each Upkeep (R-CAMPAIGN-19)", () => {
    const c = campaign(undefined, [
      edited((s) => {
        s.marks = ["sap-hunger"]
      }),
      gardeners(),
    ])
    const before = entries(c, 0).length
    const done = aftermath(c, finishedRaid(c))
    expect(entries(done, 0, before).filter((e) => e.reason === "Sap Hunger: an extra Ration")).toMatchObject([
      { store: "rations", amount: -1 },
    ])
  })

  /** Wharfside with Jess Sap-Hungry and `rations` in the stores. */
  const sapHungry = (rations: number) => {
    const w = edited((s) => {
      s.marks = ["sap-hunger"]
    })
    const have = storesOf(w.ledger).rations
    const ledger = Result.getOrThrow(
      post(w.ledger, [{ store: "rations", amount: rations - have, reason: "test: the stores set" }]),
    )
    return campaign(undefined, [{ ...w, ledger }, gardeners()])
  }
  const hungryIds = (c: ReturnType<typeof campaign>) =>
    Object.entries(c.state.refuges[0]!.status)
      .filter(([, s]) => s.hungry === 1)
      .map(([id]) => id)

  it("B-UPKEEP-01 a Sap-Hungry survivor the stores can't give both Rations eats nothing and is Hungry; the rest are fed in order (R-CAMPAIGN-22)", () => {
    const c = sapHungry(5)
    const roster = c.state.refuges[0]!.refuge.survivors
    expect(roster).toHaveLength(5)
    const done = aftermath(c, finishedRaid(c))
    // Six Rations wanted, five in the stores: exactly one survivor goes without.
    expect(hungryIds(done)).toHaveLength(1)
    const jess = roster.find((s) => s.name === "Jess")!.id
    const extra = entries(done, 0).filter((e) => e.reason === "Sap Hunger: an extra Ration")
    // Jess ate both Rations, or neither: never one.
    expect(extra.length === 1).toBe(!hungryIds(done).includes(jess))
    expect(storesOf(done.state.refuges[0]!.refuge.ledger).rations).toBeGreaterThanOrEqual(0)
  })

  it("B-UPKEEP-01 with no Rations at all, Sap Hunger takes nothing and stops nothing: every survivor is Hungry (R-CAMPAIGN-22)", () => {
    const c = sapHungry(0)
    const done = aftermath(c, finishedRaid(c))
    expect(hungryIds(done)).toHaveLength(5)
    expect(entries(done, 0).some((e) => e.reason === "Sap Hunger: an extra Ration")).toBe(false)
  })
})
