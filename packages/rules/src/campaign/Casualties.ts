/**
 * Aftermath step 1, Casualties (B-CASUALTY-01..05): every survivor Down or Finished at the end of
 * the raid rolls a d6 on the core Casualty table (R-CAMPAIGN-02): −1 Finished, and the survivor's
 * own `dieModifier casualty` rules (+1 Hard to Kill, −1 Weeping Sap); a Doctor who was not Down (and
 * the Hospital Wing, an Infirmary) gives +1 to one roll, chosen after the roll is seen
 * (R-CONTENT-28); 1 Meds re-rolls a result once per survivor. Then a lost Leader is replaced
 * (R-CONTENT-26), and Congregation members left Down may be rescued (B-CONGREGATION-19).
 *
 * @since 0.3.0
 */
import type { EntryOf } from "../content/schema/Entries.js"
import type { ContentView } from "../refuge/Content.js"
import { freeGear } from "../refuge/Founding.js"
import { storesOf } from "../refuge/Ledger.js"
import type { Survivor } from "../refuge/Survivor.js"
import type { Effect } from "../vocabulary/Effect.js"
import type { Ctx } from "./Context.js"
import { freshStatus } from "./Evolve.js"
import { ownRules } from "./OwnRules.js"
import { refugeAt, statusAt } from "./Refuges.js"
import { type RaidRecord, sideOf } from "./State.js"
import { rowFor, tableOf } from "./Tables.js"

type CasualtyResult = Extract<EntryOf["tables"], { table: "casualty" }>["rows"][number]["result"]

const casualtyDie = (e: Effect): e is Effect & { readonly kind: "dieModifier" } =>
  e.kind === "dieModifier" && e.die === "casualty"

/** The survivor's own modifiers to its Casualty rolls (Hard to Kill +1, Weeping Sap −1), unconditional. */
export const ownCasualtyModifiers = (
  content: ContentView,
  s: Survivor,
): Array<{ value: number; why: string }> =>
  ownRules(content, s).flatMap((r) =>
    (r.effects ?? []).flatMap((e) =>
      casualtyDie(e) && (e.scope ?? "self") === "self" && e.when === undefined
        ? [
            {
              value: e.value,
              why: `${r.name ?? "a rule"}${r.from === "skill" ? " (B-CASUALTY-03)" : ` (${r.from})`}`,
            },
          ]
        : [],
    ),
  )

/**
 * Who may add +1 to one Casualty roll this Aftermath (B-CASUALTY-04, R-CONTENT-28): a survivor
 * on the roster whose rule gives a friend `dieModifier casualty` (the Doctor, if not Down: `when: {
 * wasDown: false }`; one who stayed home wasn't Down, R-CAMPAIGN-26), the Home's perk (the
 * Hospital Wing) and each improvement that does (the Infirmary).
 */
const helpersOf = (ctx: Ctx, refuge: number, side: RaidRecord["sides"][number]): string[] => {
  const r = refugeAt(ctx, refuge).refuge
  const helpers: string[] = []
  const helps = (e: Effect, wasDown: boolean) =>
    casualtyDie(e) &&
    e.scope === "oneFriend" &&
    (e.when === undefined || ("wasDown" in e.when && e.when.wasDown === wasDown))
  // R-CAMPAIGN-26: the roster, not only who went: a Doctor who stayed home wasn't Down either.
  for (const s of r.survivors) {
    const went = side.survivors.find((m) => m.survivor === s.id)
    // B-TURN-03: one who Turned in the raid is gone from the roster at once (struck off in step 3).
    if (went?.status === "turned") continue
    const wasDown = went?.wasDown ?? false
    for (const rule of ownRules(ctx.env.content, s))
      if ((rule.effects ?? []).some((e) => helps(e, wasDown))) helpers.push(`${s.name} (${rule.name})`)
  }
  const home = ctx.env.content.get("homes", r.home)
  if (home?.perk.effects?.some((e) => helps(e, false))) helpers.push(`${home.name}: ${home.perk.name}`)
  for (const id of r.improvements) {
    const imp = ctx.env.content.get("improvements", id)
    if (imp?.effects?.some((e) => helps(e, false))) helpers.push(imp.name)
  }
  return helpers
}

/** Step 1 for one Refuge. */
export const casualties = (ctx: Ctx, refuge: number, raid: RaidRecord) => {
  const side = sideOf(raid, refuge)
  if (side === undefined) return
  const table = tableOf(ctx.env.content, "casualty")
  const helpers = helpersOf(ctx, refuge, side)
  const r = () => refugeAt(ctx, refuge).refuge
  const laidUp: string[] = []
  for (const m of side.survivors) {
    if (m.status !== "down" && m.status !== "finished") continue
    const s = r().survivors.find((x) => x.id === m.survivor)
    if (s === undefined) continue
    const own = ownCasualtyModifiers(ctx.env.content, s)
    const base = (m.status === "finished" ? -1 : 0) + own.reduce((a, x) => a + x.value, 0)
    const read = (n: number) => Math.max(table.modified.min, Math.min(table.modified.max, n))
    let face = ctx.die(`${s.name}: Casualty (B-CASUALTY-01)`, String(refuge))
    // R-CONTENT-28: each helper gives +1 to one roll; two may help the same roll.
    const helpedBy: string[] = []
    while (helpers.length > 0 && read(face + base + helpedBy.length) < table.modified.max) {
      const pick = ctx.choose(
        `doctor:${s.id}${helpedBy.length ? `:${helpedBy.length + 1}` : ""}`,
        `${s.name} rolled ${face}${base + helpedBy.length ? ` (${base + helpedBy.length > 0 ? "+" : ""}${base + helpedBy.length})` : ""} on the Casualty table: add +1 from a helper? (R-CONTENT-28)`,
        ["no", ...helpers],
        String(refuge),
      )
      if (pick === "no") break
      helpers.splice(helpers.indexOf(pick), 1)
      helpedBy.push(pick)
    }
    const help = helpedBy.length
    let total = read(face + base + help)
    let result = rowFor<CasualtyResult>(table, total, "Casualty")
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
        result = rowFor<CasualtyResult>(table, total, "Casualty")
      }
    }
    const mods = [
      m.status === "finished" ? "−1 Finished (B-CASUALTY-02)" : "",
      ...own.map((x) => `${x.value > 0 ? "+" : "−"}${Math.abs(x.value)} ${x.why}`),
      ...helpedBy.map((h) => `+1 ${h} (B-CASUALTY-04)`),
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
    if (result.missRaids || result.outcome === "laidUp") laidUp.push(s.id)
  }
  homeDrawbacks(ctx, refuge, side, laidUp)
  replaceLeader(ctx, refuge)
}

type Hooked = {
  readonly kind: string
  readonly on?: string
  readonly do?: ReadonlyArray<{ kind: string; hook?: string; params?: unknown }>
}

/**
 * The Home's `aftermath.casualties` hooks (R-WORLD-19): the Corner Shop's Laid Up roll (each
 * survivor who missed this raid rolls; on the range, one more raid missed) and the Tower Block's
 * Meds (each survivor Laid Up in these Casualties is given Meds while they last, in roster order
 * as the hook does, or misses a second raid).
 */
const homeDrawbacks = (
  ctx: Ctx,
  refuge: number,
  side: RaidRecord["sides"][number],
  laidUp: ReadonlyArray<string>,
) => {
  const r = refugeAt(ctx, refuge)
  const home = ctx.env.content.get("homes", r.refuge.home)
  // No Home, no Home's rules (R-WORLD-19).
  if (home === undefined) return
  const effects = [
    ...(home.perk?.effects ?? []),
    ...((home.drawback as { effects?: ReadonlyArray<unknown> } | undefined)?.effects ?? []),
  ] as ReadonlyArray<Hooked>
  const miss = (id: string, extra: number, reason: string) => {
    const st = refugeAt(ctx, refuge).status[id]
    if (st)
      ctx.emit({
        type: "survivor.changed",
        refuge,
        survivor: id,
        status: { missRaids: st.missRaids + extra },
        reason,
        clause: "R-WORLD-19",
      })
  }
  for (const t of effects) {
    if (t.kind !== "trigger" || t.on !== "aftermath.casualties") continue
    for (const d of t.do ?? []) {
      if (d.kind !== "hook") continue
      if (d.hook === "core/corner-shop-laid-up") {
        const p = d.params as { on: readonly [number, number]; extraRaids: number }
        // R-CAMPAIGN-15: those who stayed home Laid Up, not everyone who was not in the raid (in a
        // forfeit nobody was, R-CAMPAIGN-12); a record saved before `stayedHome`: those not in it.
        const went = new Set(side.survivors.map((m) => m.survivor))
        const stayed = side.stayedHome === undefined ? undefined : new Set(side.stayedHome)
        const laidUpHere = (id: string) => (stayed ? stayed.has(id) : !went.has(id))
        for (const s of [...refugeAt(ctx, refuge).refuge.survivors].filter((x) => laidUpHere(x.id))) {
          const face = ctx.die(`${s.name}: the Laid Up roll (R-WORLD-19)`, String(refuge))
          const stays = face >= p.on[0] && face <= p.on[1]
          ctx.emit({
            type: "rolled",
            refuge,
            survivor: s.id,
            what: "Laid Up roll",
            faces: [face],
            result: stays ? `Laid Up ${p.extraRaids} more raid(s)` : "back on their feet",
            clause: "R-WORLD-19",
          })
          if (stays) miss(s.id, p.extraRaids, `${home.name}: still Laid Up`)
        }
      } else if (d.hook === "core/tower-block-meds") {
        const p = d.params as { meds: number; extraRaids: number }
        for (const id of laidUp) {
          const s = refugeAt(ctx, refuge).refuge.survivors.find((x) => x.id === id)
          if (s === undefined) continue
          if (storesOf(refugeAt(ctx, refuge).refuge.ledger).meds >= p.meds)
            ctx.post(refuge, [
              {
                store: "meds",
                amount: -p.meds,
                reason: `${home.name}: Meds for ${s.name}, Laid Up`,
                clause: "R-WORLD-19",
              },
            ])
          else miss(id, p.extraRaids, `${home.name}: no Meds, misses a second raid`)
        }
      }
    }
  }
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
    if (e.kind === "experience") xp += e.xp
  }
  const st = statusAt(ctx, refuge, id)
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
            12 - (refugeAt(ctx, refuge).refuge.survivors.find((s) => s.id === id)?.blight ?? 0),
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
  const r = refugeAt(ctx, refuge).refuge
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
      const member = refugeAt(ctx, side.refuge).refuge.survivors.find((s) => s.id === m.survivor)
      if (member === undefined) continue // no longer with the Congregation
      const face = ctx.die(`rescue ${member.name} (B-CONGREGATION-19)`, String(to))
      ctx.emit({
        type: "rolled",
        refuge: side.refuge,
        survivor: member.id,
        what: `Rescue by ${refugeAt(ctx, to).refuge.name}`,
        faces: [face],
        result: face >= 5 ? `${member.name} joins` : "stays with the Congregation",
        clause: "B-CONGREGATION-19",
      })
      if (face < 5) continue
      const wasLeader = member.role !== undefined
      const kept = structuredClone(refugeAt(ctx, side.refuge).status[member.id])
      ctx.emit({
        type: "survivor.lost",
        refuge: side.refuge,
        survivor: member.id,
        cause: "rescued",
        reason: `${member.name} rescued by ${refugeAt(ctx, to).refuge.name}`,
        clause: "B-CONGREGATION-19",
      })
      const id = newSurvivorId(ctx)
      const { role: _role, ...rest } = member
      ctx.emit({
        type: "survivor.joined",
        refuge: to,
        survivor: {
          ...structuredClone(rest),
          // "With their Blight": the raid's too, which the Congregation's step 3 never gave them; the
          // Refuge's step 3 (after every rescue, R-CAMPAIGN-01) rolls the thresholds it crosses.
          blight: Math.min(12, member.blight + m.blight),
          // and any Gift and Mark the raid rolled at once (R-BATTLE-12), kept as step 3 would.
          gifts: [...member.gifts, ...(m.rolled?.gifts ?? [])],
          marks: [...member.marks, ...(m.rolled?.marks ?? [])],
          id: id as never,
          equipment: freeGear(ctx.env.content),
        } as never,
        // R-CAMPAIGN-32: "shaken but free" heals nothing: the Casualty just rolled (a missed raid,
        // Laid Up) and Hunger come along; only the Errand run for the Congregation does not.
        status: {
          ...freshStatus(member.blight),
          ...kept,
          thresholds: Math.min(
            3,
            (kept?.thresholds ?? freshStatus(member.blight).thresholds) + (m.rolled?.thresholds ?? 0),
          ),
          errand: false,
        },
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

/** A survivor who joins between raids (recruited, or the Stranger): new, with the free gear, and its Blight. */
export const newcomer = (
  ctx: Ctx,
  id: string,
  name: string,
  background: string,
  blight: number,
): Survivor => ({
  id: id as never,
  name,
  background: background as never,
  equipment: freeGear(ctx.env.content),
  xp: 0,
  advances: [],
  skills: [],
  injuries: [],
  blight,
  gifts: [],
  marks: [],
})
