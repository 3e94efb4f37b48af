/**
 * How a campaign rule runs: the kernel's rule context (`@blight/engine`) with the campaign's own
 * helpers: one d6, a dice source for the Market, Ledger posting, and the free weapons a lost
 * survivor leaves behind. A bad answer is refused naming the rule that asked (the prompt's
 * purpose or question ends with it).
 *
 * @since 0.3.0
 */

import type { DiceSource } from "@blight/dice"
import {
  type Answer,
  type EventRules,
  type Prompt,
  RuleContext,
  type RunOptions,
  refuse,
} from "@blight/engine"
import { Result } from "effect"
import type { ContentView } from "../refuge/Content.js"
import { freeWeaponIds } from "../refuge/Founding.js"
import { type LedgerDraft, post } from "../refuge/Ledger.js"
import type { Event } from "./Event.js"
import { applyGame } from "./Evolve.js"
import type { CampaignState } from "./State.js"

export { Refusal, refuse, Suspend } from "@blight/engine"

/** What a campaign rule needs besides the state. */
export interface Env {
  readonly content: ContentView
}

/** The rule a prompt names at the end of its question or purpose ("… (B-CASUALTY-05)"), if any. */
const ruleAtEnd = (text: string): string | undefined => /\(([A-Z]+-[A-Z]+-\d+)\)\s*$/.exec(text)?.[1]

/** How the campaign's events and inputs work, for the kernel. */
export const EVENT_RULES: EventRules<CampaignState, Event, Env> = {
  applyGame,
  badAnswerClause: (prompt: Prompt) => ruleAtEnd(prompt.kind === "dice" ? prompt.purpose : prompt.question),
}

/** A campaign rule's run. */
export class Ctx extends RuleContext<CampaignState, Event, Env> {
  constructor(
    draft: RuleContext<CampaignState, Event, Env>["draft"],
    env: Env,
    /** Answers already recorded in the log for this command, in order. */
    recorded: ReadonlyArray<Answer> = [],
    /** A new answer to the pending prompt, if this run answers one. */
    answer?: Answer,
    options: Omit<RunOptions<Event>, "recorded" | "answer"> = {},
  ) {
    super(draft, env, EVENT_RULES, { ...options, recorded, answer })
  }

  override emit(e: Event): void {
    super.emit(e)
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
      stash: { ...structuredClone(stash), weapons },
      reason: "the free Improvised weapon and Thrown junk go with them",
      clause: "B-FOUNDING-07",
    })
  }

  /** `n` d6 for a purpose. */
  override dice(n: number, purpose: string, by = "any"): number[] {
    return [...super.dice(n, purpose, by)]
  }

  /** One d6. */
  die(purpose: string, by = "any"): number {
    const [face] = this.dice(1, purpose, by)
    if (face === undefined) throw new Error(`no die for ${purpose}`)
    return face
  }

  /** A player's choice among options (a single option is taken without asking). */
  override choose(key: string, question: string, options: ReadonlyArray<string>, by = "any"): string {
    if (options.length === 0) throw new Error(`choice ${key} has no options`)
    return super.choose(key, question, options, by)
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
    const [first] = moving
    if (first === undefined) return
    const r = this.draft.refuges[refuge]
    if (r === undefined) throw new Error(`refuges[${refuge}]: no such Refuge`)
    const ok = post(r.refuge.ledger, moving)
    if (Result.isFailure(ok)) refuse(`${r.refuge.name}: ${ok.failure.problem}`, clause ?? first.clause)
    this.emit({ type: "ledger.posted", refuge, entries: moving.map((x) => structuredClone(x)) })
  }
}
