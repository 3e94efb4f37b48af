/**
 * More policies (issue 15), each a {@link Policy}: it sees the raid as its side may and picks
 * among the legal commands (made concrete by `boardCommands`).
 *
 * - `objectiveRunner`: scenario objectives and Loot first — work an objective it touches, search,
 *   carry Loot home at a Sprint — and fights only what already touches it.
 * - `noiseAverse`: never Sprints, shoots only Quiet weapons (Noise 0, B-NOISE-03), fights only what
 *   touches it, Hides when it has nothing better to do (the Din feeds on Noise, B-DIN-01).
 * - `aggressive`: fights, then shoots anything, then closes on the nearest enemy at a Sprint.
 * - `oddsDriven`: scores each Fight and Shoot by the exact odds `@blight/dice` computes
 *   (`CombatOdds.fightOdds`, `shootOdds`) and takes the best when it is worth it (a Fight it wins
 *   more often than it loses, a Shoot with at least half a Health expected), else plays like
 *   `sensible`.
 *
 * Every one answers prompts the same way (no Blight dice, the first answer offered), so policies
 * differ only in how they play, and each is deterministic: same view, same legal list, same pick.
 *
 * @since 0.4.0
 */
import { CombatOdds } from "@blight/dice"
import { fightDice as diceInFight } from "../actions/Fight.js"
import { atNamed, type Command, type NamedShoot } from "../Command.js"
import { Ctx, type Env } from "../Context.js"
import type { Draft } from "../Evolve.js"
import { areEnemies } from "../round/Turn.js"
import { type Activation, type Model, modelIn, type State } from "../State.js"
import { ruled as ruledBoard } from "../table/board/Ground.js"
import { answer } from "../table/board/PlaneSpace.js"
import {
  answersPrompts,
  dist,
  edgeGap,
  latePick,
  type MoveKind,
  noBlightChoice,
  orderedAnswering,
  type Policy,
  type PolicyContext,
  placedMoves,
  random,
  reachable,
  sensible,
  staged,
  stagingOf,
} from "./Policy.js"

type Of<T extends Command["type"]> = Extract<Command, { type: T }>

/** What a policy's rules look at. */
interface Turn {
  readonly view: State
  readonly legal: ReadonlyArray<Command>
  readonly m: Model
  readonly a: Activation
  readonly env: Env | undefined
}

/** Something on the table with an id and maybe a place. */
type Placed = {
  readonly id: string
  readonly position?: { readonly x: number; readonly y: number } | undefined
}

/** One rule of a policy: a command, or nothing (the next rule decides). */
type Rule = (t: Turn) => Command | undefined

/** Rules that read a board's concrete moves, with the kind they read ("sprint": Sprints too). */
const reading = new WeakMap<Rule, MoveKind>()
const readsConcrete = (kind: MoveKind, rule: Rule): Rule => {
  reading.set(rule, kind)
  return rule
}

const all = <T extends Command["type"]>(legal: ReadonlyArray<Command>, type: T): Of<T>[] =>
  legal.filter((c): c is Of<T> => c.type === type)

const modelOf = (view: State, id: string | undefined): Model | undefined =>
  id === undefined ? undefined : view.models.find((x) => x.id === id)

const enemiesOf = (view: State, m: Model): Model[] =>
  view.models.filter((o) => o.status === "active" && areEnemies(m, o))

const nearest = <T extends Placed>(m: Model, xs: ReadonlyArray<T>): T | undefined =>
  [...xs].sort((x, y) => dist(m, x) - dist(m, y) || (x.id < y.id ? -1 : 1))[0]

/**
 * Builds a policy from an activation order and rules tried in turn; the last resort ends the
 * activation. {@link ordered}: each rule takes the first command of its kinds in an order fixed by
 * the view (nearest first, ties in list order), as do the activation orders. {@link staged}: the
 * rules before the first that reads concrete moves pick without them, and Sprints are a last
 * resort unless a rule reads them.
 */
const ruled = (
  pickModel: (view: State, choices: Of<"activate">[]) => Of<"activate"> | undefined,
  rules: Rule[],
): Policy => {
  // Up to the first rule reading concrete moves; `early` stops there and never falls back on the list's ends.
  const plainRules = rules.findIndex((r) => reading.has(r))
  const pick = (view: State, legal: ReadonlyArray<Command>, env: Env | undefined, early: boolean) => {
    const fallback = (c: Command | undefined) => (early ? undefined : c)
    if (view.pending?.prompt) return noBlightChoice(legal) ?? fallback(legal[0])
    const a = view.activation
    if (!a)
      return (
        pickModel(view, all(legal, "activate")) ??
        legal.find((c) => c.type === "activate") ??
        fallback(legal[0])
      )
    const m = modelIn(view, a.model)
    const t: Turn = { view, legal, m, a, env }
    for (const [k, rule] of rules.entries()) {
      if (early && k === plainRules) return undefined
      const c = rule(t)
      if (c !== undefined) return c
    }
    return legal.find((c) => c.type === "endActivation") ?? fallback(legal[legal.length - 1])
  }
  return staged(
    orderedAnswering((view, legal, context?: PolicyContext) =>
      latePick(pick(view, legal, context?.env, false)),
    ),
    {
      early: (view, legal, context) => pick(view, legal, context?.env, true),
      sprintsLast: !rules.some((r) => reading.get(r) === "sprint"),
    },
  )
}

const firstActivation = (_view: State, cs: Of<"activate">[]) => cs[0]

/** Activates the model nearest what `targets` names first (ties by id). */
const nearestTo =
  (targets: (view: State, m: Model) => ReadonlyArray<Placed>) => (view: State, cs: Of<"activate">[]) => {
    if (!view.board) return cs[0]
    const gap = (c: Of<"activate">) => {
      const m = modelIn(view, c.model)
      const n = nearest(m, targets(view, m))
      return n ? dist(m, n) : 99
    }
    return [...cs].sort((x, y) => gap(x) - gap(y) || (x.model < y.model ? -1 : 1))[0]
  }

// ---- rules ----

const actionsLeft = (t: Turn) => t.a.actionsLeft > 0

/** Fight an enemy in contact, a standing one before a Down one. */
const fightInContact: Rule = (t) => {
  const fights = all(t.legal, "fight")
  return fights.find((c) => modelOf(t.view, c.target)?.status === "active") ?? fights[0]
}

/** On a board, only targets in sight; on a declared table the table answers when asked. */
const seen = (view: State, env: Env | undefined, m: Model, c: NamedShoot): boolean =>
  !view.board ||
  (env !== undefined &&
    answer(view, ruledBoard(view.board, env.content), { q: "sees", a: m.id, b: c.target }) === true)

const shootWith =
  (ok: (t: Turn, c: NamedShoot) => boolean): Rule =>
  (t) =>
    all(t.legal, "shoot")
      .filter(atNamed)
      .filter((c) => ok(t, c) && seen(t.view, t.env, t.m, c))
      .sort(
        (x, y) => dist(t.m, modelOf(t.view, x.target) ?? {}) - dist(t.m, modelOf(t.view, y.target) ?? {}),
      )[0]

const noiseOf = (t: Turn, weapon: string): number => t.env?.content.get("weapons", weapon)?.noise ?? 1

const useObjective: Rule = (t) =>
  actionsLeft(t) ? all(t.legal, "use").find((c) => c.use === "objective") : undefined
const search: Rule = (t) => (actionsLeft(t) ? all(t.legal, "search")[0] : undefined)
const reload: Rule = (t) => (actionsLeft(t) ? all(t.legal, "reload")[0] : undefined)

/** Loot carried: off the table by the own edge, or a step towards it. */
const carryHome = (type: MoveKind): Rule =>
  readsConcrete(type, (t) => {
    if (t.m.carrying.length === 0 || !actionsLeft(t)) return undefined
    const moves = [...all(t.legal, type), ...all(t.legal, "move")]
    const home = moves.find((c) => c.offTable)
    if (home) return home
    const edge = t.view.sides.find((s) => s.id === t.m.side)?.edge
    return placedMoves(moves).sort((x, y) => edgeGap(t.view, edge, x.to) - edgeGap(t.view, edge, y.to))[0]?.c
  })

/** Moves towards the nearest of `targets`: into contact when it can, else a step on a board. */
const approach = (targets: (t: Turn) => ReadonlyArray<Placed>, type: MoveKind): Rule =>
  readsConcrete(type, (t) => {
    if (!actionsLeft(t)) return undefined
    const target = nearest(t.m, targets(t))
    if (!target) return undefined
    const moves = all(t.legal, type)
    const contact = moves.find((c) => c.contact?.[0] === target.id)
    if (contact && reachable(t.view, t.env, t.m, target.id)) return contact
    const pos = target.position
    if (!pos) return undefined
    return placedMoves(moves).sort(
      (x, y) => Math.hypot(x.to.x - pos.x, x.to.y - pos.y) - Math.hypot(y.to.x - pos.x, y.to.y - pos.y),
    )[0]?.c
  })

const lootAndObjectives = (t: Turn) =>
  t.view.tokens.filter(
    (k) =>
      k.kind === "loot" ||
      (k.kind === "objective" && t.view.objectives.some((o) => o.token === k.id && o.state === "standing")),
  )
const enemies = (t: Turn) => enemiesOf(t.view, t.m)
const hide: Rule = (t) => (actionsLeft(t) ? all(t.legal, "hide")[0] : undefined)
const aid: Rule = (t) => (actionsLeft(t) ? all(t.legal, "use").find((c) => c.use === "aid") : undefined)

// ---- the policies ----

/** Objectives and Loot first (see the file header). */
export const objectiveRunner = (): Policy =>
  ruled(
    nearestTo((view) => view.tokens.filter((k) => k.kind === "loot" || k.kind === "objective")),
    [
      useObjective,
      search,
      carryHome("sprint"),
      fightInContact,
      approach(lootAndObjectives, "sprint"),
      approach(lootAndObjectives, "move"),
    ],
  )

/** Makes as little Noise as it can (see the file header). */
export const noiseAverse = (): Policy =>
  ruled(firstActivation, [
    fightInContact,
    shootWith((t, c) => noiseOf(t, c.weapon) === 0),
    useObjective,
    search,
    carryHome("move"),
    aid,
    approach(lootAndObjectives, "move"),
    hide,
  ])

/** Goes for the enemy (see the file header). */
export const aggressive = (): Policy =>
  ruled(
    nearestTo((view, m) => enemiesOf(view, m)),
    [
      fightInContact,
      shootWith(() => true),
      reload,
      approach(enemies, "sprint"),
      approach(enemies, "move"),
      search,
      carryHome("sprint"),
    ],
  )

/**
 * The dice a model brings to a Fight: its Fight and the dice of the weapon the engine will fight
 * with, its rules that hang on the weapon counted (a Knack, R-BATTLE-50; a creature's own weapon).
 */
const fightDice = (
  view: State,
  env: Env | undefined,
  m: Model,
  pool: "fight.attack" | "fight.defend",
): number =>
  // A probe only reads its draft (it emits nothing), so the view itself serves as one.
  env === undefined ? m.profile.fight : diceInFight(new Ctx(view as Draft, env, [], undefined, true), m, pool)

/** The expected Health a command takes off its target, by the exact odds; undefined: not an attack. */
export const expectedDamage = (view: State, c: Command, env: Env | undefined): number | undefined => {
  if (c.type !== "fight" && c.type !== "shoot") return undefined
  const m = modelOf(view, c.model)
  const target = typeof c.target === "string" ? modelOf(view, c.target) : undefined
  if (!m || !target) return undefined
  if (c.type === "shoot") {
    const w = env?.content.get("weapons", c.weapon)
    return CombatOdds.shootOdds({
      dice: m.profile.shoot + (w?.dice ?? 0) + (view.activation?.aim ?? 0),
      armour: target.profile.armour,
      helmet: target.helmet,
      damage: w?.damage ?? 1,
    }).mean
  }
  const odds = CombatOdds.fightOdds({
    attacker: fightDice(view, env, m, "fight.attack"),
    defender: fightDice(view, env, target, "fight.defend"),
    defenderDown: target.status === "down",
  })
  // A won Fight deals its margin in hits (B-FIGHT-07), a Down target is taken out (B-FIGHT-06,
  // for certain: R-DICE-05).
  return target.status === "down"
    ? odds.attackerWins * target.health
    : odds.margin.reduce((s, o) => s + Math.max(0, o.value) * o.probability, 0)
}

/** Picks attacks by the exact odds (see the file header). */
export const oddsDriven = (env: Env): Policy => {
  const fallback = sensible(env)
  const plain = stagingOf(fallback)?.early
  // The attacks it scores are the same commands in a list with concrete moves or without.
  // Prompts go to `sensible`: it answers them as `noBlightChoice` says.
  return staged(
    answersPrompts(
      (view, legal, context) =>
        worthAttacking(view, legal, context?.env ?? env) ?? fallback(view, legal, context),
    ),
    {
      early: (view, legal, context) =>
        worthAttacking(view, legal, context?.env ?? env) ?? plain?.(view, legal, context),
      sprintsLast: stagingOf(fallback)?.sprintsLast,
    },
  )
}

/** The best-scored Fight or Shoot when it is worth it (see the file header), else undefined. */
const worthAttacking = (view: State, legal: ReadonlyArray<Command>, e: Env): Command | undefined => {
  if (view.pending?.prompt || !view.activation) return undefined
  const m = modelIn(view, view.activation.model)
  const scored = legal
    .filter(
      (c) => (c.type !== "shoot" || !view.board || (atNamed(c) && seen(view, e, m, c))) && c.type !== "aim",
    )
    .map((c) => ({ c, score: expectedDamage(view, c, e) }))
    .filter((x): x is { c: Command; score: number } => x.score !== undefined)
    .sort((x, y) => y.score - x.score)
  const best = scored[0]
  if (!best) return undefined
  if (best.c.type === "shoot") return best.score >= 0.5 ? best.c : undefined
  const t = modelIn(view, (best.c as Of<"fight">).target)
  const o = CombatOdds.fightOdds({
    attacker: fightDice(view, e, m, "fight.attack"),
    defender: fightDice(view, e, t, "fight.defend"),
    defenderDown: t.status === "down",
  })
  return o.attackerWins >= o.defenderWins ? best.c : undefined
}

/** The policies by name, for the CLI and the simulator (`random` takes a seed). */
export const NAMES = ["sensible", "random", "objective-runner", "noise-averse", "aggressive", "odds"] as const
export type Name = (typeof NAMES)[number]

/** A policy by name; `seed` seeds `random`. */
export const byName = (name: Name, seed: number | string, env: Env): Policy =>
  name === "random"
    ? random(seed)
    : name === "objective-runner"
      ? objectiveRunner()
      : name === "noise-averse"
        ? noiseAverse()
        : name === "aggressive"
          ? aggressive()
          : name === "odds"
            ? oddsDriven(env)
            : sensible(env)
