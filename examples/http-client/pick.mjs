/**
 * How the example clients choose a command in a raid: from the commands the service lists as legal
 * for them now, the first of the kinds below in this order (answer a choice with its first option,
 * fight, shoot, search Loot, activate, move, end the activation), else any other but a withdrawal,
 * skipping any the rules refused a moment ago. A real client would ask the people at the table.
 */
const PREFERENCE = ["choose", "fight", "shoot", "search", "activate", "sprint", "move", "endActivation"]

/** The command to try, or undefined when every preferred one was refused. */
export const pick = (legal, refused) => {
  const open = legal.filter((c) => c.type !== "withdraw" && !refused.includes(c))
  const rank = (c) => (PREFERENCE.includes(c.type) ? PREFERENCE.indexOf(c.type) : PREFERENCE.length)
  return open.sort((a, b) => rank(a) - rank(b))[0]
}
