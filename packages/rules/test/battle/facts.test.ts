import { seeded } from "@blight/dice"
import { describe, expect, it } from "vitest"
import type { FactQuery, FactValue } from "../../src/battle/State.js"
import { factKey, forgetFactsOf, getFact, putFact, setFact } from "../../src/battle/table/Facts.js"

/** Forgetting by a scan of every key (the store's meaning; the index must forget the same). */
const forgetByScan = (facts: Record<string, FactValue>, id: string): void => {
  for (const key of Object.keys(facts)) {
    const parts = key.split("|")
    if (parts[1] === id || parts[2] === id || (parts[0] === "nearest" && parts[2]!.split(",").includes(id)))
      delete facts[key]
  }
}

const IDS = ["wren", "husk.1", "husk.10", "loot.1", "c1"]

describe("the facts store", () => {
  it("R-BATTLE-16 keys: mutual facts one key both ways, cover and reach each way, the same key each time", () => {
    expect(factKey({ q: "sees", a: "wren", b: "husk.1" })).toBe(
      factKey({ q: "sees", a: "husk.1", b: "wren" }),
    )
    expect(factKey({ q: "within", a: "wren", b: "husk.1", inches: 6 })).toBe("within|husk.1|wren|6")
    expect(factKey({ q: "cover", a: "wren", b: "husk.1" })).not.toBe(
      factKey({ q: "cover", a: "husk.1", b: "wren" }),
    )
    expect(factKey({ q: "reach", a: "wren", b: "husk.1", inches: 4 })).toBe("reach|wren|husk.1|4")
    expect(factKey({ q: "in", a: "wren", terrain: "spore" })).toBe("in|wren|spore")
    expect(factKey({ q: "nearest", a: "wren", among: ["husk.10", "husk.1"] })).toBe(
      "nearest|wren|husk.1,husk.10",
    )
    const facts: Record<string, FactValue> = {}
    setFact(facts, { q: "contact", a: "husk.1", b: "wren" }, true)
    expect(getFact(facts, { q: "within", a: "wren", b: "husk.1", inches: 1 })).toBe(true)
    expect(getFact(facts, { q: "reach", a: "husk.1", b: "wren", inches: 1 })).toBe(true)
  })

  it("R-BATTLE-16 a model's facts are forgotten exactly as a scan of every key forgets them, however the store was written", () => {
    const src = seeded(7)
    const pick = <T>(xs: ReadonlyArray<T>): T => xs[src.die(xs.length) - 1]!
    const query = (): FactQuery => {
      const a = pick(IDS)
      const b = pick(IDS)
      switch (src.die(7)) {
        case 1:
          return { q: "sees", a, b }
        case 2:
          return { q: "within", a, b, inches: pick([3, 6, 12]) }
        case 3:
          return { q: "cover", a, b }
        case 4:
          return { q: "contact", a, b }
        case 5:
          return { q: "in", a, terrain: pick(["spore", "open", "cover"] as const) }
        case 6:
          return { q: "reach", a, b, inches: pick([4, 7]) }
        default:
          return { q: "nearest", a, among: [b, pick(IDS)] }
      }
    }
    for (let trial = 0; trial < 40; trial++) {
      // A store read from elsewhere (not written here) first, then written step by step.
      let facts: Record<string, FactValue> = {}
      const reference: Record<string, FactValue> = {}
      for (let i = 0; i < 10; i++) reference[factKey(query())] = true
      Object.assign(facts, reference)
      for (let step = 0; step < 60; step++) {
        const roll = src.die(10)
        if (roll <= 5) {
          const q = query()
          const value = src.die(2) === 1
          setFact(facts, q, value)
          reference[factKey(q)] = value
        } else if (roll <= 7) {
          const id = pick(IDS)
          forgetFactsOf(facts, id)
          forgetByScan(reference, id)
        } else if (roll === 8) {
          // Put back by key (as a journal's rollback does), or taken away by key.
          const key = factKey(query())
          if (src.die(2) === 1) {
            putFact(facts, key, false)
            reference[key] = false
          } else {
            delete facts[key]
            delete reference[key]
          }
        } else if (roll === 9) {
          facts = { ...facts }
        }
        expect(facts).toEqual(reference)
      }
    }
  })
})
