/**
 * A character made at the table with the game's dice (N-CREATE-01): Abilities by the array or
 * 2D6 each (rerolled while none is +1, N-ABILITY-04..06), HP, Focus and Slots from them, the
 * common supplies and a background (N-BACKGROUND-01..05, N-ITEM-02), details and a name
 * (N-DETAILS-01). What the player chooses is the command's; the rest is rolled by their seat.
 * The sheet made then joins the party as a whole sheet does.
 *
 * @since 0.3.0
 */
import type { DiceSource } from "@blight/dice"
import { refuse } from "@blight/engine"
import { generateCharacter } from "../../character/Generate.js"
import { CharacterProblem } from "../../character/Problem.js"
import type { Create } from "../Command.js"
import { type Ctx, diceOf, type Of, st } from "../Context.js"
import { mustSeat, handlers as party } from "./Party.js"

/** Runs character creation; an option the rules do not allow refuses the command with its clause. */
const made = <A>(f: () => A): A => {
  try {
    return f()
  } catch (e) {
    if (e instanceof CharacterProblem) refuse(`options: ${e.path}: ${e.reason}`, e.clause)
    throw e
  }
}

/**
 * Dice that show their highest face: a dry run of creation with them finds a choice the rules
 * refuse (an array that is not +2/+1/0/−1, an unknown background, a detail off its table) before
 * a die is rolled, so the refusal changes nothing. (Highest faces always make scores that stand.)
 */
const PROBE: DiceSource = { kind: "recording", die: (sides) => sides }

const create = (ctx: Ctx, c: Of<typeof Create>, by: string) => {
  const owner = c.owner ?? by
  mustSeat(st(ctx), c.id, owner, by)
  made(() => generateCharacter(PROBE, c.options ?? {}))
  const sheet = made(() => generateCharacter(diceOf(ctx, owner, `${c.id}'s creation: `), c.options ?? {}))
  party.join(ctx, { type: "join", id: c.id, name: sheet.name, owner, sheet }, by)
}

export const handlers = { create }
