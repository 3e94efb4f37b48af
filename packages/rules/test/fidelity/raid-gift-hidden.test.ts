/**
 * Fidelity, scripted: a Hidden enemy more than 6" away can't be targeted (B-ACTION-HIDE-02), by a
 * Gift either. The core Gifts reach 6" at most, so only a homebrew Gift reaching further shows it:
 * its strike asks whether the Hidden target is within 6" before its own reach.
 */
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { refuge, SCENARIOS, started, within, withScenarios } from "../battle/fixtures.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

const env = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("long-lash", {
      gifts: [
        {
          id: "long-lash",
          name: "Long Lash",
          provenance: "provisional",
          kind: "attack",
          text: 'Call the Blight as an attack: on a success one enemy within 12" takes a hit, Damage 1.',
          effects: [
            {
              kind: "grantAction",
              name: "Long Lash",
              attack: true,
              test: { pool: "blight.call", target: 1 },
              do: [{ kind: "hook", hook: "core/strike", params: { range: 12, damage: 1 } }],
            },
          ],
        },
      ],
    }),
  ),
)

const lash = (hidden: boolean, near: boolean) => {
  const t = started({
    refuges: [
      refuge("A", [{ leader: true, blight: 3, gifts: ["long-lash"] }, {}]),
      refuge("B", [{ leader: true }, {}]),
    ],
    env,
  })
  if (hidden) t.do({ type: "adjust", model: "b.1", reason: "test: Hidden", hidden: true })
  t.do({ type: "activate", model: "a.1" })
  t.state(within("a.1", "b.1", 6, near), within("a.1", "b.1", 12))
  t.do({ type: "gift", model: "a.1", gift: "long-lash", target: "b.1" })
  t.roll(6) // the Call: a success (and a Crit)
  return t
}

describe("a Gift's target and Hide (B-ACTION-HIDE-02)", () => {
  it('B-ACTION-HIDE-02 a Hidden enemy more than 6" away takes no hit from a Gift reaching 12"', () => {
    const t = lash(true, false)
    expect(t.of("refused")).toEqual([expect.objectContaining({ clause: "B-ACTION-HIDE-02" })])
    expect(t.of("hits")).toEqual([])
    expect(t.model("b.1").health).toBe(2)
  })

  it('B-ACTION-HIDE-02 a Hidden enemy within 6" can be targeted: the hit lands', () => {
    const t = lash(true, true)
    expect(t.of("refused")).toEqual([])
    expect(t.model("b.1").health).toBe(1) // one hit, Damage 1: Health 2 → 1
  })

  it('B-ACTION-HIDE-02 an enemy not Hidden is hit at 12" (only Hide limits the target to 6")', () => {
    const t = lash(false, false)
    expect(t.of("refused")).toEqual([])
    expect(t.model("b.1").health).toBe(1) // one hit, Damage 1: Health 2 → 1
  })
})
