/**
 * A raid in words, for people: each game event as one line ("Jess shoots the Husk with a Bow:
 * 3 dice [6,4,1] — 2 successes"), the waiting prompt, and the table's state (`blight raid show`).
 * The bookkeeping events (who commanded, what the seeded dice answered) are left out; the dice show
 * in the lines of the rolls they made.
 */
import type { BattleEvent, BattleState, ContentView } from "@blight/rules"

type Event = BattleEvent.Event
type State = BattleState.State
type Model = BattleState.Model
type Pool = BattleEvent.RolledPool

/** Names of models, sides and tokens for a raid's lines. */
export interface Names {
  readonly model: (id: string) => string
  readonly side: (id: string) => string
  readonly weapon: (id: string) => string
  /** Does the weapon take ammunition (so its loaded shots are worth showing)? */
  readonly loads: (id: string) => boolean
}

export const namesOf = (state: State, content: ContentView, events: ReadonlyArray<Event> = []): Names => {
  const models = new Map<string, string>()
  for (const m of state.models) models.set(m.id, m.name)
  for (const e of events) if (e.type === "creature.arrives") models.set(e.model.id, e.model.name)
  const sides = new Map(state.sides.map((s) => [s.id, s.name]))
  for (const e of events) if (e.type === "side.added") sides.set(e.side.id, e.side.name)
  return {
    model: (id) => (models.has(id) ? `${models.get(id)} (${id})` : id),
    side: (id) => sides.get(id) ?? id,
    weapon: (id) => content.get("weapons", id)?.name ?? id,
    loads: (id) => (content.get("weapons", id)?.ammunition ?? "none") !== "none",
  }
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`

/** A rolled pool: `3 dice [6,4,1] + Blight [2] — 2 successes, 1 Crit`. */
export const poolWords = (p: Pool): string => {
  const blight = p.blight.length ? ` + Blight [${p.blight.join(",")}]` : ""
  const rerolled = p.rerolled?.length ? ` (re-rolled [${p.rerolled.join(",")}])` : ""
  const desperate = p.desperate ? " (desperate: only 6s count)" : ""
  return `${plural(p.dice.length + p.blight.length, "die", "dice")} [${p.dice.join(",")}]${blight}${rerolled}${desperate} — ${plural(p.successes, "success", "successes")}${p.crits ? `, ${plural(p.crits, "Crit")}` : ""}`
}

const ATTACK: Record<string, string> = { shoot: "shoots", fight: "fights", blast: "catches", gift: "strikes" }

/** A prompt as a question for the table. */
export const promptWords = (p: BattleState.Prompt, names: Names): string => {
  const who = p.by === "any" ? "" : ` (${names.side(p.by)})`
  if (p.kind === "dice")
    return `roll ${plural(p.dice, "die", "dice")} for ${p.purpose}${who}: blight raid do RAID roll …`
  if (p.kind === "choice") return `${p.question}${who}: choose ${p.options.join(" | ")}`
  return `${p.question}${who}: state ${p.options.map((o) => String(o)).join(" | ")}`
}

/** How one kind of event is said. */
type Say<K extends Event["type"]> = (e: Extract<Event, { type: K }>, n: Names) => string | undefined
type Sayings = { readonly [K in Event["type"]]: Say<K> }

/** The bookkeeping events: who commanded, what was asked and answered (the dice show in their rolls). */
const BOOKKEEPING = {
  commanded: () => undefined,
  prompted: () => undefined,
  answered: () => undefined,
} satisfies Partial<Sayings>

/** The raid's course: set-up, rounds, Initiative, activations, refusals and corrections. */
const TURNS = {
  "battle.setup": (e) =>
    `The raid is set up: ${e.state.sides.map((s) => s.name).join(" against ")}, scenario ${e.state.scenario}, ${e.state.rounds} rounds, dice ${e.state.dice.mode}`,
  refused: (e) => `Nothing happens: ${e.reason}${e.clause ? ` (${e.clause})` : ""}`,
  "round.start": (e) => `— Round ${e.round} —`,
  "initiative.rolled": (e, n) => `${n.side(e.side)} rolls Initiative: ${poolWords(e.pool)}; score ${e.score}`,
  "initiative.order": (e, n) =>
    `Initiative order: ${e.order.map(n.side).join(", ")}${e.rolloffs.length ? ` (roll-offs ${JSON.stringify(e.rolloffs)})` : ""}`,
  "activation.start": (e, n) => `${n.model(e.model)} activates (${plural(e.actions, "action")})`,
  action: (e, n) => `${n.model(e.model)}: ${e.action}`,
  "activation.end": (e, n) => `${n.model(e.model)} ends the activation`,
  "endphase.start": (e) => `End Phase of round ${e.round}`,
  "round.clear": (e) => `Round ${e.round}: Noise is cleared`,
  "round.end": (e) => `Round ${e.round} ends`,
  "battle.end": (e, n) => `The raid is over: ${resultWords(e.result, n)}`,
  adjusted: (e, n) =>
    `${n.model(e.model)} is adjusted (${e.reason}): ${Object.entries(e.changes)
      .map(([k, v]) => `${k} ${String(v)}`)
      .join(", ")}`,
  undone: (_e) => "The last command is undone",
} satisfies Partial<Sayings>

/** The table: movement, facts, Noise and the Din, arrivals and the Rout. */
const TABLE = {
  moved: (e, n) =>
    `${n.model(e.model)} ${e.sprint ? "sprints" : "moves"} ${e.distance}"${e.contact.length ? ` into contact with ${e.contact.map(n.model).join(", ")}` : ""}${e.offTable ? " off the table" : ""}${e.reason ? ` (${e.reason})` : ""}`,
  "facts.stated": (e, n) => `Table: ${e.facts.map((f) => factLine(f, n)).join("; ")}`,
  noise: (e, n) => `${n.model(e.model)} makes ${plural(e.amount, "Noise", "Noise")} (${e.source})`,
  "side.added": (e) => `${e.side.name} joins the raid (${e.side.kind})`,
  "creature.arrives": (e) => `${e.model.name} (${e.model.id}) arrives at ${e.at}`,
  emerged: (e, n) => `${n.model(e.model)} emerges`,
  "din.rolled": (e) =>
    `The Din: ${e.noise} Noise, ${plural(e.dice, "die", "dice")} [${e.faces.join(",")}], ${plural(e.sixes, "six", "sixes")} — ${e.result === "none" ? "nothing comes" : `a ${e.result === "lesser" ? "Lesser" : "Greater"} Encounter`}`,
  "encounter.rolled": (e) => `${e.table} [${e.faces.join(",")}]: ${e.name}`,
  spores: (e, n) => `Spores for ${n.model(e.model)}: rolled ${e.face}`,
  "rout.test": (e, n) =>
    `${n.side(e.side)} tests for Rout${e.model ? ` with ${n.model(e.model)}` : ""}${e.roll ? `: ${poolWords(e.roll)}` : ""} — ${e.passed ? "holds" : "fails"}`,
  routed: (e, n) => `${n.side(e.side)} Routs (${e.reason})`,
  fled: (e, n) => `${n.model(e.model)} leaves the table`,
  "token.placed": (e) => `A ${e.token.kind} token ${e.token.id} is placed`,
  "token.removed": (e) => `Token ${e.token} is removed`,
} satisfies Partial<Sayings>

/** Attacks and what they do to a model: rolls, hits, Health, Blight and a model's state. */
const COMBAT = {
  "attack.rolled": (e, n) =>
    `${n.model(e.attacker)} ${ATTACK[e.attack] ?? e.attack} ${n.model(e.target)} with ${n.weapon(e.weapon)}: ${poolWords(e.pool)}${e.modifiers.length ? ` [${e.modifiers.join("; ")}]` : ""}`,
  "defence.rolled": (e, n) =>
    `${n.model(e.model)} defends: ${poolWords(e.pool)}${e.modifiers.length ? ` [${e.modifiers.join("; ")}]` : ""}`,
  hits: (e, n) =>
    `${n.model(e.target)} takes ${plural(e.hits, "hit")}${e.crits ? ` (${plural(e.crits, "Crit")})` : ""} from ${n.model(e.by)}, ${e.damage} damage each`,
  "armour.rolled": (e, n) =>
    `${n.model(e.model)}'s Armour [${e.faces.join(",")}]: ${e.blocked} blocked, ${e.through} through${e.crits ? `, ${plural(e.crits, "Crit")}` : ""}`,
  "damage.taken": (e, n) => `${n.model(e.model)} loses ${e.amount} Health (now ${e.health})`,
  "blight.gained": (e, n) => `${n.model(e.model)} gains ${e.amount} Blight (now ${e.blight}; ${e.source})`,
  down: (e, n) => `${n.model(e.model)} goes Down${e.by ? `, taken down by ${n.model(e.by)}` : ""}`,
  finished: (e, n) => `${n.model(e.model)} is Finished by ${n.model(e.by)}`,
  slain: (e, n) => `${n.model(e.model)} is slain${e.by ? ` by ${n.model(e.by)}` : ""}`,
  turned: (e, n) => `${n.model(e.model)} Turns`,
  healed: (e, n) => `${n.model(e.model)} is healed to ${e.health} Health`,
  "test.rolled": (e, n) =>
    `${n.model(e.model)} tests ${e.pool} (${e.target} needed): ${poolWords(e.roll)} — ${e.passed ? "passed" : "failed"}`,
  shaken: (e, n) => `${n.model(e.model)} is Shaken (${e.reason})`,
  steadied: (e, n) => `${n.model(e.model)} steadies`,
  hidden: (e, n) => `${n.model(e.model)} hides`,
  revealed: (e, n) => `${n.model(e.model)} is revealed (${e.reason})`,
  "profile.set": (e, n) =>
    `${n.model(e.model)}'s profile is now M${e.profile.move} F${e.profile.fight} S${e.profile.shoot} W${e.profile.wits} N${e.profile.nerve} H${e.profile.health} A${e.profile.armour}`,
} satisfies Partial<Sayings>

/** Weapons, items and Loot. */
const GEAR = {
  "shot.used": (e, n) => `${n.model(e.model)}'s ${n.weapon(e.weapon)}: ${e.loaded} loaded`,
  reloaded: (e, n) =>
    `${n.model(e.model)} reloads the ${n.weapon(e.weapon)} from the ${e.store} (${e.loaded} loaded)`,
  jammed: (e, n) => `${n.model(e.model)}'s ${n.weapon(e.weapon)} jams`,
  unjammed: (e, n) => `${n.model(e.model)} clears the ${n.weapon(e.weapon)}`,
  thrown: (e, n) => `${n.model(e.model)} throws the ${n.weapon(e.weapon)}`,
  handed: (e, n) => `${n.model(e.model)} hands ${e.item} to ${n.model(e.to)}`,
  "loot.taken": (e, n) =>
    `${n.model(e.model)} takes the Loot ${e.token}${e.rich ? ` (${plural(e.rich, "rich find")})` : ""}`,
  "loot.dropped": (e, n) => `${n.model(e.model)} drops the Loot ${e.token}`,
  used: (e, n) => `${e.model ? n.model(e.model) : e.side ? n.side(e.side) : "Someone"} uses ${e.key}`,
} satisfies Partial<Sayings>

/**
 * Events with no line of their own yet (they fell through the old switch): kept silent so the
 * words stay as they were; each deserves its sentence.
 */
const UNSAID = {
  gained: () => undefined,
  joined: () => undefined,
  objective: () => undefined,
} satisfies Partial<Sayings>

/** Every event's saying: the TypeScript type makes sure none is left out. */
const SAYINGS: Sayings = { ...BOOKKEEPING, ...TURNS, ...TABLE, ...COMBAT, ...GEAR, ...UNSAID }

/** One game event as a line, or undefined for bookkeeping. */
export const eventWords = (e: Event, n: Names): string | undefined =>
  (SAYINGS[e.type] as Say<Event["type"]>)(e, n)

const factLine = (f: BattleState.Fact, n: Names): string => {
  const q = f.query
  const s = (x: string) => n.model(x)
  switch (q.q) {
    case "sees":
      return `${s(q.a)} ${f.value ? "sees" : "does not see"} ${s(q.b)}`
    case "contact":
      return `${s(q.a)} is ${f.value ? "" : "not "}in contact with ${s(q.b)}`
    case "cover":
      return `${s(q.b)} is in ${f.value === "none" ? "no" : String(f.value)} cover from ${s(q.a)}`
    case "within":
      return `${s(q.a)} is ${f.value ? "" : "not "}within ${q.inches}" of ${s(q.b)}`
    case "reach":
      return `${s(q.a)} ${f.value ? "reaches" : "does not reach"} ${s(q.b)} within ${q.inches}"`
    case "in":
      return `${s(q.a)} is ${f.value ? "" : "not "}in ${q.terrain}`
    case "nearest":
      return `nearest to ${s(q.a)} is ${s(String(f.value))}`
  }
}

const OUTCOME = { win: "wins", draw: "draws", loss: "loses" } as const

/** How a raid ended. */
export const resultWords = (r: BattleState.Result, n: Names): string =>
  `${r.sides.map((s) => `${n.side(s.side)} ${OUTCOME[s.outcome]}${s.routed ? " (routed)" : ""}`).join(", ")} — ${r.reason}`

/** Who is on turn: the prompt's side, the active model's side, or the side that may activate. */
export const onTurn = (state: State, legalSide: string | undefined): string | undefined => {
  if (state.phase === "over") return undefined
  const p = state.pending?.prompt
  if (p) return p.by === "any" ? undefined : p.by
  if (state.activation) return state.models.find((x) => x.id === state.activation!.model)?.side
  return legalSide ?? state.order[state.turn]
}

const ammo = (m: Model, n: Names): string => {
  const loaded = m.weapons
    .map(
      (w) =>
        `${w.weapon}${w.spent ? " (spent)" : n.loads(w.weapon) ? ` (${w.loaded} loaded${w.jammed ? ", Jammed" : ""})` : ""}`,
    )
    .join(", ")
  const spares = [
    m.reloads && `${m.reloads} Reloads`,
    m.arrows && `${m.arrows} Arrows`,
    m.bolts && `${m.bolts} Bolts`,
  ].filter(Boolean)
  return `${loaded || "unarmed"}${spares.length ? `; ${spares.join(", ")}` : ""}`
}

/** The state for people: round, phase, who is on turn, the prompt, every model. */
export const stateLines = (state: State, n: Names, turn: string | undefined): string[] => {
  const lines = [
    `${state.sides.map((s) => s.name).join(" vs ")} — scenario ${state.scenario}, dice ${state.dice.mode}`,
    `round ${state.round} of ${state.rounds}, phase ${state.phase}${turn ? `, on turn: ${n.side(turn)}` : ""}${state.activation ? `, activating: ${n.model(state.activation.model)} (${plural(state.activation.actionsLeft, "action")} left)` : ""}`,
  ]
  if (state.pending?.prompt) lines.push(`waiting: ${promptWords(state.pending.prompt, n)}`)
  if (state.result) lines.push(`over: ${resultWords(state.result, n)}`)
  for (const side of state.sides) {
    lines.push(
      "",
      `${side.name} (${side.id}, ${side.kind})${side.routed ? " — routed" : ""}${side.withdrew ? " — withdrew" : ""}`,
    )
    for (const m of state.models.filter((x) => x.side === side.id)) {
      const p = m.profile
      const status = [
        m.status,
        m.shaken && "Shaken",
        m.hidden && "Hidden",
        m.activated && "activated",
        m.carrying.length && `carrying ${m.carrying.map((c) => c.token).join(", ")}`,
      ].filter(Boolean)
      lines.push(
        `  ${m.id}  ${m.name}${m.leader ? " (Leader)" : ""}, ${m.ref}: M${p.move} F${p.fight} S${p.shoot} W${p.wits} N${p.nerve} H${p.health} A${p.armour}`,
        `      Health ${m.health}/${p.health}, Blight ${m.blight}, Noise ${m.noise}; ${status.join(", ")}; ${ammo(m, n)}`,
      )
    }
  }
  if (state.tokens.length)
    lines.push(
      "",
      `tokens: ${state.tokens.map((t) => `${t.id} ${t.kind}${t.contents ? ` (${t.contents})` : ""}`).join(", ")}`,
    )
  return lines
}
