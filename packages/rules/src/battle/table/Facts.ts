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
import type { FactQuery, FactValue } from "../State.js"

type PairKeys = Map<string, Map<string, string>>
type DistanceKeys = Map<string, Map<string, Map<number, string>>>

/** Keys built so far, a map per kind: the key's two ids in its order (then the distance). */
const keys = {
  sees: new Map() as PairKeys,
  contact: new Map() as PairKeys,
  cover: new Map() as PairKeys,
  in: new Map() as PairKeys,
  within: new Map() as DistanceKeys,
  reach: new Map() as DistanceKeys,
}
/** The ids each key names, as {@link forgetFactsOf} reads them off the key. */
const namesOfKeys = new Map<string, ReadonlyArray<string>>()
let built = 0
/** Past this many keys kept, start again (a long-running process sees ever new ids). */
const KEPT_KEYS_MAX = 100_000

const counted = (): void => {
  if (++built <= KEPT_KEYS_MAX) return
  built = 0
  for (const byA of Object.values(keys)) byA.clear()
  namesOfKeys.clear()
}

/** The map under `k`, made empty if there is none yet. */
const inner = <K, K2, V>(outer: Map<K, Map<K2, V>>, k: K): Map<K2, V> => {
  const found = outer.get(k)
  if (found !== undefined) return found
  const made = new Map<K2, V>()
  outer.set(k, made)
  return made
}

/** `kind|a|b`, built once (`byA`: the kind's own map, handed in rather than looked up by name). */
const pairKey = (byA: PairKeys, kind: "sees" | "contact" | "cover" | "in", a: string, b: string): string => {
  let byB = byA.get(a)
  if (byB === undefined) {
    byB = new Map()
    byA.set(a, byB)
  }
  let key = byB.get(b)
  if (key === undefined) {
    key = `${kind}|${a}|${b}`
    byB.set(b, key)
    counted()
  }
  return key
}

/** `kind|a|b|inches`, built once. */
const distanceKey = (
  byA: DistanceKeys,
  kind: "within" | "reach",
  a: string,
  b: string,
  inches: number,
): string => {
  const byInches = inner(inner(byA, a), b)
  let key = byInches.get(inches)
  if (key === undefined) {
    key = `${kind}|${a}|${b}|${inches}`
    byInches.set(inches, key)
    counted()
  }
  return key
}

/**
 * The last question keyed, and its key: a fact asked is read, then stated, kept by the journal
 * and written, each by the same query object (queries are values, never changed in place).
 */
let lastQuery: FactQuery | undefined
let lastKey = ""

/** The store key of a question (built once per question: it runs for every fact read). */
export const factKey = (q: FactQuery): string => {
  if (q === lastQuery) return lastKey
  const key = keyOf(q)
  lastQuery = q
  lastKey = key
  return key
}

const keyOf = (q: FactQuery): string => {
  switch (q.q) {
    case "within":
      return q.a > q.b
        ? distanceKey(keys.within, "within", q.b, q.a, q.inches)
        : distanceKey(keys.within, "within", q.a, q.b, q.inches)
    case "reach": {
      const key = distanceKey(keys.reach, "reach", q.a, q.b, q.inches)
      // A leashed reach (R-BOARD-17) is another question; rare (Guardians, Tenders): built each time.
      return q.leash === undefined ? key : `${key}|${q.leash.keeps}:${q.leash.inches}@${q.leash.of}`
    }
    case "in":
      return pairKey(keys.in, "in", q.a, q.terrain)
    case "nearest":
      return `nearest|${q.a}|${[...q.among].sort().join(",")}`
    // Sight, distance and contact are mutual (R-BATTLE-16): one key for both ways.
    case "sees":
      return q.a > q.b ? pairKey(keys.sees, "sees", q.b, q.a) : pairKey(keys.sees, "sees", q.a, q.b)
    case "contact":
      return contactKey(q.a, q.b)
    case "cover":
      return pairKey(keys.cover, "cover", q.a, q.b)
  }
}

/**
 * The key of contact between two ids, either way round (R-BATTLE-16): `factKey` of the contact
 * question, for the callers that ask it of every model and token (a move, the journal, the lists
 * of fights and searches) without making a question object for each.
 */
export const contactKey = (a: string, b: string): string =>
  a > b ? pairKey(keys.contact, "contact", b, a) : pairKey(keys.contact, "contact", a, b)

/** The ids a key names: those {@link forgetFactsOf} forgets it for (each one a "nearest" is among). */
const namesOf = (key: string): ReadonlyArray<string> => {
  let names = namesOfKeys.get(key)
  if (names === undefined) {
    // `kind|a|b…`: the two ids after the kind; a "nearest" key's second is its list, each named too.
    const parts = key.split("|")
    const [, , among] = parts
    names = parts.slice(1, 3)
    if (parts[0] === "nearest" && among !== undefined) names = [...names, ...among.split(",")]
    namesOfKeys.set(key, names)
    counted()
  }
  return names
}

type Store = Record<string, FactValue>
/**
 * Each store's keys by the ids they name: every key of the store is listed under each id it names
 * (a key listed may since have been forgotten: forgetting an id checks nothing more). Made at a
 * store's first forgetting, kept while it is written only through this module.
 */
const indexes = new WeakMap<Readonly<Store>, Map<string, Set<string>>>()

const listUnder = (index: Map<string, Set<string>>, id: string, key: string): void => {
  const keys = index.get(id)
  if (keys === undefined) index.set(id, new Set([key]))
  else keys.add(key)
}

const list = (index: Map<string, Set<string>>, key: string): void => {
  for (const id of namesOf(key)) listUnder(index, id, key)
}

/** The last store whose index was asked for, and that index (a raid writes one store). */
let lastStore: Readonly<Store> | undefined
let lastIndex: Map<string, Set<string>> | undefined

/** A store's index, if it has one yet. */
const indexIfAny = (facts: Readonly<Store>): Map<string, Set<string>> | undefined => {
  if (facts === lastStore) return lastIndex
  const index = indexes.get(facts)
  if (index !== undefined) {
    lastStore = facts
    lastIndex = index
  }
  return index
}

const indexOf = (facts: Readonly<Store>): Map<string, Set<string>> => {
  let index = indexIfAny(facts)
  if (index === undefined) {
    index = new Map()
    for (const key in facts) list(index, key)
    indexes.set(facts, index)
    lastStore = facts
    lastIndex = index
  }
  return index
}

/** Puts a value under a key (for a caller that puts back what it kept, by key). */
export const putFact = (facts: Store, key: string, value: FactValue): void => {
  const index = indexIfAny(facts)
  if (index !== undefined && facts[key] === undefined) list(index, key)
  facts[key] = value
}

/** Records a fact. */
export const setFact = (facts: Store, q: FactQuery, value: FactValue): void => {
  const key = factKey(q)
  const index = indexIfAny(facts)
  if (index !== undefined && facts[key] === undefined) {
    // The ids the key names are the question's (a "nearest" also names each one it is among).
    if (q.q === "nearest") list(index, key)
    else {
      listUnder(index, q.a, key)
      listUnder(index, q.q === "in" ? q.terrain : q.b, key)
    }
  }
  facts[key] = value
}

/** Records contact (or none) between two ids: {@link setFact} of the contact question. */
export const setContact = (facts: Store, a: string, b: string, value: boolean): void => {
  const key = contactKey(a, b)
  const index = indexIfAny(facts)
  if (index !== undefined && facts[key] === undefined) {
    listUnder(index, a, key)
    listUnder(index, b, key)
  }
  facts[key] = value
}

/** Looks a fact up; contact implies "within" any distance (R-BATTLE-16). */
export const getFact = (facts: Readonly<Store>, q: FactQuery): FactValue | undefined => {
  const v = facts[factKey(q)]
  if (v !== undefined) return v
  if (q.q === "within" || q.q === "reach") {
    if (facts[contactKey(q.a, q.b)] === true) return true
  }
  return undefined
}

/**
 * {@link getFact} of "does a see b?", for a caller that asks it of every pair it lists (the shots
 * a bot may pick) without making a question object for each; {@link withinFact} the same for distance.
 */
export const seesFact = (facts: Readonly<Store>, a: string, b: string): FactValue | undefined =>
  facts[a > b ? pairKey(keys.sees, "sees", b, a) : pairKey(keys.sees, "sees", a, b)]

/** {@link getFact} of "is a within `inches` of b?" (contact is within any distance). */
export const withinFact = (
  facts: Readonly<Store>,
  a: string,
  b: string,
  inches: number,
): FactValue | undefined => {
  const v =
    facts[
      a > b
        ? distanceKey(keys.within, "within", b, a, inches)
        : distanceKey(keys.within, "within", a, b, inches)
    ]
  if (v !== undefined) return v
  return facts[contactKey(a, b)] === true ? true : undefined
}

/**
 * A board's contact tolerance (R-BOARD-05): a Move of M reaches contact only across a gap of at most
 * M and this, so a gap known to be more than M + this is out of reach.
 */
const CONTACT_TOLERANCE = 0.01

/**
 * An answer that follows from the facts already known about the same pair (R-BATTLE-56), or
 * undefined: "within N" is true beyond a distance known to be within and false inside one known
 * not to be; a pair not within some distance is not in contact, and can't be reached with a Move
 * shorter than that distance (less the contact tolerance). Only facts held now count, so an answer
 * never outlives a move that forgot what it followed from.
 */
export const deriveFact = (facts: Readonly<Store>, q: FactQuery): FactValue | undefined => {
  if (q.q !== "within" && q.q !== "contact" && q.q !== "reach") return undefined
  const [lo, hi] = q.a > q.b ? [q.b, q.a] : [q.a, q.b]
  const about = indexOf(facts).get(lo)
  if (about === undefined) return undefined
  const prefix = `within|${lo}|${hi}|`
  let found: FactValue | undefined
  for (const key of about) {
    if (!key.startsWith(prefix)) continue
    const v = facts[key]
    if (v === undefined) continue
    const inches = Number(key.slice(prefix.length))
    if (q.q === "within") {
      if (v === true && q.inches >= inches) return true
      if (v === false && q.inches <= inches) return false
    } else if (v === false) {
      if (q.q === "contact") return false
      // A reach is asked from the mover (`a`), but a gap is the same either way round.
      if (q.inches + CONTACT_TOLERANCE <= inches) found = false
    }
  }
  return found
}

/**
 * The keys of the facts about a model or token: those {@link forgetFactsOf} forgets, and maybe
 * some no longer in the store.
 */
export const factKeysAbout = (facts: Readonly<Store>, id: string): Iterable<string> =>
  indexOf(facts).get(id) ?? []

/** The table feature a token is part of, as fact subjects name it (`feature:…`). */
const FEATURE_OF: Readonly<Record<string, string>> = {
  sporeCloud: "sporeTerrain",
  light: "light",
  fire: "light",
  lair: "lair",
}

/**
 * The ids whose facts a token of this kind placed or removed changes: "in Spore terrain or a spore
 * cloud" questions (listed under `spore`, B-ROUND-04) for a cloud, and distances to a feature it is
 * part of (`feature:sporeTerrain+lair`, a Tender's ground; `feature:light`).
 */
export const featureFactIds = (facts: Readonly<Store>, tokenKind: string): string[] => {
  const feature = FEATURE_OF[tokenKind]
  if (feature === undefined) return []
  const out: string[] = []
  for (const id of indexOf(facts).keys())
    if (
      (id === "spore" && feature === "sporeTerrain") ||
      (id.startsWith("feature:") && id.slice(8).split("+").includes(feature))
    )
      out.push(id)
  return out
}

/** Forgets every fact about a model or token (it moved, or left the table). */
export const forgetFactsOf = (facts: Store, id: string): void => {
  const index = indexOf(facts)
  const keys = index.get(id)
  if (keys === undefined) return
  index.delete(id)
  for (const key of keys) delete facts[key]
}

const COVER_OPTIONS: ReadonlyArray<FactValue> = ["none", "partial", "most"]
const YES_NO: ReadonlyArray<FactValue> = [true, false]

/** The answers a question allows (one list per kind, not made at each question: do not change it). */
export const optionsOf = (q: FactQuery): ReadonlyArray<FactValue> =>
  q.q === "cover" ? COVER_OPTIONS : q.q === "nearest" ? q.among : YES_NO
