/**
 * Campaign test helpers: the two example Refuges, a campaign with dice typed in (so every roll
 * is the test's), a finished raid made from a real set-up with the end the test wants, and an
 * answerer that feeds prompts from rules matched on their purpose or question.
 */
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { expect } from "vitest"
import { envOf as battleEnvOf, create as createBattle } from "../../src/battle/Battle.js"
import type { State as BattleState, Model } from "../../src/battle/State.js"
import { type Campaign, command, create, envOf, raidSetup } from "../../src/campaign/Campaign.js"
import type { Command } from "../../src/campaign/Command.js"
import type { Prompt } from "../../src/campaign/State.js"
import { coreRegistry } from "../../src/content/core/index.js"
import { found } from "../../src/refuge/Founding.js"
import { post, storesOf } from "../../src/refuge/Ledger.js"
import type { Refuge } from "../../src/refuge/Refuge.js"

export const registry = coreRegistry()
export const env = envOf(registry)
export const battleEnv = battleEnvOf(registry)

const roster = (name: string) =>
  JSON.parse(readFileSync(new URL(`../../../../examples/rosters/${name}.json`, import.meta.url), "utf8"))

export const wharfside = (): Refuge =>
  Result.getOrThrow(found(roster("refuge"), registry, { source: seeded(3) }))
export const gardeners = (): Refuge =>
  Result.getOrThrow(found(roster("congregation"), registry, { source: seeded(3) }))

/** A campaign between Wharfside and the Gardeners: dice typed in unless a seed is given. */
export const campaign = (seed?: number, refuges = [wharfside(), gardeners()]): Campaign =>
  Result.getOrThrow(create(refuges, seed === undefined ? "manual" : { seed }, env))

type Mutable<T> = { -readonly [K in keyof T]: T[K] }

/**
 * A finished raid from the campaign's real set-up: every model active and carrying nothing, no
 * creature, then `edit` sets the end the test wants. Sides are "wharfside" and
 * "the-gardeners-of-carrow-fields"; models "<side>.<n>".
 */
export const finishedRaid = (
  c: Campaign,
  edit: (s: Mutable<BattleState>, model: (id: string) => Mutable<Model>) => void = () => {},
  outcomes: readonly ["win" | "draw" | "loss", "win" | "draw" | "loss"] = ["draw", "draw"],
  scenario = "cache",
): BattleState => {
  const setup = Result.getOrThrow(raidSetup(c.state, { seed: 1 }, scenario))
  const b = Result.getOrThrow(createBattle(setup, battleEnv))
  const s = structuredClone(b.state) as Mutable<BattleState>
  s.models = s.models.filter((m) => m.kind === "survivor")
  s.sides = s.sides.filter((x) => x.kind === "refuge" || x.kind === "congregation")
  s.pending = undefined
  s.phase = "over"
  s.result = {
    reason: "test",
    sides: s.sides.map((x, i) => ({ side: x.id, outcome: outcomes[i]!, routed: false })),
  }
  edit(s, (id) => {
    const m = s.models.find((x) => x.id === id)
    if (!m) throw new Error(`no model ${id}`)
    return m as Mutable<Model>
  })
  return s as BattleState
}

/** A Hollowed creature named after `name`, slain by `slayer` (a model id), for a finished raid's models. */
export const slainHollowed = (like: Model, name: string, slayer: string): Model =>
  ({
    ...structuredClone(like),
    id: "c1",
    side: "brood-1",
    kind: "creature",
    ref: "hollowed",
    name: `${name} (Hollowed)`,
    survivor: undefined,
    status: "slain",
    slainBy: slayer,
  }) as never

/** A rule answering prompts: matched on the dice purpose or the question. */
export type Rule = readonly [RegExp, number[] | string]

/** Answers every waiting prompt: the first rule matching it (used once), else 6s / the first option. */
export const answerAll = (c: Campaign, rules: Rule[] = [], seen: Prompt[] = [], e = env): Campaign => {
  let cur = c
  const left = [...rules]
  for (let guard = 0; cur.state.pending?.prompt && guard < 500; guard++) {
    const p = cur.state.pending.prompt
    seen.push(p)
    const text = p.kind === "dice" ? p.purpose : `${p.key} ${p.question}`
    const i = left.findIndex(([re]) => re.test(text))
    const given = i >= 0 ? left.splice(i, 1)[0]![1] : undefined
    const cmd: Command =
      p.kind === "dice"
        ? { type: "roll", faces: (given as number[] | undefined) ?? Array.from({ length: p.dice }, () => 6) }
        : { type: "choose", option: (given as string | undefined) ?? p.options[0]! }
    const r = command(cur, cmd, e)
    if (Result.isFailure(r)) throw new Error(`${text}: ${r.failure.reason}`)
    cur = r.success
  }
  // A prompt still waiting after 500 answers is a loop (a die that keeps asking again), not an end.
  if (cur.state.pending?.prompt) {
    const p = cur.state.pending.prompt
    throw new Error(`answerAll: still asked after 500 answers: ${p.kind === "dice" ? p.purpose : p.question}`)
  }
  expect(
    left.map(([re]) => re.source),
    "every rule was used",
  ).toEqual([])
  return cur
}

/** Folds a finished raid in and answers the Aftermath's prompts. */
export const aftermath = (c: Campaign, battle: BattleState, rules: Rule[] = [], seen: Prompt[] = []) => {
  const r = command(c, { type: "recordRaid", battle }, env)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  return answerAll(r.success, rules, seen)
}

/** Runs a command that must be accepted. */
export const ok = (c: Campaign, cmd: Command, rules: Rule[] = []): Campaign => {
  const r = command(c, cmd, env)
  if (Result.isFailure(r)) throw new Error(`${cmd.type}: ${r.failure.reason}`)
  return answerAll(r.success, rules)
}

/** A command that must be refused: the rejection. */
export const refused = (c: Campaign, cmd: Command) => {
  const r = command(c, cmd, env)
  if (Result.isSuccess(r)) throw new Error(`${cmd.type} was accepted`)
  return r.failure
}

export const survivor = (c: Campaign, refuge: number, name: string) =>
  c.state.refuges[refuge]!.refuge.survivors.find((s) => s.name === name)

export const entries = (c: Campaign, refuge: number, from = 0) =>
  c.state.refuges[refuge]!.refuge.ledger.slice(from)

/** A Refuge with one survivor (by name) changed. */
export const edited = (r: Refuge, name: string, change: (s: Record<string, unknown>) => void): Refuge => {
  const copy = structuredClone(r) as unknown as { survivors: Record<string, unknown>[] }
  const s = copy.survivors.find((x) => x.name === name)
  if (s === undefined) throw new Error(`no survivor ${name}`)
  change(s)
  return copy as unknown as Refuge
}

/** A Refuge with stores added through its Ledger. */
export const granted = (r: Refuge, grants: Record<string, number>): Refuge => ({
  ...r,
  ledger: Result.getOrThrow(
    post(
      r.ledger,
      Object.entries(grants).map(([store, amount]) => ({
        store: store as never,
        amount,
        reason: "test grant",
      })),
    ),
  ),
})

/** A Refuge's stores in the campaign. */
export const storesIn = (c: Campaign, refuge: number) => storesOf(c.state.refuges[refuge]!.refuge.ledger)

/** A raid edit: the Stranger carried off the table by side `side` (its objective ends `rescued`). */
export const strangerRescuedBy =
  (side: number): NonNullable<Parameters<typeof finishedRaid>[1]> =>
  (s) => {
    s.objectives = s.objectives.map((o, i) =>
      i === 0 ? { ...o, state: "rescued", by: s.sides[side]!.id } : o,
    )
  }
