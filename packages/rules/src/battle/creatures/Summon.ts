/**
 * Creatures a trigger brings (`spawn` and `rollTable` effects, design-effects.md): a named creature
 * with its escorts, a roll on an Encounter table, or a roll on the Congregation table, at a Lair, a
 * Blight edge, by the noisiest survivor or beside the trigger's owner. Triggers reach this through
 * the reactions ({@link Reactions}), as creatures stand above the effects that bring them.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import type { Summon } from "../Reactions.js"
import type { Model } from "../State.js"
import { arrivalOf, arrivalPoint, arrive, congregation, encounter } from "./Encounter.js"

const firstLair = (ctx: Ctx) => ctx.draft.tokens.find((t) => t.kind === "lair")

/**
 * R-WORLD-19: what a Home places "at a Lair" (the Hospital Wing's Husk) stands at the Lair nearest
 * that Refuge's deployment zone — a fact the table states (a board measures it from the side's edge).
 */
const lairNearest = (ctx: Ctx, side: string) => {
  const lairs = ctx.draft.tokens.filter((t) => t.kind === "lair").sort((a, b) => (a.id < b.id ? -1 : 1))
  if (lairs.length < 2) return lairs[0]
  const name = ctx.draft.sides.find((x) => x.id === side)?.name ?? side
  const id = ctx.fact(
    { q: "nearest", a: `edge:${side}`, among: lairs.map((t) => t.id) },
    `Which Lair is nearest ${name}'s deployment zone: ${lairs.map((t) => t.id).join(", ")}?`,
  )
  return lairs.find((t) => t.id === id) ?? lairs[0]
}

/**
 * Does a trigger's `spawn` or `rollTable` effect for its owner. `here` is the token a scenario's
 * set-up effect happens at; `home` the Refuge whose Home's effect it is (R-WORLD-19).
 */
export const summon = (
  ctx: Ctx,
  owner: Model,
  e: Summon,
  source: string,
  here?: string,
  home?: string,
): void => {
  if (e.kind === "rollTable") {
    if (ctx.env.content.get("tables", e.table)?.table === "congregation")
      congregation(ctx, e.table, "the Blight edge nearest the noisiest survivor (R-WORLD-16)")
    return
  }
  // "lair": a Home's at its Refuge's nearest Lair (R-WORLD-19), else the first. "nearestLairOrEdge":
  // where any creature arrives, by the noisiest survivor (B-CREATURE-06); a board places it so.
  const lair = e.at !== "lair" ? undefined : home !== undefined ? lairNearest(ctx, home) : firstLair(ctx)
  const at =
    e.at === "lair"
      ? lair
        ? `Lair ${lair.id}`
        : "a Lair"
      : e.at === "nearestLairOrEdge"
        ? arrivalPoint(ctx, false)
        : e.at === "blightEdge"
          ? "a Blight edge"
          : `beside ${owner.name}`
  const place = e.at === "lair" ? lair?.id : e.at === "here" ? here : undefined
  const edgeOnly = e.at === "blightEdge"
  if (e.creature !== undefined) {
    const entry = ctx.env.content.get("creatures", e.creature)
    const name = entry?.name ?? e.creature
    // Its `escorts` come with it, one set a spawn (R-CONTENT-40); an escort's own are not
    // followed, so escorts naming each other bring no endless chain.
    const groups = [{ creature: e.creature, count: e.count ?? 1 }, ...(entry?.escorts ?? [])]
    // An Ambusher brought to the nearest Lair lurks there, as one the Din brings (R-BATTLE-48).
    const to = arrivalOf(ctx, groups, at, place, e.at === "nearestLairOrEdge")
    arrive(ctx, groups, to.at, "brood", `${name} (${source})`, to.lair, edgeOnly)
  } else if (e.encounter !== undefined) {
    // A roll on the named Encounter table (B-ENCOUNTER-03; the Hollowed may answer it, B-HOLLOWED-03).
    const table = ctx.env.content.get("encounters", e.encounter)
    if (table) encounter(ctx, table.tier, at, place, table.id, edgeOnly)
  }
}
