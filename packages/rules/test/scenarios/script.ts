/**
 * Scripted raids on the scenarios (issue 11): hand-made Refuges of Couriers (M6 F2 S2 W2 N2 H2 A0,
 * Rat Run: Sprints 1" further; no Aftermath Knack),
 * set-up rolls typed in, each round's commands spelled out with their dice, every other activation
 * passed, and the Aftermath run on a campaign of the same Refuges, so a scenario's result and
 * rewards are read where a table would read them: the raid's result and the Refuges' ledgers.
 */
import { Result } from "effect"
import { expect } from "vitest"
import type { Env as BattleEnv } from "../../src/battle/Context.js"
import type { State } from "../../src/battle/State.js"
import { type Campaign, command, create, envOf } from "../../src/campaign/Campaign.js"
import type { Event as CampaignEvent } from "../../src/campaign/Event.js"
import type { ContentView } from "../../src/refuge/Content.js"
import type { Refuge } from "../../src/refuge/Refuge.js"
import {
  type FactAnswers,
  noFacts,
  passRound,
  refuge,
  type SurvivorSpec,
  Table,
  env as tableEnv,
} from "../battle/fixtures.js"
import { answerAll, env as campaignEnv, type Rule } from "../campaign/helpers.js"

/** A Refuge of Couriers: "<name> Lead" (the Leader) and "<name> 2".. (models "<side>.1", "<side>.2"..). */
export const couriers = (
  name: string,
  n = 2,
  gear: ReadonlyArray<SurvivorSpec> = [],
  stores: { reloads?: number } = {},
): Refuge =>
  refuge(
    name,
    Array.from({ length: n }, (_, i) => ({
      name: i === 0 ? `${name} Lead` : `${name} ${i + 1}`,
      background: "courier",
      ...(i === 0 ? { leader: true } : {}),
      ...gear[i],
    })),
    stores,
  )

/** A raid on a scenario, dice typed in, set up with the given Refuges. */
export const raid = (scenario: string, refuges: ReadonlyArray<Refuge>, env: BattleEnv = tableEnv): Table =>
  Table.create({ scenario, refuges, env })

/**
 * A raid set up with `lurkers` Lesser Encounter rolls of 3, 5 (row 5: a Strangler Vine, a Guardian
 * rooted at its Lair that reaches nobody in these scripts) and round 1's Initiative to `first`.
 */
export const begin = (
  scenario: string,
  refuges: ReadonlyArray<Refuge>,
  lurkers: number,
  first = "ash",
  env?: BattleEnv,
): Table => {
  const t = raid(scenario, refuges, env)
  t.settle(Array.from({ length: lurkers }, () => [3, 5]).flat())
  t.initiative(first)
  return t
}

/** A model activates and does nothing; then the creatures' turns, if they come next. */
export const pass = (t: Table, model: string): void => {
  t.do({ type: "activate", model })
  t.do({ type: "endActivation", model })
  t.settle()
}

/** Activates a survivor, moves it into contact with a Loot token and Searches it with these faces (B-ACTION-SEARCH-01). */
export const search = (t: Table, model: string, token: string, faces: number[]): void => {
  t.do({ type: "activate", model })
  t.do({ type: "move", model, contact: [token] })
  t.settle() // facts the move asks (is a lurker in contact? no)
  t.do({ type: "search", model, token })
  t.roll(...faces)
  t.settle() // then the creatures' turns, if they come next: every fact they ask is "no"
}

/** Dice for the End Phase and the next Initiative, by the purpose of the roll (the first match, used once). */
export type Rolls = Array<[RegExp, number[]]>

/**
 * The rest of the round: every model still to activate ends its activation at once; in the End
 * Phase a roll `rolls` names shows those faces, the Din otherwise 1s (no 6: nothing comes), nobody
 * stands in spores (or `facts` says), and the next round's Initiative puts `first` on top.
 */
export const endRound = (t: Table, first: string, rolls: Rolls = [], facts: FactAnswers = noFacts): void => {
  const left = [...rolls]
  const round = t.s.round
  // Creatures' turns may stop the pass with a question; answer it and pass on, to the next round.
  for (let guard = 0; guard < 50 && t.s.round === round && t.s.phase !== "over"; guard++) {
    passRound(t)
    t.settle((n, purpose) => {
      const k = left.findIndex(([re]) => re.test(purpose))
      if (k >= 0) return left.splice(k, 1)[0]![1]
      const mine = purpose.startsWith(t.sideName(first)) && purpose.includes("Initiative")
      return Array.from({ length: n }, () => (mine ? 6 : 1))
    }, facts)
  }
  expect(
    left.map(([re]) => re.source),
    "every roll was asked for",
  ).toEqual([])
}

/** Every round left passes as in `endRound` (with the same `rolls` each End Phase) until the raid is over. */
export const playOut = (t: Table, first: string, rolls: Rolls = [], facts: FactAnswers = noFacts): void => {
  for (let guard = 0; guard < 20 && t.s.phase !== "over"; guard++) endRound(t, first, rolls, facts)
  expect(t.s.phase).toBe("over")
}

/** Each side's outcome, by side id. */
export const outcomes = (t: Table): Record<string, string> =>
  Object.fromEntries((t.s.result?.sides ?? []).map((s) => [s.side, s.outcome]))

/**
 * The Aftermath of a finished raid on a campaign of the same Refuges: `rules` answer its prompts
 * (matched on the dice purpose or question, each used once; the rest 6s or the first option).
 */
export const aftermath = (
  refuges: ReadonlyArray<Refuge>,
  battle: State,
  rules: Rule[],
  content?: ContentView,
): { campaign: Campaign; events: ReadonlyArray<CampaignEvent> } => {
  const env = content ? envOf(content) : undefined
  const c = Result.getOrThrow(create(refuges, "manual", env ?? campaignEnv))
  const r = command(c, { type: "recordRaid", battle }, env ?? campaignEnv)
  if (Result.isFailure(r)) throw new Error(r.failure.reason)
  const done = answerAll(r.success, rules, [], env)
  return { campaign: done, events: done.events.slice(c.events.length) }
}

/** A Refuge's Aftermath Loot entries (Loot rolls, carried Amber and Meds, the scenario's rewards) as [store, amount]. */
export const lootEntries = (campaign: Campaign, refuge: number): Array<[string, number]> =>
  campaign.state.refuges[refuge]!.refuge.ledger.filter((e) => e.clause?.startsWith("B-LOOT")).map((e) => [
    e.store,
    e.amount,
  ])
