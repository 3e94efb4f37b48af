/**
 * The Sluice Gates (examples/homebrew-pack/flooded-quarter.json), scripted on the core pack plus the
 * example pack: the Canal Lurker its set-up places (with a Husk, its escort) and one lurking Strangler Vine. Ash's Leader
 * turns the sluice wheel three times while Ash 2 picks up a Loot token; Ash opened the sluice and
 * holds more Loot: it wins 6 Salvage and d3 Rations. If nobody opens it, a draw (R-BATTLE-43).
 */
import { readFileSync } from "node:fs"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { loadWithCore } from "../../src/content/core/index.js"
import { formatProblem } from "../../src/content/Problem.js"
import { aftermath, couriers, endRound, lootEntries, outcomes, playOut, raid, search } from "./script.js"

const file = new URL("../../../../examples/homebrew-pack/flooded-quarter.json", import.meta.url)
const loaded = loadWithCore([
  { source: "flooded-quarter.json", data: JSON.parse(readFileSync(file, "utf8")) },
])
if (Result.isFailure(loaded)) throw new Error(loaded.failure.problems.map(formatProblem).join("\n"))
const content = loaded.success
const env = envOf(content)

const refuges = () => [couriers("Ash"), couriers("Birch")] as const

/** Set-up: the Canal Lurker and its d3 Husks (a 1: one, R-CONTENT-40), then the lurker (3, 5: a Strangler Vine); Ash first. */
const sluice = (r: ReturnType<typeof refuges>) => {
  const t = raid("the-sluice-gates", r, env)
  t.settle([1, 3, 5])
  t.initiative("ash")
  return t
}

describe("The Sluice Gates (homebrew), scripted (B-SCENARIO-02, R-BATTLE-43)", () => {
  it("B-SCENARIO-02 R-BATTLE-43 three Uses open the sluice (then +1 Din die); the Refuge that opened it and holds more Loot wins 6 Salvage and d3 Rations", () => {
    const r = refuges()
    // Set-up: the scenario's set-up trigger places the Canal Lurker at a Lair, with its escorts,
    // d3 Husks (a 1: one, R-CONTENT-40); the one lurker rolled (3, 5) is a Strangler Vine.
    const t = sluice(r)
    expect(t.s.models.filter((m) => m.kind === "creature").map((m) => m.ref)).toEqual([
      "canal-lurker",
      "husk",
      "strangler-vine",
    ])
    const wheel = () => t.s.objectives.find((o) => o.id === "sluice-wheel")!
    const w = wheel().token!
    const turn = (move: boolean) => {
      t.do({ type: "activate", model: "ash.1" })
      if (move) {
        t.do({ type: "move", model: "ash.1", contact: [w] })
        t.settle()
      }
      t.do({ type: "use", model: "ash.1", use: "objective", target: w })
      if (t.s.activation) t.do({ type: "endActivation", model: "ash.1" })
      t.settle()
    }

    // Round 1. Ash Lead turns the wheel (1 of 3); Birch Lead's Search fails (2, 2); Ash 2 picks up t3.
    turn(true)
    expect(wheel()).toMatchObject({ state: "standing", progress: 1 })
    search(t, "birch.1", "t4", [2, 2])
    search(t, "ash.2", "t3", [4, 1])
    endRound(t, "ash")
    // Rounds 2 and 3: 2 of 3, then 3: the sluice is open, by Ash.
    turn(false)
    endRound(t, "ash")
    turn(false)
    expect(wheel()).toMatchObject({ state: "complete", by: "ash" })
    // Open, it adds 1 Din die (its `poolModifier` while complete): no Noise, 1 die, a 1.
    endRound(t, "ash", [[/the Din/, [1]]])
    expect(t.of("din.rolled", true).at(-1)).toMatchObject({ noise: 0, dice: 1 })

    // Rounds 4–6 pass (a Din die each). Ash opened the sluice and holds 1 Loot to Birch's 0.
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "win", birch: "loss" })
    expect(t.s.result?.reason).toMatch(/ash completed sluice-wheel; Loot tokens held: ash 1, birch 0/)

    // Aftermath: Ash 2's Loot roll 1,1 is Junk (3 Salvage); the scenario's 6 Salvage, and d3 Rations
    // rolled as stated: a 5 is 3 (R-CAMPAIGN-17).
    const { campaign } = aftermath(
      r,
      t.s,
      [
        [/Ash 2: Loot/, [1, 1]],
        [/how much rations/, [5]],
      ],
      content,
    )
    expect(lootEntries(campaign, 0)).toEqual([
      ["salvage", 3],
      ["salvage", 6],
      ["rations", 3],
    ])
    expect(lootEntries(campaign, 1)).toEqual([])
  })

  it("R-BATTLE-43 R-WORLD-18 nobody opens the sluice: a draw, whoever holds more Loot, and half the Salvage each", () => {
    const r = refuges()
    const t = sluice(r)
    search(t, "ash.1", "t3", [4, 1])
    playOut(t, "ash")
    expect(outcomes(t)).toEqual({ ash: "draw", birch: "draw" })
    const { campaign } = aftermath(r, t.s, [[/Ash Lead: Loot/, [1, 1]]], content)
    expect(lootEntries(campaign, 0)).toEqual([
      ["salvage", 3],
      ["salvage", 3],
    ])
    expect(lootEntries(campaign, 1)).toEqual([["salvage", 3]])
  })
})
