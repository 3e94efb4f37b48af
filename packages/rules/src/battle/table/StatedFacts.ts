/**
 * R-BATTLE-52: facts a player states ahead of being asked (a `state` command with no prompt
 * waiting, a move's `facts`) are checked before anything is stored: each names subjects of this
 * raid, two different ones, a distance above 0, and a value its question takes. A fact the engine
 * asked for is checked against the prompt instead (Context's `fact`). A bad fact would otherwise
 * sit in the store and answer a later question wrongly ("Jess sees c9" for a c9 not in the raid).
 *
 * @since 0.3.0
 */

import type { Rejection } from "../Rejection.js"
import type { Fact, State } from "../State.js"
import { optionsOf } from "./Facts.js"

const FEATURES = new Set(["sporeTerrain", "lair", "light"])

/** Why `id` is not something a fact can be about in this raid, or undefined. */
const badSubject = (state: State, id: string): string | undefined => {
  const model = (m: string) => state.models.some((x) => x.id === m)
  if (model(id) || state.tokens.some((t) => t.id === id)) return undefined
  if (id === "centre" || id === "blight-edge") return undefined
  if (id.startsWith("edge:"))
    return state.sides.some((s) => s.id === id.slice(5))
      ? undefined
      : `there is no side "${id.slice(5)}" in this raid`
  if (id.startsWith("placement:"))
    return model(id.slice(10)) ? undefined : `there is no model "${id.slice(10)}" in this raid`
  if (id.startsWith("feature:")) {
    const bad = id
      .slice(8)
      .split("+")
      .find((f) => !FEATURES.has(f))
    return bad === undefined ? undefined : `"${bad}" is not a table feature (sporeTerrain, lair, light)`
  }
  return `there is no model or token "${id}" in this raid (a model, a token, edge:SIDE, blight-edge, centre, placement:MODEL or feature:…)`
}

/** The first problem with `facts` (its path under `facts`), or undefined when all may be stored. */
export const checkStatedFacts = (state: State, facts: ReadonlyArray<Fact>): Rejection | undefined => {
  const no = (path: string, why: string): Rejection => ({ reason: `${path}: ${why}`, clause: "R-BATTLE-52" })
  for (const [i, f] of facts.entries()) {
    const q = f.query
    const at = `facts.${i}`
    const others: Array<[string, string]> =
      q.q === "nearest" ? q.among.map((s, j) => [`among.${j}`, s]) : q.q === "in" ? [] : [["b", q.b]]
    const subjects: Array<[string, string]> = [["a", q.a], ...others]
    for (const [key, id] of subjects) {
      const bad = badSubject(state, id)
      if (bad !== undefined) return no(`${at}.query.${key}`, bad)
    }
    if (q.q !== "in" && q.q !== "nearest" && q.a === q.b)
      return no(`${at}.query.b`, `a fact is about two different things ("${q.a}" twice)`)
    if ((q.q === "within" || q.q === "reach") && !(Number.isFinite(q.inches) && q.inches > 0))
      return no(`${at}.query.inches`, `a distance is more than 0", got ${q.inches}`)
    const options = optionsOf(q)
    if (!options.includes(f.value))
      return no(
        `${at}.value`,
        `${q.q} is answered with one of ${options.map((o) => JSON.stringify(o)).join(", ")}`,
      )
  }
  return undefined
}
