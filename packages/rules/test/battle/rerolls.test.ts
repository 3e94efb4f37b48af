/**
 * Re-rolls at the table (B-REROLL-01, B-DICE-07): which failed dice are offered a re-roll, and how
 * several re-roll rules share one roll (R-BATTLE-39, R-BATTLE-51).
 */
import { describe, expect, it } from "vitest"
import type { OptionsInput } from "../../src/battle/Options.js"
import {
  comeIntoSight,
  dicePrompt,
  lurkingRotweaver,
  refuge,
  shotFacts,
  type Table,
  within,
  withShooter,
} from "./fixtures.js"

/** a.1 (Cool Shot) shoots b.1 in most cover at long range: one desperate die (B-DICE-07). */
const desperateShot = (): Table => {
  const t = withShooter({ weapons: ["pistol"], skills: ["cool-shot"] }, { reloads: 1 })
  t.do({ type: "activate", model: "a.1" })
  t.state(...shotFacts(t, "a.1", "b.1", 12, { cover: "most", long: true }))
  t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.1" })
  expect(dicePrompt(t)).toBe(1)
  return t
}

describe("a desperate die that fails (B-DICE-07, B-REROLL-01, R-BATTLE-51)", () => {
  for (const face of [4, 5]) {
    it(`B-DICE-07 B-REROLL-01 R-BATTLE-51 a desperate die that fails on a ${face} is offered Cool Shot's re-roll`, () => {
      const t = desperateShot()
      t.roll(face)
      expect(t.prompt).toMatchObject({ kind: "choice", options: ["no", "1"] })
      t.do({ type: "choose", option: "1" })
      t.roll(6)
      expect(t.of("attack.rolled", true).at(-1)?.pool).toMatchObject({
        desperate: true,
        dice: [6],
        rerolled: [face],
        successes: 1,
      })
    })
  }

  it("B-DICE-07 B-REROLL-01 a desperate 6 succeeded: nothing to re-roll, nothing offered", () => {
    const t = desperateShot()
    t.roll(6)
    expect(t.prompt?.kind).not.toBe("choice")
    expect(t.model("a.1").used["reroll:skill: Cool Shot:battle"]).toBeUndefined()
  })
})

/**
 * a.2, Stubborn, comes into a lurking Rotweaver's sight within 6" of its Leader and of a.3, a Teacher
 * (its Class Register: friends within 6" re-roll one die of a Dread test): a 4-die Dread test.
 */
const dreadTest = (options: OptionsInput = {}): Table => {
  const t = lurkingRotweaver(
    [
      refuge("A", [
        { leader: true, background: "soldier" },
        { skills: ["stubborn"] },
        { background: "teacher" },
      ]),
      refuge("B", [{ leader: true }, {}]),
    ],
    options,
  )
  comeIntoSight(t, "a.2", "c1", "a.1", true)
  expect(dicePrompt(t)).toBe(4)
  return t
}

/** The option a re-roll offer gives a source by its name. */
const optionFor = (question: string, source: string): string =>
  new RegExp(`(\\d+): [^;]*${source}`).exec(question)?.[1] ?? "none"

describe("several re-rolls on one roll (B-REROLL-01, R-BATTLE-39)", () => {
  it("B-REROLL-01 R-BATTLE-39 the Class Register re-rolls die 1, then Stubborn re-rolls die 2: no die twice", () => {
    const t = dreadTest()
    t.roll(1, 2, 4, 4)
    t.state(within("a.2", "a.3", 6)) // asked for the Class Register
    const first = t.prompt
    expect(first).toMatchObject({ kind: "choice" })
    const q = first?.kind === "choice" ? first.question : ""
    expect(first?.kind === "choice" ? first.options : []).toEqual(["no", "1", "2"]) // Stubborn, the Class Register
    t.do({ type: "choose", option: optionFor(q, "Class Register") })
    t.roll(3) // die 1 (the lowest failed) again: still failed
    const second = t.prompt
    expect(second).toMatchObject({ kind: "choice", options: ["no", "1"] })
    expect(second?.kind === "choice" ? second.question : "").toContain("Stubborn")
    t.do({ type: "choose", option: "1" })
    t.roll(5) // die 2, the 2: now the only failed die not re-rolled
    const test = t.of("test.rolled", true).at(-1)
    expect(test).toMatchObject({ model: "a.2", pool: "nerve.dread" })
    expect(test?.roll).toMatchObject({ dice: [3, 5, 4, 4], rerolled: [1, 2] })
    // Die 1 (now a 3) failed but was re-rolled once already: nothing more is offered.
    expect(t.prompt?.kind).not.toBe("choice")
    expect(t.model("a.2").used["reroll:skill: Stubborn:battle"]).toBe(1)
  })

  it("B-REROLL-01 R-BATTLE-39 option rerolls=perRoll: one re-roll per roll, Stubborn is not offered after the Class Register", () => {
    const t = dreadTest({ rerolls: "perRoll" })
    t.roll(1, 2, 4, 4)
    t.state(within("a.2", "a.3", 6)) // asked for the Class Register
    const q = t.prompt?.kind === "choice" ? t.prompt.question : ""
    t.do({ type: "choose", option: optionFor(q, "Class Register") })
    t.roll(3)
    expect(t.prompt?.kind).not.toBe("choice")
    expect(t.of("test.rolled", true).at(-1)?.roll).toMatchObject({ dice: [3, 2, 4, 4], rerolled: [1] })
    expect(t.model("a.2").used["reroll:skill: Stubborn:battle"]).toBeUndefined()
  })
})
