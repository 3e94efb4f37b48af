import { Result } from "effect"
import { describe, expect, it } from "vitest"
import {
  AUDITED,
  applyCommand,
  canUndo,
  fold,
  hash,
  refusedOutright,
  resume,
  startGame,
} from "../src/index.js"
import { type ToyCommand, type ToyEvent, type ToyState, toy, toyStart } from "./toy.js"

const play = (mode: "seeded" | "manual", commands: ReadonlyArray<ToyCommand>) => {
  const first = toyStart(mode)
  let state = fold(toy, [first])
  const events: ToyEvent[] = [first]
  const rejections: string[] = []
  for (const c of commands) {
    const r = applyCommand(toy, state, c, undefined, "player")
    if (Result.isFailure(r)) {
      rejections.push(`${r.failure.clause ?? ""} ${r.failure.reason}`)
      continue
    }
    events.push(...r.success.events)
    state = r.success.state
  }
  return { state, events, rejections }
}

describe("the kernel, on a toy game", () => {
  it("a seeded game rolls its own dice and records each as a prompt and its answer", () => {
    const { state, events } = play("seeded", [{ type: "advance", dice: 2 }])
    expect(events.map((e) => e.type)).toEqual(["started", "commanded", "prompted", "answered", "added"])
    expect(state.total).toBeGreaterThanOrEqual(2)
    expect(hash(fold(toy, events))).toBe(hash(state))
  })

  it("a manual game suspends on dice and runs the command again with the answer", () => {
    const a = play("manual", [{ type: "advance", dice: 2 }])
    expect(a.state.pending?.prompt).toMatchObject({ kind: "dice", dice: 2, by: "player" })
    const b = play("manual", [
      { type: "advance", dice: 2 },
      { type: "roll", faces: [3, 4] },
    ])
    expect(b.state.total).toBe(7)
    expect(b.state.pending).toBeUndefined()
    expect(hash(fold(toy, b.events))).toBe(hash(b.state))
  })

  it("a bad answer is refused with the game's clause and the prompt still waits", () => {
    const r = play("manual", [
      { type: "advance", dice: 2 },
      { type: "roll", faces: [3, 9] },
    ])
    expect(r.rejections).toEqual(["T-ANSWER-01 faces: a d6 shows 1 to 6"])
    expect(r.state.pending?.prompt?.kind).toBe("dice")
  })

  it("a seat may not answer another's prompt", () => {
    const first = toyStart("manual")
    const s = applyCommand(toy, fold(toy, [first]), { type: "advance", dice: 1 }, undefined, "player")
    const state = Result.getOrThrow(s).state
    const r = applyCommand(toy, state, { type: "roll", faces: [2] }, undefined, "referee")
    expect(Result.isFailure(r) && r.failure.reason).toBe(
      "the waiting prompt is for player to answer: advance (T-ADVANCE-02)",
    )
  })

  it("a refusal before any input changes nothing; after a die is rolled the die stands", () => {
    const outright = play("manual", [{ type: "advance", dice: 5 }])
    expect(outright.rejections).toEqual(["T-ADVANCE-01 dice: at most 3"])
    expect(outright.events).toHaveLength(1)
    const after = play("manual", [{ type: "gamble" }, { type: "roll", faces: [1] }])
    expect(after.events.map((e) => e.type)).toEqual([
      "started",
      "commanded",
      "prompted",
      "answered",
      "refused",
    ])
    expect(after.state.pending).toBeUndefined()
  })

  it("a command that changes nothing is rejected and appends nothing", () => {
    const r = play("seeded", [{ type: "noop" }])
    expect(r.rejections).toEqual([" noop: nothing to do (the command changes nothing)"])
    expect(r.events).toHaveLength(1)
  })

  it("undo goes back one command, never past a roll", () => {
    const r = play("manual", [
      { type: "gamble" },
      { type: "roll", faces: [4] },
      { type: "choose", option: "keep" },
    ])
    expect(r.state.total).toBe(4)
    expect(canUndo(r.state)).toBe(false)
    const u = applyCommand(toy, r.state, { type: "undo" }, undefined)
    expect(Result.isFailure(u) && u.failure.clause).toBe("T-UNDO-01")
  })

  it("the engine takes its own steps after a command, as batches by the engine", () => {
    const r = play("manual", [
      { type: "advance", dice: 2 },
      { type: "roll", faces: [6, 6] },
    ])
    expect(r.state.over).toBe(true)
    expect(r.events.at(-2)).toEqual({ type: "commanded", command: { type: "continue" }, by: "engine" })
    expect(r.rejections).toEqual([])
    expect(
      play("manual", [
        { type: "advance", dice: 2 },
        { type: "roll", faces: [6, 6] },
        { type: "advance", dice: 1 },
      ]).rejections,
    ).toEqual(["T-OVER-01 the game is over"])
  })

  it("resume rebuilds a state whose undo works as it did live", () => {
    const r = play("seeded", [{ type: "advance", dice: 1 }])
    const resumed = resume(toy, r.events)
    expect(hash(resumed)).toBe(hash(r.state))
  })

  it("the fast path, keeping all, none or some events, reaches the same state as the audited path", () => {
    const commands: ToyCommand[] = [
      { type: "advance", dice: 3 },
      { type: "gamble" },
      { type: "choose", option: "double" },
      { type: "advance", dice: 3 },
    ]
    const audited = play("seeded", commands)
    const added = (e: ToyEvent) => e.type === "added"
    for (const record of [true, false, added]) {
      const s = fold(toy, [toyStart("seeded")]) as ToyState
      let state = startGame(toy, s, undefined, { inPlace: true, record }).state
      const kept: ToyEvent[] = []
      for (const c of commands) {
        const r = applyCommand(toy, state, c, undefined, "player", { inPlace: true, record })
        if (Result.isFailure(r)) continue
        state = r.success.state
        kept.push(...r.success.events)
      }
      expect(hash(state)).toBe(hash(audited.state))
      // Keeping only what a listener wants: its kinds, as the log has them, and no bookkeeping.
      if (record === added) expect(kept).toEqual(audited.events.filter(added))
    }
    expect(AUDITED).toEqual({ inPlace: false, record: true })
  })

  it("a probe says whether the rules refuse a command outright, without rolling", () => {
    const s = fold(toy, [toyStart("seeded")])
    expect(refusedOutright(toy, s, { type: "advance", dice: 4 }, undefined)).toBe(true)
    expect(refusedOutright(toy, s, { type: "advance", dice: 2 }, undefined)).toBe(false)
    expect(s.seq).toBe(1)
  })
})
