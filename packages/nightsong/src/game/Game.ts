/**
 * Nightsong as the kernel runs it: the `Game` value. Answers are `roll` (dice) and `choose` (a
 * call or a choice); `undo` goes back to the last roll; the engine's own step ends a fight when
 * one side is out (wear and tear, N-COMBAT-11).
 *
 * @since 0.2.0
 */
import {
  copy,
  type DeepMutable,
  type EventRules,
  type Game,
  type Journal,
  RuleContext,
  type RunOptions,
} from "@blight/engine"
import { Result } from "effect"
import type { Command } from "./Command.js"
import type { Ctx } from "./Context.js"
import { applyPlay, type GameEvent, type PlayEvent } from "./Event.js"
import { fightOver } from "./procedures/Combat.js"
import { roomStep } from "./procedures/Room.js"
import { handlers } from "./Registry.js"
import type { GameState } from "./State.js"

/** Answers, undo and the engine's steps: never undone themselves. */
const NOT_UNDOABLE = new Set(["undo", "roll", "choose", "continue"])

/** A rollback journal that keeps a copy of the state (a game's state is small). */
class CopyJournal implements Journal<GameEvent> {
  private readonly saved: GameState
  constructor(private readonly d: DeepMutable<GameState>) {
    this.saved = copy(d) as GameState
  }
  touch(): void {}
  touchAnswered(): void {}
  rollback(): void {
    for (const k of Object.keys(this.d)) delete (this.d as Record<string, unknown>)[k]
    Object.assign(this.d, copy(this.saved))
  }
}

const events: EventRules<GameState, GameEvent, undefined> = {
  applyGame: (d: DeepMutable<GameState>, e: GameEvent) => applyPlay(d, e as PlayEvent),
  badAnswerClause: () => "R-N-GAME-02",
}

/** The Nightsong game. */
export const nightsong: Game<GameState, GameEvent, Command, undefined, Ctx> = {
  events,
  context: (draft, env, options: RunOptions<GameEvent>) =>
    new RuleContext<GameState, GameEvent, undefined>(draft, env, events, options),
  handlers,
  // A fight with one side out ends first; then anyone over their Slots makes room (R-N-GAME-18).
  nextStep: (s) => (fightOver(s) !== undefined ? { type: "continue", step: "endFight" } : roomStep(s)),
  answerOf: (state, c) => {
    const p = state.pending?.prompt
    if (p?.kind === "dice" && c.type === "roll") return Result.succeed(c.faces)
    if (p?.kind === "choice" && c.type === "choose") return Result.succeed(c.option)
    const asked =
      p?.kind === "dice"
        ? `roll ${p.dice} d${p.sides ?? 6} for ${p.purpose}`
        : p?.kind === "choice"
          ? `choose one of ${p.options.join(", ")} (${p.question})`
          : "answer the waiting prompt"
    return Result.fail({ reason: `a prompt waits: ${asked}`, clause: "R-N-GAME-02" })
  },
  noHandler: (c) => ({
    reason: `type: "${c.type}" answers a prompt, and none is waiting`,
    clause: "R-N-GAME-02",
  }),
  refusedAfterInputs: (_game, r) => [{ type: "refused", reason: r.reason, clause: r.clause }],
  undo: {
    command: "undo",
    nothing: { reason: "undo: nothing to undo since the last roll", clause: "R-N-GAME-03" },
    inPlace: { reason: "undo: not on the fast path", clause: "R-N-GAME-03" },
  },
  undoneEvent: { type: "undone" },
  undoable: (c) => !NOT_UNDOABLE.has(String((c as { type?: unknown } | undefined)?.type)),
  isStart: (e) => e.type === "started",
  draftOf: (s) => copy(s) as DeepMutable<GameState>,
  initial: (first) => {
    if (first.type !== "started") throw new Error("a Nightsong game starts with started")
    const d = copy(first.state) as DeepMutable<GameState>
    d.seq = 1
    return d
  },
  journal: (d) => new CopyJournal(d),
}
