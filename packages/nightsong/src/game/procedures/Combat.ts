/**
 * Combat through the game (N-COMBAT-01..15, N-SHIELD-01/02, N-RESOLVE-02, N-WEAPON-02,
 * N-ARMOR-02): a fight begins with the Referee's call on surprise; each side has its turn, each
 * fighter one action a Round; attacks roll the Weapon Die against the Armor Die (the defender
 * rolls its own Armor and decides to block); NPCs fall at 0 HP and break on a failed morale roll;
 * when one side is out the game ends the fight and rolls wear and tear.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import { netAdvantage } from "../../procedures/checks/Check.js"
import {
  type Attack,
  type Defender,
  featDie,
  rangedAttack,
  attack as resolveAttack,
  UNARMED,
} from "../../procedures/combat/Damage.js"
import { type Side, type Surprise, turnOrder } from "../../procedures/combat/Round.js"
import type { LiveDie } from "../../procedures/Dice.js"
import type { Gear } from "../../procedures/items/Gear.js"
import { damageNpc, morale } from "../../procedures/npc/Npc.js"
import type { AttackCmd, Disengage, EndFight, EndTurn, FightCmd } from "../Command.js"
import { advantageCall, type Ctx, diceOf, type Of, ruled, st } from "../Context.js"
import { memberOf, mustCommand, mustReferee, npcOf, SEATS, seatOf } from "../Seats.js"
import type { GameState } from "../State.js"
import { mustAct } from "../Turns.js"
import { bandMorale, wearAndTear } from "./Aftermath.js"
import { hurt, tickTimers } from "./Harm.js"
import { bypassOf, inflictOnHit, withSpecials } from "./Specials.js"

/** What an attack or a blast says about its attacker and its dice. */
type AttackLike = Pick<
  Of<typeof AttackCmd>,
  "attacker" | "weapon" | "feat" | "advantage" | "ranged" | "cover"
>

const usable = (g: Gear): boolean => g.die !== "d0"

/** Why the fight is over (one side all out), or undefined. */
export const fightOver = (s: GameState): string | undefined => {
  const f = s.fight
  if (f === undefined) return undefined
  if (f.enemies.every((id) => s.npcs[id]?.status !== "active")) return "no enemy is left standing"
  if (Object.values(s.party).every((m) => m.adventurer.status !== "active")) return "the whole party is out"
  return undefined
}

const SURPRISE: Record<string, Surprise> = {
  none: { players: false, enemies: false },
  players: { players: true, enemies: false },
  enemies: { players: false, enemies: true },
  both: { players: true, enemies: true },
}

const fight = (ctx: Ctx, c: Of<typeof FightCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "starting a fight")
  if (s.fight !== undefined) refuse("a fight is already under way", "N-COMBAT-01")
  for (const [i, id] of c.enemies.entries()) {
    const n = npcOf(s, id, `enemies.${i}`)
    if (n.status !== "active") refuse(`enemies.${i}: ${id} is ${n.status}`, "N-COMBAT-04")
  }
  if (new Set(c.enemies).size !== c.enemies.length) refuse("enemies: an NPC is listed twice")
  const call =
    c.surprise ??
    ctx.choose(
      "surprise",
      "who is caught off guard? (N-COMBAT-02)",
      ["none", "players", "enemies", "both"],
      s.seats.referee,
    )
  const surprise = SURPRISE[call] as Surprise
  ctx.emit({ type: "fightBegan", enemies: c.enemies, surprise, order: turnOrder(1, surprise) })
}

/** The dice a fighter attacks with, and the name of what it attacks with. */
const weaponOf = (ctx: Ctx, c: AttackLike): { dice: readonly LiveDie[]; name: string } => {
  const s = st(ctx)
  if (c.weapon === "feat" || c.feat !== undefined) {
    const harm =
      c.feat ??
      ctx.choose(
        "harm",
        `the feat's harm (N-COMBAT-07)`,
        ["limited", "serious", "devastating"],
        s.seats.referee,
      )
    return { dice: [ruled(() => featDie(harm as "limited"))], name: "feat" }
  }
  if (Object.hasOwn(s.npcs, c.attacker))
    return { dice: (s.npcs[c.attacker] as { attack: readonly LiveDie[] }).attack, name: "attack" }
  if (c.weapon === undefined) return { dice: UNARMED, name: "unarmed" }
  const g = memberOf(s, c.attacker, "attacker").gear.find((x) => x.name === c.weapon && x.kind === "weapon")
  if (g === undefined)
    refuse(`weapon: ${c.attacker} carries no Weapon ${JSON.stringify(c.weapon)}`, "N-WEAPON-01")
  if (!usable(g)) refuse(`weapon: ${g.name} is broken (D0) until repaired or replaced`, "N-WEAPON-02")
  return { dice: [g.die as LiveDie], name: g.name }
}

export const isEngaged = (s: GameState, id: string): boolean =>
  (s.fight?.engaged ?? []).some((pair) => pair.includes(id))

/** The defender's side of an attack: its Armor, and a Shield block it decides on (R-N-SHIELD-01). */
const defenderOf = (
  ctx: Ctx,
  c: { readonly target: string; readonly block?: boolean | undefined },
  by: string,
): Defender => {
  const s = st(ctx)
  if (!Object.hasOwn(s.party, c.target)) {
    const n = npcOf(s, c.target, "target")
    if (c.block === true) refuse("block: an NPC in this game carries no Shield", "N-SHIELD-01")
    return n.armor === undefined ? {} : { armor: n.armor }
  }
  const m = memberOf(s, c.target, "target")
  const armor = m.gear.find((g) => g.kind === "armor" && usable(g))
  const shield = m.gear.find((g) => g.kind === "shield" && usable(g))
  if (c.block !== undefined && by !== "any" && by !== m.owner)
    refuse(`block: whether ${m.id} blocks is ${m.owner}'s to say, not ${by}'s`, SEATS)
  if (c.block === true && shield === undefined)
    refuse(`block: ${m.id} has no Shield to block with`, "N-SHIELD-01")
  const block =
    shield !== undefined &&
    (c.block ??
      ctx.choose(
        "block",
        `does ${m.id} block with ${shield.name}? (N-SHIELD-01)`,
        ["block", "take"],
        m.owner,
      ) === "block")
  return {
    ...(armor ? { armor: armor.die } : {}),
    ...(shield
      ? {
          shield: {
            name: shield.name,
            kind: "shield" as const,
            die: shield.die,
            start: shield.start ?? shield.die,
          },
        }
      : {}),
    block,
  }
}

export const checkFighters = (
  s: GameState,
  c: { readonly attacker: string; readonly target: string },
): Side => {
  const f = s.fight
  if (f === undefined) refuse("no fight is under way: the Referee starts one with `fight`", "N-COMBAT-01")
  const side: Side = Object.hasOwn(s.party, c.attacker) ? "players" : "enemies"
  if (side === "enemies" && !f.enemies.includes(c.attacker))
    refuse(`attacker: ${c.attacker} is not in this fight`)
  const status =
    side === "players" ? memberOf(s, c.attacker, "attacker").adventurer.status : npcOf(s, c.attacker).status
  if (status !== "active") refuse(`attacker: ${c.attacker} is ${status}`, "N-COMBAT-04")
  const targetSide: Side = Object.hasOwn(s.party, c.target) ? "players" : "enemies"
  if (targetSide === side) refuse(`target: ${c.target} is on ${c.attacker}'s side`)
  if (targetSide === "enemies") {
    if (!f.enemies.includes(c.target)) refuse(`target: ${c.target} is not in this fight`)
    const n = npcOf(s, c.target, "target")
    if (n.status !== "active") refuse(`target: ${c.target} is ${n.status}`, "N-COMBAT-04")
  } else if (memberOf(s, c.target, "target").adventurer.status === "dead")
    refuse(`target: ${c.target} is dead`)
  return side
}

/** The dice of an attack and what bends them: the Referee's Advantage, cover's Disadvantage (R-N-ADV-01). */
export const specOf = (
  ctx: Ctx,
  c: AttackLike,
  what: string,
): { spec: Attack; weapon: string; dice: readonly LiveDie[] } => {
  const weapon = weaponOf(ctx, c)
  const call = advantageCall(ctx, c.advantage, what, c.attacker)
  const base: Attack = {
    dice: weapon.dice,
    advantage: call === "advantage",
    disadvantage: call === "disadvantage",
  }
  const bent =
    c.ranged === true
      ? ruled(() =>
          rangedAttack(base, { engagedInMelee: false, lineOfSight: true, targetInCover: c.cover === true }),
        )
      : base
  const adv = netAdvantage(bent.advantage === true, bent.disadvantage === true)
  return {
    spec: { dice: bent.dice, advantage: adv === "advantage", disadvantage: adv === "disadvantage" },
    weapon: weapon.name,
    dice: weapon.dice,
  }
}

/** One attack on one target: the defender's block and Armor, the Damage, and what it does. */
export const strike = (
  ctx: Ctx,
  c: AttackLike & { readonly target: string; readonly block?: boolean | undefined },
  by: string,
  attack: ReturnType<typeof specOf>,
  how: { readonly engaged: boolean; readonly keepRoll: boolean },
): void => {
  const s = st(ctx)
  const guarded = defenderOf(ctx, c, by)
  // A special that bypasses Armor leaves the Armor Die unrolled; a Shield still blocks (R-N-PACK-03).
  const { armor: _armor, ...bare } = guarded
  const defender = bypassOf(s, c.attacker) === undefined ? guarded : bare
  const attackerSeat = seatOf(s, c.attacker)
  const targetSeat = seatOf(s, c.target)
  const dice = diceOf(
    ctx,
    (label) => (label === "damage" ? attackerSeat : targetSeat),
    `${c.attacker} → ${c.target}: `,
  )
  const r = ruled(() => resolveAttack(dice, attack.spec, defender))
  ctx.emit({
    type: "attacked",
    attacker: c.attacker,
    target: c.target,
    weapon: attack.weapon,
    dice: attack.dice,
    kept: r.damageRoll?.kept,
    armor: r.armorRoll?.ignored === true ? undefined : r.armorRoll?.face,
    blocked: r.blocked,
    miss: r.damageRoll?.miss ?? false,
    damage: r.damage,
    engaged: how.engaged,
    roll:
      how.keepRoll && r.damageRoll !== undefined
        ? { character: c.attacker, target: c.target, attack: attack.spec, defender, result: withoutDice(r) }
        : undefined,
  })
  if (r.shield !== undefined)
    ctx.emit({
      type: "gearChanged",
      id: c.target,
      gear: { ...r.shield, kind: "shield" },
      why:
        r.shieldBroke === true
          ? "the Shield breaks (N-SHIELD-02)"
          : "the Shield's Step Die after a block (N-SHIELD-02)",
    })
  if (Object.hasOwn(s.party, c.target)) {
    hurt(ctx, memberOf(st(ctx), c.target), r.damage, `${r.damage} Damage from ${c.attacker}`)
    inflictOnHit(ctx, c.attacker, c.target, r.damage)
  } else hitNpc(ctx, c.target, r.damage, c.attacker)
}

const attack = (ctx: Ctx, c: Of<typeof AttackCmd>, by: string) => {
  const s = st(ctx)
  const side = checkFighters(s, c)
  mustCommand(s, by, c.attacker, "an attack")
  mustAct(ctx, c.attacker, side)
  if (c.ranged === true && isEngaged(s, c.attacker))
    refuse(`${c.attacker} is engaged in melee: no ranged attack`, "N-COMBAT-15")
  const plain = specOf(ctx, c, `${c.attacker}'s attack on ${c.target}`)
  const spec = { ...plain, spec: withSpecials(s, c.attacker, c.target, plain.spec) }
  strike(ctx, c, by, spec, { engaged: c.ranged !== true, keepRoll: side === "players" })
}

/** An attack's result as data (the dice are in the log already). */
const withoutDice = <R extends { readonly dice?: unknown }>(r: R): Omit<R, "dice"> => {
  const { dice: _d, ...rest } = r
  return rest
}

/** Damage to an NPC: out at 0 HP (N-COMBAT-04); a lone NPC at half HP, or a band at half its numbers, tests morale. */
export const hitNpc = (ctx: Ctx, id: string, amount: number, by: string): void => {
  const n = npcOf(st(ctx), id)
  const hit = damageNpc(n, amount)
  if (hit.ignored) {
    ctx.emit({
      type: "npcChanged",
      npc: n,
      why: `${id} is a Force: Damage from one fighter does nothing (N-NPC-06)`,
    })
    return
  }
  if (amount > 0)
    ctx.emit({ type: "npcChanged", npc: { ...hit.npc, id }, why: `${amount} Damage from ${by}` })
  const f = st(ctx).fight
  if (f === undefined || f.moraleTested) return
  if (f.enemies.length === 1) {
    if (!hit.moraleDue) return
    const m = ruled(() => morale(diceOf(ctx, st(ctx).seats.referee, `${id}'s morale: `), hit.npc))
    ctx.emit({ type: "morale", npcs: [id], resolve: n.resolve, roll: m.roll, holds: m.holds })
    ctx.emit({
      type: "npcChanged",
      npc: { ...m.npc, id },
      why: m.holds ? "holds" : "routs, flees or yields (N-RESOLVE-02)",
    })
    return
  }
  if (hit.takenOut) bandMorale(ctx)
}

const endTurn = (ctx: Ctx, _c: Of<typeof EndTurn>, by: string) => {
  const s = st(ctx)
  const f = s.fight
  if (f === undefined) refuse("no fight is under way", "N-COMBAT-01")
  if (f.side === "enemies") mustReferee(s, by, "ending the enemies' turn")
  else if (by !== "any" && by !== s.seats.referee && !s.seats.players.includes(by))
    refuse(`${by} has no seat on the players' side`, SEATS)
  if (f.side !== f.order[1]) return ctx.emit({ type: "turnEnded", side: f.side })
  // Both sides have acted: a new Round, and each dying timer runs one Round (N-HP-03).
  ctx.emit({ type: "roundBegan", round: f.round + 1 })
  tickTimers(ctx, { rounds: 1 })
}

const disengage = (ctx: Ctx, c: Of<typeof Disengage>, by: string) => {
  const s = st(ctx)
  mustCommand(s, by, c.who, "moving away")
  if (s.fight === undefined) refuse("no fight is under way", "N-COMBAT-01")
  mustAct(ctx, c.who, Object.hasOwn(s.party, c.who) ? "players" : "enemies")
  if (!isEngaged(s, c.who)) refuse(`${c.who} is not engaged in melee`, "N-COMBAT-15")
  ctx.emit({ type: "disengaged", id: c.who })
}

/** The end of a fight: wear and tear on every Weapon used and every Armor worn (N-COMBAT-11). */
export const endFight = (ctx: Ctx, why: string): void => {
  wearAndTear(ctx)
  ctx.emit({ type: "fightEnded", why })
}

const endFightCmd = (ctx: Ctx, c: Of<typeof EndFight>, by: string) => {
  mustReferee(st(ctx), by, "ending a fight")
  if (st(ctx).fight === undefined) refuse("no fight is under way", "N-COMBAT-01")
  endFight(ctx, c.why)
}

/** The engine's own step: a fight with one side out ends. */
const ownStep = (ctx: Ctx) => endFight(ctx, fightOver(st(ctx)) ?? "the fight is over")

export const handlers = {
  fight,
  attack,
  endTurn,
  disengage,
  endFight: endFightCmd,
  continue: ownStep,
}
