/**
 * The table's facts as a keyed store: what has been stated (or computed) about sight, distance,
 * cover, contact and terrain, until a model it is about moves. Sight, contact and distance are
 * mutual (R-BATTLE-16): "Wren sees the Husk" also says the Husk sees Wren. Cover is not: it is
 * how hidden the target is from the viewer.
 *
 * The store is a plain record (it is part of the state), read and written for nearly every rule
 * a raid runs, so two things are kept beside it, neither of which changes what it holds: each key
 * is built once and reused (a string built anew is hashed again at every lookup), and a store
 * written through this module keeps an index of its keys by the ids they name, so a model that
 * moves forgets its facts without a scan of the whole store.
 *
 * @since 0.2.0
 */
import type { FactQuery, FactValue } from "./State.js"

type Store = Record<string, FactValue>

/**
 * A key of the store, made once: the key string, the ids it names (those {@link forgetFactsOf}
 * forgets it for), and its value in the mirrored store (see {@link mirror}), good while `epoch` is
 * that store's. There is one cell per key string.
 */
interface Cell {
  readonly key: string
  readonly names: ReadonlyArray<string>
  v: FactValue | undefined
  epoch: number
}

type PairCells = Map<string, Map<string, Cell>>
type DistanceCells = Map<string, Map<string, Map<number, Cell>>>

/** Cells made so far, a map per kind: the key's two ids in its order (then the distance). */
const cells = {
  sees: new Map() as PairCells,
  contact: new Map() as PairCells,
  cover: new Map() as PairCells,
  in: new Map() as PairCells,
  within: new Map() as DistanceCells,
  reach: new Map() as DistanceCells,
}
/** Every cell by its key (a key read off a store finds the cell a question makes). */
const cellsByKey = new Map<string, Cell>()
let built = 0
/** How many times the cells were dropped (see {@link counted}). */
let drops = 0
/** Past this many keys kept, start again (a long-running process sees ever new ids). */
const KEPT_KEYS_MAX = 100_000

/**
 * The one store whose values the cells hold (the fast path's state, changed in place), and its
 * epoch: a cell of another epoch is a key that store lacks. Reads of that store skip its record
 * (a dictionary of 100–250 keys); it is kept in step by every write through this module.
 */
let mirrored: Readonly<Store> | undefined
let epoch = 0

/** Counts a key made; past the most kept, drops every cell (and what holds them) before it is made. */
const counted = (): void => {
  if (++built <= KEPT_KEYS_MAX) return
  built = 0
  drops++
  for (const byA of Object.values(cells)) byA.clear()
  cellsByKey.clear()
  indexes = new WeakMap()
  lastStore = undefined
  lastIndex = undefined
  lastQuery = undefined
  mirrored = undefined
}

/** The map under `k`, made empty if there is none yet. */
const inner = <K, K2, V>(outer: Map<K, Map<K2, V>>, k: K): Map<K2, V> => {
  const found = outer.get(k)
  if (found !== undefined) return found
  const made = new Map<K2, V>()
  outer.set(k, made)
  return made
}

/** The cell of a key string, made if there is none (one cell per key string). */
const cellFor = (key: string, names: ReadonlyArray<string>): Cell => {
  let c = cellsByKey.get(key)
  if (c === undefined) {
    c = { key, names, v: undefined, epoch: 0 }
    cellsByKey.set(key, c)
  }
  return c
}

/** `kind|a|b`, made once (`byA`: the kind's own map, handed in rather than looked up by name). */
const pairCell = (byA: PairCells, kind: "sees" | "contact" | "cover" | "in", a: string, b: string): Cell => {
  const c = byA.get(a)?.get(b)
  if (c !== undefined) return c
  counted()
  const made = cellFor(`${kind}|${a}|${b}`, [a, b])
  inner(byA, a).set(b, made)
  return made
}

/** `kind|a|b|inches`, made once. */
const distanceCell = (
  byA: DistanceCells,
  kind: "within" | "reach",
  a: string,
  b: string,
  inches: number,
): Cell => {
  const c = byA.get(a)?.get(b)?.get(inches)
  if (c !== undefined) return c
  counted()
  const made = cellFor(`${kind}|${a}|${b}|${inches}`, [a, b])
  inner(inner(byA, a), b).set(inches, made)
  return made
}

/** The ids a key names, read off the key (each one a "nearest" is among). */
const namesOf = (key: string): ReadonlyArray<string> => {
  const parts = key.split("|")
  return parts[0] === "nearest" ? [parts[1]!, parts[2]!, ...parts[2]!.split(",")] : [parts[1]!, parts[2]!]
}

/** The cell of a key read off a store (or handed back by a journal). */
const cellOfKey = (key: string): Cell => {
  const c = cellsByKey.get(key)
  if (c !== undefined) return c
  counted()
  return cellFor(key, namesOf(key))
}

/**
 * The last question keyed, and its cell: a fact asked is read, then stated, kept by the journal
 * and written, each by the same query object (queries are values, never changed in place).
 */
let lastQuery: FactQuery | undefined
let lastCell: Cell | undefined

/** The cell of a question (found once per question: it runs for every fact read). */
const cellOf = (q: FactQuery): Cell => {
  if (q === lastQuery) return lastCell!
  const c = cellOfQuery(q)
  lastQuery = q
  lastCell = c
  return c
}

/** The store key of a question. */
export const factKey = (q: FactQuery): string => cellOf(q).key

const cellOfQuery = (q: FactQuery): Cell => {
  switch (q.q) {
    case "within":
      return q.a > q.b
        ? distanceCell(cells.within, "within", q.b, q.a, q.inches)
        : distanceCell(cells.within, "within", q.a, q.b, q.inches)
    case "reach":
      return distanceCell(cells.reach, "reach", q.a, q.b, q.inches)
    case "in":
      return pairCell(cells.in, "in", q.a, q.terrain)
    case "nearest":
      return cellOfKey(`nearest|${q.a}|${[...q.among].sort().join(",")}`)
    // Sight, distance and contact are mutual (R-BATTLE-16): one key for both ways.
    case "sees":
      return q.a > q.b ? pairCell(cells.sees, "sees", q.b, q.a) : pairCell(cells.sees, "sees", q.a, q.b)
    case "contact":
      return contactCell(q.a, q.b)
    case "cover":
      return pairCell(cells.cover, "cover", q.a, q.b)
  }
}

/** The cell of contact between two ids, either way round (R-BATTLE-16). */
const contactCell = (a: string, b: string): Cell =>
  a > b ? pairCell(cells.contact, "contact", b, a) : pairCell(cells.contact, "contact", a, b)

/**
 * Each store's keys by the ids they name: every key of the store is listed under each id it names
 * (a key listed may since have been forgotten: forgetting an id checks nothing more). Made at a
 * store's first forgetting, kept while it is written only through this module.
 */
let indexes = new WeakMap<Readonly<Store>, Map<string, Set<Cell>>>()

const listUnder = (index: Map<string, Set<Cell>>, id: string, c: Cell): void => {
  const listed = index.get(id)
  if (listed === undefined) index.set(id, new Set([c]))
  else listed.add(c)
}

const list = (index: Map<string, Set<Cell>>, c: Cell): void => {
  for (const id of c.names) listUnder(index, id, c)
}

/** The last store whose index was asked for, and that index (a raid writes one store). */
let lastStore: Readonly<Store> | undefined
let lastIndex: Map<string, Set<Cell>> | undefined

/** A store's index, if it has one yet. */
const indexIfAny = (facts: Readonly<Store>): Map<string, Set<Cell>> | undefined => {
  if (facts === lastStore) return lastIndex
  const index = indexes.get(facts)
  if (index !== undefined) {
    lastStore = facts
    lastIndex = index
  }
  return index
}

const indexOf = (facts: Readonly<Store>): Map<string, Set<Cell>> => {
  let index = indexIfAny(facts)
  if (index === undefined) {
    index = new Map()
    for (const key in facts) list(index, cellOfKey(key))
    indexes.set(facts, index)
    lastStore = facts
    lastIndex = index
  }
  return index
}

/**
 * Has the cells hold `facts`' values from now on (the fast path's state: its reads then skip the
 * record). The store must be written only through this module while it is mirrored; a store
 * mirrored before is read from its record again.
 */
export const mirror = (facts: Readonly<Store>): void => {
  if (facts === mirrored) return
  mirrored = undefined
  // Its index is made again from the cells mirrored (one made earlier may hold dropped cells).
  indexes.delete(facts)
  if (lastStore === facts) {
    lastStore = undefined
    lastIndex = undefined
  }
  const e = ++epoch
  const dropped = drops
  for (const key in facts) {
    const c = cellOfKey(key)
    // The cells were dropped while this store was read (a long-running process): not mirrored.
    if (drops !== dropped) return
    c.v = facts[key]
    c.epoch = e
  }
  mirrored = facts
}

/** A cell's value in a store. */
const valueIn = (facts: Readonly<Store>, c: Cell): FactValue | undefined =>
  facts === mirrored ? (c.epoch === epoch ? c.v : undefined) : facts[c.key]

/** Writes a cell's value to a store (its record, its index, and the cell if the store is mirrored). */
const write = (facts: Store, c: Cell, value: FactValue): void => {
  const index = indexIfAny(facts)
  if (facts === mirrored) {
    if (index !== undefined && (c.epoch !== epoch || c.v === undefined)) list(index, c)
    c.v = value
    c.epoch = epoch
  } else if (index !== undefined && facts[c.key] === undefined) list(index, c)
  facts[c.key] = value
}

/** Puts a value under a key (for a caller that puts back what it kept, by key). */
export const putFact = (facts: Store, key: string, value: FactValue): void =>
  write(facts, cellOfKey(key), value)

/** Takes the value under a key away (for a caller that puts back what it kept, by key). */
export const deleteFact = (facts: Store, key: string): void => {
  delete facts[key]
  if (facts !== mirrored) return
  const c = cellsByKey.get(key)
  if (c === undefined) return
  c.v = undefined
  c.epoch = epoch
}

/** Records a fact. */
export const setFact = (facts: Store, q: FactQuery, value: FactValue): void => write(facts, cellOf(q), value)

/** Looks a fact up; contact implies "within" any distance (R-BATTLE-16). */
export const getFact = (facts: Readonly<Store>, q: FactQuery): FactValue | undefined => {
  const v = valueIn(facts, cellOf(q))
  if (v !== undefined) return v
  if (q.q === "within" || q.q === "reach") {
    if (valueIn(facts, contactCell(q.a, q.b)) === true) return true
  }
  return undefined
}

/**
 * The keys of the facts about a model or token (each as `{ key }`): those {@link forgetFactsOf}
 * forgets, and maybe some no longer in the store.
 */
export const factKeysAbout = (facts: Readonly<Store>, id: string): Iterable<{ readonly key: string }> =>
  indexOf(facts).get(id) ?? []

/** Forgets every fact about a model or token (it moved, or left the table). */
export const forgetFactsOf = (facts: Store, id: string): void => {
  const index = indexOf(facts)
  const listed = index.get(id)
  if (listed === undefined) return
  index.delete(id)
  if (facts === mirrored) {
    for (const c of listed) {
      delete facts[c.key]
      c.v = undefined
      c.epoch = epoch
    }
  } else for (const c of listed) delete facts[c.key]
}

/** The answers a question allows. */
export const optionsOf = (q: FactQuery): ReadonlyArray<FactValue> =>
  q.q === "cover" ? ["none", "partial", "most"] : q.q === "nearest" ? q.among : [true, false]
