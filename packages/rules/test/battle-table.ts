/**
 * A declared table for raid tests: two founded Refuges, dice typed in (dice not given show 3, 2,
 * 1, 3…: no success, no 6), facts stated by the test (unstated ones are "no"), choices "no" or the
 * first option.
 */
import { manual, seeded } from "@blight/dice"
import { Result } from "effect"
import * as Battle from "../src/battle/Battle.js"
import type { Command } from "../src/battle/Command.js"
import type { Event } from "../src/battle/Event.js"
import type { OptionsInput } from "../src/battle/Options.js"
import type { Fact, State } from "../src/battle/State.js"
import { coreRegistry } from "../src/content/core/index.js"
import { found } from "../src/refuge/Founding.js"
import type { Refuge } from "../src/refuge/Refuge.js"

export const content = coreRegistry()
export const env = Battle.envOf(content)

export const refuge = (
  name: string,
  survivors: ReadonlyArray<{ name: string; background: string; weapons?: string[] }>,
): Refuge =>
  Result.getOrThrow(
    found(
      {
        name,
        home: "church",
        survivors: survivors.map((s, i) => ({
          ...s,
          weapons: s.weapons ?? [],
          ...(i === 0 ? { leader: true } : {}),
        })),
        reloads: 2,
      },
      content,
      { source: manual([]) },
    ),
  )

export const crew = (n: string) => [
  { name: `${n} One`, background: "labourer", weapons: ["crowbar", "molotov"] },
  { name: `${n} Two`, background: "courier", weapons: ["pistol"] },
  { name: `${n} Three`, background: "soldier", weapons: ["flare-gun"] },
  { name: `${n} Four`, background: "office-worker" },
]

/** A driver: dice from a queue (then 3s), facts from a table (then "no"), choices "0"/"no". */
export class Table {
  battle: Battle.Battle
  readonly dice: number[] = []
  readonly facts = new Map<string, Fact["value"]>()
  readonly log: Event[] = []
  constructor(
    scenario: string,
    refuges?: ReadonlyArray<Refuge>,
    options?: OptionsInput,
    dice: number[] = [],
    facts: ReadonlyArray<Fact> = [],
  ) {
    this.battle = Result.getOrThrow(
      Battle.create(
        {
          refuges: refuges ?? [refuge("Ash", crew("Ash")), refuge("Birch", crew("Birch"))],
          scenario,
          dice: "manual",
          ...(options ? { options } : {}),
        },
        env,
      ),
    )
    this.dice.push(...dice)
    for (const f of facts) this.facts.set(JSON.stringify(f.query), f.value)
    this.settle()
  }
  get state(): State {
    return this.battle.state
  }
  /** Answers prompts until a player must act. */
  settle(): void {
    for (let guard = 0; guard < 500; guard++) {
      const p = this.state.pending?.prompt
      if (!p) return
      let c: Command
      if (p.kind === "dice")
        c = {
          type: "roll",
          faces: Array.from({ length: p.dice }, (_, i) => this.dice.shift() ?? 3 - (i % 3)),
        }
      else if (p.kind === "choice")
        c = { type: "choose", option: p.options.includes("no") ? "no" : p.options[0]! }
      else {
        const key = JSON.stringify(p.query)
        const v =
          this.facts.get(key) ??
          (p.query.q === "cover" ? "none" : p.query.q === "nearest" ? p.options[0]! : false)
        c = { type: "state", facts: [{ query: p.query, value: v }] }
      }
      this.apply(c)
    }
    throw new Error(`too many prompts: ${JSON.stringify(this.state.pending)}`)
  }
  apply(c: Command): void {
    const r = Battle.command(this.battle, c, env)
    if (Result.isFailure(r)) throw new Error(`${JSON.stringify(c)}: ${r.failure.reason}`)
    this.log.push(...r.success.events.slice(0))
    this.battle = r.success
  }
  /** A player's command, then the prompts it raises. */
  do(c: Command): Event[] {
    const before = this.battle.events.length
    this.apply(c)
    this.settle()
    return this.battle.events.slice(before) as Event[]
  }
  /** Activates the model of the side on turn named `id`, passing the turn round-robin until it is theirs. */
  activate(id: string): void {
    const open = this.state.activation
    if (open) this.do({ type: "endActivation", model: open.model })
    for (let guard = 0; guard < 40; guard++) {
      const legal = Battle.legal(this.state, env)
      if (legal.some((c) => c.type === "activate" && c.model === id)) {
        this.do({ type: "activate", model: id })
        return
      }
      // Someone else's turn: activate their first model and end it.
      const other = legal.find((c) => c.type === "activate")
      if (other?.type !== "activate") throw new Error(`can't reach ${id}'s turn`)
      this.do(other)
      this.do({ type: "endActivation", model: other.model })
    }
    throw new Error(`no turn for ${id}`)
  }
  objective(kind: string) {
    return this.state.objectives.find((o) => o.kind === kind)!
  }
  result() {
    return this.state.result
  }
}

const _contact = (a: string, b: string): Fact => ({ query: { q: "contact", a, b }, value: true })

/** A founded Congregation of four (the Verdant Mother, a Nurse, a Labourer, a Student), ids grove.1..4. */
export const congregation = (): Refuge =>
  Result.getOrThrow(
    found(
      {
        name: "Grove",
        kind: "congregation",
        home: "grove",
        survivors: [
          { name: "Mother Agnes", background: "vicar", leader: true, weapons: ["knife"] },
          { name: "Sister Ruth", background: "nurse", weapons: ["machete"] },
          { name: "Brother Tam", background: "labourer", weapons: ["crowbar"] },
          { name: "Brother Ed", background: "student", weapons: ["knife"] },
        ],
      },
      content,
      { source: seeded(5) },
    ),
  )

/** Everyone activates and ends at once until the round turns. */
export const passRound = (t: Table): void => {
  const round = t.state.round
  for (let guard = 0; guard < 40 && t.state.round === round && t.state.phase !== "over"; guard++) {
    const a = Battle.legal(t.state, env).find((c) => c.type === "activate")
    if (a?.type !== "activate") break
    t.do(a)
    if (t.state.activation) t.do({ type: "endActivation", model: a.model })
  }
}
