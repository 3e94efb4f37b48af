/**
 * The campaign's state as the fold of its events. `applyInPlace` mutates a private draft (the
 * decider's); `evolve` is the pure form. Ledger events go through `refuge/Ledger.post`, so a log
 * that would overdraw a store cannot be folded: it throws rather than fold a wrong state.
 *
 * @since 0.3.0
 */
import {
  applyEvent,
  copy,
  type DeepMutable,
  draftCopy,
  evolve as evolveWith,
  type FoldRules,
  fold as foldWith,
} from "@blight/engine"
import { Result } from "effect"
import { sameHollowed } from "../battle/creatures/Hollowed.js"
import { post } from "../refuge/Ledger.js"
import type { Event } from "./Event.js"
import type { CampaignState, SurvivorStatus } from "./State.js"

/** A state being changed in place (only ever a private copy). */
export type Draft = DeepMutable<CampaignState>

/** A survivor's status at the start (nothing owed, nothing barred). */
export const freshStatus = (blight: number): SurvivorStatus => ({
  missRaids: 0,
  noErrands: false,
  hungry: 0,
  thresholds: Math.min(3, Math.floor(blight / 3)),
  errand: false,
})

const survivorOf = (d: Draft, refuge: number, id: string) => {
  const r = d.refuges[refuge]
  const s = r?.refuge.survivors.find((x) => x.id === id)
  if (r === undefined || s === undefined) throw new Error(`refuges[${refuge}]: no survivor "${id}"`)
  return { r, s }
}

const nothing = (): void => {}

/** A Refuge of the draft by index (a log that names none is not this campaign's). */
const refugeOf = (d: Draft, i: number) => {
  const r = d.refuges[i]
  if (r === undefined) throw new Error(`refuges[${i}]: no such Refuge`)
  return r
}

const sameRefuges = (a: ReadonlyArray<number>, b: ReadonlyArray<number>) =>
  a.length === b.length && [...a].sort((x, y) => x - y).every((x, i) => x === [...b].sort((p, q) => p - q)[i])

/** A recorded raid closes the open raid of its Refuges, if one was opened (R-CAMPAIGN-42). */
const closeRaid = (d: Draft, refuges: ReadonlyArray<number>) => {
  if (d.open === undefined) return
  d.open = d.open.filter((o) => !sameRefuges(o.refuges, refuges))
  if (d.open.length === 0) delete d.open
}

/**
 * R-CAMPAIGN-43: the Season counts the league's rounds; a round is over once every Refuge has
 * played in it (or had its bye). A raid of every Refuge (a campaign of 2 to 4) is a round.
 */
const playedInRound = (d: Draft, refuges: ReadonlyArray<number>) => {
  const played = new Set([...(d.round?.played ?? []), ...refuges])
  if (played.size < d.refuges.length) {
    d.round = { ...(d.round ?? {}), played: [...played].sort((a, b) => a - b) }
    return
  }
  d.seasonRaids++
  if (d.round?.number !== undefined) d.rounds = d.round.number
  delete d.round
}

/** How each kind of game event changes a draft, one small function per kind (as the raid's). */
const APPLIERS: { readonly [K in Event["type"]]: (d: Draft, e: Extract<Event, { type: K }>) => void } = {
  // The bookkeeping is the kernel's (`@blight/engine`): it never reaches the game's appliers.
  commanded: nothing,
  prompted: nothing,
  answered: nothing,
  refused: nothing,
  undone: nothing,
  "campaign.created": (d, e) => {
    const seq = d.seq
    Object.assign(d, copy(e.state))
    d.seq = seq
  },
  "raid.recorded": (d, e) => {
    d.raids.push(draftCopy(e.raid))
    const inRaid = e.raid.sides.map((s) => s.refuge)
    closeRaid(d, inRaid)
    playedInRound(d, inRaid)
    d.phase = "aftermath"
    // The Aftermath is worked through by the raid's own Refuges, in campaign order.
    d.aftermath = { step: 0, refuge: inRaid.length > 0 ? Math.min(...inRaid) : 0, rescue: false }
  },
  "raid.opened": (d, e) => {
    d.open = [...(d.open ?? []), { refuges: [...e.refuges] }]
  },
  "round.drawn": (d, e) => {
    d.round = {
      number: e.round,
      played: e.bye === undefined ? [] : [e.bye],
      pairings: e.pairings.map((p) => [...p]),
      ...(e.bye === undefined ? {} : { bye: e.bye }),
    }
    if (e.bye !== undefined) d.byes = [...(d.byes ?? []), e.bye]
  },
  "standing.scored": (d, e) => {
    const s = refugeOf(d, e.refuge).standing
    s.played++
    if (e.outcome === "win") s.wins++
    else if (e.outcome === "draw") s.draws++
    else s.losses++
    s.points += e.points
  },
  "aftermath.step": (d, e) => {
    d.aftermath = { step: e.step, refuge: e.refuge, rescue: e.rescue }
  },
  "aftermath.ended": (d) => {
    d.phase = "between"
    delete d.aftermath
  },
  rolled: nothing,
  "refuge.status": (d, e) => {
    const r = refugeOf(d, e.refuge)
    r.statuses = [...(r.statuses ?? []), draftCopy(e.status)]
  },
  "refuge.statusesSpent": (d, e) => {
    const r = refugeOf(d, e.refuge)
    r.statuses = (r.statuses ?? []).map((s) => ({ ...s, raids: s.raids - 1 })).filter((s) => s.raids > 0)
  },
  "trophy.kept": (d, e) => {
    const r = refugeOf(d, e.refuge)
    r.trophies = [...(r.trophies ?? []), e.objective]
  },
  "ledger.posted": (d, e) => {
    const r = refugeOf(d, e.refuge)
    const posted = post(r.refuge.ledger, e.entries)
    if (Result.isFailure(posted)) throw new Error(`refuges[${e.refuge}]: ${posted.failure.problem}`)
    // `post` returns a new ledger, the draft's own: no copy needed.
    r.refuge.ledger = posted.success as Draft["refuges"][number]["refuge"]["ledger"]
  },
  "survivor.changed": (d, e) => {
    const { r, s } = survivorOf(d, e.refuge, e.survivor)
    if (e.xp !== undefined) s.xp += e.xp
    if (e.blight !== undefined) s.blight = Math.max(0, Math.min(12, s.blight + e.blight))
    if (e.injury) s.injuries.push(draftCopy(e.injury))
    if (e.gift) s.gifts.push(e.gift)
    if (e.mark) s.marks.push(e.mark)
    if (e.advance) s.advances.push(draftCopy(e.advance))
    if (e.leader !== undefined) {
      if (e.leader) s.role = r.refuge.kind === "congregation" ? "verdantMother" : "leader"
      else delete s.role
    }
    if (e.equipment) s.equipment = draftCopy(e.equipment)
    const status = r.status[e.survivor]
    if (e.status && status) Object.assign(status, e.status)
  },
  "survivor.lost": (d, e) => {
    const { r, s } = survivorOf(d, e.refuge, e.survivor)
    // What they carried goes back to the Refuge (the Casualty table's "Out").
    r.refuge.stash.weapons.push(...s.equipment.weapons)
    r.refuge.stash.armour.push(...s.equipment.armour)
    r.refuge.stash.kit.push(...s.equipment.kit)
    r.refuge.survivors = r.refuge.survivors.filter((x) => x.id !== e.survivor)
    delete r.status[e.survivor]
    d.lost.push({
      refuge: e.refuge,
      survivor: e.survivor,
      name: s.name,
      cause: e.cause,
      raid: d.raids.length,
    })
  },
  "survivor.joined": (d, e) => {
    const r = refugeOf(d, e.refuge)
    r.refuge.survivors.push(draftCopy(e.survivor))
    r.status[e.survivor.id] = { ...e.status }
    d.counters.survivor++
  },
  "stash.changed": (d, e) => {
    refugeOf(d, e.refuge).refuge.stash = draftCopy(e.stash)
  },
  "hollowed.remembered": (d, e) => {
    d.hollowed.push(draftCopy(e.hollowed))
  },
  "hollowed.atRest": (d, e) => {
    for (const h of d.hollowed) if (!h.atRest && sameHollowed(h, e)) h.atRest = true
  },
  "errand.run": (d, e) => {
    const r = refugeOf(d, e.refuge)
    r.errands = Math.max(0, r.errands - 1)
    const status = e.survivor === undefined ? undefined : r.status[e.survivor]
    if (status) status.errand = true
  },
  "improvement.built": (d, e) => {
    refugeOf(d, e.refuge).refuge.improvements.push(
      e.improvement as Draft["refuges"][number]["refuge"]["improvements"][number],
    )
  },
  "errands.reset": (d, e) => {
    e.errands.forEach((n, j) => {
      const r = d.refuges[e.refuges?.[j] ?? j]
      if (!r) return
      r.errands = n
      for (const st of Object.values(r.status)) st.errand = false
    })
  },
  "errands.passed": (d, e) => {
    refugeOf(d, e.refuge).errands = 0
  },
  "season.turned": (d, e) => {
    d.season = e.to
    d.seasonRaids = 0
  },
}

/** The same, by kind: each applier kept under its own kind is only given events of that kind. */
const APPLY = new Map(Object.entries(APPLIERS) as Array<[string, (d: Draft, e: Event) => void]>)

/** Applies one game event to a draft (the bookkeeping, `seq` and `pending` are the kernel's). */
export const applyGame = (d: Draft, e: Event): void => {
  const apply = APPLY.get(e.type)
  if (apply !== undefined) apply(d, e)
}

/** How the campaign's log folds, for the kernel. */
export const FOLD: FoldRules<CampaignState, Event> = {
  events: { applyGame },
  draftOf: (state) => copy(state) as Draft,
  initial: (first) => {
    if (first.type !== "campaign.created") throw new Error("a campaign's first event is its creation")
    const d = { seq: 0 } as Draft
    applyEvent(FOLD.events, d, first)
    return d
  },
  // Dice answers, undo itself and the engine's steps are not undone (as in a raid).
  undoable: (command) => {
    const type = (command as { readonly type?: unknown } | undefined)?.type
    return type !== "undo" && type !== "roll" && type !== "continue"
  },
  isStart: (e) => e.type === "campaign.created",
}

/** Applies one event to a draft, in place. */
export const applyInPlace = (d: Draft, e: Event): void => applyEvent(FOLD.events, d, e)

/** The state after one event (pure). */
export const evolve = (state: CampaignState, e: Event): CampaignState => evolveWith(FOLD, state, e)

/** Folds a whole log (its first event is `campaign.created`). */
export const fold = (events: ReadonlyArray<Event>): CampaignState => foldWith(FOLD, events)
