/**
 * Checks through the game (N-ACTION, N-CHECK, N-ADV, N-NUANCED, N-FOCUS, N-SAVE, N-FATE): the
 * Referee's DR and Advantage are the command's or asked; one present ally may help and shares
 * the consequences; Focus is spent after seeing the result; opposed Checks roll again on a tie.
 *
 * @since 0.2.0
 */
import { refuse } from "@blight/engine"
import type { Adventurer } from "../../procedures/Adventurer.js"
import { check, opposed as opposedCheck } from "../../procedures/checks/Check.js"
import { ask } from "../../procedures/checks/Fate.js"
import type { ActionCmd, AdvantageCall, CheckCmd, FateCmd, Opposed, Save } from "../Command.js"
import { advantageCall, type Ctx, diceOf, drCall, type Of, ruled, st, thresholdCall } from "../Context.js"
import { memberOf, mustCommand, mustReferee } from "../Seats.js"
import type { Member } from "../State.js"
import { mustAct } from "../Turns.js"
import { fateBy } from "./Fate.js"

const SCORES = ["-3", "-2", "-1", "0", "1", "2", "3", "4", "5", "6"]

const able = (m: Member, what: string): Adventurer => {
  if (m.adventurer.status !== "active")
    refuse(`${m.id} is ${m.adventurer.status} and cannot ${what}`, "N-HP-03")
  return m.adventurer
}

const rollCheck = (
  ctx: Ctx,
  m: Member,
  ability: Adventurer["abilities"][keyof Adventurer["abilities"]],
  dr: number,
  adv: AdvantageCall,
  helper: Member | undefined,
  nuanced: boolean,
) =>
  ruled(() =>
    check(diceOf(ctx, m.owner), {
      ability,
      dr,
      advantage: adv === "advantage",
      disadvantage: adv === "disadvantage",
      helpers: helper
        ? [{ name: helper.id, present: true, able: helper.adventurer.status === "active" }]
        : [],
      nuanced,
      inCombat: st(ctx).fight !== undefined,
    }),
  )

const checkCmd = (ctx: Ctx, c: Of<typeof CheckCmd>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "a Check")
  const a = able(m, "act")
  const helper = c.helper === undefined ? undefined : memberOf(s, c.helper, "helper")
  if (helper !== undefined) {
    if (helper.id === m.id) refuse("helper: a character cannot help their own Check", "N-CHECK-04")
    able(helper, "help")
    if (s.fight !== undefined) mustAct(ctx, helper.id, "players")
  }
  if (s.fight !== undefined) mustAct(ctx, m.id, "players")
  const dr = drCall(ctx, c.dr, `${m.id}'s ${c.ability} Check`)
  const adv = advantageCall(ctx, c.advantage, `${m.id}'s ${c.ability} Check`, m.id)
  const { dice: _d, ...result } = rollCheck(
    ctx,
    m,
    a.abilities[c.ability],
    dr,
    adv,
    helper,
    c.nuanced === true || s.solo === true,
  )
  ctx.emit({ type: "checked", what: `${c.ability} Check`, last: { character: m.id, result } })
  // Helping in a fight is the helper's action for the Round (N-CHECK-05, R-N-CHECK-02).
  if (helper !== undefined && s.fight !== undefined)
    ctx.emit({ type: "acted", id: helper.id, why: `helped ${m.id}` })
}

/**
 * The Referee judges an action before any dice (N-ACTION-01, N-ACTION-02): an assured one simply
 * happens and an impossible one fails, with no roll; an uncertain one calls for a Check (`check`).
 */
const action = (ctx: Ctx, c: Of<typeof ActionCmd>, by: string) => {
  const s = st(ctx)
  mustReferee(s, by, "judging an action")
  const m = memberOf(s, c.character)
  able(m, "act")
  const judgement =
    c.judgement ??
    ctx.choose(
      "judgement",
      `is ${m.id}'s action (${c.what}) assured, uncertain or impossible? (N-ACTION-01)`,
      ["assured", "uncertain", "impossible"],
      s.seats.referee,
    )
  if (judgement === "uncertain")
    refuse(`an uncertain action is a Check: \`check ${m.id} ABILITY\``, "N-ACTION-01")
  ctx.emit({
    type: "judged",
    character: m.id,
    what: c.what,
    judgement: judgement as "assured" | "impossible",
  })
}

/** An NPC does not save: the Referee rolls the Die of Fate instead (N-SAVE-01, N-SAVE-02). */
const npcSave = (ctx: Ctx, c: Of<typeof Save>, by: string) => {
  mustReferee(st(ctx), by, "an NPC's save")
  if (c.severity !== undefined || c.advantage !== undefined)
    refuse(
      "severity, advantage: an NPC makes no save Check; the Die of Fate's threshold decides",
      "N-SAVE-02",
    )
  fateBy(ctx, c.threshold, `does ${c.character} withstand it (${c.ability})? (N-SAVE-02)`, ask)
}

const save = (ctx: Ctx, c: Of<typeof Save>, by: string) => {
  if (Object.hasOwn(st(ctx).npcs, c.character)) return npcSave(ctx, c, by)
  if (c.threshold !== undefined)
    refuse("threshold: a character saves with a Check, not the Die of Fate", "N-SAVE-01")
  const m = memberOf(st(ctx), c.character)
  mustCommand(st(ctx), by, m.id, "a save")
  const a = able(m, "save")
  const adv = advantageCall(ctx, c.advantage, `${m.id}'s save`, m.id)
  const { dice: _d, ...result } = rollCheck(
    ctx,
    m,
    a.abilities[c.ability],
    12 + (c.severity ?? 0),
    adv,
    undefined,
    st(ctx).solo === true,
  )
  ctx.emit({ type: "checked", what: `${c.ability} save`, last: { character: m.id, result } })
}

const opposed = (ctx: Ctx, c: Of<typeof Opposed>, by: string) => {
  const s = st(ctx)
  const m = memberOf(s, c.character)
  mustCommand(s, by, m.id, "an opposed Check")
  const a = able(m, "act")
  let other: number
  if (Object.hasOwn(s.party, c.against)) {
    const o = memberOf(s, c.against, "against")
    if (c.againstAbility === undefined)
      refuse("againstAbility: the other character's Ability is needed", "N-CHECK-06")
    other = able(o, "act").abilities[c.againstAbility]
  } else {
    if (!Object.hasOwn(s.npcs, c.against)) refuse(`against: no character or NPC ${JSON.stringify(c.against)}`)
    // The NPC's score is the Referee's call: typed in as the Referee said it, or asked (R-N-GAME-04).
    other =
      c.againstScore ??
      Number(
        ctx.choose(
          "score",
          `${c.against}'s score in the opposed Check (N-CHECK-06)`,
          SCORES,
          s.seats.referee,
        ),
      )
  }
  const r = ruled(() =>
    opposedCheck(diceOf(ctx, m.owner), { ability: a.abilities[c.ability] }, { ability: other }),
  )
  ctx.emit({
    type: "opposed",
    a: m.id,
    b: c.against,
    rounds: r.rounds,
    winner: r.winner === "a" ? m.id : c.against,
  })
}

const fate = (ctx: Ctx, c: Of<typeof FateCmd>, by: string) => {
  mustReferee(st(ctx), by, "the Die of Fate")
  const threshold = thresholdCall(ctx, c.threshold, c.question)
  const r = ruled(() => ask(diceOf(ctx, st(ctx).seats.referee), threshold))
  ctx.emit({ type: "fated", question: c.question, threshold, roll: r.roll, yes: r.yes })
}

export const handlers = { action, check: checkCmd, save, opposed, fate }
