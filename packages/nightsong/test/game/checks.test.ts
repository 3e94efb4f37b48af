import { describe, it } from "vitest"
import { expect, no, ok, party, played, roll, table, waiting } from "./helpers.js"

const checked = (log: ReturnType<typeof table>) => log.state.lastCheck?.result

describe("checks through the game", () => {
  it("N-CHECK-01 N-CHECK-02 the Referee's DR is a fact of the command: 1D20 + Ability meets it", () => {
    let g = party(table())
    g = ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 15, advantage: "none" }, "ann")
    expect(waiting(g)).toMatchObject({ kind: "dice", dice: 1, sides: 20, by: "ann" })
    g = roll(g, [13])
    expect(checked(g)).toMatchObject({ dr: 15, outcome: "success", succeeded: true })
  })

  it("N-CHECK-01 R-N-GAME-04 a DR left out is asked of the Referee, and only the Referee answers", () => {
    let g = party(table())
    g = ok(g, { type: "check", character: "bo", ability: "strength" }, "bo")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "dr", by: "referee" })
    expect(no(g, { type: "choose", option: "9" }, "bo").reason).toMatch(/for referee to answer/)
    g = ok(g, { type: "choose", option: "18" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "advantage", by: "referee" })
    g = ok(g, { type: "choose", option: "none" }, "referee")
    g = roll(g, [15])
    expect(checked(g)).toMatchObject({ dr: 18, outcome: "failure" })
  })

  it("N-ADV-01 Advantage rolls 2D20 and keeps the highest; Disadvantage the lowest", () => {
    let g = party(table())
    g = ok(g, { type: "check", character: "ann", ability: "presence", dr: 12, advantage: "advantage" }, "ann")
    g = roll(g, [4], [17])
    expect(checked(g)?.roll).toMatchObject({ rolls: [4, 17], kept: 17 })
    g = ok(
      g,
      { type: "check", character: "ann", ability: "presence", dr: 12, advantage: "disadvantage" },
      "ann",
    )
    g = roll(g, [4], [17])
    expect(checked(g)).toMatchObject({ roll: { kept: 4 }, outcome: "failure" })
  })

  it("N-CHECK-04 N-CHECK-05 one ally helps: Advantage, and they share the consequences", () => {
    let g = party(table())
    g = ok(
      g,
      { type: "check", character: "ann", ability: "strength", dr: 12, advantage: "none", helper: "bo" },
      "ann",
    )
    g = roll(g, [3], [11])
    expect(checked(g)).toMatchObject({
      advantage: "advantage",
      roll: { kept: 11 },
      helper: { name: "bo", sharesConsequences: true },
    })
    expect(
      no(g, { type: "check", character: "ann", ability: "strength", dr: 12, helper: "ann" }, "ann").clause,
    ).toBe("N-CHECK-04")
  })

  it("N-NUANCED-01 N-NUANCED-02 a Nuanced Check: two totals against the DR, strong / weak / failure", () => {
    let g = party(table())
    g = ok(
      g,
      { type: "check", character: "cy", ability: "presence", dr: 12, advantage: "none", nuanced: true },
      "cy",
    )
    g = roll(g, [14], [6])
    expect(checked(g)).toMatchObject({ kind: "nuanced", outcome: "weak" })
  })

  it("N-NUANCED-04 a Nuanced Check with Advantage rolls 3D20 and keeps the highest two", () => {
    let g = party(table())
    g = ok(
      g,
      { type: "check", character: "cy", ability: "presence", dr: 12, advantage: "advantage", nuanced: true },
      "cy",
    )
    g = roll(g, [3], [11], [15])
    expect(checked(g)).toMatchObject({ roll: { kept: [11, 15] }, outcome: "strong" })
  })

  it("N-HP-01 N-SLOTS-01 N-NPC-02 N-NPC-04 N-RESOLVE-01 the table: HP and Slots from Abilities; NPCs' HP up to 30, Armor up to D6, Resolve 50% unless stated", () => {
    let g = party(table())
    expect(g.state.party.bo?.adventurer).toMatchObject({ hp: 7, maxHp: 7, slots: 12 })
    expect(no(g, { type: "npc", id: "x", name: "titan", hp: 31, attack: ["d10"] }, "referee").clause).toBe(
      "N-NPC-02",
    )
    expect(
      no(g, { type: "npc", id: "x", name: "golem", hp: 12, attack: ["d8"], armor: "d8" }, "referee").clause,
    ).toBe("N-NPC-04")
    g = ok(g, { type: "npc", id: "x", name: "guard", hp: 6, attack: ["d6"] }, "referee")
    expect(g.state.npcs.x?.resolve).toBe(50)
  })

  it("N-FOCUS-01 N-FOCUS-02 Focus is set per session and spent after seeing the result", () => {
    let g = party(table())
    expect(g.state.party.ann?.adventurer.focus).toBe(2)
    g = ok(g, { type: "check", character: "ann", ability: "dexterity", dr: 15, advantage: "none" }, "ann")
    g = roll(g, [9])
    expect(checked(g)?.outcome).toBe("failure")
    expect(no(g, { type: "focus", character: "ann" }, "bo").clause).toBe("R-N-GAME-01")
    g = ok(g, { type: "focus", character: "ann" }, "ann")
    g = roll(g, [16])
    expect(checked(g)).toMatchObject({ outcome: "success", advantage: "advantage" })
    expect(g.state.party.ann?.adventurer.focus).toBe(1)
    expect(no(g, { type: "focus", character: "ann" }, "ann").clause).toBe("N-FOCUS-02")
  })

  it("N-FOCUS-03 unspent Focus is lost at the end of the session", () => {
    let g = party(table())
    g = ok(g, { type: "session", action: "end" }, "referee")
    expect(Object.values(g.state.party).map((m) => m.adventurer.focus)).toEqual([0, 0, 0])
    expect(no(g, { type: "session", action: "end" }, "referee").clause).toBe("N-FOCUS-03")
  })

  it("N-CHECK-06 an opposed Check: the higher total wins, a tie is rolled again", () => {
    let g = party(table())
    g = ok(
      g,
      { type: "opposed", character: "ann", ability: "strength", against: "bo", againstAbility: "dexterity" },
      "ann",
    )
    // Ann 9+1 = 10 against Bo 10+0 = 10: a tie, rolled again; then 5+1 against 12+0.
    g = roll(g, [9], [10], [5], [12])
    const e = played(g).at(-1)
    expect(e).toMatchObject({
      type: "opposed",
      winner: "bo",
      rounds: [
        { a: 10, b: 10 },
        { a: 6, b: 12 },
      ],
    })
  })

  it("N-SAVE-01 a save is a DR 12 Check raised for the threat", () => {
    let g = party(table())
    g = ok(
      g,
      { type: "save", character: "bo", ability: "constitution", severity: 3, advantage: "none" },
      "bo",
    )
    g = roll(g, [13])
    expect(checked(g)).toMatchObject({ dr: 15, outcome: "failure" })
  })

  it("N-FATE-01 N-FATE-02 the Die of Fate at the Referee's threshold: at or under is yes", () => {
    let g = party(table())
    expect(no(g, { type: "fate", question: "is the door barred?", threshold: 30 }, "ann").clause).toBe(
      "R-N-GAME-01",
    )
    g = ok(g, { type: "fate", question: "is the door barred?", threshold: 30 }, "referee")
    g = roll(g, [30])
    expect(played(g).at(-1)).toMatchObject({ type: "fated", roll: 30, yes: true })
  })

  it("N-ACTION-01 N-ACTION-02 the Referee judges an action before any dice: assured happens, impossible fails, uncertain calls for a Check", () => {
    let g = party(table())
    expect(
      no(g, { type: "action", character: "bo", what: "lift the gate", judgement: "assured" }, "bo").clause,
    ).toBe("R-N-GAME-01")
    g = ok(g, { type: "action", character: "bo", what: "lift the gate" }, "referee")
    expect(waiting(g)).toMatchObject({ kind: "choice", key: "judgement", by: "referee" })
    g = ok(g, { type: "choose", option: "assured" }, "referee")
    expect(played(g).at(-1)).toMatchObject({ type: "judged", judgement: "assured" })
    expect(g.events.some((e) => e.type === "answered" && Array.isArray(e.answer))).toBe(false)
  })

  it("R-N-GAME-01 a player commands only their own characters", () => {
    const g = party(table())
    const r = no(g, { type: "check", character: "ann", ability: "strength", dr: 12 }, "bo")
    expect(r).toMatchObject({ clause: "R-N-GAME-01" })
    expect(r.reason).toMatch(/ann is commanded by ann, not bo/)
  })

  it("R-N-GAME-03 undo goes back to before the last command, never past a roll", () => {
    let g = party(table())
    g = ok(g, { type: "condition", character: "bo", name: "stress" }, "referee")
    const before = g.state.party.bo?.adventurer.conditions.length
    g = ok(g, { type: "condition", character: "bo", name: "poisoned" }, "referee")
    g = ok(g, { type: "undo" })
    expect(g.state.party.bo?.adventurer.conditions.length).toBe(before)
    g = ok(g, { type: "check", character: "bo", ability: "strength", dr: 12, advantage: "none" }, "bo")
    g = roll(g, [5])
    expect(no(g, { type: "undo" }).clause).toBe("R-N-GAME-03")
  })
})

describe("a log played again", () => {
  it("R-N-GAME-02 a game with dice typed in is re-decided from its commands and answers alone", async () => {
    const { Game } = await import("../../src/index.js")
    const { Result } = await import("effect")
    let g = party(table())
    g = ok(g, { type: "check", character: "bo", ability: "strength" }, "bo")
    g = ok(g, { type: "choose", option: "15" }, "referee")
    g = ok(g, { type: "choose", option: "advantage" }, "referee")
    g = roll(g, [4], [14])
    const again = Result.getOrThrow(Game.redecide(g.events))
    expect(Game.hashOf(again.state)).toBe(Game.hashOf(g.state))
    expect(again.events).toEqual(g.events)
  })
})
