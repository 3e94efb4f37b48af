/**
 * The standings (B-STANDINGS-01/02): points for wins (3), draws (1) and losses (0), ties broken
 * by total Experience across the roster.
 *
 * @since 0.3.0
 */
import type { CampaignState } from "./State.js"

export interface StandingRow {
  readonly refuge: number
  readonly name: string
  readonly played: number
  readonly wins: number
  readonly draws: number
  readonly losses: number
  readonly points: number
  readonly xp: number
}

/** The table, best first. */
export const standings = (state: CampaignState): StandingRow[] =>
  state.refuges
    .map((r, refuge) => ({
      refuge,
      name: r.refuge.name,
      ...r.standing,
      xp: r.refuge.survivors.reduce((a, s) => a + s.xp, 0),
    }))
    .sort((a, b) => b.points - a.points || b.xp - a.xp || a.refuge - b.refuge)
