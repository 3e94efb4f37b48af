/**
 * A league at the command line (R-CAMPAIGN-41..44): naming a raid's Refuges (`--refuge ID`, by
 * index or name), the schedule's next pairing (`--next`), and the league's lines in
 * `campaign show` (its schedule, the round in progress, the raids open).
 */
import { type Campaign, LeaguePlay } from "@blight/rules"
import { Result } from "effect"
import { UsageError } from "../Command.js"

type State = Campaign.Campaign["state"]

const slugOf = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")

/** A Refuge named on the command line: its index in the campaign, its name, or its side id. */
export const refugeIndex = (state: State, id: string): number => {
  const byIndex = /^\d+$/.test(id) ? Number(id) : -1
  if (state.refuges[byIndex] !== undefined) return byIndex
  const i = state.refuges.findIndex((r) => r.refuge.name === id || slugOf(r.refuge.name) === slugOf(id))
  if (i < 0)
    throw new UsageError(
      `--refuge ${id}: the campaign has no such Refuge (by index 0–${state.refuges.length - 1} or name: ${state.refuges.map((r) => r.refuge.name).join(", ")})`,
    )
  return i
}

/** How the raid is picked: `--refuge` (2 to 4 of them) or `--next`; undefined with neither. */
export const pickOf = (
  state: State,
  o: { readonly refuge?: readonly string[] | undefined; readonly next?: boolean | undefined },
): LeaguePlay.Pick | undefined => {
  if (o.next && o.refuge !== undefined) throw new UsageError("--next and --refuge: pick one")
  if (o.next) {
    if (state.options.schedule === undefined)
      throw new UsageError(
        "--next: the campaign keeps no schedule (R-CAMPAIGN-41): name its Refuges with --refuge",
      )
    return { next: true }
  }
  if (o.refuge === undefined) return undefined
  if (o.refuge.length < 2 || o.refuge.length > 4)
    throw new UsageError("--refuge: a raid is between 2 and 4 of the campaign's Refuges (R-CAMPAIGN-41)")
  return { refuges: o.refuge.map((id) => refugeIndex(state, id)) }
}

/** Is this a league whose raids must be named (more than 4 Refuges, or a schedule)? */
export const isLeague = (state: State) => state.refuges.length > 4 || state.options.schedule !== undefined

/** `--open`: opens the raid picked; Right: the campaign, and its Refuges. */
export const openPicked = (
  c: Campaign.Campaign,
  env: ReturnType<typeof Campaign.envOf>,
  pick: LeaguePlay.Pick,
) => {
  const r = LeaguePlay.openFor(c, env, pick)
  if (Result.isFailure(r)) throw new UsageError(r.failure)
  return r.success
}

/** The league's lines for `campaign show`: the schedule and round, the raids open. */
export const leagueLines = (state: State): string[] => {
  const name = (i: number) => state.refuges[i]?.refuge.name ?? `Refuge ${i}`
  const names = (rs: ReadonlyArray<number>) => rs.map(name).join(" v ")
  const lines: string[] = []
  if (state.options.schedule !== undefined)
    lines.push(`schedule: ${state.options.schedule}, ${state.rounds ?? 0} round(s) played`)
  const r = state.round
  if (r !== undefined)
    lines.push(
      `round${r.number !== undefined ? ` ${r.number}` : ""}: played ${r.played.map(name).join(", ") || "none"}${r.bye !== undefined ? `; bye ${name(r.bye)}` : ""}${r.pairings ? `; pairings ${r.pairings.map(names).join(", ")}` : ""}`,
    )
  for (const o of state.open ?? []) lines.push(`open raid: ${names(o.refuges)}`)
  return lines
}
