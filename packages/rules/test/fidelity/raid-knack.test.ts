/**
 * Fidelity: a fighter's weapon and its Knack (B-FIGHT-01, R-BATTLE-50). "Both roll Fight plus their
 * own weapon's dice"; the Labourer's Knack, Tools of the Trade, is "+1 die to Fight with an
 * Improvised weapon or a crowbar". A fighter whose command names no weapon (every defender; every
 * bot's Fight) fights with its best, and the Knack's die is part of what makes a weapon best: a
 * Labourer with a knife fights with the free Improvised weapon, one with a bat and a crowbar uses
 * the crowbar. The bots' odds count the same dice.
 */
import { CombatOdds } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { meleeWeapon, resolveFight } from "../../src/battle/actions/Fight.js"
import { expectedDamage } from "../../src/battle/bots/Policies.js"
import { Ctx } from "../../src/battle/Context.js"
import type { Event } from "../../src/battle/Event.js"
import { draftOf } from "../../src/battle/Evolve.js"
import type { Model, State } from "../../src/battle/State.js"
import { A, B } from "../board/fixtures.js"
import { env, run, scene } from "../board/scenes.js"

const carried = (...ids: string[]): Model["weapons"] =>
  ids.map((weapon) => ({ weapon, loaded: 0, jammed: false, spent: false }))

/** A Labourer (A) with these weapons, in contact with B (who carries nothing but what is free). */
const labourer = (...weapons: string[]): State =>
  scene(
    { [A]: { x: 10, y: 10 }, [B]: { x: 11.001, y: 10 } },
    {},
    {
      patch: {
        [A]: { ref: "labourer", weapons: carried(...weapons), skills: [], gifts: [], marks: [], kit: [] },
        [B]: { weapons: [], skills: [], gifts: [], marks: [], kit: [] },
      },
    },
  )

const model = (s: State, id: string) => s.models.find((m) => m.id === id)!
const ctxOf = (s: State) => new Ctx(draftOf(s), env, [])

describe("The Labourer's Knack in the weapon a fighter uses (B-FIGHT-01, R-BATTLE-50)", () => {
  it("B-FIGHT-01 R-BATTLE-50 a Labourer with a knife attacks with the Improvised weapon: its Knack makes it 1 die to the knife's 0", () => {
    const s = labourer("knife")
    expect(meleeWeapon(ctxOf(s), model(s, A))?.id).toBe("improvised-weapon")
    const e: Event[] = run(s, (ctx) => resolveFight(ctx, A, B, { charge: false }))
    const attack = e.find((x) => x.type === "attack.rolled" && x.attacker === A)
    expect(attack).toMatchObject({ weapon: "improvised-weapon" })
    expect((attack as Extract<Event, { type: "attack.rolled" }>).modifiers.join(" ")).toMatch(
      /Tools of the Trade/,
    )
  })

  it("B-FIGHT-01 R-BATTLE-50 a Labourer defending with a bat and a crowbar defends with the crowbar (1 die and its Knack's)", () => {
    const s = labourer("baseball-bat", "crowbar")
    expect(meleeWeapon(ctxOf(s), model(s, A), undefined, "fight.defend")?.id).toBe("crowbar")
    const e: Event[] = run(s, (ctx) => resolveFight(ctx, B, A, { charge: false }))
    const defence = e.find((x) => x.type === "defence.rolled" && x.model === A)
    expect((defence as Extract<Event, { type: "defence.rolled" }>).modifiers.join(" ")).toMatch(
      /Tools of the Trade/,
    )
  })

  it("B-FIGHT-01 R-BATTLE-50 a bot weighs a Labourer's Fight with the Knack's die, and a foe's free Improvised weapon", () => {
    const s = labourer("knife")
    const a = model(s, A)
    const b = model(s, B)
    // The Labourer: Fight + the Improvised weapon's 0 + the Knack's 1; B: Fight + 0.
    const odds = CombatOdds.fightOdds({
      attacker: a.profile.fight + 1,
      defender: b.profile.fight,
      defenderDown: false,
    })
    const mean = odds.margin.reduce((sum, o) => sum + Math.max(0, o.value) * o.probability, 0)
    const view: State = { ...s, activation: undefined }
    expect(expectedDamage(view, { type: "fight", model: A, target: B }, env)).toBeCloseTo(mean, 9)
  })
})
