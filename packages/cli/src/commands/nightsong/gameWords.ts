/**
 * The word form of every Nightsong game command, both ways: `fromWords` reads what a person
 * types (`attack ann g1 with=sword advantage`), `toLine` writes a command so that `fromWords`
 * reads it back (what `legal` prints). A value with spaces is quoted.
 */
import { UsageError } from "../../Command.js"

type Json = Record<string, unknown>

/** How each command type reads: its positional fields, its `key=value` fields and its flags. */
interface Form {
  /** Positional fields in order; the last may take every remaining word (`rest`). */
  readonly pos: ReadonlyArray<string>
  readonly rest?: { readonly field: string; readonly as: "list" | "text" | "ints" }
  /** key=value → field (and whether the value is a whole number). */
  readonly keys?: Readonly<Record<string, readonly [string, "text" | "int"]>>
  /** A bare word → a field set to a value. */
  readonly flags?: Readonly<Record<string, readonly [string, unknown]>>
}

const ADVANTAGE = {
  advantage: ["advantage", "advantage"],
  disadvantage: ["advantage", "disadvantage"],
  plain: ["advantage", "none"],
} as const

const FORMS: Readonly<Record<string, Form>> = {
  roll: { pos: [], rest: { field: "faces", as: "ints" } },
  choose: { pos: [], rest: { field: "option", as: "text" } },
  undo: { pos: [] },
  session: { pos: ["action"] },
  join: {
    pos: ["id", "name"],
    keys: { owner: ["owner", "text"], slots: ["slots", "int"], sheet: ["sheet", "text"] },
  },
  create: { pos: ["id"], keys: { owner: ["owner", "text"] } },
  convert: { pos: ["id", "system"], keys: { block: ["block", "text"] } },
  drop: { pos: ["character", "item"] },
  find: { pos: ["character"], keys: { slots: ["slots", "int"] } },
  takeOver: { pos: ["npc"], keys: { owner: ["owner", "text"] } },
  action: {
    pos: ["character"],
    rest: { field: "what", as: "text" },
    flags: {
      assured: ["judgement", "assured"],
      uncertain: ["judgement", "uncertain"],
      impossible: ["judgement", "impossible"],
    },
  },
  npc: {
    pos: ["id", "name"],
    keys: { hp: ["hp", "int"], armor: ["armor", "text"], resolve: ["resolve", "int"] },
    flags: { force: ["force", true] },
  },
  condition: {
    pos: ["character", "name"],
    flags: { minor: ["severity", "minor"], major: ["severity", "major"] },
  },
  check: {
    pos: ["character", "ability"],
    keys: { dr: ["dr", "int"], help: ["helper", "text"] },
    flags: { ...ADVANTAGE, nuanced: ["nuanced", true] },
  },
  save: {
    pos: ["character", "ability"],
    keys: { severity: ["severity", "int"], threshold: ["threshold", "int"] },
    flags: ADVANTAGE,
  },
  focus: { pos: ["character"], flags: { check: ["on", "check"], damage: ["on", "damage"] } },
  opposed: {
    pos: ["character", "ability", "against"],
    keys: { their: ["againstAbility", "text"], score: ["againstScore", "int"] },
  },
  fate: { pos: [], rest: { field: "question", as: "text" }, keys: { threshold: ["threshold", "int"] } },
  fight: { pos: [], rest: { field: "enemies", as: "list" }, keys: { surprise: ["surprise", "text"] } },
  attack: {
    pos: ["attacker", "target"],
    keys: { with: ["weapon", "text"], harm: ["feat", "text"] },
    flags: {
      ...ADVANTAGE,
      ranged: ["ranged", true],
      cover: ["cover", true],
      block: ["block", true],
      take: ["block", false],
    },
  },
  blast: {
    pos: ["attacker"],
    rest: { field: "targets", as: "list" },
    keys: { with: ["weapon", "text"], harm: ["feat", "text"] },
    flags: { ...ADVANTAGE, unclear: ["unclear", true] },
  },
  endTurn: { pos: [] },
  endFight: { pos: [], rest: { field: "why", as: "text" } },
  disengage: { pos: ["who"] },
  help: { pos: ["helper", "dying"] },
  rest: {
    pos: ["kind"],
    rest: { field: "characters", as: "list" },
    flags: { shelter: ["shelter", true], fed: ["fed", true] },
  },
  remedy: { pos: ["character", "remedy"], keys: { treat: ["treat", "text"] } },
  cast: { pos: ["character", "shard"] },
  advance: { pos: ["character"] },
  track: { pos: ["name", "die"] },
  tick: { pos: ["name"] },
  watch: {
    pos: [],
    keys: {
      terrain: ["terrain", "text"],
      by: ["by", "text"],
      weather: ["weather", "int"],
      navigation: ["navigation", "int"],
      way: ["way", "int"],
    },
    flags: { path: ["path", true], wait: ["badWeather", "wait"], press: ["badWeather", "pressOn"] },
  },
  forage: { pos: ["character"], keys: { ration: ["ration", "text"], threshold: ["threshold", "int"] } },
  delve: { pos: ["action"] },
  light: { pos: ["character", "kind", "from"] },
  turn: { pos: [], keys: { way: ["way", "int"] } },
  loom: { pos: [], rest: { field: "name", as: "text" }, keys: { die: ["die", "text"] } },
  distance: { pos: [], keys: { threshold: ["threshold", "int"] } },
  reaction: { pos: ["npc"], keys: { threshold: ["threshold", "int"] } },
  needs: { pos: ["npc"], rest: { field: "unmet", as: "list" } },
  structure: { pos: ["name", "kind", "size"] },
  strike: { pos: ["target", "means"] },
  ordnance: { pos: ["size"], rest: { field: "targets", as: "list" } },
  collide: { pos: ["a", "b"], keys: { larger: ["larger", "text"] } },
  repair: { pos: ["name"], keys: { hp: ["hp", "int"] } },
  land: { pos: [], keys: { seed: ["seed", "int"], load: ["load", "text"] } },
  worldTurn: { pos: [] },
  creature: { pos: ["id", "creature"], keys: { name: ["name", "text"] } },
  shard: { pos: ["character"], keys: { table: ["table", "text"] } },
}

/** The two-word commands: `end turn`, `end fight WHY…`, `world turn`. */
const SPOKEN: Readonly<Record<string, string>> = {
  "end turn": "endTurn",
  "end fight": "endFight",
  "world turn": "worldTurn",
}
const SPOKEN_AS: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  Object.entries(SPOKEN).map(([words, type]) => [type, words.split(" ")]),
)

const ABILITY_KEYS = { str: "strength", dex: "dexterity", pre: "presence", con: "constitution" } as const
const GEAR_KEYS = ["weapon", "armor", "shield", "shard", "remedy", "supply"] as const
/** create's choices (its `options`): key → option field. */
const CREATE_KEYS = {
  method: "method",
  background: "background",
  table: "backgroundTable",
  name: "name",
  pronouns: "pronouns",
} as const

const int = (v: string, what: string): number => {
  if (!/^-?\d+$/.test(v)) throw new UsageError(`${what}: a whole number, got ${JSON.stringify(v)}`)
  return Number(v)
}

/** The object or list at `out[key]`, made when missing. */
const slot = <T>(out: Json, key: string, init: T): T => {
  if (out[key] === undefined) out[key] = init
  return out[key] as T
}

/** join's Abilities (str= dex= pre= con=) and gear (weapon=NAME:DIE …); npc's attack=d8+d8; rest's refill=ID:A,B. */
const special = (type: string, key: string, value: string, out: Json): boolean => {
  if (type === "join" && Object.hasOwn(ABILITY_KEYS, key)) {
    const abilities = slot<Json>(out, "abilities", {})
    abilities[ABILITY_KEYS[key as keyof typeof ABILITY_KEYS]] = int(value, key)
    return true
  }
  if (type === "join" && (GEAR_KEYS as readonly string[]).includes(key)) {
    const at = value.lastIndexOf(":")
    if (at < 1) throw new UsageError(`${key}: NAME:DIE, as in ${key}=sword:d8`)
    const gear = slot<Json[]>(out, "gear", [])
    gear.push({ name: value.slice(0, at), kind: key, die: value.slice(at + 1) })
    return true
  }
  if (type === "create" && Object.hasOwn(CREATE_KEYS, key)) {
    slot<Json>(out, "options", {})[CREATE_KEYS[key as keyof typeof CREATE_KEYS]] = value
    return true
  }
  if (type === "find" && (GEAR_KEYS as readonly string[]).includes(key)) {
    const at = value.lastIndexOf(":")
    if (at < 1) throw new UsageError(`${key}: NAME:DIE, as in ${key}=Light:d6`)
    out.item = { name: value.slice(0, at), kind: key, die: value.slice(at + 1) }
    return true
  }
  if ((type === "npc" && key === "attack") || (type === "strike" && key === "dice")) {
    out[key] = value
      .toLowerCase()
      .split("+")
      .map((d) => d.trim())
    return true
  }
  if (type === "rest" && key === "refill") {
    const refill = slot<Json>(out, "refill", {})
    const at = value.indexOf(":")
    if (at < 1) throw new UsageError("refill: ID:SHARD,SHARD, as in refill=cy:Light")
    refill[value.slice(0, at)] = value
      .slice(at + 1)
      .split(",")
      .filter((x) => x.length > 0)
    return true
  }
  return false
}

const restValue = (form: Form, words: readonly string[]): unknown => {
  const r = form.rest!
  if (r.as === "ints") return words.map((w, i) => int(w, `${r.field}.${i}`))
  if (r.as === "list") return [...words]
  return words.join(" ")
}

/** Reads the words of a command (the type first) into a command's JSON. */
export const fromWords = (words: readonly string[]): Json => {
  if (words.length === 0)
    throw new UsageError("which command? (`blight nightsong game legal FILE` lists them)")
  const two = `${words[0]} ${words[1] ?? ""}`
  const type = SPOKEN[two] ?? (words[0] as string)
  const form = Object.hasOwn(FORMS, type) ? FORMS[type] : undefined
  if (form === undefined)
    throw new UsageError(
      `unknown command ${JSON.stringify(words[0])} (one of: ${Object.keys(FORMS).join(", ")})`,
    )
  const out: Json = { type }
  const free: string[] = []
  for (const w of words.slice(SPOKEN[two] ? 2 : 1)) {
    const eq = w.indexOf("=")
    const key = eq > 0 ? w.slice(0, eq) : undefined
    if (key !== undefined && form.keys && Object.hasOwn(form.keys, key)) {
      const [field, kind] = form.keys[key]!
      out[field] = kind === "int" ? int(w.slice(eq + 1), key) : w.slice(eq + 1)
    } else if (key !== undefined && special(type, key, w.slice(eq + 1), out)) continue
    else if (form.flags && Object.hasOwn(form.flags, w) && free.length >= form.pos.length) {
      const [field, value] = form.flags[w]!
      out[field] = value
    } else free.push(w)
  }
  const fixed = free.slice(0, form.pos.length)
  if (fixed.length < form.pos.length)
    throw new UsageError(`${type}: give ${form.pos.join(" ")} (got ${fixed.length} of ${form.pos.length})`)
  form.pos.forEach((f, i) => {
    out[f] = fixed[i]
  })
  const more = free.slice(form.pos.length)
  if (form.rest) {
    if (more.length > 0 || form.rest.as !== "text") out[form.rest.field] = restValue(form, more)
    // An empty list is a list left out (rest with everyone, needs all met).
    if (form.rest.as === "list" && more.length === 0) delete out[form.rest.field]
  } else if (more.length > 0) throw new UsageError(`${type}: unexpected ${JSON.stringify(more[0])}`)
  return out
}

const quote = (v: string): string => (/^[^\s"'=]+$/.test(v) ? v : JSON.stringify(v))

const flagWord = (form: Form, field: string, value: unknown): string | undefined =>
  Object.entries(form.flags ?? {}).find(([, [f, v]]) => f === field && v === value)?.[0]

const keyWord = (form: Form, field: string): string | undefined =>
  Object.entries(form.keys ?? {}).find(([, [f]]) => f === field)?.[0]

const specialWords = (type: string, c: Json): string[] => {
  const out: string[] = []
  if (type === "join") {
    const a = (c.abilities ?? {}) as Json
    for (const [k, f] of Object.entries(ABILITY_KEYS)) if (a[f] !== undefined) out.push(`${k}=${a[f]}`)
    for (const g of (c.gear ?? []) as Json[]) out.push(quote(`${g.kind}=${g.name}:${g.die}`))
  }
  if (type === "create")
    for (const [k, f] of Object.entries(CREATE_KEYS)) {
      const v = ((c.options ?? {}) as Json)[f]
      if (v !== undefined) out.push(quote(`${k}=${v}`))
    }
  if (type === "find" && c.item) {
    const g = c.item as Json
    out.push(quote(`${g.kind}=${g.name}:${g.die}`))
  }
  if (type === "npc" && Array.isArray(c.attack)) out.push(`attack=${c.attack.join("+")}`)
  if (type === "strike" && Array.isArray(c.dice)) out.push(`dice=${c.dice.join("+")}`)
  if (type === "rest" && c.refill)
    for (const [id, names] of Object.entries(c.refill as Json))
      out.push(quote(`refill=${id}:${(names as string[]).join(",")}`))
  return out
}

const HANDLED = new Set(["type", "abilities", "gear", "attack", "refill", "sheet", "dice", "options", "item"])

/** A command's JSON as the words `fromWords` reads back. */
export const toLine = (c: Json): string => {
  const type = String(c.type)
  const form = FORMS[type]
  // A sheet is given in words as a file: a command holding one has only its JSON form.
  // So has a creation with choices the words do not name (a chosen array, picked details).
  const unworded = Object.keys((c.options ?? {}) as Json).some(
    (k) => !(Object.values(CREATE_KEYS) as string[]).includes(k),
  )
  if (
    form === undefined ||
    typeof c.sheet === "object" ||
    typeof c.world === "object" ||
    typeof c.block === "object" ||
    unworded
  )
    return JSON.stringify(c)
  const head = SPOKEN_AS[type] ?? [type]
  const words = [...head, ...form.pos.map((f) => quote(String(c[f])))]
  for (const [field, value] of Object.entries(c)) {
    if (value === undefined || form.pos.includes(field) || field === form.rest?.field || HANDLED.has(field))
      continue
    const flag = flagWord(form, field, value)
    const key = keyWord(form, field)
    if (flag !== undefined) words.push(flag)
    else if (key !== undefined) words.push(quote(`${key}=${value}`))
  }
  words.push(...specialWords(type, c))
  if (form.rest && c[form.rest.field] !== undefined) {
    const v = c[form.rest.field]
    if (Array.isArray(v)) words.push(...v.map((x) => quote(String(x))))
    else if (String(v).length > 0) words.push(quote(String(v)))
  }
  return words.join(" ")
}

/** The grammar, for `--help`. */
export const GRAMMAR = `commands in words (the JSON form is the same fields, given with --command '<json>'):
  session start|end                                 (the Referee: Focus set, Focus lost)
  join ID NAME sheet=FILE [owner=SEAT]              (a sheet as blight nightsong character --json prints it)
  create ID [owner=SEAT] [method=array|roll] [background=NAME] [table=ABILITY] [name=NAME] [pronouns=…]
                                                    (a character made at the table with the game's dice, N-CREATE-01)
  join ID NAME str=N dex=N pre=N con=N [owner=SEAT] [slots=N] [weapon=NAME:DIE] [armor=…] [shield=…] [shard=…] [remedy=…] [supply=…]
  npc ID NAME hp=N attack=d8[+d8] [armor=d4] [resolve=N] [force]
  convert ID mork-borg|cairn|knave|ose|dcc block=FILE   (another game's stat block, converted, N-CONVERSION-01)
  condition ID NAME [minor|major] | drop ID ITEM | takeOver NPC [owner=SEAT]   (after a death, N-DEATH-01)
  find ID shard|weapon|armor|shield|remedy|supply=NAME:DIE [slots=0|1|2]   (the Referee: something found)
  action ID WHAT… [assured|uncertain|impossible]     (the Referee judges an action, N-ACTION-01)
  check ID ABILITY [dr=N] [advantage|disadvantage|plain] [help=ID] [nuanced]
  save ID ABILITY [severity=N] [advantage|disadvantage|plain] [threshold=N]   (an NPC: the Die of Fate, N-SAVE-02)
  focus ID [check|damage]                           (spend Focus on ID's last Check or Damage roll)
  opposed ID ABILITY OTHER [their=ABILITY | score=N]
  fate QUESTION… [threshold=N]
  fight NPC… [surprise=none|players|enemies|both]
  attack ATTACKER TARGET [with=WEAPON|feat] [harm=limited|serious|devastating] [ranged] [cover]
         [advantage|disadvantage|plain] [block|take]
  blast ATTACKER TARGET… [with=WEAPON|feat] [harm=…] [advantage|disadvantage|plain] [unclear]
  end turn | end fight WHY… | disengage ID | help HELPER DYING
  rest short|long|full [ID…] [refill=ID:SHARD,SHARD] [shelter] [fed]
  remedy ID REMEDY [treat=CONDITION] | cast ID SHARD | advance ID
  track NAME DIE | tick NAME
  watch [path] [terrain=clear|difficult] [by=foot|horse|ship] [weather=N] [navigation=N] [way=N] [wait|press]
                                                    (a Watch of travel; thresholds left out are asked)
  forage ID [ration=NAME] [threshold=N]
  delve start|end | light ID torch|lantern SUPPLY | turn [way=N]   (a Turn in the depths)
  loom NAME… [die=d6] | distance [threshold=N] | reaction NPC [threshold=N]
  needs NPC [fed|rested|paid…]                      (the needs left unmet today; none: all met)
  structure NAME light|fortification|vehicle small|medium|large
  strike TARGET weapon|fire|magic|ordnance|hugeCreature dice=d8[+d8] | ordnance SIZE TARGET…
  collide A B [larger=A|B] | repair NAME hp=N
  land seed=N | land load=FILE | world turn         (the Land: generated or saved; its turn between sessions)
  creature ID CREATURE [name=NAME] | shard ID [table=SPELL-TABLE]
                                                    (with packs: a pack's creature; a Shard rolled on a Spell table)
  roll FACE… | choose OPTION | undo                  (answers to the waiting prompt)
A call left out (a DR, Advantage, surprise, a threshold, a feat's harm, a block) is asked of the seat it belongs to.`
