/**
 * How a campaign rule runs: on a private draft, emitting events, asking for dice (drawn from the
 * seeded PRNG in the state, or typed in at the table) and for players' choices. A missing input
 * suspends the rule with a prompt; the answer re-runs it from the same state with every answer so
 * far, so rules are straight-line code. The same shape as the raid engine's `Ctx`.
 *
 * @since 0.3.0
 */
import { type DiceSource, Prng } from "@blight/dice"
import { Result } from "effect"
import type { ContentView } from "../refuge/Content.js"
import { freeWeaponIds } from "../refuge/Founding.js"
import { type LedgerDraft, post } from "../refuge/Ledger.js"
import { BOOKKEEPING, type Event } from "./Event.js"
import { applyInPlace, type Draft } from "./Evolve.js"
import type { Answer, Prompt } from "./State.js"

/** What a campaign rule needs besides the state. */
export interface Env {
  readonly content: ContentView
}

/** A rule stopped to wait for an input. */
export class Suspend {
  readonly _tag = "Suspend"
  constructor(readonly prompt: Prompt) {}
}

/** A command the rules forbid: the reason and the clause. Nothing is appended. */
export class Refusal {
  readonly _tag = "Refusal"
  constructor(
    readonly reason: string,
    readonly clause?: string,
  ) {}
}

/** The rule a prompt names at the end of its question or purpose ("… (B-CASUALTY-05)"), if any. */
const ruleAtEnd = (text: string): string | undefined => /\(([A-Z]+-[A-Z]+-\d+)\)\s*$/.exec(text)?.[1]
const clauseOf = (prompt: Prompt): string | undefined =>
  ruleAtEnd(prompt.kind === "dice" ? prompt.purpose : prompt.question)

/** Throws a refusal. A function declaration, so that TypeScript narrows after a call to it. */
export function refuse(reason: string, clause?: string): never {
  throw new Refusal(reason, clause)
}

/** A rule's run. */
export class Ctx {
  readonly bookkeeping: Event[] = []
  readonly game: Event[] = []
  private used = 0
  private fresh = 0

  constructor(
    readonly draft: Draft,
    readonly env: Env,
    private readonly recorded: ReadonlyArray<Answer>,
    private readonly answer?: Answer,
  ) {}

  emit(e: Event): void {
    applyInPlace(this.draft, e)
    if (BOOKKEEPING.has(e.type)) this.bookkeeping.push(e)
    else this.game.push(e)
    if (e.type === "survivor.lost") this.dropFreeWeapons(e.refuge)
  }

  /**
   * A survivor lost leaves their gear in the stash (R-CAMPAIGN-14), but not the Improvised weapon
   * and Thrown junk everyone has for free (B-FOUNDING-07): those are nobody's to keep.
   */
  private dropFreeWeapons(refuge: number) {
    const stash = this.draft.refuges[refuge]?.refuge.stash
    if (stash === undefined) return
    const free = new Set(freeWeaponIds(this.env.content))
    const weapons = stash.weapons.filter((w) => !free.has(w))
    if (weapons.length === stash.weapons.length) return
    this.emit({
      type: "stash.changed",
      refuge,
      stash: { ...structuredClone(stash), weapons } as never,
      reason: "the free Improvised weapon and Thrown junk go with them",
      clause: "B-FOUNDING-07",
    })
  }

  private input(
    prompt: Prompt,
    auto: () => Answer | undefined,
    check: (a: Answer) => string | undefined,
  ): Answer {
    if (this.used < this.recorded.length) return this.recorded[this.used++]!
    if (this.answer !== undefined && this.fresh === 0) {
      const problem = check(this.answer)
      if (problem !== undefined) throw new Refusal(problem, clauseOf(prompt))
      this.used++
      this.fresh++
      this.emit({ type: "answered", answer: this.answer })
      return this.answer
    }
    const a = auto()
    if (a === undefined) throw new Suspend(prompt)
    this.used++
    this.fresh++
    this.emit({ type: "prompted", prompt })
    this.emit({ type: "answered", answer: a })
    return a
  }

  /** `n` d6 for a purpose. */
  dice(n: number, purpose: string, by = "any"): number[] {
    if (n <= 0) return []
    return [
      ...(this.input(
        { kind: "dice", dice: n, purpose, by },
        () => {
          const prng = this.draft.dice.prng
          if (this.draft.dice.mode !== "seeded" || prng === undefined) return undefined
          const p = Prng.Prng.fromState({
            algorithm: "xoshiro128**",
            state: prng as [number, number, number, number],
          })
          return Array.from({ length: n }, () => p.die(6))
        },
        (a) =>
          !Array.isArray(a) || a.length !== n
            ? `faces: ${purpose} needs ${n} ${n === 1 ? "die" : "dice"}`
            : a.some((f) => !Number.isInteger(f) || f < 1 || f > 6)
              ? "faces: a d6 shows 1 to 6"
              : undefined,
      ) as number[]),
    ]
  }

  /** One d6. */
  die(purpose: string, by = "any"): number {
    return this.dice(1, purpose, by)[0]!
  }

  /** A player's choice among options (a single option is taken without asking). */
  choose(key: string, question: string, options: ReadonlyArray<string>, by = "any"): string {
    if (options.length === 0) throw new Error(`choice ${key} has no options`)
    if (options.length === 1) return options[0]!
    return this.input(
      { kind: "choice", key, question, options: [...options], by },
      () => undefined,
      (a) =>
        typeof a === "string" && options.includes(a)
          ? undefined
          : `option: "${question}" takes one of ${options.join(", ")}`,
    ) as string
  }

  /**
   * A dice source over this run's dice (for the Market and rolled amounts): d6 only. A die whose
   * label names no rule is the Market's availability die ("market: Shotgun"), so its prompt names
   * B-MARKET-02, and a bad answer to it is refused naming that rule.
   */
  source(by = "any"): DiceSource {
    return {
      kind: this.draft.dice.mode === "seeded" ? "seeded" : "manual",
      die: (sides: number, label?: string) => {
        if (sides !== 6) throw new Error("the campaign rolls d6 only")
        const purpose = label ?? "a die"
        return this.die(ruleAtEnd(purpose) ? purpose : `${purpose} (B-MARKET-02)`, by)
      },
    }
  }

  /** Posts Ledger drafts for a Refuge, all or nothing; refuses (naming the rule) if any store would go below 0. */
  post(refuge: number, entries: ReadonlyArray<LedgerDraft>, clause?: string): void {
    const moving = entries.filter((x) => x.amount !== 0)
    if (moving.length === 0) return
    const r = this.draft.refuges[refuge]!
    const ok = post(r.refuge.ledger as never, moving)
    if (Result.isFailure(ok)) refuse(`${r.refuge.name}: ${ok.failure.problem}`, clause ?? moving[0]!.clause)
    this.emit({ type: "ledger.posted", refuge, entries: moving.map((x) => structuredClone(x)) as never })
  }
}
