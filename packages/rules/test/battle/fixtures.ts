/**
 * Raids for the engine's tests: hand-made Refuges (or the example rosters, founded), a content
 * view with a few test scenarios (no lurking creatures unless asked), and a `Table` that drives a
 * raid through the public engine — commands, dice typed in, facts stated — and fails loudly when a
 * command it expects to be accepted is refused.
 */
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { expect } from "vitest"
import type { Battle as BattleValue } from "../../src/battle/Battle.js"
import * as Battle from "../../src/battle/Battle.js"
import type { Board } from "../../src/battle/table/board/Board.js"
import type { Command } from "../../src/battle/Command.js"
import type { Env } from "../../src/battle/Context.js"
import type { Rejection } from "../../src/battle/Decide.js"
import type { Event, EventOf, EventType } from "../../src/battle/Event.js"
import { legalCommands } from "../../src/battle/Legal.js"
import type { OptionsInput } from "../../src/battle/Options.js"
import { areEnemies } from "../../src/battle/round/Turn.js"
import type { Fact, FactQuery, FactValue, Model, State } from "../../src/battle/State.js"
import { coreRegistry } from "../../src/content/core/index.js"
import type { Scenario } from "../../src/content/schema/Scenario.js"
import type { ContentView } from "../../src/refuge/Content.js"
import { found } from "../../src/refuge/Founding.js"
import type { Refuge } from "../../src/refuge/Refuge.js"

export const core = coreRegistry()

const cache = core.get("scenarios", "cache")!
const scenario = (id: string, over: Partial<Scenario>): Scenario =>
  ({ ...cache, id, name: id, ...over }) as Scenario
const setupOf = (over: Partial<Scenario["setup"]>) => ({ ...cache.setup, ...over })

/** A scenario where one creature waits at a Lair (a set-up spawn) and nothing else lurks. */
const waitingAtLair = (id: string, creature: string): Scenario =>
  scenario(id, {
    effects: [
      {
        kind: "trigger",
        on: "battle.setup",
        do: [{ kind: "spawn", creature: creature as never, count: 1, at: "lair" }],
      },
    ],
    setup: setupOf({ lurking: 0, lootTokens: 2 }),
  })

/** Test scenarios: `duel` (6 rounds, nothing lurking, 2 Loot), `short` (1 round), `lurk` (one lurking roll), `noisy` (+2 Din dice), `dark` (Night Raid's dark), `stalk` and `moths` (the Stalk, Lantern Moths at a Lair). */
export const SCENARIOS: Record<string, Scenario> = {
  duel: scenario("duel", { setup: setupOf({ lurking: 0, lootTokens: 2 }) }),
  /** The duel with no Blight edge: creatures come at the Lairs only (R-BOARD-26). */
  edgeless: scenario("edgeless", { setup: setupOf({ lurking: 0, lootTokens: 2, blightEdges: 0 }) }),
  short: scenario("short", { rounds: 1, setup: setupOf({ lurking: 0, lootTokens: 2 }) }),
  two: scenario("two", { rounds: 2, setup: setupOf({ lurking: 0, lootTokens: 2 }) }),
  lurk: scenario("lurk", { setup: setupOf({ lurking: 1, lootTokens: 2 }) }),
  noisy: scenario("noisy", { dinDice: 2, setup: setupOf({ lurking: 0, lootTokens: 2 }) }),
  /** The Stalk waits at a Lair (a set-up spawn), nothing else lurks. */
  stalk: waitingAtLair("stalk", "the-stalk"),
  /** A cloud of Lantern Moths waits at a Lair. */
  moths: waitingAtLair("moths", "lantern-moths"),
  /** Night Raid's dark (its `untargetable` effect) on a duel's set-up. */
  dark: scenario("dark", {
    effects: core.get("scenarios", "night-raid")!.effects,
    setup: setupOf({ lurking: 0, lootTokens: 2 }),
  }),
}

/** The core content (or a homebrew pack over it, `base`) with scenarios of a test's own. */
export const withScenarios = (extra: Record<string, Scenario>, base: ContentView = core): ContentView => ({
  get: ((kind: string, id: string) =>
    kind === "scenarios" && extra[id] ? extra[id] : base.get(kind as never, id)) as ContentView["get"],
  list: ((kind: string) =>
    kind === "scenarios"
      ? [...base.list("scenarios"), ...Object.values(extra)]
      : base.list(kind as never)) as ContentView["list"],
})

/** The core content with the test scenarios. */
export const content: ContentView = withScenarios(SCENARIOS)
export const env: Env = Battle.envOf(content)
const coreEnv = env

/** A survivor to put on a hand-made roster. Student by default: M6 F2 S2 W2 N1 H2 A0, no battle Knack. */
export interface SurvivorSpec {
  readonly name?: string
  readonly background?: string
  readonly leader?: boolean
  readonly weapons?: ReadonlyArray<string>
  readonly armour?: ReadonlyArray<string>
  readonly kit?: ReadonlyArray<string>
  readonly skills?: ReadonlyArray<string>
  readonly blight?: number
  readonly gifts?: ReadonlyArray<string>
  readonly marks?: ReadonlyArray<string>
}

/** A hand-made Refuge (no builder): the survivors as given, the stores as given. */
export const refuge = (
  name: string,
  survivors: ReadonlyArray<SurvivorSpec>,
  stores: { reloads?: number; arrows?: number; bolts?: number } = {},
  kind: "refuge" | "congregation" = "refuge",
): Refuge => ({
  name,
  kind,
  home: (kind === "congregation" ? "grove" : "campsite") as never,
  survivors: survivors.map((s, i) => ({
    id: `survivor-${i + 1}` as never,
    name: s.name ?? `${name} ${i + 1}`,
    background: s.background ?? "student",
    ...(s.leader ? { role: kind === "congregation" ? "verdantMother" : "leader" } : {}),
    equipment: { weapons: [...(s.weapons ?? [])], armour: [...(s.armour ?? [])], kit: [...(s.kit ?? [])] },
    xp: 0,
    advances: [],
    skills: [...(s.skills ?? [])],
    injuries: [],
    blight: s.blight ?? 0,
    gifts: [...(s.gifts ?? [])],
    marks: [...(s.marks ?? [])],
  })) as never,
  improvements: [],
  stash: { weapons: [], armour: [], kit: [] },
  ledger: Object.entries(stores)
    .filter(([, n]) => (n ?? 0) > 0)
    .map(([store, amount], seq) => ({ seq, store: store as never, amount: amount!, reason: "test stores" })),
})

/** The two example rosters, founded (a Refuge and a Congregation). */
export const exampleRefuges = (): [Refuge, Refuge] => {
  const f = (file: string): Refuge => {
    const roster = JSON.parse(
      readFileSync(new URL(`../../../../examples/rosters/${file}`, import.meta.url), "utf8"),
    )
    return Result.getOrThrow(found(roster, core, { source: seeded(3) }))
  }
  return [f("refuge.json"), f("congregation.json")]
}

/** Fact builders. */
export const sees = (a: string, b: string, value = true): Fact => ({ query: { q: "sees", a, b }, value })
export const within = (a: string, b: string, inches: number, value = true): Fact => ({
  query: { q: "within", a, b, inches },
  value,
})
export const cover = (a: string, b: string, value: "none" | "partial" | "most"): Fact => ({
  query: { q: "cover", a, b },
  value,
})
export const contact = (a: string, b: string, value = true): Fact => ({
  query: { q: "contact", a, b },
  value,
})
export const inTerrain = (a: string, terrain: "spore" | "open" | "cover", value = true): Fact => ({
  query: { q: "in", a, terrain },
  value,
})

/** A fact answer for a prompt: a function of the query, or undefined to leave it. */
export type FactAnswers = (q: FactQuery) => FactValue | undefined

/** Default answers: nobody stands in spores, nothing is in contact or in sight. */
export const noFacts: FactAnswers = (q) => (q.q === "cover" ? "none" : q.q === "nearest" ? q.among[0] : false)

export interface RaidInput {
  readonly refuges?: ReadonlyArray<Refuge> | undefined
  readonly scenario?: string | undefined
  readonly options?: OptionsInput | undefined
  readonly seed?: number | undefined
  readonly campaign?: State["campaign"] | undefined
  /** The campaign's Season the raid is played in, if any. */
  readonly season?: string | undefined
  /** The content the raid is played with (default: the core pack and the test scenarios). */
  readonly env?: Env | undefined
}

/** Two plain Refuges: "a" (a1 Leader with a pistol, a2 with a bat) and "b" (b1 Leader with a knife, b2 with a bat). */
export const plain = (): [Refuge, Refuge] => [
  refuge("A", [{ leader: true, weapons: ["pistol"] }, { weapons: ["baseball-bat"] }], { reloads: 1 }),
  refuge("B", [{ leader: true, weapons: ["knife"] }, { weapons: ["baseball-bat"] }]),
]

/** A raid being played at a table. */
export class Table {
  battle: BattleValue
  /** The events of the last command. */
  last: ReadonlyArray<Event> = []

  constructor(
    battle: BattleValue,
    readonly env: Env = coreEnv,
  ) {
    this.battle = battle
    this.last = battle.events
  }

  static create(input: RaidInput = {}): Table {
    const r = Battle.create(
      {
        refuges: input.refuges ?? plain(),
        scenario: input.scenario ?? "duel",
        options: input.options,
        dice: input.seed === undefined ? "manual" : { seed: input.seed },
        campaign: input.campaign,
        season: input.season,
      },
      input.env ?? coreEnv,
    )
    if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure))
    return new Table(r.success, input.env)
  }

  get s(): State {
    return this.battle.state
  }

  model(id: string): Model {
    const m = this.s.models.find((x) => x.id === id)
    if (!m) throw new Error(`no model ${id}`)
    return m
  }

  /** Applies a command that must be accepted; returns its events. */
  do(c: Command, by = "any"): ReadonlyArray<Event> {
    const r = Battle.command(this.battle, c, this.env, by)
    if (Result.isFailure(r))
      throw new Error(`refused ${JSON.stringify(c)}: ${r.failure.reason} (${r.failure.clause ?? "-"})`)
    this.last = r.success.events.slice(this.battle.events.length)
    this.battle = r.success
    return this.last
  }

  /** Applies a command that must be refused; checks nothing changed and returns the rejection. */
  reject(c: Command, by = "any"): Rejection {
    const before = Battle.hash(this.s)
    const r = Battle.command(this.battle, c, this.env, by)
    if (Result.isSuccess(r))
      throw new Error(
        `accepted ${JSON.stringify(c)}: ${JSON.stringify(r.success.events.slice(this.battle.events.length))}`,
      )
    expect(Battle.hash(this.s)).toBe(before)
    return r.failure
  }

  roll(...faces: number[]): ReadonlyArray<Event> {
    return this.do({ type: "roll", faces })
  }

  state(...facts: Fact[]): ReadonlyArray<Event> {
    return this.do({ type: "state", facts })
  }

  /** The pending prompt. */
  get prompt() {
    return this.s.pending?.prompt
  }

  /** The question of the pending fact prompt. */
  factQuery(): FactQuery {
    const p = this.prompt
    if (p?.kind !== "fact") throw new Error(`expected a fact prompt, got ${JSON.stringify(p)}`)
    return p.query
  }

  /** Events of a type among the last command's events (or all). */
  of<T extends EventType>(type: T, all = false): Array<EventOf<T>> {
    return (all ? this.battle.events : this.last).filter((e): e is EventOf<T> => e.type === type)
  }

  /**
   * Answers prompts until none waits: dice from `faces` (in order; a function may pick by prompt),
   * facts from `facts`; with a list of faces it stops at a dice prompt once they are used up, and at a fact `facts` leaves undefined. Returns every event produced. Throws when it can't answer.
   */
  settle(
    faces: number[] | ((n: number, purpose: string) => number[]) = [],
    facts: FactAnswers = noFacts,
  ): Event[] {
    const out: Event[] = []
    const queue = Array.isArray(faces) ? [...faces] : undefined
    for (let guard = 0; guard < 500 && this.prompt; guard++) {
      const p = this.prompt
      if (p.kind === "dice") {
        if (queue && queue.length < p.dice) break // the faces given are used up: stop here
        const f = queue
          ? queue.splice(0, p.dice)
          : (faces as (n: number, purpose: string) => number[])(p.dice, p.purpose)
        if (f.length !== p.dice) throw new Error(`settle: ran out of faces for ${p.purpose} (${p.dice} dice)`)
        out.push(...this.roll(...f))
      } else if (p.kind === "fact") {
        const v = facts(p.query)
        if (v === undefined) break // left for the test to answer
        out.push(...this.state({ query: p.query, value: v }))
      } else {
        // A choice (Blight dice in a reply pool): none, unless the test answers it itself.
        if (!p.options.includes("0")) break
        out.push(...this.do({ type: "choose", option: "0" }))
      }
    }
    this.last = out
    return out
  }

  /** Rolls round-start Initiative so that `first` goes first (its roller's pool all 6s, the rest all 1s). */
  initiative(first: string): void {
    this.settle((n, purpose) =>
      Array.from({ length: n }, () => (purpose.startsWith(this.sideName(first)) ? 6 : 1)),
    )
  }

  sideName(id: string): string {
    return this.s.sides.find((x) => x.id === id)?.name ?? id
  }

  legal(by = "any"): Command[] {
    return legalCommands(this.s, this.env, by)
  }
}

/** A raid with two plain Refuges in round 1, side "a" on turn (Initiative typed in). */
export const started = (input: RaidInput = {}, first = "a"): Table => {
  const t = Table.create(input)
  t.initiative(first)
  expect(t.s.phase).toBe("activations")
  expect(t.s.order[0]).toBe(first)
  return t
}

export const faces = (n: number, face: number): number[] => Array.from({ length: n }, () => face)

/** A raid where a.1 is the given survivor (and a.2 a plain friend), b has two plain survivors; a on turn. */
export const withShooter = (a1: SurvivorSpec, stores = {}, options = {}, scenario = "duel"): Table =>
  started({
    refuges: [refuge("A", [{ leader: true, ...a1 }, {}], stores), refuge("B", [{ leader: true }, {}])],
    options,
    scenario,
  })

/** The size of the pending dice prompt. */
export const dicePrompt = (t: Table): number => {
  const p = t.prompt
  if (p?.kind !== "dice") throw new Error(`expected a dice prompt, got ${JSON.stringify(p)}`)
  return p.dice
}

/**
 * The facts a Shoot asks, stated ahead: in sight, in range, half range or not, cover, no friend in
 * the fight, and no other enemy of the target in contact with it (not into a fight, R-BATTLE-44).
 */
export const shotFacts = (
  t: Table,
  shooter: string,
  target: string,
  range: number,
  o: { long?: boolean; cover?: "none" | "partial" | "most"; fighting?: ReadonlyArray<string> } = {},
): Fact[] => {
  const side = t.model(shooter).side
  const friends = t.s.models.filter((m) => m.side === side && m.id !== shooter && m.status === "active")
  const t0 = t.model(target)
  const others = t.s.models.filter(
    (m) => m.side !== side && m.id !== target && m.status === "active" && areEnemies(m, t0),
  )
  return [
    sees(shooter, target),
    within(shooter, target, range),
    within(shooter, target, range / 2, !o.long),
    cover(shooter, target, o.cover ?? "none"),
    ...friends.map((f) => contact(f.id, target, (o.fighting ?? []).includes(f.id))),
    ...others.map((m) => contact(m.id, target, false)),
  ]
}

/** Ends every remaining activation of the round (each side activates and stops at once), up to the End Phase. */
export const passRound = (t: Table): void => {
  for (let guard = 0; guard < 100 && t.s.phase === "activations" && !t.prompt; guard++) {
    const a = t.s.activation
    if (a) {
      t.do({ type: "endActivation", model: a.model })
      continue
    }
    const next = t.legal().find((c) => c.type === "activate")
    if (!next) break
    t.do(next)
  }
}

/**
 * `model` (activating) moves 2" to where it first sees `creature`, within 12" but not 3", and
 * within 6" of `leader` or not: the move that asks for a Dread test (B-DREAD-01).
 */
export const comeIntoSight = (
  t: Table,
  model: string,
  creature: string,
  leader: string,
  nearLeader: boolean,
) => {
  t.state(within(model, creature, 3, false))
  t.do({
    type: "move",
    model,
    distance: 2,
    facts: [
      within(model, creature, 12),
      within(model, creature, 3, false),
      { query: { q: "sees", a: model, b: creature }, value: true },
      within(model, leader, 6, nearLeader),
    ],
  })
}

/** A raid on a board (manual dice), "a" on turn. */
export const onBoard = (refuges: ReadonlyArray<Refuge>, b: Board): Table => {
  const r = Battle.create({ refuges, scenario: "duel", dice: "manual", board: b }, coreEnv)
  if (Result.isFailure(r)) throw new Error(JSON.stringify(r.failure))
  const t = new Table(r.success)
  t.initiative("a")
  return t
}

/**
 * A lurking Rotweaver (Dread 1) and the Refuges given ("a" and "b", two models or more each): a.1
 * and b.1 activate and stop, then a.2 activates, ready to come into its sight (B-DREAD-01).
 */
export const lurkingRotweaver = (refuges: ReadonlyArray<Refuge>, options: OptionsInput = {}): Table => {
  const t = Table.create({ scenario: "lurk", refuges, options })
  t.roll(4, 5) // Lesser row 11: a Rotweaver
  t.settle(faces(4, 1), noFacts)
  t.settle([6, 1], noFacts) // a wins the roll-off; the Rotweaver acts first and finds nobody
  for (const m of ["a.1", "b.1"]) {
    t.do({ type: "activate", model: m })
    t.do({ type: "endActivation", model: m })
  }
  t.settle([], noFacts)
  t.do({ type: "activate", model: "a.2" })
  return t
}
