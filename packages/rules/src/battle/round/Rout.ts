/**
 * The Rout (B-ROUT-01/02, B-CONGREGATION-12), the End Phase's third step: a Refuge with half or
 * more of its starting survivors Down, Turned or off the table tests its Leader's Nerve (1), or the
 * highest Nerve standing (R-BATTLE-27, AMB-B-03/04); a Congregation only at three-quarters
 * (R-BATTLE-28, AMB-B-38). Fail: it Routs and its survivors leave the table with what they carry.
 * With nobody standing it Routs without a test.
 *
 * @since 0.2.0
 */
import type { Ctx } from "../Context.js"
import { nerveTest } from "../nerve/Nerve.js"
import type { Model, Side } from "../State.js"
import { isPlayerSide } from "./Turn.js"

const gone = (m: Model): boolean =>
  m.status === "down" || m.status === "finished" || m.status === "turned" || m.status === "fled"

/** Does this side have to test (B-ROUT-01, B-CONGREGATION-12)? */
export const mustTest = (state: { readonly models: ReadonlyArray<Model> }, side: Side): boolean => {
  const mine = state.models.filter((m) => m.side === side.id && m.kind === "survivor" && m.ref !== "stranger")
  const out = mine.filter(gone).length
  return side.kind === "congregation" ? out * 4 >= side.starting * 3 : out * 2 >= side.starting
}

/** Rout tests (B-ROUT-01/02). */
export const rout = (ctx: Ctx): void => {
  for (const side of ctx.draft.sides) {
    if (!isPlayerSide(side as Side) || side.routed || !mustTest(ctx.draft, side as Side)) continue
    const standing = ctx.draft.models.filter(
      (m) => m.side === side.id && m.kind === "survivor" && m.status === "active",
    ) as Model[]
    const tester =
      standing.find((m) => m.leader) ??
      [...standing].sort((a, b) => b.profile.nerve - a.profile.nerve || a.id.localeCompare(b.id))[0]
    if (!tester) {
      ctx.emit({ type: "rout.test", side: side.id, passed: false })
      routSide(ctx, side.id, "nobody left standing")
      continue
    }
    const { roll, passed } = nerveTest(ctx, tester, "nerve.rout", 1, "Rout test")
    ctx.emit({ type: "rout.test", side: side.id, model: tester.id, roll, passed })
    if (!passed) routSide(ctx, side.id, "failed its Rout test")
  }
}

/** A side Routs: it loses, and its survivors leave with what they carry (B-ROUT-02). */
export const routSide = (ctx: Ctx, side: string, reason: string): void => {
  ctx.emit({ type: "routed", side, reason })
  for (const m of ctx.draft.models)
    if (m.side === side && m.status === "active") ctx.emit({ type: "fled", model: m.id })
}
