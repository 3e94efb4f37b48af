/**
 * Errands as content (GAP-B-16, R-CAMPAIGN-08): the core pack's Errands are `errands` entries,
 * and a homebrew pack's Errand is offered and run by the campaign like the core's.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { type Campaign, command, create, envOf } from "../../src/campaign/Campaign.js"
import type { Command } from "../../src/campaign/Command.js"
import { legalCommands } from "../../src/campaign/Legal.js"
import { formatProblem } from "../../src/content/Problem.js"
import { post, storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import { loadHomebrew } from "../fixtures/homebrew.js"
import { gardeners, registry, wharfside } from "./helpers.js"

/** Fishing the canal: a Ration spent on bait, a d6 for the catch. */
const fishing = {
  id: "fish-the-canal",
  name: "Fish the Canal",
  provenance: "provisional",
  clauses: ["B-ERRAND-01"],
  text: "Spend 1 Ration on bait and roll a d6 for the catch.",
  cost: [{ store: "rations", amount: 1 }],
  does: {
    kind: "roll",
    table: "The catch",
    boosted: false,
    rows: [
      { key: [1, 3], result: { name: "Nothing biting" } },
      { key: [4, 6], result: { name: "Eels", gives: { store: "rations", amount: 4 } } },
    ],
  },
}

const load = (errands: ReadonlyArray<unknown>) => loadHomebrew("canal-folk", { errands })

const withRations = (r: Refuge, n: number): Refuge => ({
  ...r,
  ledger: Result.getOrThrow(post(r.ledger, [{ store: "rations", amount: n, reason: "test grant" }])),
})

/** Runs a command under an env, answering dice prompts with the faces given, in order. */
const run = (c: Campaign, cmd: Command, env: ReturnType<typeof envOf>, faces: number[] = []): Campaign => {
  let cur = Result.getOrThrow(command(c, cmd, env))
  const left = [...faces]
  while (cur.state.pending?.prompt?.kind === "dice") {
    const roll: Command = { type: "roll", faces: [left.shift() ?? 6] }
    cur = Result.getOrThrow(command(cur, roll, env))
  }
  return cur
}

describe("Errands as content", () => {
  it("GAP-B-16 R-CAMPAIGN-08 the core pack's Errands are entries: Trade, Recruit and Drink Amber as the rules state them, Scavenge and Build provisional", () => {
    const errands = registry.list("errands")
    expect(errands.map((e) => [e.id, e.provenance, e.does.kind])).toEqual([
      ["trade", "rules", "market"],
      ["recruit", "rules", "recruit"],
      ["drink-amber", "rules", "blight"],
      ["scavenge", "provisional", "roll"],
      ["build", "provisional", "build"],
    ])
    const scavenge = registry.get("errands", "scavenge")!
    expect(scavenge.does.kind === "roll" && scavenge.does.rows.map((r) => r.result.gives ?? null)).toEqual([
      null,
      { store: "salvage", amount: 2 },
      { store: "rations", amount: 2 },
      { store: "reloads", amount: 1 },
    ])
  })

  it("B-ERRAND-01 a homebrew Errand is offered to every survivor free to run it, and runs as one of the Refuge's Errands: its cost paid, its table rolled, its find brought home", () => {
    const reg = load([fishing])
    if (Result.isFailure(reg)) throw new Error(reg.failure.problems.map(formatProblem).join("\n"))
    const env = envOf(reg.success)
    let c = Result.getOrThrow(create([withRations(wharfside(), 2), gardeners()], "manual", env))
    const offered = legalCommands(c.state, env).filter(
      (x) => x.type === "errand" && x.errand === "fish-the-canal",
    )
    expect(offered.map((x) => ("by" in x ? [x.refuge, x.by] : []))).toEqual(
      [0, 1].flatMap((refuge) => c.state.refuges[refuge]!.refuge.survivors.map((s) => [refuge, s.id])),
    )
    const r0 = storesOf(c.state.refuges[0]!.refuge.ledger).rations
    c = run(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "fish-the-canal" }, env, [5])
    // 1 Ration of bait, 4 Rations of eels, not boosted.
    expect(storesOf(c.state.refuges[0]!.refuge.ledger).rations).toBe(r0 - 1 + 4)
    expect(c.state.refuges[0]!.errands).toBe(1)
    const ran = c.events.filter((e) => e.type === "errand.run")
    expect(ran.at(-1)).toMatchObject({
      errand: "fish-the-canal",
      survivor: "survivor-1",
      clause: "B-ERRAND-01",
    })
    expect(c.events.find((e) => e.type === "rolled")).toMatchObject({ what: "The catch", result: "Eels" })
    // The second Errand: bait spent, nothing caught; no Errand is left.
    c = run(c, { type: "errand", refuge: 0, by: "survivor-2", errand: "fish-the-canal" }, env, [1])
    expect(storesOf(c.state.refuges[0]!.refuge.ledger).rations).toBe(r0 + 2)
    expect(c.state.refuges[0]!.errands).toBe(0)
    // An Errand no loaded pack defines is refused by name.
    const none = command(c, { type: "errand", refuge: 1, by: "survivor-1", errand: "go-fishing" }, env)
    expect(Result.isFailure(none) && none.failure.reason).toMatch(/errand: there is no Errand "go-fishing"/)
  })

  it("B-ERRAND-01 an Errand the Refuge cannot pay for is not offered and is refused whole", () => {
    const env = envOf(Result.getOrThrow(load([fishing])))
    const w = wharfside()
    const broke: Refuge = {
      ...w,
      ledger: Result.getOrThrow(
        post(w.ledger, [{ store: "rations", amount: -storesOf(w.ledger).rations, reason: "test: eaten" }]),
      ),
    }
    const c = Result.getOrThrow(create([broke, gardeners()], "manual", env))
    const legal = legalCommands(c.state, env)
    expect(legal.some((x) => x.type === "errand" && x.errand === "fish-the-canal" && x.refuge === 0)).toBe(
      false,
    )
    const r = command(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "fish-the-canal" }, env)
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/not enough rations/)
  })

  it("B-ERRAND-03 an Errand that takes choices runs by its own command, not by `errand`", () => {
    const env = envOf(registry)
    const c = Result.getOrThrow(create([wharfside(), gardeners()], "manual", env))
    const r = command(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "trade" }, env)
    expect(Result.isFailure(r) && r.failure).toMatchObject({ clause: "B-ERRAND-03" })
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/run it with the "trade" command/)
  })

  it("GAP-B-16 a Congregation-only Errand is not offered to a Refuge", () => {
    const vigil = {
      id: "vigil",
      name: "Vigil at the Grove",
      provenance: "provisional",
      text: "A night among the roots: +1 Blight.",
      refuges: ["congregation"],
      does: { kind: "blight", amount: 1 },
    }
    const env = envOf(Result.getOrThrow(load([vigil])))
    const c = Result.getOrThrow(create([wharfside(), gardeners()], "manual", env))
    const who = legalCommands(c.state, env).flatMap((x) =>
      x.type === "errand" && x.errand === "vigil" ? [x.refuge] : [],
    )
    expect(new Set(who)).toEqual(new Set([1]))
    const r = command(c, { type: "errand", refuge: 0, by: "survivor-1", errand: "vigil" }, env)
    expect(Result.isFailure(r) && r.failure.reason).toMatch(/run only by a congregation/)
  })

  it("GAP-B-16 a malformed Errand is refused at load, every problem named by its path", () => {
    const rows = [
      { key: [1, 4], result: { name: "Eels" } },
      { key: [4, 5], result: { name: "Pike" } },
      { key: [6, 7], result: { name: "A boot" } },
    ]
    const bad = load([
      { ...fishing, does: { ...fishing.does, rows } },
      { ...fishing, id: "no-action", does: { kind: "teleport" } },
      { ...fishing, id: "bad-store", cost: [{ store: "gold", amount: 1 }] },
    ])
    expect(Result.isFailure(bad)).toBe(true)
    const problems = Result.isFailure(bad) ? bad.failure.problems.map(formatProblem) : []
    expect(
      problems.some((p) => p.includes("errands[0].does.rows[1].key") && /also covered by row 0/.test(p)),
    ).toBe(true)
    expect(
      problems.some((p) => p.includes("errands[0].does.rows[2].key") && /the die cannot roll 7/.test(p)),
    ).toBe(true)
    expect(problems.some((p) => p.includes("errands[1].does.kind") && /"roll"/.test(p))).toBe(true)
    expect(problems.some((p) => p.includes("errands[2].cost[0].store"))).toBe(true)
  })
})
