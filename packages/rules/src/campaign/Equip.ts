/**
 * Handing gear out at home (R-CAMPAIGN-27): between raids a Refuge sets what one survivor carries
 * from what they carry now and the stash (gear bought on a Trade, B-ERRAND-03, or found, B-LOOT-01,
 * waits there), the rest going back to the stash. No Errand, as making Arrows is none. The carrying
 * limits hold (B-FOUNDING-06: 2 weapons, Molotovs and bombs not counted; 1 armour; 2 kit), and the
 * free Improvised weapon and Thrown junk stay with everyone (B-FOUNDING-07).
 *
 * @since 0.3.0
 */
import type { ContentView } from "../refuge/Content.js"
import { countsTowardLimit, FOUNDING, freeWeaponIds } from "../refuge/Founding.js"
import type { Refuge } from "../refuge/Refuge.js"
import type { Equipment } from "../refuge/Survivor.js"
import type { Equip } from "./Command.js"
import { type Ctx, Refusal, refuse } from "./Context.js"

export const KINDS = ["weapons", "armour", "kit"] as const
type Kind = (typeof KINDS)[number]
const WHAT: Record<Kind, string> = { weapons: "weapon", armour: "armour", kit: "piece of kit" }
export const LIMIT: Record<Kind, number> = {
  weapons: FOUNDING.maxWeapons,
  armour: FOUNDING.maxArmour,
  kit: FOUNDING.maxKit,
}

/** Runs an `equip` command: all or nothing, every refusal naming its path and rule. */
export const equip = (ctx: Ctx, c: typeof Equip.Type): void => {
  if (ctx.draft.phase !== "between") refuse("gear is handed out at home, between raids", "R-CAMPAIGN-27")
  const r = ctx.draft.refuges[c.refuge]
  if (r === undefined) throw new Refusal(`refuge: the campaign has no Refuge ${c.refuge}`, "B-AFTERMATH-01")
  const s = r.refuge.survivors.find((x) => x.id === c.survivor)
  if (s === undefined)
    throw new Refusal(`survivor: ${r.refuge.name} has no survivor "${c.survivor}"`, "R-CAMPAIGN-27")
  const content = ctx.env.content
  const free = new Set(freeWeaponIds(content))
  const carried: Record<Kind, string[]> = { weapons: [], armour: [], kit: [] }
  const stash: Record<Kind, string[]> = { weapons: [], armour: [], kit: [] }
  for (const kind of KINDS) {
    // What the survivor carries and the stash hold, less the free weapons nobody hands out.
    const pool: string[] = [...s.equipment[kind], ...r.refuge.stash[kind]].filter((id) => !free.has(id))
    c[kind].forEach((id, j) => {
      const item = content.get(kind, id) as { name: string } | undefined
      if (item === undefined)
        throw new Refusal(`${kind}[${j}]: there is no ${WHAT[kind]} "${id}"`, "B-FOUNDING-05")
      if (free.has(id)) return // everyone has it already
      const at = pool.indexOf(id)
      if (at < 0)
        throw new Refusal(
          `${kind}[${j}]: neither ${s.name} nor the stash has a ${item.name} to hand out`,
          "R-CAMPAIGN-27",
        )
      carried[kind].push(...pool.splice(at, 1))
    })
    stash[kind] = pool
    const counted = carried[kind].filter((id) => countsTowardLimit(content, kind, id))
    if (counted.length > LIMIT[kind])
      throw new Refusal(
        `${kind}: ${s.name} can carry at most ${LIMIT[kind]} ${kind === "weapons" ? "weapons (Molotovs and bombs don't count)" : kind === "kit" ? "pieces of kit" : "armour"}, got ${counted.length}`,
        "B-FOUNDING-06",
      )
  }
  const equipment = {
    ...carried,
    weapons: [...carried.weapons, ...free],
  } as unknown as Equipment
  ctx.emit({
    type: "survivor.changed",
    refuge: c.refuge,
    survivor: s.id,
    equipment,
    reason: `${s.name} carries ${[...carried.weapons, ...carried.armour, ...carried.kit].join(", ") || "only the free weapons"}`,
    clause: "R-CAMPAIGN-27",
  })
  ctx.emit({
    type: "stash.changed",
    refuge: c.refuge,
    stash: stash as unknown as Equipment,
    reason: `gear handed out to ${s.name}`,
    clause: "R-CAMPAIGN-27",
  })
}

/** The most pieces of a kind an `equip` command lists (its schema's bound). */
const LISTED: Record<Kind, number> = { weapons: 8, armour: 4, kit: 8 }

/**
 * The hand-outs a Refuge may make now, for the legal listing (R-CAMPAIGN-27): for each survivor and
 * each piece waiting in the stash (each id once), what they carry with that piece added when they
 * have room for it, else with it in place of each piece of its kind they carry. Bounded — survivors
 * × the stash's distinct pieces × (1 + a kind's limit) — where every combination would not be; a
 * client that wants another one sends it as it likes.
 */
export const equipOptions = (refuge: number, r: Refuge, content: ContentView): Array<typeof Equip.Type> => {
  const free = new Set(freeWeaponIds(content))
  const counts = (kind: Kind, id: string) => countsTowardLimit(content, kind, id)
  const out: Array<typeof Equip.Type> = []
  for (const s of r.survivors) {
    const carried: Record<Kind, string[]> = { weapons: [], armour: [], kit: [] }
    for (const kind of KINDS) carried[kind] = s.equipment[kind].filter((id) => !free.has(id))
    for (const kind of KINDS)
      for (const id of new Set<string>(r.stash[kind])) {
        if (free.has(id) || content.get(kind, id) === undefined) continue
        const mine = carried[kind]
        const room = !counts(kind, id) || mine.filter((x) => counts(kind, x)).length < LIMIT[kind]
        const ways = room
          ? [[...mine, id]]
          : mine.flatMap((x, i) => (counts(kind, x) ? [mine.map((y, j) => (j === i ? id : y))] : []))
        for (const list of ways)
          if (list.length <= LISTED[kind])
            out.push({ type: "equip", refuge, survivor: s.id, ...carried, [kind]: list })
      }
  }
  return out
}
