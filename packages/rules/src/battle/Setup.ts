/**
 * Setting up a raid (B-SETUP-01..08, B-AMMO-03, B-AMMO-07): from founded Refuges (or
 * Congregations), a scenario id, options and a dice mode. Each Refuge deploys at its own edge; two
 * Lairs and the scenario's Loot tokens go down (on a declared table, as tokens without positions);
 * every firearm is loaded with a Reload from the stores and every bow and crossbow with an Arrow or
 * Bolt (R-BATTLE-11), and the rest of the Refuge's Reloads, Arrows and Bolts are shared out as
 * spares among those who can use them (R-BATTLE-35) — all drawn from the stores, and what is not
 * fired goes back after the raid (B-AMMO-04). The lurking creatures and round 1's Initiative are
 * the engine's first step (B-SETUP-07/08).
 *
 * @since 0.2.0
 */
import { Prng } from "@blight/dice"
import { Result, Schema } from "effect"
import type { Scenario } from "../content/schema/Scenario.js"
import type { ContentView } from "../refuge/Content.js"
import { type EffectiveProfile, effectiveProfile } from "../refuge/EffectiveProfile.js"
import { freeWeaponIds } from "../refuge/Founding.js"
import { storesOf } from "../refuge/Ledger.js"
import type { Refuge } from "../refuge/Refuge.js"
import type { Survivor } from "../refuge/Survivor.js"
import { HUNGRY_INJURY } from "./creatures/Hollowed.js"
import { defaults, Options, type OptionsInput } from "./Options.js"
import type { CarriedWeapon, Model, ObjectiveState, Side, State, Token } from "./State.js"
import type { Board } from "./table/board/Board.js"
import { layoutProblems, lootProblems } from "./table/board/Check.js"
import { place } from "./table/board/Deployment.js"
import { unknownKinds } from "./table/board/Ground.js"
import { keptFor } from "../terms/Indexed.js"

/** What a raid is set up from. */
export interface SetupInput {
  readonly refuges: ReadonlyArray<Refuge>
  readonly scenario?: string | undefined
  readonly options?: OptionsInput | undefined
  /** A seed (seeded dice) or "manual" (dice typed in at the table). */
  readonly dice: { readonly seed: Prng.Seed } | "manual"
  readonly space?: "declared" | "plane"
  readonly packs?: ReadonlyArray<string>
  readonly season?: string | undefined
  readonly campaign?: State["campaign"]
  /** A board to play on (`table/board/`): the models, Lairs and Loot are placed on it (B-SETUP-03..05). */
  readonly board?: Board | undefined
}

/** A set-up problem: the path and the rule. */
export interface SetupProblem {
  readonly path: string
  readonly message: string
  readonly clause?: string | undefined
}

/** A Refuge's raid side id: its name as a slug (a Refuge with none is "refuge"). */
export const slug = (name: string): string =>
  name
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40) || "refuge"

const EDGES = ["south", "north", "west", "east"] as const

const decodeOptions = Schema.decodeUnknownResult(Options)

/**
 * Survivors' profiles by content: a simulation sets up raid after raid from the same Refuges, and
 * a survivor's profile depends only on the survivor and the content (set-up reads it, never changes it).
 */
const profiles = new WeakMap<ContentView, WeakMap<Survivor, EffectiveProfile>>()

/** The free weapons of a content (B-FOUNDING-07), listed once per content. */
const freeByContent = new WeakMap<object, ReadonlyArray<string>>()

/**
 * B-FOUNDING-07: "Everyone also has an Improvised weapon and Thrown junk for free" — a survivor whose
 * roster does not list them (a Refuge not made by founding) still carries them into the raid.
 */
const withFreeWeapons = (listed: ReadonlyArray<string>, content: ContentView): ReadonlyArray<string> => {
  const free = keptFor(freeByContent, content, () => freeWeaponIds(content))
  const missing = free.filter((id) => !listed.includes(id))
  return missing.length === 0 ? listed : [...listed, ...missing]
}

const profileOf = (s: Survivor, content: ContentView): EffectiveProfile =>
  keptFor(
    keptFor(profiles, content, () => new WeakMap<Survivor, EffectiveProfile>()),
    s,
    () => effectiveProfile(s, content),
  )

/**
 * The Health a Hungry survivor raids without (R-CAMPAIGN-04: the campaign gives it the Hungry
 * injury for the raid), kept on the model so a Hollowed made from it has it back (R-CAMPAIGN-35).
 */
const hungerOf = (s: Survivor, p: EffectiveProfile, content: ContentView): number => {
  if (!s.injuries.some((i) => i.name === HUNGRY_INJURY)) return 0
  const fed = effectiveProfile(
    { ...s, injuries: s.injuries.filter((i) => i.name !== HUNGRY_INJURY) },
    content,
  )
  return Math.max(0, Math.max(1, fed.profile.health) - Math.max(1, p.profile.health))
}

/** The input's problems, in the order they are reported (B-SETUP-03, B-SCENARIO-02, R-BOARD-*). */
const setupProblems = (
  input: SetupInput,
  content: ContentView,
  scenarioId: string,
  scenario: Scenario | undefined,
  options: ReturnType<typeof decodeOptions>,
): SetupProblem[] => {
  const problems: SetupProblem[] = []
  if (input.refuges.length < 2)
    problems.push({
      path: "refuges",
      message: `a raid needs two or more Refuges, got ${input.refuges.length}`,
      clause: "B-SETUP-03",
    })
  if (input.refuges.length > 4)
    problems.push({
      path: "refuges",
      message: `at most 4 Refuges share a table (one per edge), got ${input.refuges.length}`,
      clause: "B-SETUP-03",
    })
  if (!scenario) {
    const known = content.list("scenarios").map((s) => s.id)
    problems.push({
      path: "scenario",
      message: `there is no scenario "${scenarioId}" (known: ${known.join(", ")})`,
      clause: "B-SCENARIO-02",
    })
  }
  if (Result.isFailure(options))
    problems.push({ path: "options", message: "unknown or invalid option (see BattleOptions)" })
  if (input.board) problems.push(...boardProblems(input.board, input.refuges.length, content, scenario))
  return problems
}

/** A board's problems: unknown kinds, its layout, Loot places and Blight edges. */
const boardProblems = (
  board: Board,
  refuges: number,
  content: ContentView,
  scenario: Scenario | undefined,
): SetupProblem[] => {
  const problems: SetupProblem[] = []
  // Every piece's kind must be a loaded terrain kind, or the board would ignore it (R-BOARD-01).
  for (const p of unknownKinds(board, content))
    problems.push({ path: `board.${p.path}`, message: p.message, clause: "R-BOARD-01" })
  // The layout itself, and its Loot places against the Refuges' zones (B-SETUP-01/05, R-BOARD-18/19).
  const edges = EDGES.slice(0, Math.min(4, refuges))
  const found = [
    ...layoutProblems(board, content),
    ...lootProblems(board, edges, scenario?.setup.lootTokens ?? 5),
  ]
  for (const p of found) problems.push({ ...p, path: `board.${p.path}` })
  // A Blight edge is one no Refuge deploys on (B-SETUP-03, R-BOARD-26).
  board.blightEdges?.forEach((e, i) => {
    if (edges.includes(e))
      problems.push({
        path: `board.blightEdges.${i}`,
        message: `the ${e} edge is a Refuge's deployment edge, not a Blight edge`,
        clause: "R-BOARD-26",
      })
  })
  return problems
}

type Store = "reloads" | "arrows" | "bolts"
type Stock = Record<Store, number>

/** Loads one weapon from the pool (R-BATTLE-11): a Reload fills a firearm's magazine, an Arrow or Bolt a bow. */
const loadWeapon = (
  w: string,
  content: ContentView,
  opts: Options,
  pool: Stock,
  drawn: Stock,
): CarriedWeapon => {
  const entry = content.get("weapons", w)
  const store = entry?.ammunition ?? "none"
  let loaded = 0
  if (store === "reloads" && pool.reloads > 0) {
    pool.reloads--
    drawn.reloads++
    loaded = entry?.mag ?? 1
  } else if ((store === "arrows" || store === "bolts") && (opts.bowsLoadedFree || pool[store] > 0)) {
    if (!opts.bowsLoadedFree) {
      pool[store]--
      drawn[store]++
    }
    loaded = 1
  }
  return { weapon: w, loaded, jammed: false, spent: false }
}

/** A survivor's model as it enters the raid. */
const survivorModel = (
  s: Survivor,
  id: string,
  i: number,
  weapons: CarriedWeapon[],
  p: EffectiveProfile,
  hunger: number,
): Model => ({
  id: `${id}.${i + 1}`,
  side: id,
  kind: "survivor",
  name: s.name,
  ref: s.background,
  survivor: s.id,
  leader: s.role !== undefined,
  profile: {
    move: p.profile.move,
    fight: p.profile.fight,
    shoot: p.profile.shoot,
    wits: p.profile.wits,
    nerve: p.profile.nerve,
    health: Math.max(1, p.profile.health),
    armour: p.profile.armour,
  },
  helmet: p.helmet,
  health: Math.max(1, p.profile.health),
  ...(hunger > 0 ? { hunger } : {}),
  blight: s.blight,
  status: "active",
  shaken: false,
  hidden: false,
  noise: 0,
  activated: false,
  weapons,
  reloads: 0,
  arrows: 0,
  bolts: 0,
  carrying: [],
  kit: [...s.equipment.kit],
  skills: [...s.skills, ...s.advances.flatMap((a) => ("skill" in a ? [a.skill] : []))],
  gifts: [...s.gifts],
  marks: [...s.marks],
  dreaded: [],
  used: {},
  wasDown: false,
  arrived: 0,
})

/** Spares, shared round-robin among those who can use them (R-BATTLE-35). */
const shareSpares = (mine: ReadonlyArray<Model>, content: ContentView, pool: Stock, drawn: Stock): void => {
  for (const store of ["reloads", "arrows", "bolts"] as const) {
    const users = mine.filter((m) =>
      m.weapons.some((w) => content.get("weapons", w.weapon)?.ammunition === store),
    )
    for (let k = 0; pool[store] > 0 && users.length > 0; k++) {
      const u = users[k % users.length] as { -readonly [K in keyof Model]: Model[K] }
      u[store]++
      pool[store]--
      drawn[store]++
    }
  }
}

/** A side id not yet taken: the Refuge's slug, numbered if two Refuges share a name. */
const sideId = (name: string, used: Set<string>): string => {
  let id = slug(name)
  for (let k = 2; used.has(id); k++) id = `${slug(name)}-${k}`
  used.add(id)
  return id
}

/** One Refuge's side and models, armed from its stores. */
const deployRefuge = (
  input: SetupInput,
  refuge: Refuge,
  r: number,
  id: string,
  content: ContentView,
  opts: Options,
): { readonly side: Side; readonly mine: Model[] } => {
  const stores = storesOf(refuge.ledger)
  const pool = { reloads: stores.reloads, arrows: stores.arrows, bolts: stores.bolts }
  const drawn = { reloads: 0, arrows: 0, bolts: 0 }
  const mine: Model[] = refuge.survivors.map((s, i) => {
    const p = profileOf(s, content)
    const hunger = hungerOf(s, p, content)
    const weapons = withFreeWeapons(s.equipment.weapons, content).map((w) =>
      loadWeapon(w, content, opts, pool, drawn),
    )
    return survivorModel(s, id, i, weapons, p, hunger)
  })
  shareSpares(mine, content, pool, drawn)
  const trophies = input.campaign?.refuges?.[r]?.trophies
  const side: Side = {
    id,
    kind: refuge.kind,
    name: refuge.name,
    starting: mine.length,
    routed: false,
    withdrew: false,
    edge: EDGES[r] ?? "south",
    home: refuge.home,
    improvements: [...refuge.improvements],
    drawn,
    used: {},
    ...(trophies !== undefined && trophies.length > 0 ? { trophies: [...trophies] } : {}),
  }
  return { side, mine }
}

/** The Lairs, Loot and objective tokens (B-SETUP-04/05, B-SCENARIO-02), and how many were made. */
const scenarioTokens = (
  scenario: Scenario,
  content: ContentView,
): { readonly tokens: Token[]; readonly objectives: ObjectiveState[]; readonly count: number } => {
  const tokens: Token[] = []
  let t = 0
  const token = (kind: Token["kind"], extra: Partial<Token> = {}) =>
    tokens.push({ id: `t${++t}`, kind, rich: 0, ...extra })
  for (let i = 0; i < (scenario.setup.lairs ?? 2); i++) token("lair") // B-SETUP-04
  for (let i = 0; i < scenario.setup.lootTokens; i++) token("loot", { contents: "loot" }) // B-SETUP-05
  // The scenario's objectives (B-SCENARIO-02): the Radio is picked up like Loot (R-WORLD-07).
  const objectives: ObjectiveState[] = []
  for (const id of scenario.objectives) {
    const entry = content.get("objectives", id)
    const kind = entry?.kind ?? "other"
    if (kind === "radio") token("loot", { contents: "radio", objective: id })
    else token("objective", { objective: id })
    objectives.push({ id, kind, state: "standing", token: `t${t}`, progress: 0, scores: {} })
  }
  return { tokens, objectives, count: t }
}

/** Builds the raid's first state (its `battle.setup` event carries it). */
export const setup = (
  input: SetupInput,
  content: ContentView,
): Result.Result<State, ReadonlyArray<SetupProblem>> => {
  const scenarioId = input.scenario ?? "cache"
  const scenario = content.get("scenarios", scenarioId)
  const options = decodeOptions(input.options ?? {})
  const problems = setupProblems(input, content, scenarioId, scenario, options)
  // No scenario is a problem already listed: the check only tells TypeScript so.
  if (problems.length > 0 || !scenario) return Result.fail(problems)

  const opts = Result.getOrElse(options, () => defaults)
  const sides: Side[] = []
  const models: Model[] = []
  const used = new Set<string>()
  input.refuges.forEach((refuge, r) => {
    const { side, mine } = deployRefuge(input, refuge, r, sideId(refuge.name, used), content, opts)
    models.push(...mine)
    sides.push(side)
  })
  const { tokens, objectives, count } = scenarioTokens(scenario, content)

  const prng =
    input.dice === "manual"
      ? undefined
      : ([...Prng.Prng.fromSeed(input.dice.seed).snapshot().state] as [number, number, number, number])
  const state: State = {
    ruleset: "the-blight@0.3.0",
    scenario: scenarioId,
    packs: [...(input.packs ?? ["the-blight"])],
    ...(input.season ? { season: input.season } : {}),
    options: opts,
    rounds: scenario.rounds,
    round: 0,
    phase: "setup",
    order: [],
    turn: 0,
    sides,
    models,
    tokens,
    objectives,
    facts: {},
    noiseMade: 0,
    roundUses: {},
    dice: prng ? { mode: "seeded", prng } : { mode: "manual" },
    space: input.space ?? "declared",
    counters: { creature: 0, token: count, brood: 0 },
    seq: 0,
    ...(input.campaign ? { campaign: input.campaign } : {}),
  }
  return Result.succeed(
    input.board ? place(state, input.board, scenario.setup.lairPlacement, scenario.setup.blightEdges) : state,
  )
}
