/**
 * Structures, vehicles and heavy ordnance through the game (N-STRUCTURE-01..04, N-VEHICLE-01..02,
 * N-ORDNANCE-01): the Referee puts them in play by size, strikes them (immune ones take nothing),
 * fires ordnance, runs collisions, and repairs them at a day of work per HP.
 *
 * @since 0.3.0
 */
import { refuse } from "@blight/engine"
import {
  attackStructure,
  collide as collideOf,
  fireOrdnance,
  repairStructure,
  type Structure,
  structure as structureOf,
  vehicle,
} from "../../procedures/structures/Structures.js"
import type { Collide, Ordnance, Repair, Strike, StructureCmd } from "../Command.js"
import { type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { mustReferee } from "../Seats.js"
import { timePasses } from "./Harm.js"

const structureNamed = (ctx: Ctx, name: string, path: string): Structure => {
  const all = st(ctx).structures ?? {}
  const s = Object.hasOwn(all, name) ? all[name] : undefined
  if (s === undefined) refuse(`${path}: no structure or vehicle ${JSON.stringify(name)}`)
  return s
}

const changed = (ctx: Ctx, s: Structure, why: string) =>
  ctx.emit({
    type: "structureChanged",
    structure: s,
    why: s.hp === 0 ? `${why}: destroyed (N-STRUCTURE-01)` : why,
  })

const structure = (ctx: Ctx, c: Of<typeof StructureCmd>, by: string) => {
  mustReferee(st(ctx), by, "a structure")
  if (Object.hasOwn(st(ctx).structures ?? {}, c.name))
    refuse(`name: ${JSON.stringify(c.name)} is in play already`)
  const s = ruled(() =>
    c.kind === "vehicle" ? vehicle(c.name, c.size) : structureOf(c.name, c.kind, c.size),
  )
  changed(ctx, s, `a ${c.size} ${c.kind} (${c.kind === "vehicle" ? "N-VEHICLE-02" : "N-STRUCTURE-04"})`)
}

const strike = (ctx: Ctx, c: Of<typeof Strike>, by: string) => {
  mustReferee(st(ctx), by, "striking a structure")
  const s = structureNamed(ctx, c.target, "target")
  if (s.hp === 0) refuse(`target: ${s.name} is destroyed`, "N-STRUCTURE-01")
  const r = ruled(() => attackStructure(diceOf(ctx, st(ctx).seats.referee), s, { dice: c.dice }, c.means))
  if (r.immune) refuse(`target: ${s.name} (${s.kind}) takes no harm from ${c.means}`, r.clause)
  changed(ctx, r.structure, `struck with ${c.means}: ${r.damage} Damage`)
}

const ordnance = (ctx: Ctx, c: Of<typeof Ordnance>, by: string) => {
  mustReferee(st(ctx), by, "heavy ordnance")
  const targets = c.targets.map((t, i) => structureNamed(ctx, t, `targets.${i}`))
  const r = ruled(() => fireOrdnance(diceOf(ctx, st(ctx).seats.referee), c.size, targets))
  r.structures.forEach((s, i) => {
    changed(ctx, s, `${c.size} ordnance: ${r.hits[i]?.damage ?? 0} Damage (N-ORDNANCE-01)`)
  })
}

const collide = (ctx: Ctx, c: Of<typeof Collide>, by: string) => {
  mustReferee(st(ctx), by, "a collision")
  if (c.a === c.b) refuse("b: a vehicle cannot collide with itself", "N-VEHICLE-01")
  const a = structureNamed(ctx, c.a, "a")
  const b = structureNamed(ctx, c.b, "b")
  const larger =
    c.larger === undefined ? undefined : c.larger === c.a ? "a" : c.larger === c.b ? "b" : undefined
  if (c.larger !== undefined && larger === undefined)
    refuse(`larger: ${c.larger} is not in the collision`, "N-VEHICLE-01")
  const r = ruled(() => collideOf(diceOf(ctx, st(ctx).seats.referee, "collision: "), a, b, larger))
  changed(ctx, r.a, `collision: ${r.damageA} Damage (N-VEHICLE-01)`)
  changed(ctx, r.b, `collision: ${r.damageB} Damage (N-VEHICLE-01)`)
}

const repair = (ctx: Ctx, c: Of<typeof Repair>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "repairs")
  if (s.fight !== undefined) refuse("no repairs in a fight", "N-STRUCTURE-01")
  const r = ruled(() => repairStructure(structureNamed(ctx, c.name, "name"), c.hp))
  if (r.days === 0) refuse(`name: ${c.name} is whole`, "N-STRUCTURE-01")
  timePasses(ctx, 0, 0, r.days, `repairs to ${c.name} (N-STRUCTURE-01)`)
  changed(ctx, r.structure, `repaired ${r.days} HP in ${r.days} day(s) (N-STRUCTURE-01)`)
}

export const handlers = { structure, strike, ordnance, collide, repair }
