/**
 * Fidelity on a 2-D board: a scenario's objective has a place (B-SCENARIO-02; each set-up: "Place
 * the Bloom Heart / the Stranger / the Radio / the Seedbed at the centre", the Pharmacy is "a
 * building at the centre"), so what stands within reach of it or in contact with it is the board's
 * to answer — the Rite asked the players "Is the Hymnwarden within 6" of the Seedbed?" — and a
 * survivor can move into contact with it.
 */
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { create, envOf } from "../../src/battle/Battle.js"
import { random as randomBoard } from "../../src/battle/table/board/Board.js"
import { make } from "../../src/battle/table/board/PlaneSpace.js"
import { exampleRefuges, core as registry } from "../battle/fixtures.js"

const refuges = exampleRefuges()
const space = make(registry)
const env = envOf(registry, space)

const onBoard = (scenario: string, seed = 1) => {
  const board = randomBoard(seed, registry, { refuges })
  const state = Result.getOrThrow(create({ refuges, scenario, dice: { seed }, board }, env)).state
  return { board, state }
}

describe("a scenario's objective on a 2-D board (B-SCENARIO-02)", () => {
  for (const [scenario, objective] of [
    ["bloom-heart", "bloom-heart"],
    ["someone-in-the-weeds", "stranger"],
    ["the-last-broadcast", "radio"],
    ["the-pharmacy", "pharmacy-meds"],
    ["the-planting", "rite"],
  ] as const)
    it(`B-SCENARIO-02 ${scenario}: the ${objective} objective is placed at the centre of the table`, () => {
      for (const seed of [1, 2]) {
        const { board, state } = onBoard(scenario, seed)
        const token = state.tokens.find((t) => t.objective === objective)
        expect(token?.position, `${scenario} seed ${seed}`).toBeDefined()
        const off = Math.hypot(token!.position!.x - board.width / 2, token!.position!.y - board.height / 2)
        expect(off).toBeLessThan(3)
      }
    })

  it('B-SCENARIO-03 R-WORLD-14 the board answers whether a model is within 6" of the Seedbed, and a survivor can move into contact with it', () => {
    const { state } = onBoard("the-planting")
    const seedbed = state.tokens.find((t) => t.objective === "rite")!
    const survivor = state.models.find((m) => m.kind === "survivor" && m.position)!
    const answer = space.answer(state, { q: "within", a: survivor.id, b: seedbed.id, inches: 6 })
    expect(typeof answer).toBe("boolean")
    expect(space.answer(state, { q: "within", a: survivor.id, b: seedbed.id, inches: 200 })).toBe(true)
    const moved = space.move(state, survivor, { type: "move", model: survivor.id, contact: [seedbed.id] }, 99)
    expect(Result.isSuccess(moved) && moved.success.contact).toContain(seedbed.id)
  })
})
