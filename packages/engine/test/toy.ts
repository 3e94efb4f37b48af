/** A toy game on the kernel, for its tests: a race to 12 by rolling dice, with a choice and a call. */
import { Result } from "effect"
import {
  type Answer,
  copy,
  type DeepMutable,
  type Game,
  type Journal,
  RuleContext,
  type RunOptions,
  refuse,
} from "../src/index.js"

export interface ToyState {
  readonly seq: number
  readonly dice: { readonly mode: "seeded" | "manual"; readonly prng?: ReadonlyArray<number> | undefined }
  readonly pending?: import("../src/index.js").Pending | undefined
  readonly total: number
  readonly log: ReadonlyArray<string>
  readonly over: boolean
}

export type ToyEvent =
  | { readonly type: "started"; readonly state: ToyState }
  | { readonly type: "commanded"; readonly command: unknown; readonly by: string }
  | { readonly type: "prompted"; readonly prompt: import("../src/index.js").Prompt }
  | { readonly type: "answered"; readonly answer: Answer }
  | { readonly type: "added"; readonly amount: number; readonly why: string }
  | { readonly type: "won" }
  | { readonly type: "refused"; readonly reason: string }
  | { readonly type: "undone" }

export type ToyCommand =
  | { readonly type: "advance"; readonly dice: number }
  | { readonly type: "gamble" }
  | { readonly type: "noop" }
  | { readonly type: "roll"; readonly faces: ReadonlyArray<number> }
  | { readonly type: "choose"; readonly option: string }
  | { readonly type: "undo" }

type Ctx = RuleContext<ToyState, ToyEvent, undefined>

const add = (ctx: Ctx, amount: number, why: string) => ctx.emit({ type: "added", amount, why })

class NoJournal implements Journal<ToyEvent> {
  private readonly saved: ToyState
  constructor(private readonly d: DeepMutable<ToyState>) {
    this.saved = copy(d) as ToyState
  }
  touch(): void {}
  touchAnswered(): void {}
  rollback(): void {
    for (const k of Object.keys(this.d)) delete (this.d as Record<string, unknown>)[k]
    Object.assign(this.d, copy(this.saved))
  }
}

export const toy: Game<ToyState, ToyEvent, ToyCommand, undefined> = {
  events: {
    applyGame: (d, e) => {
      if (e.type === "added") {
        d.total += e.amount
        d.log.push(e.why)
      } else if (e.type === "won") d.over = true
    },
    badAnswerClause: () => "T-ANSWER-01",
  },
  context: (draft, env, options: RunOptions<ToyEvent>) => new RuleContext(draft, env, toy.events, options),
  handlers: {
    advance: (ctx: Ctx, c: { readonly dice: number }) => {
      if (c.dice > 3) refuse("dice: at most 3", "T-ADVANCE-01")
      const faces = ctx.dice(c.dice, "advance (T-ADVANCE-02)", "player")
      add(
        ctx,
        faces.reduce((a, b) => a + b, 0),
        "advanced",
      )
    },
    gamble: (ctx: Ctx) => {
      const [f] = ctx.dice(1, "gamble (T-GAMBLE-01)", "player")
      if (f === 1) refuse("a 1 loses the gamble", "T-GAMBLE-02")
      const pick = ctx.choose("bet", "double or keep?", ["double", "keep"], "player")
      add(ctx, pick === "double" ? 2 * (f ?? 0) : (f ?? 0), `gambled ${pick}`)
    },
    noop: () => {},
    continue: (ctx: Ctx) => ctx.emit({ type: "won" }),
  },
  nextStep: (s) => (s.total >= 12 && !s.over ? { type: "continue" } : undefined),
  answerOf: (state, c) => {
    const p = state.pending?.prompt
    if (p?.kind === "dice" && c.type === "roll") return Result.succeed(c.faces)
    if (p?.kind === "choice" && c.type === "choose") return Result.succeed(c.option)
    return Result.fail({ reason: "answer the waiting prompt", clause: "T-ANSWER-01" })
  },
  noHandler: (c) => ({
    reason: `type: "${c.type}" answers a prompt, and none is waiting`,
    clause: "T-ANSWER-01",
  }),
  before: (s) => (s.over ? { reason: "the game is over", clause: "T-OVER-01" } : undefined),
  refusedAfterInputs: (_game, r) => [{ type: "refused", reason: r.reason }],
  undo: {
    command: "undo",
    nothing: { reason: "undo: nothing to undo since the last roll", clause: "T-UNDO-01" },
    inPlace: { reason: "undo: not on the fast path", clause: "T-UNDO-01" },
  },
  undoneEvent: { type: "undone" },
  undoable: (c) => {
    const t = (c as { type?: string } | undefined)?.type
    return t !== "undo" && t !== "roll" && t !== "continue"
  },
  isStart: (e) => e.type === "started",
  draftOf: (s) => copy(s) as DeepMutable<ToyState>,
  initial: (first) => {
    if (first.type !== "started") throw new Error("a toy game starts with started")
    const d = copy(first.state) as DeepMutable<ToyState>
    d.seq = 1
    return d
  },
  journal: (d) => new NoJournal(d),
}

export const toyStart = (mode: "seeded" | "manual"): ToyEvent => ({
  type: "started",
  state: {
    seq: 0,
    dice: mode === "seeded" ? { mode, prng: [1, 2, 3, 4] } : { mode },
    total: 0,
    log: [],
    over: false,
  },
})
