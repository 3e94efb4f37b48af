/**
 * Someone joins after founding. In a Congregation they are Touched like the founders: 3 Blight,
 * with a Gift and a Mark rolled through the dice source (B-CONGREGATION-09); a Refuge's recruit
 * starts clean. Where they come from (an Errand, the Stranger, a Rescue) and what they cost is the
 * caller's business: this only makes the member and checks they fit.
 *
 * @since 0.1.0
 */
import { type DiceSource, Table } from "@blight/dice"
import { Result } from "effect"
import type { ContentView } from "./Content.js"
import { FOUNDING, freeGear } from "./Founding.js"
import type { Refuge } from "./Refuge.js"
import { newSurvivor, type SurvivorId } from "./Survivor.js"
import { RulesViolated, type Violation, violation } from "./Violation.js"

/** Who joins: a name and a background. */
export interface Recruit {
  readonly name: string
  readonly background: string
}

/** The next free `survivor-N` id. */
const nextId = (refuge: Refuge): SurvivorId => {
  const used = refuge.survivors.map((s) => Number(/^survivor-(\d+)$/.exec(s.id)?.[1] ?? 0))
  return `survivor-${Math.max(0, ...used) + 1}` as SurvivorId
}

/**
 * Adds a member who joins later. Left: every rule the recruit breaks (an unknown background, a
 * third of one background, R-CAMPAIGN-24; a full Home; a Congregation without dice or tables to
 * roll on); the Refuge is unchanged.
 */
export const recruit = (
  refuge: Refuge,
  who: Recruit,
  content: ContentView,
  source?: DiceSource,
): Result.Result<Refuge, RulesViolated> => {
  const v: Violation[] = []
  const name = who.name.trim()
  if (name === "") v.push(violation("name", "a recruit needs a name", "R-BUILDER-08"))
  if (!content.get("backgrounds", who.background))
    v.push(violation("background", `there is no background "${who.background}"`, "B-FOUNDING-03"))
  const same = refuge.survivors.filter((s) => s.background === who.background).length
  if (same >= FOUNDING.maxPerBackground)
    v.push(
      violation(
        "background",
        `no more than ${FOUNDING.maxPerBackground} of any one background: the ${refuge.kind} has ${same} (R-CAMPAIGN-24)`,
        "B-FOUNDING-03",
      ),
    )
  const home = content.get("homes", refuge.home)
  if (home && refuge.survivors.length >= home.capacity)
    v.push(violation("(root)", `${home.name} holds ${home.capacity} and is full`, "B-HOME-02"))
  const congregation = refuge.kind === "congregation"
  const giftTable = content.list("tables").find((t) => t.table === "gifts")
  const markTable = content.list("tables").find((t) => t.table === "marks")
  if (congregation && source === undefined)
    v.push(
      violation("(root)", "a new member's Gift and Mark are rolled: dice are needed", "B-CONGREGATION-09"),
    )
  else if (congregation && (!giftTable || !markTable))
    v.push(violation("(root)", "the content has no Gift or Mark table to roll on", "B-CONGREGATION-09"))
  if (v.length > 0) return Result.fail(new RulesViolated({ violations: v }))

  // Rolled only once everything else holds, so a refused recruit uses no dice.
  const blessed =
    congregation && source && giftTable && markTable
      ? {
          gift: Table.rollOn(source, giftTable as Table.Table<{ gift: string }>, "gift").result.gift,
          mark: Table.rollOn(source, markTable as Table.Table<{ mark: string }>, "mark").result.mark,
        }
      : undefined
  const member = newSurvivor(
    { id: nextId(refuge), name, background: who.background, equipment: freeGear(content) },
    blessed,
    blessed ? FOUNDING.congregationBlight : 0,
  )
  return Result.succeed({ ...refuge, survivors: [...refuge.survivors, member] })
}
