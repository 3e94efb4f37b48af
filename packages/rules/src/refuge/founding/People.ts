/**
 * The founding checks on who founds: the Home (B-FOUNDING-02, B-HOME-01/02, B-CONGREGATION-05), how
 * many (B-FOUNDING-03, B-CONGREGATION-02), one Leader or Verdant Mother (B-FOUNDING-04,
 * B-CONGREGATION-04), and the backgrounds (B-FOUNDING-03).
 *
 * @since 0.1.0
 */
import { violation } from "../Violation.js"
import { type FoundingDraft, spend } from "./Check.js"
import { FOUNDING } from "./Numbers.js"
import { unknown } from "./Unknown.js"

/** The Home exists and suits the kind (B-FOUNDING-02, B-CONGREGATION-05). */
export const homeCheck = ({ roster, content, congregation, home, violations: v }: FoundingDraft): void => {
  if (!home) v.push(violation("home", unknown(content, "homes", roster.home, "Home"), "B-FOUNDING-02"))
  else if (congregation && !home.congregationOnly) {
    // A pack may add Congregation Homes besides the Grove: name the ones the content has.
    const own = content
      .list("homes")
      .filter((h) => h.congregationOnly)
      .map((h) => h.name)
    const named = own.length === 0 ? "a Congregation's own" : own.slice(0, 5).join(" or ")
    v.push(violation("home", `a Congregation's Home is ${named}, not ${home.name}`, "B-CONGREGATION-05"))
  } else if (!congregation && home.congregationOnly) {
    v.push(
      violation("home", `${home.name} is a Congregation's Home; a Refuge picks another`, "B-CONGREGATION-05"),
    )
  }
}

/** How many (B-FOUNDING-03, B-CONGREGATION-02) and where they sleep (B-HOME-02). */
export const headcountCheck = ({ kind, congregation, n, who, home, violations: v }: FoundingDraft): void => {
  if (n < FOUNDING.minSurvivors || n > FOUNDING.maxSurvivors) {
    v.push(
      violation(
        "survivors",
        `a ${kind} founds with ${FOUNDING.minSurvivors} to ${FOUNDING.maxSurvivors} ${who}, got ${n}`,
        congregation ? "B-CONGREGATION-02" : "B-FOUNDING-03",
      ),
    )
  }
  if (home && n > home.capacity) {
    v.push(violation("survivors", `${home.name} holds ${home.capacity} ${who}, got ${n}`, "B-HOME-02"))
  }
}

/** One Leader or Verdant Mother (B-FOUNDING-04, B-CONGREGATION-04). */
export const leaderCheck = ({ roster, congregation, who, violations: v }: FoundingDraft): void => {
  const leaders = roster.survivors.flatMap((s, i) => (s.leader ? [i] : []))
  const leaderWord = congregation ? "Verdant Mother" : "Leader"
  const leaderClause = congregation ? "B-CONGREGATION-04" : "B-FOUNDING-04"
  if (leaders.length === 0)
    v.push(
      violation(
        "survivors",
        `choose one ${who.slice(0, -1)} as ${leaderWord} ("leader": true)`,
        leaderClause,
      ),
    )
  for (const i of leaders.slice(1)) {
    v.push(
      violation(
        `survivors[${i}].leader`,
        `only one ${leaderWord}: survivors[${leaders[0]}] already is`,
        leaderClause,
      ),
    )
  }
}

/** Backgrounds: they exist, are paid for, and no more than 2 of any (B-FOUNDING-03). */
export const backgroundsCheck = (d: FoundingDraft): void => {
  const { roster, content, violations: v } = d
  const perBackground = new Map<string, number[]>()
  roster.survivors.forEach((s, i) => {
    const bg = content.get("backgrounds", s.background)
    if (!bg) {
      v.push(
        violation(
          `survivors[${i}].background`,
          unknown(content, "backgrounds", s.background, "background"),
          "B-FOUNDING-03",
        ),
      )
      return
    }
    perBackground.set(bg.id, [...(perBackground.get(bg.id) ?? []), i])
    spend(d, bg.cost, `recruited ${s.name} (${bg.name})`, "B-FOUNDING-03", { kind: "backgrounds", id: bg.id })
  })
  for (const [id, at] of perBackground) {
    if (at.length > FOUNDING.maxPerBackground) {
      const name = content.get("backgrounds", id)!.name
      v.push(
        violation(
          `survivors[${at[FOUNDING.maxPerBackground]}].background`,
          `no more than ${FOUNDING.maxPerBackground} of any one background: ${at.length} are ${name}s (survivors ${at.join(", ")})`,
          "B-FOUNDING-03",
        ),
      )
    }
  }
}
