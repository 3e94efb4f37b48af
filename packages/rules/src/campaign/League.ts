/**
 * A league: a campaign of 2 to 16 Refuges whose raids are each between 2 and 4 of them
 * (R-CAMPAIGN-41), named by the organiser or drawn from the campaign's schedule, a round at a
 * time: a round-robin by the circle method, or pairing by standings with a bye for an odd count.
 * Several raids of different Refuges may be open at once, a Refuge in one at most (R-CAMPAIGN-42).
 *
 * @since 0.7.0
 */

import { at, known, last } from "../terms/Indexed.js"
import { type Ctx, refuse } from "./Context.js"
import { standings } from "./Standings.js"
import { type CampaignState, RAID_SIZE } from "./State.js"

/** The open raid a Refuge is in, if any. */
export const openRaidOf = (state: CampaignState, refuge: number) =>
  (state.open ?? []).find((o) => o.refuges.includes(refuge))

const byIndex = (a: number, b: number) => a - b

/**
 * Round `round` (from 1) of a round-robin of `n` Refuges by the circle method: Refuge 0 stays put,
 * the others turn one place each round; with an odd count a blank seat makes the bye. After n − 1
 * rounds (n for an odd count) the cycle starts again.
 */
export const circleRound = (n: number, round: number): { pairings: number[][]; bye?: number } => {
  const seats = n % 2 === 0 ? n : n + 1
  const others = Array.from({ length: seats - 1 }, (_, i) => i + 1)
  const turn = (round - 1) % (seats - 1)
  const ring = [0, ...others.slice(others.length - turn), ...others.slice(0, others.length - turn)]
  const pairings: number[][] = []
  let bye: number | undefined
  for (let i = 0; i < seats / 2; i++) {
    const a = at(ring, i)
    const b = at(ring, seats - 1 - i)
    if (a >= n) bye = b
    else if (b >= n) bye = a
    else pairings.push([a, b].sort(byIndex))
  }
  return bye === undefined ? { pairings } : { pairings, bye }
}

/** Have two Refuges met in a recorded raid? */
const met = (state: CampaignState, a: number, b: number) =>
  state.raids.some((r) => r.sides.some((s) => s.refuge === a) && r.sides.some((s) => s.refuge === b))

/**
 * Pairing by standings: the table sorted by points, then total Experience, then campaign index; with
 * an odd count the bye goes to the lowest Refuge that has had none (every one has: the lowest);
 * then, top down, each unpaired Refuge meets the next one below it it has not met, else the next.
 */
export const standingsRound = (state: CampaignState): { pairings: number[][]; bye?: number } => {
  const table = standings(state).map((r) => r.refuge)
  const byed = new Set(state.byes ?? [])
  let bye: number | undefined
  if (table.length % 2 === 1) {
    bye = [...table].reverse().find((r) => !byed.has(r)) ?? last(table)
    table.splice(table.indexOf(bye), 1)
  }
  const pairings: number[][] = []
  while (table.length > 1) {
    const a = known(table.shift(), "Refuge left to pair")
    const j = table.findIndex((b) => !met(state, a, b))
    const [b] = table.splice(Math.max(j, 0), 1)
    pairings.push([a, b!].sort(byIndex))
  }
  return bye === undefined ? { pairings } : { pairings, bye }
}

/** Can the schedule's next pairing be opened (a round to draw, or one of its pairings left)? */
export const canOpenNext = (state: CampaignState): boolean =>
  state.options.schedule !== undefined &&
  (state.round?.pairings === undefined || nextPairing(state) !== undefined)

/** The pairing of the round not yet played nor open, if any. */
const nextPairing = (state: CampaignState): number[] | undefined =>
  state.round?.pairings
    ?.find((p) =>
      p.every((r) => !(state.round?.played.includes(r) ?? false) && openRaidOf(state, r) === undefined),
    )
    ?.slice()

/** Draws the schedule's next round when none is in progress (R-CAMPAIGN-41). */
const drawRound = (ctx: Ctx) => {
  const state = ctx.draft as CampaignState
  const schedule = state.options.schedule
  if (schedule === undefined || state.round !== undefined) return
  const round = (state.rounds ?? 0) + 1
  const drawn = schedule === "round-robin" ? circleRound(state.refuges.length, round) : standingsRound(state)
  ctx.emit({ type: "round.drawn", round, ...drawn })
}

/** Checks a raid's Refuges: the campaign's, none twice, none in an open raid, a pairing of the round. */
const checkRefuges = (state: CampaignState, refuges: ReadonlyArray<number>) => {
  for (const [i, r] of refuges.entries()) {
    if (state.refuges[r] === undefined)
      refuse(`refuges.${i}: the campaign has no Refuge ${r}`, "R-CAMPAIGN-41")
    if (refuges.indexOf(r) !== i) refuse(`refuges.${i}: Refuge ${r} is named twice`, "R-CAMPAIGN-41")
    if (openRaidOf(state, r) !== undefined)
      refuse(
        `refuges.${i}: ${at(state.refuges, r).refuge.name} is already in an open raid: a Refuge is in one raid at a time`,
        "R-CAMPAIGN-42",
      )
  }
  const pairings = state.round?.pairings
  const key = [...refuges].sort(byIndex).join(",")
  if (pairings !== undefined && !pairings.some((p) => p.join(",") === key))
    refuse(
      `refuges: [${key}] is not a pairing of round ${state.round?.number} (${pairings.map((p) => `[${p.join(",")}]`).join(" ")})`,
      "R-CAMPAIGN-41",
    )
  if (state.round?.played.some((r) => refuges.includes(r)))
    refuse(`refuges: a Refuge of [${key}] has already played in this round`, "R-CAMPAIGN-43")
}

/**
 * `openRaid`: a raid between the Refuges named, or the schedule's next pairing (the round drawn
 * first when none is in progress). Refused during an Aftermath, as a recorded raid is.
 */
export const openRaid = (ctx: Ctx, named: ReadonlyArray<number> | undefined) => {
  if (ctx.draft.phase !== "between") refuse("finish this Aftermath before the next raid", "B-AFTERMATH-01")
  if (named === undefined) {
    if (ctx.draft.options.schedule === undefined)
      refuse("refuges: the campaign keeps no schedule: name the raid's Refuges", "R-CAMPAIGN-41")
    drawRound(ctx)
  }
  const state = ctx.draft as CampaignState
  const refuges = named === undefined ? nextPairing(state) : [...named].sort(byIndex)
  if (refuges === undefined)
    return refuse(
      `refuges: every pairing of round ${state.round?.number} is open or played: record its raids first`,
      "R-CAMPAIGN-41",
    )
  if (refuges.length < RAID_SIZE.min || refuges.length > RAID_SIZE.max)
    refuse(`refuges: a raid is between ${RAID_SIZE.min} and ${RAID_SIZE.max} Refuges`, "R-CAMPAIGN-41")
  checkRefuges(state, refuges)
  ctx.emit({ type: "raid.opened", refuges })
}

/**
 * A raid recorded must be its Refuges' open raid when any of them is in one (R-CAMPAIGN-42), and
 * in a scheduled league a pairing of the round (R-CAMPAIGN-41).
 */
export const checkRecorded = (state: CampaignState, refuges: ReadonlyArray<number>) => {
  const key = [...refuges].sort(byIndex).join(",")
  const open = (state.open ?? []).find((o) => [...o.refuges].sort(byIndex).join(",") === key)
  if (open !== undefined) return
  if (state.options.schedule !== undefined)
    refuse(
      "battle: a scheduled league records only a raid opened from its schedule (openRaid)",
      "R-CAMPAIGN-41",
    )
  for (const r of refuges)
    if (openRaidOf(state, r) !== undefined)
      refuse(
        `battle: ${at(state.refuges, r).refuge.name} is in another open raid (${openRaidOf(state, r)?.refuges.join(",")}): record that one`,
        "R-CAMPAIGN-42",
      )
  checkRefuges(state, refuges)
}

/** The Refuges a command acts for, refused while that Refuge is in an open raid (its roster went to it). */
export const checkNotRaiding = (state: CampaignState, refuge: number | undefined, type: string) => {
  if (refuge === undefined || type === "forfeit") return undefined
  const open = openRaidOf(state, refuge)
  return open === undefined
    ? undefined
    : {
        reason: `refuge: ${state.refuges[refuge]?.refuge.name} is in an open raid (${open.refuges.join(",")}): ${type} waits until it is recorded`,
        clause: "R-CAMPAIGN-42",
      }
}
