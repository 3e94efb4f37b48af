/**
 * The founding check that rolls: a Congregation's members start Touched with a rolled Gift and Mark
 * (B-CONGREGATION-03), rolled only when nothing else is wrong (a refused roster rolls no dice).
 *
 * @since 0.1.0
 */
import { Table } from "@blight/dice"
import { violation } from "../Violation.js"
import type { FoundingDraft } from "./Check.js"

/** A Congregation's Gifts and Marks (B-CONGREGATION-03); fills the draft's `blessings`. */
export const blessingsCheck = (d: FoundingDraft): void => {
  const { content, congregation, n, violations: v } = d
  if (!congregation || v.length !== 0) return
  const source = d.options.source
  const giftTable = content.list("tables").find((t) => t.table === "gifts")
  const markTable = content.list("tables").find((t) => t.table === "marks")
  if (!source)
    v.push(
      violation(
        "(root)",
        "a Congregation's Gifts and Marks are rolled at founding: dice are needed",
        "B-CONGREGATION-03",
      ),
    )
  else if (!giftTable || !markTable)
    v.push(violation("(root)", "the content has no Gift or Mark table to roll on", "B-CONGREGATION-03"))
  else {
    for (let i = 0; i < n; i++) {
      const g = Table.rollOn(source, giftTable as Table.Table<{ gift: string }>, "gift")
      const m = Table.rollOn(source, markTable as Table.Table<{ mark: string }>, "mark")
      d.blessings.push({ gift: g.result.gift, mark: m.result.mark, rolls: [...g.roll.dice, ...m.roll.dice] })
    }
  }
}
