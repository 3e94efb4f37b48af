/**
 * The campaign's state as the fold of its events. `applyInPlace` mutates a private draft (the
 * decider's); `evolve` is the pure form. Ledger events go through `refuge/Ledger.post`, so a log
 * that would overdraw a store cannot be folded: it throws rather than fold a wrong state.
 *
 * @since 0.3.0
 */
import { applyEvent, copy, type DeepMutable, evolve as evolveWith, type FoldRules, fold as foldWith } from "@blight/engine"
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

/** Applies one game event to a draft (the bookkeeping, `seq` and `pending` are the kernel's). */
export const applyGame = (d: Draft, e: Event): void => {
  switch (e.type) {
    case "commanded":
    case "prompted":
    case "answered":
    case "refused":
    case "undone":
      return
    case "campaign.created": {
      const seq = d.seq
      Object.assign(d, copy(e.state))
      d.seq = seq
      return
    }
    case "raid.recorded":
      d.raids.push(structuredClone(e.raid) as never)
      d.seasonRaids++
      d.phase = "aftermath"
      d.aftermath = { step: 0, refuge: 0, rescue: false }
      return
    case "standing.scored": {
      const s = d.refuges[e.refuge]!.standing
      s.played++
      if (e.outcome === "win") s.wins++
      else if (e.outcome === "draw") s.draws++
      else s.losses++
      s.points += e.points
      return
    }
    case "aftermath.step":
      d.aftermath = { step: e.step, refuge: e.refuge, rescue: e.rescue }
      return
    case "aftermath.ended":
      d.phase = "between"
      delete d.aftermath
      return
    case "rolled":
      return
    case "refuge.status": {
      const r = d.refuges[e.refuge]!
      r.statuses = [...(r.statuses ?? []), structuredClone(e.status)] as never
      return
    }
    case "refuge.statusesSpent": {
      const r = d.refuges[e.refuge]!
      r.statuses = (r.statuses ?? [])
        .map((s) => ({ ...s, raids: s.raids - 1 }))
        .filter((s) => s.raids > 0) as never
      return
    }
    case "trophy.kept": {
      const r = d.refuges[e.refuge]!
      r.trophies = [...(r.trophies ?? []), e.objective] as never
      return
    }
    case "ledger.posted": {
      const r = d.refuges[e.refuge]!
      const posted = post(r.refuge.ledger as never, e.entries as never)
      if (Result.isFailure(posted)) throw new Error(`refuges[${e.refuge}]: ${posted.failure.problem}`)
      r.refuge.ledger = posted.success as never
      return
    }
    case "survivor.changed": {
      const { r, s } = survivorOf(d, e.refuge, e.survivor)
      if (e.xp !== undefined) s.xp += e.xp
      if (e.blight !== undefined) s.blight = Math.max(0, Math.min(12, s.blight + e.blight))
      if (e.injury) s.injuries.push(structuredClone(e.injury) as never)
      if (e.gift) s.gifts.push(e.gift)
      if (e.mark) s.marks.push(e.mark)
      if (e.advance) s.advances.push(structuredClone(e.advance) as never)
      if (e.leader !== undefined) {
        if (e.leader) s.role = r.refuge.kind === "congregation" ? "verdantMother" : "leader"
        else delete s.role
      }
      if (e.equipment) s.equipment = structuredClone(e.equipment) as never
      if (e.status) Object.assign(r.status[e.survivor]!, e.status)
      return
    }
    case "survivor.lost": {
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
      return
    }
    case "survivor.joined": {
      const r = d.refuges[e.refuge]!
      r.refuge.survivors.push(structuredClone(e.survivor) as never)
      r.status[e.survivor.id] = { ...e.status }
      d.counters.survivor++
      return
    }
    case "stash.changed":
      d.refuges[e.refuge]!.refuge.stash = structuredClone(e.stash) as never
      return
    case "hollowed.remembered":
      d.hollowed.push(structuredClone(e.hollowed) as never)
      return
    case "hollowed.atRest":
      for (const h of d.hollowed) if (!h.atRest && sameHollowed(h, e)) h.atRest = true
      return
    case "errand.run": {
      const r = d.refuges[e.refuge]!
      r.errands = Math.max(0, r.errands - 1)
      if (e.survivor !== undefined && r.status[e.survivor]) r.status[e.survivor]!.errand = true
      return
    }
    case "improvement.built":
      d.refuges[e.refuge]!.refuge.improvements.push(e.improvement as never)
      return
    case "errands.reset":
      e.errands.forEach((n, i) => {
        const r = d.refuges[i]
        if (!r) return
        r.errands = n
        for (const st of Object.values(r.status)) st.errand = false
      })
      return
    case "errands.passed":
      d.refuges[e.refuge]!.errands = 0
      return
    case "season.turned":
      d.season = e.to
      d.seasonRaids = 0
      return
  }
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
