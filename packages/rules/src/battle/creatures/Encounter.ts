/**
 * Encounters (B-ENCOUNTER-01..04, B-DIN-03/04, B-SETUP-07, B-GARDENER-02, B-HOLLOWED-03): roll two
 * dice on the Lesser or Greater table (the first picks rows 1–6 or 7–12, the second the row); the
 * row's creatures and escorts arrive together as one brood on the leader's Initiative (R-WORLD-13)
 * at a Lair or Blight edge nearest the noisiest survivor (B-CREATURE-06); a Congregation row rolls
 * on the Congregation table and brings Gardeners as a third party. In a campaign raid with
 * Hollowed not laid to rest, a die comes first: on a 6 one of them answers instead (R-WORLD-04).
 *
 * @since 0.2.0
 */
import { Roll } from "@blight/dice"
import type { Ctx } from "../Context.js"
import { addCreatureSide, arriveHollowed, blankCreature } from "../combat/Blight.js"
import { fire } from "../effects/Triggers.js"
import { faceOf, pairOf } from "../Faces.js"
import { checkDread } from "../nerve/Dread.js"
import { noiseOf } from "../noise/Noise.js"
import type { Model, State } from "../State.js"
import { blightEdgesOf } from "../table/board/Board.js"
import { arrivalSpots } from "../table/board/Deployment.js"
import { startsHidden } from "./Ambush.js"
import { hollowedOf, sameHollowed } from "./Hollowed.js"
import { pickAtRandom } from "./Pick.js"
import { at as nth } from "../../terms/Indexed.js"

type Count =
  | number
  | { readonly kind: string; readonly count?: number; readonly sides?: number; readonly modifier?: number }

/** How many: a number, or dice ("d3", "2d6"), rolled through the raid's dice. */
export const countOf = (ctx: Ctx, count: Count, purpose: string): number => {
  if (typeof count === "number") return count
  if (count.kind === "d3") return Roll.d3FromD6(faceOf(ctx.dice(1, purpose)))
  if (count.kind === "sum" && count.sides === 6) {
    const faces = ctx.dice(count.count ?? 1, purpose)
    return faces.reduce((a, b) => a + b, 0) + (count.modifier ?? 0)
  }
  return 1
}

export interface Group {
  readonly creature: string
  readonly count: Count
}

/** The noisiest survivor standing (ties: the lower id), counting a carrier's minimum Noise (the Radio). */
const noisiest = (ctx: Ctx): Model | undefined => {
  let best: Model | undefined
  let most = 0
  for (const m of ctx.draft.models as Model[]) {
    if (m.kind !== "survivor" || m.status !== "active") continue
    const n = noiseOf(ctx, m)
    if (n > most || (n === most && n > 0 && best !== undefined && m.id.localeCompare(best.id) < 0)) {
      best = m
      most = n
    }
  }
  return best
}

/** On a board, a spot beside the Lair or the arrival point (B-CREATURE-06); a declared table has none. */
const spotFor = (ctx: Ctx, lair: string | undefined, edgeOnly: boolean) =>
  ctx.draft.board ? arrivalSpots(ctx.draft as State, 1, lair, edgeOnly, noisiest(ctx)?.id)[0] : undefined

/** Brings creatures as one new brood. */
export const arrive = (
  ctx: Ctx,
  groups: ReadonlyArray<Group>,
  at: string,
  kind: "brood" | "gardeners",
  name: string,
  lair?: string,
  /** Only a Blight edge will do (a `spawn` at `blightEdge`; Gardeners always). */
  edgeOnly = false,
): string[] => {
  const [first] = groups
  if (first === undefined) return []
  const leader = ctx.env.content.get("creatures", first.creature)
  const id = `${kind === "gardeners" ? "gardeners" : "brood"}-${ctx.draft.counters.brood + 1}`
  addCreatureSide(ctx, id, kind, name, leader?.initiative ?? 1)
  const arrived: string[] = []
  for (const g of groups) {
    const n = countOf(ctx, g.count, `how many ${g.creature}`)
    for (let i = 0; i < n; i++) {
      const mid = `c${ctx.draft.counters.creature + 1}`
      const model = blankCreature(ctx, mid, id, g.creature)
      const position = spotFor(ctx, lair, kind === "gardeners" || edgeOnly)
      // B-BEHAVIOUR-05: an Ambusher at a Lair waits there hidden (R-BOARD-14).
      const lurks = lair !== undefined && startsHidden(ctx, g.creature)
      ctx.emit({
        type: "creature.arrives",
        model: {
          ...model,
          ...(lair ? { lair: lair } : {}),
          ...(position ? { position, placed: position } : {}),
          ...(lurks ? { status: "lurking" as const } : {}),
        },
        at,
      })
      fire(ctx, "creature.arrives", mid)
      arrived.push(mid)
      checkDread(ctx, undefined, [mid])
    }
  }
  return arrived
}

/** Whether the raid has a Blight edge: a scenario may have fewer than two, or none (R-BOARD-26). */
const hasBlightEdge = (ctx: Ctx): boolean =>
  ctx.draft.board
    ? blightEdgesOf(ctx.draft.board, ctx.draft.sides).length > 0
    : (ctx.env.content.get("scenarios", ctx.draft.scenario)?.setup.blightEdges ?? 2) > 0

/**
 * R-BATTLE-53: the standing survivors tied with the noisiest for the most Noise, the noisiest first
 * (a declared table's players place by any of them; a board measures from the first).
 */
const tiedWith = (ctx: Ctx, noisy: Model): Model[] => {
  const most = noiseOf(ctx, noisy)
  const others = (ctx.draft.models as Model[]).filter(
    (m) => m.kind === "survivor" && m.status === "active" && m.id !== noisy.id && noiseOf(ctx, m) === most,
  )
  return [noisy, ...others.sort((a, b) => a.id.localeCompare(b.id))]
}

/** "A", "A or B", "A, B or C". */
const orList = (names: ReadonlyArray<string>): string =>
  names.length < 2 ? (names[0] ?? "") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`

/** Where creatures arrive: a Lair or Blight edge nearest the noisiest survivor (B-CREATURE-06, R-WORLD-16). */
export const arrivalPoint = (ctx: Ctx, gardeners: boolean): string => {
  const noisy = noisiest(ctx)
  const edge = hasBlightEdge(ctx)
  // With no Blight edge, Gardeners come in at the middle of the table, as on a board (R-BOARD-26).
  if (gardeners && !edge) return "the middle of the table (this raid has no Blight edge)"
  const where = gardeners ? "the Blight edge" : edge ? "the Lair or Blight edge" : "the Lair"
  if (noisy === undefined) return `${where} the players choose (no survivor has Noise, R-BATTLE-24)`
  // The same words on a board and a declared table (one definition, two tables; R-BATTLE-41).
  const tied = tiedWith(ctx, noisy)
  return tied.length === 1
    ? `${where} nearest ${noisy.name}`
    : `${where} nearest one of ${orList(tied.map((m) => m.name))} (tied for the most Noise, R-BATTLE-53)`
}

/**
 * B-BEHAVIOUR-05, R-BATTLE-48: an Ambusher brought during the raid lurks when it arrives at a Lair:
 * the arrival point is the Lair or Blight edge nearest the noisiest survivor (B-CREATURE-06), a fact
 * asked only when the row brings an Ambusher. With nobody noisy it comes at a Blight edge (R-BOARD-09).
 */
const ambushLair = (ctx: Ctx, groups: ReadonlyArray<Group>): string | undefined => {
  if (!groups.some((g) => startsHidden(ctx, g.creature))) return undefined
  const lairs = ctx.draft.tokens
    .filter((t) => t.kind === "lair")
    .map((t) => t.id)
    .sort()
  const noisy = noisiest(ctx)
  if (lairs.length === 0 || noisy === undefined) return undefined
  const edge = hasBlightEdge(ctx)
  // One Lair and no Blight edge: nothing to ask (R-BOARD-26).
  if (!edge && lairs.length === 1) return lairs[0]
  const nearest = ctx.fact(
    { q: "nearest", a: noisy.id, among: edge ? [...lairs, "blight-edge"] : lairs },
    `Which is nearest ${noisy.name}: ${lairs.map((l) => `Lair ${l}`).join(", ")}${edge ? " or a Blight edge" : ""}?`,
  )
  return typeof nearest === "string" && lairs.includes(nearest) ? nearest : undefined
}

/**
 * Where a brood arrives and the words for the table: at `lair` when one is given; else, when it may
 * lurk, at the Lair an Ambusher among it waits at (R-BATTLE-48); else at `at`.
 */
export const arrivalOf = (
  ctx: Ctx,
  groups: ReadonlyArray<Group>,
  at: string,
  lair: string | undefined,
  mayLurk: boolean,
): { readonly at: string; readonly lair: string | undefined } => {
  const lurk = lair === undefined && mayLurk ? ambushLair(ctx, groups) : undefined
  return lurk ? { at: `Lair ${lurk}`, lair: lurk } : { at, lair }
}

/** Rolls on an Encounter table and brings what it says. */
export const encounter = (
  ctx: Ctx,
  tier: "lesser" | "greater",
  at: string,
  lair?: string,
  /** A named table (a `spawn` effect's `encounter`); else the first of the tier (the Din's). */
  tableId?: string,
  edgeOnly = false,
): string[] => {
  // R-CAMPAIGN-33: a Hollowed already in this raid (standing, or slain and so laid to rest,
  // B-HOLLOWED-04) does not answer again; with none left waiting, no return die is rolled.
  // Known by Refuge and survivor, not by name: two Hollowed may share one (B-HOLLOWED-03).
  const here = ctx.draft.models.filter((m) => m.ref === "hollowed").map(hollowedOf)
  const hollowed = (ctx.draft.campaign?.hollowed ?? []).filter((h) => !here.some((m) => sameHollowed(h, m)))
  if (hollowed.length > 0) {
    const face = faceOf(ctx.dice(1, "the Hollowed return (B-HOLLOWED-03)"))
    if (face === 6) {
      const pick = pickAtRandom(ctx, hollowed.length, "which Hollowed returns")
      const h = nth(hollowed, pick)
      const position = spotFor(ctx, lair, false)
      arriveHollowed(
        ctx,
        {
          ...blankCreature(ctx, "x", h.refuge, "hollowed"),
          ...(position ? { position } : {}),
          name: h.name,
          ...(h.survivor !== undefined ? { survivor: h.survivor } : {}),
          profile: { ...h.profile, fight: h.profile.fight - 1, health: h.profile.health - 1 },
          gifts: [...(h.gifts ?? [])], // B-HOLLOWED-01: it keeps their Gifts
        },
        h.refuge,
        at,
      )
      return []
    }
  }
  const table =
    tableId !== undefined
      ? ctx.env.content.get("encounters", tableId)
      : ctx.env.content.list("encounters").find((t) => t.tier === tier)
  if (!table) return []
  const faces = ctx.dice(2, `${table.name} (B-ENCOUNTER-03)`)
  const row = Roll.halfRow(...pairOf(faces))
  const found = table.rows.find((r) => r.key === row)
  const result = found?.result
  ctx.emit({
    type: "encounter.rolled",
    table: table.id,
    faces: [...faces],
    row,
    name: result?.name ?? `row ${row}`,
  })
  if (!result) return []
  const groups = [...result.creatures, ...(result.escorts ?? [])]
  const to = arrivalOf(ctx, groups, at, lair, !edgeOnly)
  const arrived = arrive(ctx, groups, to.at, "brood", result.name ?? table.name, to.lair, edgeOnly)
  if (result.congregation) arrived.push(...congregation(ctx, result.congregation, arrivalPoint(ctx, true)))
  return arrived
}

/** Rolls on the Congregation table (B-GARDENER-02): Gardeners, a third party. */
export const congregation = (ctx: Ctx, tableId: string, at: string): string[] => {
  const table = ctx.env.content.get("tables", tableId)
  if (!table) return []
  const face = faceOf(ctx.dice(1, `${table.name} (B-GARDENER-02)`))
  const row = table.rows.find((r) => r.key === face)
  const result = row?.result as { name?: string; units?: Group[]; escorts?: Group[] } | undefined
  ctx.emit({
    type: "encounter.rolled",
    table: table.id,
    faces: [face],
    row: face,
    name: result?.name ?? `row ${face}`,
  })
  if (!result) return []
  return arrive(
    ctx,
    [...(result.units ?? []), ...(result.escorts ?? [])],
    at,
    "gardeners",
    result.name ?? "Gardeners",
  )
}
