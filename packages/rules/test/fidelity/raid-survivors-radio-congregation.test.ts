/**
 * Fidelity, scripted: a Congregation member carrying the Radio (B-OBJECTIVE-05 "its carrier always
 * has at least 1 Noise" with B-CONGREGATION-14 "creatures that hunt by Noise ignore members with no
 * Noise"): the carrier has Noise, so a Hunter does not ignore it. The Last Broadcast, its two
 * lurkers rolled as Husks (Hunters); a declared table (`battle-table.ts`).
 */
import { describe, expect, it } from "vitest"
import { congregation, crew, passRound, refuge, Table } from "../battle-table.js"

describe("the Radio in a Congregation's hands (B-OBJECTIVE-05, B-CONGREGATION-14)", () => {
  it("B-OBJECTIVE-05 B-CONGREGATION-14 a member carrying the Radio has Noise, so Hunters do not ignore it", () => {
    // Lurking: [1, 1] twice, two Husks (Hunters).
    const t = new Table(
      "the-last-broadcast",
      [refuge("Ash", crew("Ash")), congregation()],
      undefined,
      [1, 1, 1, 1],
    )
    const radio = t.state.tokens.find((x) => x.contents === "radio")!.id
    t.activate("grove.2")
    t.do({ type: "move", model: "grove.2", contact: [radio] })
    t.dice.push(5, 5, 5, 5)
    t.do({ type: "search", model: "grove.2", token: radio })
    expect(t.state.models.find((m) => m.id === "grove.2")!.carrying[0]?.contents).toBe("radio")
    const from = t.battle.events.length
    passRound(t)
    passRound(t)
    const asked = t.battle.events
      .slice(from)
      .flatMap((e) => (e.type === "facts.stated" ? e.facts.map((f) => JSON.stringify(f.query)) : []))
    const aboutHusks = asked.filter((q) => q.includes('"c1"') || q.includes('"c2"'))
    expect(aboutHusks.some((q) => q.includes("grove.2"))).toBe(true)
    expect(aboutHusks.some((q) => q.includes("grove.3"))).toBe(false)
  })
})
