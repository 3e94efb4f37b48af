import { describe, expect, it } from "vitest"
import type { FactValue } from "../../src/battle/State.js"
import {
  contactKey,
  factKey,
  factKeysAbout,
  getFact,
  seesFact,
  setContact,
  setFact,
  withinFact,
} from "../../src/battle/table/Facts.js"

// The pair look-ups the fast path uses without a question object (a move's contacts, the bots'
// lists of fights, searches and shots) must read and write the store as the questions do.
const IDS = ["wren", "husk.1", "husk.10", "loot.1"]

describe("facts asked by pair", () => {
  it("R-BATTLE-16 contact, sight and distance by pair are the question's key and value, either way round", () => {
    const facts: Record<string, FactValue> = {}
    setFact(facts, { q: "sees", a: "wren", b: "husk.1" }, false)
    setFact(facts, { q: "within", a: "husk.10", b: "wren", inches: 12 }, true)
    setFact(facts, { q: "contact", a: "wren", b: "loot.1" }, true)
    for (const a of IDS)
      for (const b of IDS) {
        if (a === b) continue
        expect(contactKey(a, b)).toBe(factKey({ q: "contact", a, b }))
        expect(seesFact(facts, a, b)).toBe(getFact(facts, { q: "sees", a, b }))
        for (const inches of [6, 12])
          expect(withinFact(facts, a, b, inches)).toBe(getFact(facts, { q: "within", a, b, inches }))
      }
    // Contact is within any distance (R-BATTLE-16).
    expect(withinFact(facts, "loot.1", "wren", 3)).toBe(true)
  })

  it("R-BATTLE-16 contact set by pair is the store setFact makes, and is forgotten with either id", () => {
    const byQuestion: Record<string, FactValue> = {}
    const byPair: Record<string, FactValue> = {}
    // An index exists once a store has been asked what it knows of an id.
    factKeysAbout(byQuestion, "wren")
    factKeysAbout(byPair, "wren")
    for (const b of IDS.slice(1)) {
      setFact(byQuestion, { q: "contact", a: "wren", b }, b === "husk.1")
      setContact(byPair, "wren", b, b === "husk.1")
    }
    expect(byPair).toEqual(byQuestion)
    for (const id of IDS)
      expect([...factKeysAbout(byPair, id)].sort()).toEqual([...factKeysAbout(byQuestion, id)].sort())
  })
})
