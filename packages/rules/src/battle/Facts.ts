/**
 * The table's facts as a keyed store: what has been stated (or computed) about sight, distance,
 * cover, contact and terrain, until a model it is about moves. Sight, contact and distance are
 * mutual (R-BATTLE-16): "Wren sees the Husk" also says the Husk sees Wren. Cover is not: it is
 * how hidden the target is from the viewer.
 *
 * @since 0.2.0
 */
import type { FactQuery, FactValue } from "./State.js"

const MUTUAL = new Set(["sees", "within", "contact"])

/** The store key of a question. */
export const factKey = (q: FactQuery): string => {
  switch (q.q) {
    case "within":
    case "reach": {
      const [a, b] = q.q === "within" && q.a > q.b ? [q.b, q.a] : [q.a, q.b]
      return `${q.q}|${a}|${b}|${q.inches}`
    }
    case "in":
      return `in|${q.a}|${q.terrain}`
    case "nearest":
      return `nearest|${q.a}|${[...q.among].sort().join(",")}`
    default: {
      const [a, b] = MUTUAL.has(q.q) && q.a > q.b ? [q.b, q.a] : [q.a, q.b]
      return `${q.q}|${a}|${b}`
    }
  }
}

/** Records a fact. */
export const setFact = (facts: Record<string, FactValue>, q: FactQuery, value: FactValue): void => {
  facts[factKey(q)] = value
}

/** Looks a fact up; contact implies "within" any distance (R-BATTLE-16). */
export const getFact = (facts: Readonly<Record<string, FactValue>>, q: FactQuery): FactValue | undefined => {
  const v = facts[factKey(q)]
  if (v !== undefined) return v
  if (q.q === "within" || q.q === "reach") {
    if (facts[factKey({ q: "contact", a: q.a, b: q.b })] === true) return true
  }
  return undefined
}

/** Forgets every fact about a model or token (it moved, or left the table). */
export const forgetFactsOf = (facts: Record<string, FactValue>, id: string): void => {
  for (const key of Object.keys(facts)) {
    // Most keys are about others: skip them before splitting.
    if (!key.includes(id)) continue
    const parts = key.split("|")
    if (parts[1] === id || parts[2] === id || (parts[0] === "nearest" && parts[2]!.split(",").includes(id)))
      delete facts[key]
  }
}

/** The answers a question allows. */
export const optionsOf = (q: FactQuery): ReadonlyArray<FactValue> =>
  q.q === "cover" ? ["none", "partial", "most"] : q.q === "nearest" ? q.among : [true, false]
