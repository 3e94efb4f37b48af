/**
 * What the engine does on its own between players' commands, one step at a time: set-up's
 * lurking creatures (B-SETUP-07) and round 1 (B-SETUP-08); each round's start and Initiative
 * (B-ROUND-02, B-INIT); a creature's activation when its brood is on turn (B-ACT-04); the End
 * Phase (B-ROUND-03) and the next round or the end of the raid (B-ROUND-01, B-BATTLE-01). It
 * stops when a player must act. Each step is its own batch of events, so what a step did stands
 * even when the next one waits for an answer.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { encounter } from "../creatures/Encounter.js"
import { activateCreature } from "../creatures/Hunt.js"
import { fire, fireSetup } from "../effects/Triggers.js"
import { bindReactions } from "../Reactions.js"
import type { State } from "../State.js"
import { riteRises } from "../scenario/Objectives.js"
import { decideResult } from "../scenario/Victory.js"
import { wiring } from "../Wiring.js"
import { din } from "./Din.js"
import { rollInitiative } from "./Initiative.js"
import { rout } from "./Rout.js"
import { spores } from "./Spores.js"
import { canActivate, isPlayerSide, sideOnTurn } from "./Turn.js"
import { known } from "../../terms/Indexed.js"

// The reactions lower rules call back (Reactions.ts), bound as the engine loads: a named import
// used here, not a bare `import`, so a bundler trusting `sideEffects: false` keeps it.
bindReactions(wiring)

/** The engine's next step, or undefined when a player must act (or the raid is over). */
export type Step = "setup" | "round" | "creature" | "endPhase" | "end"

export const nextStep = (s: State): Step | undefined => {
  if (s.phase === "over" || s.pending !== undefined) return undefined
  if (s.phase === "setup")
    return s.round === 0
      ? "setup"
      : s.round >= s.rounds ||
          playersLeft(s) <= 1 ||
          s.objectives.some((o) => o.kind === "rite" && o.state === "complete")
        ? "end"
        : "round"
  if (s.phase === "end") return "endPhase"
  // Activations.
  if (s.activation !== undefined) return undefined
  const side = sideOnTurn(s)
  if (side === undefined) return "endPhase"
  return isPlayerSide(side) ? undefined : "creature"
}

/** Creatures lurking at set-up: the scenario's, with the campaign's Refuges' statuses (never below 0). */
export const lurkingAtSetup = (
  scenario: number,
  refuges: ReadonlyArray<{ readonly lurking: number }> | undefined,
): number => Math.max(0, scenario + (refuges ?? []).reduce((n, r) => n + r.lurking, 0))

const playersLeft = (s: State): number => s.sides.filter((x) => isPlayerSide(x) && !x.routed).length

/** Runs one step. */
export const runStep = (ctx: Ctx, step: Step): void => {
  const d = ctx.draft
  switch (step) {
    case "setup": {
      fireSetup(ctx)
      // B-SETUP-07: one Lesser Encounter roll per lurking creature, placed at the Lairs; a
      // Refuge's clean street (B-OBJECTIVE-04, R-WORLD-08) means fewer, never below 0.
      const scenario = ctx.env.content.get("scenarios", d.scenario)
      const lairs = d.tokens.filter((t) => t.kind === "lair")
      const lurking = lurkingAtSetup(scenario?.setup.lurking ?? 0, d.campaign?.refuges)
      for (let i = 0; i < lurking; i++) {
        const lair = lairs.length > 0 ? lairs[i % lairs.length] : undefined
        encounter(ctx, "lesser", lair ? `Lair ${lair.id}` : "a Lair", lair?.id)
      }
      startRound(ctx, 1)
      return
    }
    case "round":
      startRound(ctx, d.round + 1)
      return
    case "creature": {
      const side = known(sideOnTurn(d), "side on turn (a creature's step comes on its side's turn)")
      const creature = d.models.find((m) => m.side === side.id && canActivate(d, m))
      if (creature) {
        activateCreature(ctx, creature.id)
        inTime(ctx, creature.id)
      }
      return
    }
    case "endPhase":
      ctx.emit({ type: "endphase.start", round: d.round })
      // The End Phase (B-ROUND-03..05) in order: the Din, Spores, the Rout, then the Clear step.
      din(ctx)
      spores(ctx)
      rout(ctx)
      // B-ROUND-05: the Clear step, where scenario effects happen (the Rite rises, R-WORLD-14).
      riteRises(ctx)
      ctx.emit({ type: "round.clear", round: d.round })
      fireAll(ctx, "round.end")
      ctx.emit({ type: "round.end", round: d.round })
      return
    case "end":
      ctx.emit({ type: "battle.end", result: decideResult(ctx) })
      return
  }
}

/**
 * Every standing model's own triggers on a round event, in the models' order (a homebrew rule "at
 * the start of each round from round 4, make 1 Noise", docs/homebrew.md).
 */
const fireAll = (ctx: Ctx, on: "round.start" | "round.end"): void => {
  for (const m of [...ctx.draft.models]) if (m.status === "active") fire(ctx, on, m.id)
}

const startRound = (ctx: Ctx, round: number): void => {
  ctx.emit({ type: "round.start", round })
  fireAll(ctx, "round.start")
  rollInitiative(ctx)
  unseenBonus(ctx)
}

const hookOf = (ctx: Ctx, creature: string, name: string) => {
  for (const r of ctx.env.content.get("creatures", creature)?.specialRules ?? [])
    for (const e of r.effects ?? []) {
      if (e.kind === "hook" && e.hook === name) return e.params as Record<string, unknown> | undefined
      if (e.kind === "trigger")
        for (const x of e.do)
          if (x.kind === "hook" && x.hook === name) return (x.params ?? {}) as Record<string, unknown>
    }
  return undefined
}

/**
 * In time (`core/choir-in-time`): when a creature with it has activated, every creature of the named
 * kind within the radius that has not activated activates straight after it, one at a time.
 */
const inTime = (ctx: Ctx, leader: string): void => {
  const c = ctx.view(leader)
  const p = hookOf(ctx, c.ref, "core/choir-in-time")
  if (!p) return
  const radius = Number(p.radius ?? 6)
  for (const h of [...ctx.draft.models].sort((a, b) => a.id.localeCompare(b.id))) {
    if (h.ref !== p.creature || !canActivate(ctx.draft as State, h)) continue
    const near = ctx.fact(
      { q: "within", a: leader, b: h.id, inches: radius },
      `Is ${h.name} within ${radius}" of ${c.name}?`,
    )
    if (near === true) activateCreature(ctx, h.id)
  }
}

/**
 * Always closer (`core/unseen-move-bonus`): a creature no survivor can see at the start of a round
 * has extra Move that round (recorded as a use the creature's move reads).
 */
const unseenBonus = (ctx: Ctx): void => {
  for (const c of ctx.draft.models) {
    if (c.kind !== "creature" || c.status !== "active") continue
    const p = hookOf(ctx, c.ref, "core/unseen-move-bonus")
    if (!p) continue
    const seen = ctx.draft.models.some(
      (s) =>
        s.kind === "survivor" &&
        s.status === "active" &&
        ctx.fact({ q: "sees", a: s.id, b: c.id }, `Can ${s.name} see ${c.name}?`) === true,
    )
    if (!seen)
      ctx.emit({ type: "used", model: c.id, key: `move+${Number(p.inches ?? 3)}:${ctx.draft.round}` })
  }
}
