/**
 * `legalCommands(state, env)`: what may be asked of the campaign now. With a prompt waiting, its
 * answers (a dice prompt lists one `roll` of the right shape); between raids, every loaded Errand
 * each Refuge may run and afford, once for each survivor free to run it (who runs matters: the one who Drinks
 * Amber takes the Blight, and each survivor runs one Errand, R-CAMPAIGN-08), the no-Errand home
 * actions, `pass`, `forfeit` for a Refuge with nobody fit to raid, and `equip` for each piece of
 * gear waiting in the stash, once for each survivor it could go to (added, or in place of one they
 * carry: `equipOptions`, bounded, not every combination). `recordRaid` is always
 * possible between raids but needs a finished raid, so it is not listed.
 *
 * @since 0.3.0
 */
import { FOUNDING } from "../refuge/Founding.js"
import { isBench } from "../refuge/HomeActions.js"
import { storesOf } from "../refuge/Ledger.js"
import { MARKET } from "../refuge/Market.js"
import type { Command } from "./Command.js"
import type { Env } from "./Context.js"
import { unfit } from "./Decide.js"
import { equipOptions } from "./Equip.js"
import { canOpenNext, openRaidOf } from "./League.js"
import type { CampaignState } from "./State.js"

export const legalCommands = (state: CampaignState, env: Env): Command[] => {
  const p = state.pending?.prompt
  if (p) {
    if (p.kind === "dice") return [{ type: "roll", faces: Array.from({ length: p.dice }, () => 1) }]
    return p.options.map((option) => ({ type: "choose", option }))
  }
  if (state.phase !== "between") return []
  const out: Command[] = []
  // R-CAMPAIGN-41: a scheduled league opens its next pairing (with room left in the round).
  if (canOpenNext(state)) out.push({ type: "openRaid" })
  state.refuges.forEach((r, refuge) => {
    if (unfit(state, refuge)) out.push({ type: "forfeit", refuge })
    // R-CAMPAIGN-42: a Refuge in an open raid waits for it to be recorded.
    if (openRaidOf(state, refuge) !== undefined) return
    const stores = storesOf(r.refuge.ledger)
    const free = r.refuge.survivors.filter((s) => !r.status[s.id]?.noErrands && !r.status[s.id]?.errand)
    const errands = env.content
      .list("errands")
      .filter(
        (e) =>
          (!e.refuges || e.refuges.includes(r.refuge.kind)) &&
          (e.cost ?? []).every((c) => stores[c.store] >= c.amount),
      )
    const doing = (kind: string) => errands.some((e) => e.does.kind === kind)
    const recruits = (by?: string) =>
      env.content
        .list("backgrounds")
        .filter(
          (b) =>
            b.cost <= stores.salvage &&
            r.refuge.survivors.filter((s) => s.background === b.id).length < FOUNDING.maxPerBackground,
        )
        .map(
          (b): Command => ({
            type: "recruit",
            refuge,
            ...(by ? { by } : {}),
            background: b.id,
            name: `${b.name} ${state.counters.survivor + 1}`,
          }),
        )
    if (r.errands > 0 && r.refuge.survivors.length === 0 && doing("recruit")) out.push(...recruits())
    const buildable = env.content
      .list("improvements")
      .filter((imp) => !r.refuge.improvements.includes(imp.id) && imp.cost <= stores.salvage)
    // One that takes no Errand is built once, whoever is free or not; `by` names no runner.
    const anyone = r.refuge.survivors[0]?.id
    if (anyone !== undefined)
      for (const imp of buildable)
        if (!imp.errand) out.push({ type: "build", refuge, by: anyone, improvement: imp.id })
    for (const runner of r.errands > 0 ? free : []) {
      const by = runner.id
      for (const e of errands)
        if (e.does.kind === "roll" || e.does.kind === "blight")
          out.push({ type: "errand", refuge, by, errand: e.id })
      const home = env.content.get("homes", r.refuge.home)
      if (doing("recruit") && (!home || r.refuge.survivors.length < home.capacity)) out.push(...recruits(by))
      for (const imp of buildable)
        if (imp.errand && doing("build")) out.push({ type: "build", refuge, by, improvement: imp.id })
      if (doing("market") && r.refuge.kind === "refuge" && stores.salvage >= MARKET.reloadCost)
        out.push({ type: "trade", refuge, by, orders: [{ buyReloads: 1 }] })
      if (doing("market") && r.refuge.kind === "refuge" && stores.amber > 0)
        out.push({ type: "trade", refuge, by, orders: [{ sellAmber: stores.amber }] })
    }
    if (r.errands > 0 && free.length > 0) out.push({ type: "pass", refuge })
    // The bench's own rate (a pack's may ask more than the core's 3 Salvage, B-IMPROVEMENT-04).
    const bench = r.refuge.improvements
      .flatMap((id) => env.content.get("improvements", id)?.effects ?? [])
      .find(isBench)
    if (bench && stores.salvage >= bench.give.amount) out.push({ type: "bench", refuge, times: 1 })
    if (stores.salvage >= 1 && FOUNDING.arrowsPerSalvage > 0)
      out.push({ type: "makeAmmunition", refuge, store: "arrows", batches: 1 })
    // R-CAMPAIGN-27: gear in the stash is handed out at home, no Errand.
    out.push(...equipOptions(refuge, r.refuge, env.content))
  })
  return out
}
