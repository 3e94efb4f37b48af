import { describe, expect, it } from "vitest"
import { noFacts, passRound, started } from "./fixtures.js"

/** Round 1 with the given Noise on models (counted by the Din as tokens on the table), up to the Din. */
const noisy = (noise: Record<string, number>, down: ReadonlyArray<string> = []) => {
  const t = started({ options: { dinCounts: "onTable" } })
  for (const [model, n] of Object.entries(noise))
    t.do({ type: "adjust", model, reason: "Noise off the log", noise: n })
  for (const model of down) t.do({ type: "adjust", model, reason: "down off the log", health: 0 })
  passRound(t)
  t.settle([], noFacts)
  expect(t.prompt).toMatchObject({ kind: "dice", purpose: "the Din (B-DIN-01)" })
  return t
}

/** The Din shows one 6, the Lesser table gives a Husk ([1,1]); where it arrives. */
const arrival = (noise: Record<string, number>, down: ReadonlyArray<string> = []): string => {
  const t = noisy(noise, down)
  const n = t.prompt!.kind === "dice" ? t.prompt!.dice : 0
  t.roll(6, ...Array.from({ length: n - 1 }, () => 1))
  t.roll(1, 1)
  // Spores asked, then a Rout test when half are Down (passed on 6s), then the next Initiative.
  t.settle(
    Array.from({ length: 12 }, () => 6),
    noFacts,
  )
  const at = t.of("creature.arrives", true).at(-1)?.at
  expect(at).toBeDefined()
  return at!
}

describe("where creatures the Din brings arrive (B-CREATURE-06)", () => {
  it("B-CREATURE-06 R-BATTLE-53 one noisiest survivor standing: the Lair or Blight edge nearest them", () => {
    expect(arrival({ "a.1": 2, "b.1": 1 })).toMatch(/nearest A 1$/)
  })

  it("B-CREATURE-06 R-BATTLE-53 survivors tied for the most Noise are all named, the same words on a board", () => {
    expect(arrival({ "a.1": 1, "b.1": 1 })).toMatch(
      /nearest one of A 1 or B 1 \(tied for the most Noise, R-BATTLE-53\)$/,
    )
  })

  it("B-CREATURE-06 R-BATTLE-53 a Down survivor's Noise draws no arrival: the noisiest standing survivor does", () => {
    expect(arrival({ "a.2": 3, "b.1": 1 }, ["a.2"])).toMatch(/nearest B 1$/)
  })
})
