/**
 * The founding checks, in the order their violations are reported. Data: a pack's own founding
 * rule is one more `FoundingCheck` in a list like this one (the rolled Gifts and Marks stay last,
 * as they roll only for a roster nothing else refused).
 *
 * @since 0.1.0
 */
import { blessingsCheck } from "./Blessings.js"
import type { FoundingCheck } from "./Check.js"
import { gearCheck } from "./Gear.js"
import { backgroundsCheck, headcountCheck, homeCheck, leaderCheck } from "./People.js"
import { ammunitionCheck, budgetCheck } from "./Stores.js"

export const foundingChecks: ReadonlyArray<FoundingCheck> = [
  { name: "home", check: homeCheck },
  { name: "headcount", check: headcountCheck },
  { name: "leader", check: leaderCheck },
  { name: "backgrounds", check: backgroundsCheck },
  { name: "gear", check: gearCheck },
  { name: "ammunition", check: ammunitionCheck },
  { name: "budget", check: budgetCheck },
  { name: "blessings", check: blessingsCheck },
]
