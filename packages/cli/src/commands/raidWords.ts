/**
 * The word form of raid commands, for people typing at the table: `activate wharfside.1`,
 * `move wharfside.1 4 --contact t3`, `shoot wharfside.1 pistol c2`, `roll 4 6 1`,
 * `state sees:wharfside.1:c2=true`, `choose 1`, `undo`. `toWords` writes any command in this form
 * and `fromWords` reads it back to the same command, so `blight raid legal` can print what
 * `blight raid do` accepts. The grammar is the `GRAMMAR` text below (shown by `blight raid --help`).
 */
import type { BattleCommand, BattleState } from "@blight/rules"
import { UsageError } from "../Command.js"

type Command = BattleCommand.Command
type Fact = BattleState.Fact
type FactQuery = BattleState.FactQuery

export const GRAMMAR = `commands (the word form of \`blight raid do\`; MODEL: wharfside.1, c2; TOKEN: t3):
  activate MODEL                      start a model's activation
  move MODEL [INCHES] [--contact ID,ID…] [--climb INCHES] [--off-table] [--drag MODEL]
                      [--to X,Y] [--fact FACT]…   (INCHES left out: the whole allowance)
  sprint MODEL …                      as move, up to M+3"
  shoot MODEL WEAPON TARGET [--blight N]   (a blast at a point: TARGET X,Y on a board, catches:A,B on a declared table)
  fight MODEL TARGET [WEAPON] [--blight N]
  aim MODEL | hide MODEL | steady MODEL
  reload MODEL WEAPON
  search MODEL TOKEN [--blight N]
  use MODEL aid|hand|clearJam|door|forceDoor|objective [TARGET] [--weapon W] [--item ITEM] [--blight N]
  gift MODEL GIFT [TARGET]      act MODEL "ACTION NAME" [TARGET]   (an action a skill, kit or the Leader grants)
  end MODEL                           end the activation
  withdraw SIDE                       the side leaves the raid (a Rout)
  roll FACE FACE …                    the dice rolled at the table for the waiting prompt
  state FACT [FACT …]                 facts about the table
  choose OPTION                       answer the waiting choice
  adjust MODEL --reason TEXT [--health N] [--blight N] [--noise N] [--shaken true|false]
                      [--hidden true|false] [--activated true|false] [--reloads N] [--arrows N]
                      [--bolts N] [--weapon W[:loaded=N][:jammed=true|false]]…
                      [--carrying TOKEN,…|none] [--position X,Y]   (a table's correction, R-BATTLE-76)
  undo                                back to the last dice roll, never past it
facts: sees:A:B=true|false  contact:A:B=true|false  cover:A:B=none|partial|most
       within:A:B:INCHES=true|false  reach:A:B:INCHES=true|false  in:A:spore|open|cover=true|false
       nearest:A:B,C,…=B   (A, B: a model, a token, edge:SIDE, blight-edge or centre)`

// ---- writing ----

/** A subject list part of a fact (subjects never contain ":" except the `edge:` feature prefix). */
export const factWords = (f: Fact): string => {
  const q = f.query
  const head =
    q.q === "within" || q.q === "reach"
      ? `${q.q}:${q.a}:${q.b}:${q.inches}`
      : q.q === "in"
        ? `in:${q.a}:${q.terrain}`
        : q.q === "nearest"
          ? `nearest:${q.a}:${q.among.join(",")}`
          : `${q.q}:${q.a}:${q.b}`
  return `${head}=${String(f.value)}`
}

/** Quotes a word for a POSIX shell when it needs it. */
export const shellWord = (w: string): string =>
  /^[A-Za-z0-9_.,:=@%+/-]+$/.test(w) ? w : `'${w.replace(/'/g, `'\\''`)}'`

/** A command in the word form, as words. */
export const toWords = (c: Command): string[] => {
  const blight = (n: number | undefined) => (n === undefined ? [] : ["--blight", String(n)])
  switch (c.type) {
    case "activate":
    case "aim":
    case "hide":
    case "steady":
      return [c.type, c.model]
    case "endActivation":
      return ["end", c.model]
    case "move":
    case "sprint":
      return [
        c.type,
        c.model,
        ...(c.distance === undefined ? [] : [String(c.distance)]),
        ...(c.contact?.length ? ["--contact", c.contact.join(",")] : []),
        ...(c.climb === undefined ? [] : ["--climb", String(c.climb)]),
        ...(c.offTable === undefined ? [] : c.offTable ? ["--off-table"] : ["--off-table=false"]),
        ...(c.drag === undefined ? [] : ["--drag", c.drag]),
        ...(c.to === undefined ? [] : ["--to", `${c.to.x},${c.to.y}`]),
        ...(c.facts ?? []).flatMap((f) => ["--fact", factWords(f)]),
      ]
    case "shoot":
      return ["shoot", c.model, c.weapon, targetWord(c.at ?? c.target ?? ""), ...blight(c.blightDice)]
    case "fight":
      return [
        "fight",
        c.model,
        c.target,
        ...(c.weapon === undefined ? [] : [c.weapon]),
        ...blight(c.blightDice),
      ]
    case "reload":
      return ["reload", c.model, c.weapon]
    case "search":
      return ["search", c.model, c.token, ...blight(c.blightDice)]
    case "use":
      return [
        "use",
        c.model,
        c.use,
        ...(c.target === undefined ? [] : [c.target]),
        ...(c.weapon === undefined ? [] : ["--weapon", c.weapon]),
        ...(c.item === undefined ? [] : ["--item", c.item]),
        ...blight(c.blightDice),
      ]
    case "gift":
      return ["gift", c.model, c.gift, ...(c.target === undefined ? [] : [c.target])]
    case "act":
      return ["act", c.model, c.action, ...(c.target === undefined ? [] : [c.target])]
    case "withdraw":
      return ["withdraw", c.side]
    case "roll":
      return ["roll", ...c.faces.map(String)]
    case "state":
      return ["state", ...c.facts.map(factWords)]
    case "choose":
      return ["choose", c.option]
    case "adjust": {
      const { type: _t, model, reason, weapons, carrying, position, ...changes } = c
      return [
        "adjust",
        model,
        "--reason",
        reason,
        ...Object.entries(changes).flatMap(([k, v]) => (v === undefined ? [] : [`--${k}`, String(v)])),
        ...(weapons ?? []).flatMap((w) => [
          "--weapon",
          [
            w.weapon,
            ...(w.loaded === undefined ? [] : [`loaded=${w.loaded}`]),
            ...(w.jammed === undefined ? [] : [`jammed=${w.jammed}`]),
          ].join(":"),
        ]),
        ...(carrying === undefined
          ? []
          : ["--carrying", carrying.length === 0 ? "none" : carrying.join(",")]),
        ...(position === undefined ? [] : ["--position", `${position.x},${position.y}`]),
      ]
    }
    case "undo":
      return ["undo"]
  }
}

/** A command as one line a shell accepts. */
export const toLine = (c: Command): string => toWords(c).map(shellWord).join(" ")

// ---- reading ----

const number = (w: string | undefined, what: string): number => {
  if (w === undefined || !/^-?\d+(\.\d+)?$/.test(w))
    throw new UsageError(`${what}: expected a number, got ${JSON.stringify(w ?? "")}`)
  return Number(w)
}
const integer = (w: string | undefined, what: string): number => {
  if (w === undefined || !/^-?\d+$/.test(w))
    throw new UsageError(`${what}: expected a whole number, got ${JSON.stringify(w ?? "")}`)
  return Number(w)
}
const bool = (w: string | undefined, what: string): boolean => {
  if (w === "true") return true
  if (w === "false") return false
  throw new UsageError(`${what}: expected true or false, got ${JSON.stringify(w ?? "")}`)
}

/** `X,Y`: a point on a board, in inches. */
const point = (w: string, what: string): { x: number; y: number } => {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(w)
  if (!m) throw new UsageError(`${what}: expected X,Y in inches (e.g. 12,30.5), got ${JSON.stringify(w)}`)
  return { x: Number(m[1]), y: Number(m[2]) }
}

/** A Shoot's target in words: a model or token id, `X,Y` (a point on a board), or `catches:A,B` (R-BATTLE-77). */
const targetWord = (t: string | { x: number; y: number } | { catches: readonly string[] }): string =>
  typeof t === "string" ? t : "catches" in t ? `catches:${t.catches.join(",")}` : `${t.x},${t.y}`
const shotTarget = (w: string): unknown =>
  w.startsWith("catches:")
    ? { catches: w.slice(8) === "" ? [] : w.slice(8).split(",") }
    : /^-?\d/.test(w)
      ? point(w, "shoot: a point")
      : w

/** `W[:loaded=N][:jammed=true|false]`: a weapon's corrected state. */
const weaponState = (w: string): Record<string, unknown> => {
  const [weapon, ...parts] = w.split(":")
  const out: Record<string, unknown> = { weapon }
  for (const part of parts) {
    const [k, v] = part.split("=")
    if (k === "loaded") out.loaded = integer(v, `adjust: --weapon ${weapon}: loaded`)
    else if (k === "jammed") out.jammed = bool(v, `adjust: --weapon ${weapon}: jammed`)
    else
      throw new UsageError(
        `adjust: --weapon ${weapon}: expected loaded=N or jammed=true|false, got ${JSON.stringify(part)}`,
      )
  }
  return out
}

/** Reads subjects from a fact's colon-separated parts, joining the `edge:SIDE` feature back up. */
const subjects = (parts: string[]): string[] => {
  const out: string[] = []
  for (let i = 0; i < parts.length; i++) {
    if (parts[i] === "edge" && i + 1 < parts.length) out.push(`edge:${parts[++i]}`)
    else out.push(parts[i]!)
  }
  return out
}

/** Reads a fact: `sees:A:B=true`, `within:A:B:12=false`, `cover:A:B=partial`, `nearest:A:B,C=B`. */
export const parseFact = (word: string): Fact => {
  const eq = word.lastIndexOf("=")
  const fail = (why: string): never => {
    throw new UsageError(`fact ${JSON.stringify(word.slice(0, 80))}: ${why} (e.g. sees:wharfside.1:c2=true)`)
  }
  if (eq < 0) fail("a fact is QUESTION:SUBJECTS=VALUE")
  const [q, ...rest] = word.slice(0, eq).split(":")
  const value = word.slice(eq + 1)
  const yesNo = () => bool(value, `fact ${q}`)
  let query: FactQuery
  switch (q) {
    case "sees":
    case "contact":
    case "cover": {
      const s = subjects(rest)
      if (s.length !== 2 || s.some((x) => x === "")) fail(`${q} takes two subjects`)
      query = { q, a: s[0]!, b: s[1]! }
      if (q === "cover") {
        if (!["none", "partial", "most"].includes(value)) fail("cover is none, partial or most")
        return { query, value }
      }
      return { query, value: yesNo() }
    }
    case "within":
    case "reach": {
      const inches = rest.pop()
      const s = subjects(rest)
      if (s.length !== 2) fail(`${q} takes two subjects and the inches`)
      return { query: { q, a: s[0]!, b: s[1]!, inches: number(inches, `fact ${q}: inches`) }, value: yesNo() }
    }
    case "in": {
      const terrain = rest.pop()
      const s = subjects(rest)
      if (s.length !== 1 || (terrain !== "spore" && terrain !== "open" && terrain !== "cover"))
        fail("in takes a subject and spore, open or cover")
      return { query: { q: "in", a: s[0]!, terrain: terrain as "spore" | "open" | "cover" }, value: yesNo() }
    }
    case "nearest": {
      const s = subjects(rest)
      if (s.length !== 2) fail("nearest takes a subject and a comma-separated list")
      return { query: { q: "nearest", a: s[0]!, among: s[1]!.split(",") }, value }
    }
    default:
      return fail("the question is sees, within, cover, contact, in, reach or nearest")
  }
}

/** Splits words into positionals and `--name value` flags (`--name=value` too; some flags take none). */
const split = (
  words: readonly string[],
  valueless: ReadonlySet<string>,
  allowed: ReadonlySet<string>,
  verb: string,
): { pos: string[]; flags: Map<string, string[]> } => {
  const pos: string[] = []
  const flags = new Map<string, string[]>()
  for (let i = 0; i < words.length; i++) {
    const w = words[i]!
    if (!w.startsWith("--") || /^--?\d/.test(w)) {
      pos.push(w)
      continue
    }
    const [name, inline] = w.slice(2).split(/=(.*)/s) as [string, string | undefined]
    if (!allowed.has(name)) throw new UsageError(`${verb}: unknown option --${name}`)
    let value = inline
    if (value === undefined) {
      if (valueless.has(name)) value = "true"
      else {
        value = words[++i]
        if (value === undefined) throw new UsageError(`${verb}: --${name} needs a value`)
      }
    }
    flags.set(name, [...(flags.get(name) ?? []), value])
  }
  return { pos, flags }
}

/** A command's words as its reader sees them. */
interface Said {
  readonly verb: string
  readonly pos: readonly string[]
  readonly flags: ReadonlyMap<string, string[]>
  /** A flag given at most once. */
  readonly one: (name: string) => string | undefined
  /** Refuses a count of positional words outside min…max. */
  readonly need: (min: number, max: number) => void
  /** `--blight N`, read as the command's `blightDice`. */
  readonly blightDice: { blightDice?: number }
}

/** One verb of the word form: its arguments and flags, and how its words become a command. */
interface Verb {
  readonly args: string
  readonly flags?: string[]
  readonly valueless?: string[]
  readonly read: (w: Said) => unknown
}

/** `activate`, `aim`, `hide`, `steady`: a model alone. */
const modelOnly = ({ verb, pos, need }: Said) => {
  need(1, 1)
  return { type: verb, model: pos[0] }
}

const endActivation = ({ pos, need }: Said) => {
  need(1, 1)
  return { type: "endActivation", model: pos[0] }
}

/** `move` and `sprint`: the distance, and what the move does on the way. */
const moveOf = ({ verb, pos, flags, one, need }: Said) => {
  need(1, 2)
  const to = one("to")
  const xy = to?.split(",")
  if (to !== undefined && xy?.length !== 2) throw new UsageError(`${verb}: --to is X,Y in inches`)
  return {
    type: verb,
    model: pos[0],
    ...(pos[1] === undefined ? {} : { distance: number(pos[1], `${verb}: INCHES`) }),
    ...(one("contact") === undefined
      ? {}
      : {
          contact: one("contact")!
            .split(",")
            .filter((x) => x !== ""),
        }),
    ...(one("climb") === undefined ? {} : { climb: number(one("climb"), `${verb}: --climb`) }),
    ...(one("off-table") === undefined ? {} : { offTable: bool(one("off-table"), `${verb}: --off-table`) }),
    ...(one("drag") === undefined ? {} : { drag: one("drag") }),
    ...(xy === undefined ? {} : { to: { x: number(xy[0], "--to X"), y: number(xy[1], "--to Y") } }),
    ...(flags.has("fact") ? { facts: flags.get("fact")!.map(parseFact) } : {}),
  }
}

const shootOf = ({ pos, need, blightDice }: Said) => {
  need(3, 3)
  const target = shotTarget(pos[2] ?? "")
  // R-BATTLE-77: a point (X,Y or catches:A,B) is where a blast is thrown; a word names the target.
  return { type: "shoot", model: pos[0], weapon: pos[1], ...(typeof target === "string" ? { target } : { at: target }), ...blightDice }
}

const fightOf = ({ pos, need, blightDice }: Said) => {
  need(2, 3)
  return {
    type: "fight",
    model: pos[0],
    target: pos[1],
    ...(pos[2] === undefined ? {} : { weapon: pos[2] }),
    ...blightDice,
  }
}

const reloadOf = ({ pos, need }: Said) => {
  need(2, 2)
  return { type: "reload", model: pos[0], weapon: pos[1] }
}

const searchOf = ({ pos, need, blightDice }: Said) => {
  need(2, 2)
  return { type: "search", model: pos[0], token: pos[1], ...blightDice }
}

/** `use`: the kebab-case spellings of two uses are read as their command names. */
const useOf = ({ pos, one, need, blightDice }: Said) => {
  need(2, 3)
  return {
    type: "use",
    model: pos[0],
    use: pos[1] === "clear-jam" ? "clearJam" : pos[1] === "force-door" ? "forceDoor" : pos[1],
    ...(pos[2] === undefined ? {} : { target: pos[2] }),
    ...(one("weapon") === undefined ? {} : { weapon: one("weapon") }),
    ...(one("item") === undefined ? {} : { item: one("item") }),
    ...blightDice,
  }
}

const giftOf = ({ pos, need }: Said) => {
  need(2, 3)
  return { type: "gift", model: pos[0], gift: pos[1], ...(pos[2] === undefined ? {} : { target: pos[2] }) }
}

/** `act MODEL "ACTION NAME" [TARGET]`: an action a skill, kit or the Leader rules grant, by its name. */
const actOf = ({ pos, need }: Said) => {
  need(2, 3)
  return { type: "act", model: pos[0], action: pos[1], ...(pos[2] === undefined ? {} : { target: pos[2] }) }
}

const withdrawOf = ({ pos, need }: Said) => {
  need(1, 1)
  return { type: "withdraw", side: pos[0] }
}

const rollOf = ({ pos }: Said) => {
  if (pos.length === 0) throw new UsageError("roll: which faces? e.g. roll 4 6 1")
  return { type: "roll", faces: pos.map((f) => integer(f, "roll: a face")) }
}

const stateOf = ({ pos }: Said) => {
  if (pos.length === 0) throw new UsageError("state: which facts? e.g. state sees:wharfside.1:c2=true")
  return { type: "state", facts: pos.map(parseFact) }
}

const chooseOf = ({ pos, need }: Said) => {
  need(1, 1)
  return { type: "choose", option: pos[0] }
}

/** `adjust`: a correction at the table, always with its reason (it is logged). */
const adjustOf = ({ pos, one, need, flags }: Said) => {
  need(1, 1)
  const reason = one("reason")
  if (reason === undefined) throw new UsageError("adjust: --reason is required (it is logged)")
  const out: Record<string, unknown> = { type: "adjust", reason, model: pos[0] }
  for (const k of ["health", "blight", "noise", "reloads", "arrows", "bolts"]) {
    const v = one(k)
    if (v !== undefined) out[k] = integer(v, `adjust: --${k}`)
  }
  for (const k of ["shaken", "hidden", "activated"]) {
    const v = one(k)
    if (v !== undefined) out[k] = bool(v, `adjust: --${k}`)
  }
  const weapons = flags.get("weapon")
  if (weapons !== undefined) out.weapons = weapons.map(weaponState)
  const carrying = one("carrying")
  if (carrying !== undefined) out.carrying = carrying === "none" ? [] : carrying.split(",")
  const position = one("position")
  if (position !== undefined) out.position = point(position, "adjust: --position")
  return out
}

const undoOf = ({ need }: Said) => {
  need(0, 0)
  return { type: "undo" }
}

const MOVE_FLAGS = ["contact", "climb", "off-table", "drag", "to", "fact"]

const VERBS: Record<string, Verb> = {
  activate: { args: "MODEL", read: modelOnly },
  move: { args: "MODEL [INCHES]", flags: MOVE_FLAGS, valueless: ["off-table"], read: moveOf },
  sprint: { args: "MODEL [INCHES]", flags: MOVE_FLAGS, valueless: ["off-table"], read: moveOf },
  shoot: { args: "MODEL WEAPON TARGET", flags: ["blight"], read: shootOf },
  fight: { args: "MODEL TARGET [WEAPON]", flags: ["blight"], read: fightOf },
  aim: { args: "MODEL", read: modelOnly },
  hide: { args: "MODEL", read: modelOnly },
  steady: { args: "MODEL", read: modelOnly },
  reload: { args: "MODEL WEAPON", read: reloadOf },
  search: { args: "MODEL TOKEN", flags: ["blight"], read: searchOf },
  use: { args: "MODEL KIND [TARGET]", flags: ["weapon", "item", "blight"], read: useOf },
  gift: { args: "MODEL GIFT [TARGET]", read: giftOf },
  act: { args: 'MODEL "ACTION NAME" [TARGET]', read: actOf },
  end: { args: "MODEL", read: endActivation },
  endActivation: { args: "MODEL", read: endActivation },
  withdraw: { args: "SIDE", read: withdrawOf },
  roll: { args: "FACE…", read: rollOf },
  state: { args: "FACT…", read: stateOf },
  choose: { args: "OPTION", read: chooseOf },
  adjust: {
    args: "MODEL",
    flags: [
      ...["reason", "health", "blight", "noise", "shaken", "hidden", "activated"],
      ...["reloads", "arrows", "bolts", "weapon", "carrying", "position"],
    ],
    read: adjustOf,
  },
  undo: { args: "", read: undoOf },
}

/** Reads the word form into a command object (checked against the command schema afterwards). */
export const fromWords = (words: readonly string[]): unknown => {
  const [verb, ...rest] = words
  if (verb === undefined)
    throw new UsageError("which command? e.g. `activate wharfside.1` (see blight raid --help)")
  const spec = Object.hasOwn(VERBS, verb) ? VERBS[verb] : undefined
  if (!spec)
    throw new UsageError(`unknown command ${JSON.stringify(verb)} (one of: ${Object.keys(VERBS).join(", ")})`)
  const { pos, flags } = split(rest, new Set(spec.valueless ?? []), new Set(spec.flags ?? []), verb)
  const one = (name: string): string | undefined => {
    const v = flags.get(name)
    if (v && v.length > 1) throw new UsageError(`${verb}: --${name} is given once`)
    return v?.[0]
  }
  const need = (min: number, max: number) => {
    if (pos.length < min || pos.length > max)
      throw new UsageError(
        `${verb}: expected ${verb} ${spec.args}, got ${pos.length} argument${pos.length === 1 ? "" : "s"}`,
      )
  }
  const blightDice =
    one("blight") === undefined ? {} : { blightDice: integer(one("blight"), `${verb}: --blight`) }
  return spec.read({ verb, pos, flags, one, need, blightDice })
}
