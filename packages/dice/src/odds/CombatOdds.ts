/**
 * Exact odds of a Shoot's damage after Armour (B-SHOOT-08, B-ARMOUR-*) and a Fight's margin
 * (B-FIGHT-07).
 *
 * @since 0.1.0
 */
import { unblocked } from "../blight/Armour.js"
import { DiceRuleViolation } from "../Errors.js"
import { type Distribution, fromMap, mean } from "./Distribution.js"
import { blightGained, poolJoint } from "./PoolOdds.js"

/** Joint distribution of an Armour roll: (Crit blockers, ordinary-only blockers). */
export const armourJoint = (armour: number, helmet: boolean): readonly (readonly number[])[] => {
  const pCrit = helmet ? 2 / 6 : 1 / 6
  const pOrd = helmet ? 1 / 6 : 2 / 6
  const pNone = 1 - pCrit - pOrd
  let cur: number[][] = [[1]]
  for (let i = 0; i < Math.max(0, armour); i++) {
    const next: number[][] = Array.from({ length: i + 2 }, () => new Array<number>(i + 2).fill(0))
    for (let k = 0; k < cur.length; k++) {
      const row = cur[k]!
      for (let o = 0; o < row.length; o++) {
        const p = row[o]!
        if (p === 0) continue
        next[k]![o]! += p * pNone
        next[k + 1]![o]! += p * pCrit
        next[k]![o + 1]! += p * pOrd
      }
    }
    cur = next
  }
  return cur
}

export interface ShootSpec {
  /** The Shoot pool after every modifier: Shoot + weapon dice + Aim − range − cover… (may fall below 1). */
  readonly dice: number
  readonly blightDice?: number
  readonly armour: number
  readonly helmet?: boolean
  /** Health lost per unblocked hit (default 1). */
  readonly damage?: number
}

export interface ShootOdds {
  readonly damage: Distribution
  readonly hitsThrough: Distribution
  readonly mean: number
  /** Expected Blight the shooter gains: one per 1 on a Blight die, blightDice / 6 (B-BLIGHTDICE-03). */
  readonly meanBlight: number
}

/** The exact distribution of damage dealt by a Shoot against Armour, the defender blocking optimally. */
export const shootOdds = (spec: ShootSpec): ShootOdds => {
  const attack = poolJoint(spec.dice, spec.blightDice ?? 0)
  const armour = armourJoint(spec.armour, spec.helmet ?? false)
  const dmg = spec.damage ?? 1
  const through = new Map<number, number>()
  for (let s = 0; s < attack.length; s++) {
    const row = attack[s]!
    for (let c = 0; c < row.length; c++) {
      const pa = row[c]!
      if (pa === 0) continue
      for (let k = 0; k < armour.length; k++) {
        const arow = armour[k]!
        for (let o = 0; o < arow.length; o++) {
          const pd = arow[o]!
          if (pd === 0) continue
          const t = unblocked({ hits: s, crits: c }, { critBlockers: k, ordinaryBlockers: o }).hits
          through.set(t, (through.get(t) ?? 0) + pa * pd)
        }
      }
    }
  }
  const hitsThrough = fromMap(through)
  // Through hits × Damage, merged: with Damage 0 every number of hits deals the same 0.
  const dealt = new Map<number, number>()
  for (const o of hitsThrough) dealt.set(o.value * dmg, (dealt.get(o.value * dmg) ?? 0) + o.probability)
  const damage = fromMap(dealt)
  return { damage, hitsThrough, mean: mean(damage), meanBlight: mean(blightGained(spec.blightDice ?? 0)) }
}

export interface FightSpec {
  /** Attacker's Fight + weapon dice + Charge + Outnumbering − Shaken (may fall below 1). */
  readonly attacker: number
  readonly defender: number
  /** Blight dice the attacker adds to its pool (B-BLIGHTDICE-01). */
  readonly attackerBlight?: number
  /** Blight dice the defender adds; none for a Down defender, who does not roll (B-FIGHT-05). */
  readonly defenderBlight?: number
  /** A Down defender does not roll (B-FIGHT-05). */
  readonly defenderDown?: boolean
}

export interface FightOdds {
  /** Attacker successes minus defender successes (a Down defender shows none). */
  readonly margin: Distribution
  readonly attackerWins: number
  readonly defenderWins: number
  readonly tie: number
  readonly mean: number
  /** Expected Blight each side gains: one per 1 on its Blight dice, Blight dice / 6 (B-BLIGHTDICE-03). */
  readonly meanBlight: { readonly attacker: number; readonly defender: number }
}

/** Why a Down defender takes no Blight dice: there is no pool to add them to (B-FIGHT-05). */
export const DOWN_DEFENDER_BLIGHT = "a Down defender does not roll, so it adds no Blight dice"

/** Why a Down defender takes no Fight dice in a request: it rolls none, so a count would be ignored. */
export const DOWN_DEFENDER_DICE =
  "a Down defender does not roll: give its Fight dice or that it is Down, not both"

const successDist = (dice: number, blight: number): number[] =>
  poolJoint(dice, blight).map((row) => row.reduce((a, b) => a + b, 0))

/**
 * The exact distribution of a Fight's margin (B-FIGHT-07, B-FIGHT-09). Against a Down defender
 * there is no contest: it is Finished whatever the attacker rolls (B-FIGHT-05/06, ruling
 * R-DICE-05), so the attacker wins for certain; the margin is still the attacker's successes.
 */
export const fightOdds = (spec: FightSpec): FightOdds => {
  // Refused, not ignored: a caller asking for them believes the defender rolls.
  if (spec.defenderDown && (spec.defenderBlight ?? 0) !== 0)
    throw new DiceRuleViolation({
      path: "defenderBlight",
      reason: DOWN_DEFENDER_BLIGHT,
      clause: "B-FIGHT-05",
    })
  const a = successDist(spec.attacker, spec.attackerBlight ?? 0)
  const d = spec.defenderDown ? [1] : successDist(spec.defender, spec.defenderBlight ?? 0)
  const m = new Map<number, number>()
  for (const [sa, pa] of a.entries()) {
    for (const [sd, pd] of d.entries()) m.set(sa - sd, (m.get(sa - sd) ?? 0) + pa * pd)
  }
  const margin = fromMap(m)
  let attackerWins = 0
  let defenderWins = 0
  let tie = 0
  for (const o of margin) {
    if (o.value > 0) attackerWins += o.probability
    else if (o.value < 0) defenderWins += o.probability
    else tie += o.probability
  }
  const meanBlight = {
    attacker: mean(blightGained(spec.attackerBlight ?? 0)),
    defender: mean(blightGained(spec.defenderBlight ?? 0)),
  }
  if (spec.defenderDown)
    return { margin, attackerWins: 1, defenderWins: 0, tie: 0, mean: mean(margin), meanBlight }
  return { margin, attackerWins, defenderWins, tie, mean: mean(margin), meanBlight }
}
