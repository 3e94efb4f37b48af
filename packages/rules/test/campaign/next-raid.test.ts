/**
 * What a raid leaves a Refuge for later raids: a clean street (B-OBJECTIVE-04, R-WORLD-08), one
 * fewer creature lurking at the set-up of the burning Refuge's next raid only, and the Radio
 * trophy (B-OBJECTIVE-08, R-WORLD-07), a once-a-raid re-roll of the keeper's whole Initiative pool.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import * as Battle from "../../src/battle/Battle.js"
import type { Command } from "../../src/battle/Command.js"
import type { Event } from "../../src/battle/Event.js"
import type { Campaign } from "../../src/campaign/Campaign.js"
import { command, hash, raidSetup, replay } from "../../src/campaign/Campaign.js"
import { aftermath, battleEnv, campaign, env, finishedRaid } from "./helpers.js"

type Edit = Parameters<typeof finishedRaid>[1]

/** Refuge 0 burned (or won) the scenario's objective. */
const byRefuge0 =
  (state: string): Edit =>
  (s) => {
    s.objectives[0]!.state = state as never
    s.objectives[0]!.by = s.sides[0]!.id
  }

/** The next raid of the campaign, set up from a fixed seed, and its Lesser Encounter rolls at set-up. */
const lurkingRolls = (c: Campaign, scenario = "bloom-heart"): number => {
  const setup = Result.getOrThrow(raidSetup(c.state, { seed: 11 }, scenario))
  const b = Result.getOrThrow(Battle.create(setup, battleEnv))
  // The set-up step's dice, asked before round 1's Initiative (B-SETUP-07).
  const asked = b.events.flatMap((e) =>
    e.type === "prompted" && e.prompt.kind === "dice" ? [e.prompt.purpose] : [],
  )
  const first = asked.findIndex((p) => p.includes("Initiative"))
  return asked.slice(0, first).filter((p) => p.startsWith("Lesser Encounter")).length
}

describe("a clean street", () => {
  it("B-OBJECTIVE-04 R-WORLD-08 R-CAMPAIGN-20 the Refuge that burned the Bloom Heart has one fewer lurking creature in its next raid only; the replay agrees", () => {
    const c0 = campaign()
    const normal = lurkingRolls(c0)
    expect(normal).toBe(2)
    const c1 = aftermath(c0, finishedRaid(c0, byRefuge0("burned"), ["win", "loss"], "bloom-heart"))
    expect(c1.state.refuges[0]!.statuses).toEqual([
      {
        kind: "lurking",
        value: -1,
        raids: 1,
        reason: "a clean street: burned The Bloom Heart in raid 1",
        clause: "B-OBJECTIVE-04",
      },
    ])
    expect(c1.state.refuges[1]!.statuses ?? []).toEqual([])
    // Refuge A's next raid: one fewer Lesser Encounter roll at set-up.
    expect(raidSetup(c1.state, { seed: 11 }).pipe(Result.map((s) => s.campaign?.refuges))).toEqual(
      Result.succeed([
        { lurking: -1, trophies: [] },
        { lurking: 0, trophies: [] },
      ]),
    )
    expect(lurkingRolls(c1)).toBe(normal - 1)
    // That raid spends it: the raid after is back to normal.
    const c2 = aftermath(
      c1,
      finishedRaid(c1, () => {}, ["draw", "draw"], "bloom-heart"),
    )
    expect(c2.state.refuges[0]!.statuses).toEqual([])
    expect(lurkingRolls(c2)).toBe(normal)
    expect(c2.events.filter((e) => e.type === "refuge.statusesSpent")).toEqual([
      { type: "refuge.statusesSpent", refuge: 0, raid: 2 },
    ])
    // The log alone gives the same campaign at every point.
    expect(hash(replay(c1.events))).toBe(hash(c1.state))
    expect(hash(replay(c2.events))).toBe(hash(c2.state))
    expect(lurkingRolls({ events: c1.events, state: replay(c1.events) })).toBe(normal - 1)
  })

  it("R-CAMPAIGN-20 R-CAMPAIGN-12 a forfeit is no raid played: the clean street waits for the Refuge's next raid", () => {
    const c0 = campaign()
    const c1 = aftermath(c0, finishedRaid(c0, byRefuge0("burned"), ["win", "loss"], "bloom-heart"))
    // Everyone at Wharfside misses the next raid: it forfeits (R-CAMPAIGN-12).
    const r0 = c1.state.refuges[0]!
    const away = Object.fromEntries(
      Object.entries(r0.status).map(([id, st]) => [id, { ...st, missRaids: 1 }]),
    )
    const state = { ...c1.state, refuges: [{ ...r0, status: away }, c1.state.refuges[1]!] }
    const forfeited = command({ events: c1.events, state }, { type: "forfeit", refuge: 0 }, env)
    expect(Result.isSuccess(forfeited)).toBe(true)
    const after = Result.getOrThrow(forfeited)
    expect(after.events.some((e) => e.type === "refuge.statusesSpent")).toBe(false)
    expect(after.state.refuges[0]!.statuses).toEqual(c1.state.refuges[0]!.statuses)
  })

  it("B-OBJECTIVE-04 a Bloom Heart still standing leaves no clean street", () => {
    const c0 = campaign()
    const c1 = aftermath(
      c0,
      finishedRaid(c0, () => {}, ["draw", "draw"], "bloom-heart"),
    )
    expect(c1.state.refuges.map((r) => r.statuses ?? [])).toEqual([[], []])
  })
})

/** Plays a raid by a fixed policy until `stop` holds: every choice its first option, but re-rolls per `reroll`. */
const drive = (
  start: Battle.Battle,
  stop: (events: ReadonlyArray<Event>) => boolean,
  reroll: (key: string) => string,
  faces?: number[][],
): Battle.Battle => {
  let b = start
  const must = (c: Command) => {
    b = Result.getOrThrow(Battle.command(b, c, battleEnv))
  }
  for (let guard = 0; guard < 2000 && b.state.phase !== "over"; guard++) {
    if (stop(b.events)) break
    const p = b.state.pending?.prompt
    if (p?.kind === "dice") must({ type: "roll", faces: faces!.shift()! })
    else if (p?.kind === "choice")
      must({ type: "choose", option: p.key.startsWith("reroll:") ? reroll(p.key) : p.options[0]! })
    else if (p) must(Battle.legal(b.state, battleEnv)[0]!)
    else if (b.state.activation) must({ type: "endActivation", model: b.state.activation.model })
    else must(Battle.legal(b.state, battleEnv).find((c) => c.type === "activate")!)
  }
  return b
}

const initiative = (events: ReadonlyArray<Event>) =>
  events.flatMap((e) => (e.type === "initiative.rolled" ? [e] : []))
/** Round 2 has started and its Initiative order is set. */
const roundTwo = (events: ReadonlyArray<Event>) => {
  const i = events.findIndex((e) => e.type === "round.start" && e.round === 2)
  return i >= 0 && events.slice(i).some((e) => e.type === "initiative.order")
}

describe("the Radio trophy", () => {
  const withTrophy = () => {
    const c0 = campaign()
    return aftermath(
      c0,
      finishedRaid(c0, () => {}, ["win", "loss"], "the-last-broadcast"),
    )
  }

  it("B-OBJECTIVE-08 R-CAMPAIGN-20 the winner of The Last Broadcast keeps the Radio for good; the loser does not", () => {
    const c1 = withTrophy()
    expect(c1.state.refuges.map((r) => r.trophies ?? [])).toEqual([["radio"], []])
    expect(c1.events.filter((e) => e.type === "trophy.kept")).toMatchObject([
      { refuge: 0, objective: "radio", clause: "B-OBJECTIVE-08" },
    ])
    // A second win keeps the one Radio; a raid elsewhere does not take it away.
    const c2 = aftermath(
      c1,
      finishedRaid(c1, () => {}, ["win", "loss"], "the-last-broadcast"),
    )
    const c3 = aftermath(
      c2,
      finishedRaid(c2, () => {}, ["loss", "win"], "cache"),
    )
    expect(c3.state.refuges.map((r) => r.trophies ?? [])).toEqual([["radio"], []])
    expect(hash(replay(c3.events))).toBe(hash(c3.state))
  })

  it("B-OBJECTIVE-08 R-WORLD-07 R-CAMPAIGN-20 B-REROLL-01 only the keeper is offered the re-roll, once a raid; the re-rolled pool replaces the roll and decides Initiative", () => {
    const c1 = withTrophy()
    const setup = Result.getOrThrow(raidSetup(c1.state, { seed: 5 }, "cache"))
    const b = drive(Result.getOrThrow(Battle.create(setup, battleEnv)), roundTwo, () => "1")
    const [keeper, other] = b.state.sides
    expect(keeper!.trophies).toEqual(["radio"])
    expect(other!.trophies).toBeUndefined()
    const offers = b.events.flatMap((e) =>
      e.type === "prompted" && e.prompt.kind === "choice" && e.prompt.key.includes(":initiative:")
        ? [e.prompt]
        : [],
    )
    // Offered once, to the keeper, in round 1; not again in round 2 (the use is spent).
    expect(offers).toHaveLength(1)
    expect(offers[0]!.by).toBe(keeper!.id)
    expect(offers[0]!.question).toContain("trophy: The Radio (all)")
    expect(b.state.sides[0]!.used).toMatchObject({ "reroll:trophy: The Radio:raid": 1 })
    const rolls = initiative(b.events)
    const mine = rolls.filter((r) => r.side === keeper!.id)
    expect(mine[0]!.pool.rerolled).toHaveLength(mine[0]!.pool.dice.length + mine[0]!.pool.blight.length)
    expect(mine[1]!.pool.rerolled).toBeUndefined()
    expect(rolls.filter((r) => r.side === other!.id).every((r) => r.pool.rerolled === undefined)).toBe(true)
    // The re-rolled pool is the score, and the order follows it.
    expect(mine[0]!.score).toBe(mine[0]!.pool.successes)
    const order = b.events.find((e) => e.type === "initiative.order")
    const theirs = rolls.find((r) => r.side === other!.id)!
    if (order?.type === "initiative.order" && mine[0]!.score !== theirs.score)
      expect(order.order.indexOf(keeper!.id) < order.order.indexOf(other!.id)).toBe(
        mine[0]!.score > theirs.score,
      )
  })

  it("R-WORLD-07 declining keeps the roll, and the use for a later round", () => {
    const c1 = withTrophy()
    const setup = Result.getOrThrow(raidSetup(c1.state, { seed: 5 }, "cache"))
    const b = drive(Result.getOrThrow(Battle.create(setup, battleEnv)), roundTwo, () => "no")
    const offers = b.events.filter(
      (e) => e.type === "prompted" && e.prompt.kind === "choice" && e.prompt.key.includes(":initiative:"),
    )
    expect(offers).toHaveLength(2)
    expect(initiative(b.events).every((r) => r.pool.rerolled === undefined)).toBe(true)
  })

  it("R-WORLD-07 seeded and manual dice fed the same faces give the same events", () => {
    const c1 = withTrophy()
    const seeded = Result.getOrThrow(raidSetup(c1.state, { seed: 5 }, "cache"))
    const s = drive(Result.getOrThrow(Battle.create(seeded, battleEnv)), roundTwo, () => "1")
    const faces = s.events.flatMap((e) =>
      e.type === "answered" && Array.isArray(e.answer) ? [[...e.answer]] : [],
    )
    const manual = Result.getOrThrow(raidSetup(c1.state, "manual", "cache"))
    // The seeded command that reached round 2 rolled on past it; the manual one waits for those dice.
    const m = drive(
      Result.getOrThrow(Battle.create(manual, battleEnv)),
      (events) => roundTwo(events) && faces.length === 0,
      () => "1",
      faces,
    )
    expect(faces).toEqual([])
    expect(m.events.slice(1)).toEqual(s.events.slice(1))
  })
})
