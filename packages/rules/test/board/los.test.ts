/** Properties of sight and contact on a board (issue 10), over random boards and positions. */
import fc from "fast-check"
import { describe, expect, it } from "vitest"
import type { Board } from "../../src/battle/table/board/Board.js"
import { random as randomBoard } from "../../src/battle/table/board/Generator.js"
import { ruled } from "../../src/battle/table/board/Ground.js"
import { type Body, contactsAt, coverOf, EPS, sees } from "../../src/battle/table/board/PlaneSpace.js"
import { A, at, B, registry, stateOn } from "./fixtures.js"

/** A random board with the core pack's terrain rules. */
const random = (seed: number) => ruled(randomBoard(seed, registry), registry)

const point = fc.record({
  x: fc.double({ min: 1, max: 35, noNaN: true }),
  y: fc.double({ min: 1, max: 35, noNaN: true }),
})
const body = (id: string, c: { x: number; y: number }, r = 0.5): Body => ({ id, c, r })

describe("line of sight", () => {
  it("R-BOARD-02 sight is symmetric for equal bases (and for unequal ones)", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        point,
        point,
        fc.constantFrom(0.5, 1),
        (seed, p, q, rq) => {
          const b = random(seed)
          expect(sees(b, body("a", p), body("b", q))).toBe(sees(b, body("b", q), body("a", p)))
          expect(sees(b, body("a", p), body("b", q, rq))).toBe(sees(b, body("b", q, rq), body("a", p)))
        },
      ),
      { seed: 1, numRuns: 300 },
    )
  })

  it("R-BOARD-02 adding terrain never lets a model see more; R-BOARD-03 nor hides it less", () => {
    const rank = { none: 0, partial: 1, most: 2 }
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1e6 }),
        fc.integer({ min: 1, max: 1e6 }),
        point,
        point,
        (s1, s2, p, q) => {
          const less = random(s1)
          const extra = random(s2).terrain.filter(
            (t) => t.kind === "wall" || t.kind === "dense" || t.kind === "climbable",
          )
          const more = ruled(
            {
              ...less,
              terrain: [...less.terrain, ...extra.map((t) => ({ ...t, id: `x-${t.id}` }))],
            } as Board,
            registry,
          )
          const a = body("a", p)
          const b = body("b", q)
          if (sees(more, a, b)) expect(sees(less, a, b)).toBe(true)
          expect(rank[coverOf(more, a, b)]).toBeGreaterThanOrEqual(rank[coverOf(less, a, b)])
        },
      ),
      { seed: 2, numRuns: 200 },
    )
  })

  it('R-BOARD-05 moving out of contact never creates contact: a base further off than 1/100" touches nothing', () => {
    const s0 = stateOn(random(5))
    fc.assert(
      fc.property(
        point,
        fc.double({ min: 0, max: Math.PI * 2, noNaN: true }),
        fc.double({ min: EPS * 1.01, max: 10, noNaN: true }),
        (p, angle, gap) => {
          const q = { x: p.x + Math.cos(angle) * (1 + gap), y: p.y + Math.sin(angle) * (1 + gap) }
          const s = at(s0, { [A]: p, [B]: q })
          expect(contactsAt(s, A, p, 0.5)).not.toContain(B)
          const touching = { x: p.x + Math.cos(angle) * 1.005, y: p.y + Math.sin(angle) * 1.005 }
          expect(contactsAt(at(s0, { [A]: p, [B]: touching }), A, p, 0.5)).toContain(B)
        },
      ),
      { seed: 3, numRuns: 200 },
    )
  })
})
