/**
 * How the example clients choose a command in a raid: from the commands the service lists as legal
 * for them now, the first of the kinds below in this order (answer a choice with its first option,
 * fight, shoot, search Loot, activate, move, end the activation), skipping any the rules refused
 * a moment ago. Never withdraw. A real client would ask the people at the table.
 */
const PREFERENCE = ["choose", "fight", "shoot", "search", "activate", "sprint", "move", "endActivation"]

/** The command to try, or undefined when every preferred one was refused. */
export const pick = (legal, refused) =>
  legal
    .filter((c) => PREFERENCE.includes(c.type) && !refused.includes(c))
    .sort((a, b) => PREFERENCE.indexOf(a.type) - PREFERENCE.indexOf(b.type))[0]
