/**
 * A blast thrown at a point (R-CONTENT-23: the thrower picks a point in range and sight; R-BATTLE-77):
 * on a board given as {x, y}, on a declared table told by the models it catches.
 */
import { describe, expect, it } from "vitest"
import { board } from "../board/fixtures.js"
import { onBoard as onBoardTable, refuge, started, type Table } from "./fixtures.js"

const throwers = () => [
  refuge("A", [{ leader: true, weapons: ["molotov"] }, {}]),
  refuge("B", [{ leader: true }, {}]),
]

/** Rolls 4s for every blast die asked; the models attacked, in order. */
const rollBlasts = (t: Table): string[] => {
  while (t.prompt?.kind === "dice") t.roll(...Array.from({ length: t.prompt.dice }, () => 4))
  return t.of("attack.rolled", true).map((e) => e.target)
}

describe("a blast at a point on a board (R-CONTENT-23, R-BATTLE-77)", () => {
  /** a.1 at (10,10); b.1 and b.2 close together at (14,10) and (15,11); a.2 far off. */
  const placed = (): Table => {
    const t = onBoardTable(throwers(), board())
    const at: Record<string, { x: number; y: number }> = {
      "a.1": { x: 10, y: 10 },
      "b.1": { x: 14, y: 10 },
      "b.2": { x: 15, y: 11 },
      "a.2": { x: 30, y: 30 },
    }
    for (const [model, position] of Object.entries(at))
      t.do({ type: "adjust", model, reason: "set the scene", position })
    t.do({ type: "activate", model: "a.1" })
    return t
  }

  it('R-CONTENT-23 R-BATTLE-77 B-BLAST-02 a Molotov thrown at a point catches every model within 2" of it, and no one else', () => {
    const t = placed()
    t.do({ type: "shoot", model: "a.1", weapon: "molotov", at: { x: 14.5, y: 10.5 } })
    expect(rollBlasts(t)).toEqual(["b.1", "b.2"])
    expect(t.of("thrown", true)).toEqual([{ type: "thrown", model: "a.1", weapon: "molotov" }])
    expect(t.model("a.1").weapons[0]?.spent).toBe(true)
  })

  it("R-CONTENT-23 B-SHOOT-01 a point beyond the Molotov's 6\" or off the table is refused, and nothing changes", () => {
    const t = placed()
    const before = t.s
    expect(
      t.reject({ type: "shoot", model: "a.1", weapon: "molotov", at: { x: 20, y: 10 } }),
    ).toMatchObject({
      reason: expect.stringMatching(/^at: .*out of Molotov's range/),
      clause: "B-SHOOT-01",
    })
    expect(
      t.reject({ type: "shoot", model: "a.1", weapon: "molotov", at: { x: -1, y: 10 } }).clause,
    ).toBe("B-SETUP-01")
    expect(
      t.reject({ type: "shoot", model: "a.1", weapon: "molotov", at: { catches: ["b.1"] } }).clause,
    ).toBe("R-BATTLE-77")
    expect(t.s).toBe(before)
  })
})

describe("a blast at a point on a declared table (R-CONTENT-23, R-BATTLE-77)", () => {
  it("R-CONTENT-23 R-BATTLE-77 the point is told by the models it catches: each takes the blast, no facts asked", () => {
    const t = started({ refuges: throwers() })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "shoot", model: "a.1", weapon: "molotov", at: { catches: ["b.2", "a.2"] } })
    expect(t.prompt).toMatchObject({ kind: "dice", dice: 2 })
    expect(rollBlasts(t)).toEqual(["b.2", "a.2"])
  })

  it("R-BATTLE-77 R-BATTLE-54 a point on a declared table: {x, y}, an unknown model, a model named twice, a gun: refused at the path", () => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: ["molotov", "pistol"] }, {}], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
    })
    t.do({ type: "activate", model: "a.1" })
    const shoot = (at: unknown, weapon = "molotov") =>
      t.reject({ type: "shoot", model: "a.1", weapon, at } as never)
    expect(shoot({ x: 3, y: 4 })).toMatchObject({
      reason: expect.stringMatching(/needs a board/),
      clause: "R-BATTLE-77",
    })
    expect(shoot({ catches: ["b.1", "z.9"] })).toMatchObject({
      reason: expect.stringMatching(/^at\.catches\.1: /),
      clause: "R-BATTLE-54",
    })
    expect(shoot({ catches: ["b.1", "b.1"] })).toMatchObject({
      reason: expect.stringMatching(/^at\.catches\.1: .* twice/),
      clause: "R-BATTLE-77",
    })
    expect(shoot({ catches: ["b.1"] }, "pistol")).toMatchObject({ clause: "R-CONTENT-23" })
  })
})
