import { describe, expect, it } from "vitest"
import { rollPool } from "../src/blight/Pool.js"
import { DieOutOfRange, ManualDiceExhausted } from "../src/Errors.js"
import { manual, recording, replay, restore, seeded } from "../src/Source.js"

describe("dice sources", () => {
  it("a seeded source replays: same seed, same rolls", () => {
    const a = seeded(7)
    const b = seeded(7)
    expect(Array.from({ length: 50 }, () => a.die(6))).toEqual(Array.from({ length: 50 }, () => b.die(6)))
  })

  it("a seeded source's snapshot restores mid-stream", () => {
    const a = seeded("campaign-1")
    for (let i = 0; i < 10; i++) a.die(6)
    const b = restore(a.snapshot())
    expect(Array.from({ length: 20 }, () => b.die(12))).toEqual(Array.from({ length: 20 }, () => a.die(12)))
  })

  it("a manual source hands out the players' numbers in order", () => {
    const m = manual([3, 6, 1])
    expect([m.die(6), m.die(6), m.die(6)]).toEqual([3, 6, 1])
    expect(m.used).toBe(3)
    expect(m.remaining).toBe(0)
  })

  it("a manual source rejects a number the die cannot show, naming where", () => {
    const m = manual([4, 7])
    expect(m.die(6)).toBe(4)
    let err: unknown
    try {
      m.die(6)
    } catch (e) {
      err = e
    }
    expect(err).toBeInstanceOf(DieOutOfRange)
    expect((err as DieOutOfRange).message).toBe("manual dice[1]: a d6 shows 1 to 6, got 7")
    // the bad number was not consumed
    expect(m.used).toBe(1)
  })

  it("a manual source rejects non-numbers and fractions", () => {
    expect(() => manual(["4"]).die(6)).toThrow(DieOutOfRange)
    expect(() => manual([2.5]).die(6)).toThrow(DieOutOfRange)
    expect(() => manual([0]).die(6)).toThrow(/got 0/)
  })

  it("a manual source errors clearly when it runs out", () => {
    const m = manual([5])
    m.die(6)
    expect(() => m.die(6)).toThrow(ManualDiceExhausted)
    expect(() => m.die(6)).toThrow("manual dice[1]: a d6 is needed but only 1 number(s) were given")
  })

  it("a recording source logs every die for audit, and the log replays exactly", () => {
    const rec = recording(seeded(11))
    const first = rollPool(rec, { dice: 4, blightDice: 1 })
    expect(rec.log).toHaveLength(5)
    expect(rec.log.map((r) => r.label)).toEqual(["pool", "pool", "pool", "pool", "blight"])
    expect(rec.log.map((r) => r.value)).toEqual(first.dice.map((d) => d.face))
    const again = rollPool(replay(rec.log), { dice: 4, blightDice: 1 })
    expect(again).toEqual(first)
  })

  it("rejects a die with a silly number of sides", () => {
    expect(() => seeded(1).die(0)).toThrow(/sides/)
    expect(() => seeded(1).die(2.5)).toThrow(/sides/)
  })
})
