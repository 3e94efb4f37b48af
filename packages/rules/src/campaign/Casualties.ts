/**
 * Aftermath step 1, Casualties (B-CASUALTY-01..05): every survivor Down or Finished at the end of
 * the raid rolls a d6 on the core Casualty table (R-CAMPAIGN-02): −1 Finished, +1 Hard to Kill; a
 * Doctor who was not Down (and an Infirmary) gives +1 to one roll, chosen after the roll is seen
 * (R-CONTENT-28); 1 Meds re-rolls a result once per survivor. Then a lost Leader is replaced
 * (R-CONTENT-26), and Congregation members left Down may be rescued (B-CONGREGATION-19).
 *
 * @since 0.3.0
 */
import type { EntryOf } from "../content/schema/Entries.js"
import { storesOf } from "../refuge/Ledger.js"
import type { Ctx } from "./Context.js"
import { freshStatus } from "./Evolve.js"
import type { RaidRecord } from "./State.js"
import { rowOf, tableOf } from "./Tables.js"

type CasualtyResult = Extract<EntryOf["tables"], { table: "casualty" }>["rows"][number]["result"]

const DOCTOR = "doctor"
const HARD_TO_KILL = "hard-to-kill"

/** Who may add +1 to one Casualty roll this Aftermath: each Doctor not Down, each Infirmary. */
const helpersOf = (ctx: Ctx, refuge: number, side: RaidRecord["sides"][number]): string[] => {
  const r = ctx.draft.refuges[refuge]!.refuge
  const helpers: string[] = []
  for (const m of side.survivors) {
    const s = r.survivors.find((x) => x.id === m.survivor)
    if (s?.background === DOCTOR && !m.wasDown) helpers.push(`${s.name} (Doctor)`)
  }
  for (const id of r.improvements) {
    const imp = ctx.env.content.get("improvements", id)
    if (imp?.effects?.some((e) => e.kind === "dieModifier" && (e as { die?: string }).die === "casualty"))
      helpers.push(imp.name)
  }
  return helpers
}

/** Step 1 for one Refuge. */
export const casualties = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = raid.sides[refuge]
  if (side === undefined) return
  const table = tableOf(ctx.env.content, "casualty")
  const helpers = helpersOf(ctx, refuge, side)
  const r = () => ctx.draft.refuges[refuge]!.refuge
  for (const m of side.survivors) {
    if (m.status !== "down" && m.status !== "finished") continue
    const s = r().survivors.find((x) => x.id === m.survivor)
    if (s === undefined) continue
    const skills = [...s.skills, ...s.advances.flatMap((a) => ("skill" in a ? [a.skill] : []))] as string[]
    const base = (m.status === "finished" ? -1 : 0) + (skills.includes(HARD_TO_KILL) ? 1 : 0)
    const read = (n: number) => Math.max(table.modified.min, Math.min(table.modified.max, n))
    let face = ctx.die(`${s.name}: Casualty (B-CASUALTY-01)`, String(refuge))
    let help = 0
    let helpedBy: string | undefined
    if (helpers.length > 0 && read(face + base) < table.modified.max) {
      const pick = ctx.choose(
        `doctor:${s.id}`,
        `${s.name} rolled ${face}${base ? ` (${base > 0 ? "+" : ""}${base})` : ""} on the Casualty table: add +1 from a helper? (R-CONTENT-28)`,
        ["no", ...helpers],
        String(refuge),
      )
      if (pick !== "no") {
        helpers.splice(helpers.indexOf(pick), 1)
        help = 1
        helpedBy = pick
      }
    }
    let total = read(face + base + help)
    let result = rowOf<CasualtyResult>(table, total)!
    const faces = [face]
    if (storesOf(r().ledger).meds > 0 && result.outcome !== "recovered") {
      const again = ctx.choose(
        `meds:${s.id}`,
        `${s.name}: ${result.name} (${total}). Spend 1 Meds to re-roll? (B-CASUALTY-05)`,
        ["keep", "reroll"],
        String(refuge),
      )
      if (again === "reroll") {
        ctx.post(refuge, [
          { store: "meds", amount: -1, reason: `${s.name}: Casualty re-roll`, clause: "B-CASUALTY-05" },
        ])
        face = ctx.die(`${s.name}: Casualty re-roll (B-CASUALTY-05)`, String(refuge))
        faces.push(face)
        total = read(face + base + help)
        result = rowOf<CasualtyResult>(table, total)!
      }
    }
    const mods = [
      m.status === "finished" ? "−1 Finished (B-CASUALTY-02)" : "",
      skills.includes(HARD_TO_KILL) ? "+1 Hard to Kill (B-CASUALTY-03)" : "",
      helpedBy ? `+1 ${helpedBy} (B-CASUALTY-04)` : "",
    ].filter(Boolean)
    ctx.emit({
      type: "rolled",
      refuge,
      survivor: s.id,
      what: "Casualty",
      faces,
      result: `${total}: ${result.name}${mods.length ? ` (${mods.join(", ")})` : ""}`,
      clause: "B-CASUALTY-01",
    })
    applyResult(ctx, refuge, s.id, s.name, result)
  }
  replaceLeader(ctx, refuge)
}

const applyResult = (ctx: Ctx, refuge: number, id: string, name: string, result: CasualtyResult) => {
  const clause = "B-CASUALTY-01"
  const effects = result.effects ?? []
  if (result.outcome === "dead") {
    ctx.emit({
      type: "survivor.lost",
      refuge,
      survivor: id,
      cause: "dead",
      reason: `${name}: ${result.name}`,
      clause,
    })
    return
  }
  const stats: Record<string, number> = {}
  let blight = 0
  let xp = 0
  for (const e of effects) {
    if (e.kind === "statModifier") stats[e.stat] = (stats[e.stat] ?? 0) + e.value
    if (e.kind === "blight") blight += (e as { value: number }).value
    if (e.kind === "hook" && e.hook === "core/bonus-xp")
      xp += Number((e.params as { xp?: number } | undefined)?.xp ?? 0)
  }
  const st = ctx.draft.refuges[refuge]!.status[id]!
  ctx.emit({
    type: "survivor.changed",
    refuge,
    survivor: id,
    ...(result.outcome === "injured"
      ? { injury: { name: result.name, ...(Object.keys(stats).length ? { stats } : {}) } }
      : {}),
    ...(xp ? { xp } : {}),
    ...(blight
      ? {
          blight: Math.min(
            blight,
            12 - (ctx.draft.refuges[refuge]!.refuge.survivors.find((s) => s.id === id)?.blight ?? 0),
          ),
        }
      : {}),
    status: {
      ...(result.missRaids ? { missRaids: Math.max(st.missRaids, result.missRaids) } : {}),
      ...(result.outcome === "laidUp" ? { noErrands: true } : {}),
    },
    reason: `${name}: ${result.name}`,
    clause,
  })
}

/** A Refuge whose Leader is lost names a new one, free (R-CONTENT-26). */
export const replaceLeader = (ctx: Ctx, refuge: number) => {
  const r = ctx.draft.refuges[refuge]!.refuge
  if (r.survivors.length === 0 || r.survivors.some((s) => s.role !== undefined)) return
  const pick = ctx.choose(
    "leader",
    `${r.name} lost its ${r.kind === "congregation" ? "Verdant Mother" : "Leader"}: who leads now? (R-CONTENT-26)`,
    r.survivors.map((s) => s.id),
    String(refuge),
  )
  ctx.emit({
    type: "survivor.changed",
    refuge,
    survivor: pick,
    leader: true,
    reason: "named the new Leader",
    clause: "R-CONTENT-26",
  })
}

/** Rescue: an enemy Refuge rolls for each Congregation member it left Down; 5+ joins it (B-CONGREGATION-19). */
export const rescue = (ctx: Ctx, raid: RaidRecord) => {
  for (const side of raid.sides) {
    const from = ctx.draft.refuges[side.refuge]
    if (from?.refuge.kind !== "congregation") continue
    for (const m of side.survivors) {
      if (m.status !== "down" && m.status !== "finished") continue
      const to = m.downByRefuge
      if (to === undefined || to === side.refuge || ctx.draft.refuges[to]?.refuge.kind !== "refuge") continue
      const member = ctx.draft.refuges[side.refuge]!.refuge.survivors.find((s) => s.id === m.survivor)
      if (member === undefined) continue // no longer with the Congregation
      const face = ctx.die(`rescue ${member.name} (B-CONGREGATION-19)`, String(to))
      ctx.emit({
        type: "rolled",
        refuge: side.refuge,
        survivor: member.id,
        what: `Rescue by ${ctx.draft.refuges[to]!.refuge.name}`,
        faces: [face],
        result: face >= 5 ? `${member.name} joins` : "stays with the Congregation",
        clause: "B-CONGREGATION-19",
      })
      if (face < 5) continue
      const wasLeader = member.role !== undefined
      ctx.emit({
        type: "survivor.lost",
        refuge: side.refuge,
        survivor: member.id,
        cause: "rescued",
        reason: `${member.name} rescued by ${ctx.draft.refuges[to]!.refuge.name}`,
        clause: "B-CONGREGATION-19",
      })
      const id = newSurvivorId(ctx)
      const { role: _role, ...rest } = member
      ctx.emit({
        type: "survivor.joined",
        refuge: to,
        survivor: {
          ...structuredClone(rest),
          id: id as never,
          equipment: { weapons: [], armour: [], kit: [] },
        } as never,
        status: freshStatus(member.blight),
        reason: `${member.name} rescued from the Congregation, keeping Blight, Gifts and Marks`,
        clause: "B-CONGREGATION-19",
      })
      if (wasLeader) replaceLeader(ctx, side.refuge)
    }
  }
}

/** A fresh survivor id, unique across the campaign. */
export const newSurvivorId = (ctx: Ctx): string => {
  const taken = new Set(ctx.draft.refuges.flatMap((r) => r.refuge.survivors.map((s) => s.id as string)))
  let n = ctx.draft.counters.survivor + 1
  while (taken.has(`joined-${n}`)) n++
  return `joined-${n}`
}
