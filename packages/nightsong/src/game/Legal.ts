/**
 * What a seat may do now: the answers a waiting prompt takes, else the commands the rules would
 * not refuse outright (each probed with the kernel's `refusedOutright`). The Referee's calls are
 * left out of the commands listed, so the game asks for them; a dice prompt is listed with 1s,
 * a template for the faces typed in.
 *
 * @since 0.2.0
 */
import { refusedOutright } from "@blight/engine"
import { ABILITIES } from "../procedures/Adventurer.js"
import type { Command } from "./Command.js"
import { nightsong } from "./Game.js"
import { packCommands } from "./procedures/Packs.js"
import type { GameState, Member } from "./State.js"

const answers = (s: GameState): Command[] => {
  const p = s.pending?.prompt
  if (p === undefined) return []
  if (p.kind === "dice") return [{ type: "roll", faces: Array.from({ length: p.dice }, () => 1) }]
  if (p.kind === "choice") return p.options.map((option) => ({ type: "choose", option }))
  return []
}

const memberCommands = (s: GameState, m: Member): Command[] => {
  const out: Command[] = ABILITIES.map((ability) => ({ type: "check", character: m.id, ability }))
  out.push({ type: "focus", character: m.id })
  for (const g of m.gear) {
    if (g.kind === "shard") out.push({ type: "cast", character: m.id, shard: g.name })
    if (g.kind === "remedy") out.push({ type: "remedy", character: m.id, remedy: g.name })
  }
  for (const o of Object.values(s.party))
    if (o.adventurer.dying) out.push({ type: "help", helper: m.id, dying: o.id })
  for (const g of m.gear.filter((x) => x.kind === "supply")) {
    if (/ration/i.test(g.name)) out.push({ type: "forage", character: m.id, ration: g.name })
    if (s.light?.lit === false)
      out.push({
        type: "light",
        character: m.id,
        kind: /lantern|oil/i.test(g.name) ? "lantern" : "torch",
        from: g.name,
      })
  }
  const f = s.fight
  if (f !== undefined) {
    const weapons = [undefined, ...m.gear.filter((g) => g.kind === "weapon").map((g) => g.name)]
    for (const target of f.enemies)
      for (const weapon of weapons)
        out.push(
          weapon === undefined
            ? { type: "attack", attacker: m.id, target }
            : { type: "attack", attacker: m.id, target, weapon },
        )
    out.push({ type: "disengage", who: m.id })
  }
  return out
}

/** Outside a fight: travel or the depths, events, recruits' needs, structures, the Land. */
const worldCommands = (s: GameState): Command[] => {
  const out: Command[] =
    s.light === undefined
      ? [{ type: "watch" }, { type: "watch", path: true }, { type: "delve", action: "start" }]
      : [{ type: "turn" }, { type: "delve", action: "end" }]
  out.push({ type: "distance" }, { type: "loom", name: `event ${s.seq}` })
  for (const n of Object.values(s.npcs).filter((x) => x.status === "active"))
    out.push(
      { type: "reaction", npc: n.id },
      { type: "needs", npc: n.id },
      { type: "needs", npc: n.id, unmet: ["paid"] },
    )
  const works = Object.values(s.structures ?? {})
  for (const w of works.filter((x) => x.hp > 0)) {
    out.push(
      { type: "strike", target: w.name, dice: ["d8"], means: "fire" },
      { type: "ordnance", size: "small", targets: [w.name] },
    )
    for (const o of works)
      if (o.kind === "vehicle" && w.kind === "vehicle" && o.name !== w.name)
        out.push({ type: "collide", a: w.name, b: o.name })
  }
  for (const w of works.filter((x) => x.hp < x.maxHp)) out.push({ type: "repair", name: w.name, hp: 1 })
  if (s.land !== undefined) out.push({ type: "worldTurn" })
  return out
}

const refereeCommands = (s: GameState): Command[] => {
  const out: Command[] = [{ type: "session", action: s.clock.inSession ? "end" : "start" }]
  const f = s.fight
  if (f === undefined) {
    const ready = Object.values(s.npcs)
      .filter((n) => n.status === "active" && s.attitudes?.[n.id] !== "friendly")
      .map((n) => n.id)
    if (ready.length > 0) out.push({ type: "fight", enemies: ready })
    out.push({ type: "rest", kind: "short" }, { type: "rest", kind: "long" })
    out.push(...worldCommands(s), ...packCommands(s))
  } else {
    out.push({ type: "endTurn" }, { type: "endFight", why: "the Referee ends the fight" })
    for (const id of f.enemies)
      for (const target of Object.keys(s.party)) out.push({ type: "attack", attacker: id, target })
  }
  for (const id of Object.keys(s.party)) out.push({ type: "advance", character: id })
  for (const name of Object.keys(s.trackers)) out.push({ type: "tick", name })
  return out
}

/** The commands `by` may give now ("any": every seat's). */
export const legal = (s: GameState, by = "any"): Command[] => {
  if (s.pending?.prompt !== undefined) {
    const asked = s.pending.prompt.by
    return by === "any" || asked === "any" || asked === by ? answers(s) : []
  }
  const mine = Object.values(s.party).filter((m) => by === "any" || m.owner === by)
  const candidates = [
    ...mine.flatMap((m) => memberCommands(s, m)),
    ...(by === "any" || by === s.seats.referee ? refereeCommands(s) : []),
    ...(s.fight?.side === "players" && by !== s.seats.referee && mine.length > 0 && by !== "any"
      ? [{ type: "endTurn" } as Command]
      : []),
  ]
  return candidates.filter((c) => !refusedOutright(nightsong, s, c, undefined, by))
}
