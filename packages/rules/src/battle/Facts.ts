/**
 * The table's facts as a keyed store: what has been stated (or computed) about sight, distance,
 * cover, contact and terrain, until a model it is about moves. Sight, contact and distance are
 * mutual (R-BATTLE-16): "Wren sees the Husk" also says the Husk sees Wren. Cover is not: it is
 * how hidden the target is from the viewer.
 *
 * @since 0.2.0
 */
import type { FactQuery, FactValue } from "./State.js"

/** The store key of a question (written out without temporaries: it runs for every fact read). */
export const factKey = (q: FactQuery): string => {
  switch (q.q) {
    case "within":
      return q.a > q.b ? `within|${q.b}|${q.a}|${q.inches}` : `within|${q.a}|${q.b}|${q.inches}`
    case "reach":
      return `reach|${q.a}|${q.b}|${q.inches}`
    case "in":
      return `in|${q.a}|${q.terrain}`
    case "nearest":
      return `nearest|${q.a}|${[...q.among].sort().join(",")}`
    // Sight, distance and contact are mutual (R-BATTLE-16): one key for both ways.
    case "sees":
    case "contact":
      return q.a > q.b ? `${q.q}|${q.b}|${q.a}` : `${q.q}|${q.a}|${q.b}`
    default:
      return `${q.q}|${q.a}|${q.b}`
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
