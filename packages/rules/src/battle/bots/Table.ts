/**
 * The table for a raid nobody is at (simulation): on a declared table the engine asks the players
 * about the table (facts, B-LOS and the like) and trusts the moves they declare. With no players,
 * a `Table` answers instead of the sides — so no policy can answer a fact in its own favour — and
 * says whether a declared move into contact, or off the table, reaches.
 *
 * `seededTable(seed)` is the abstract table of ruling R-SIM-01 (docs/rulings/simulation.md): each
 * question is a fair draw among the answers offered, and a declared move reaches with the same
 * chance, from its own seeded source (never the raid's dice). A board needs no `Table`: its
 * geometry answers. `tableSpace(table)` lets the table answer facts as the rules ask them (the
 * simulation's way: no prompt waits, the command is not run again for each answer).
 *
 * @since 0.4.0
 */
import { type Prng, seeded } from "@blight/dice"
import { view } from "../Battle.js"
import type { Command } from "../Command.js"
import type { FactValue, State } from "../State.js"
import { declared, type FactPrompt, type Space } from "../table/Space.js"
import { at } from "../../terms/Indexed.js"

type MoveCommand = Extract<Command, { type: "move" | "sprint" }>

/** Answers the table's questions when no player is at it. */
export interface Table {
  /** The answer to a fact prompt: one of its options. */
  readonly answer: (view: State, prompt: FactPrompt) => FactValue
  /** Does a declared move reach what it names (contact, or its own edge)? */
  readonly reaches: (view: State, move: MoveCommand) => boolean
}

/** Tables whose answers never look at the table (no view of the state needs making for them). */
const blind = new WeakSet<Table>()

/** The abstract table of R-SIM-01: fair seeded draws. */
export const seededTable = (seed: Prng.Seed): Table => {
  const src = seeded(seed)
  const table: Table = {
    answer: (_view, prompt) => at(prompt.options, src.die(prompt.options.length) - 1),
    reaches: () => src.die(2) === 1,
  }
  blind.add(table)
  return table
}

/**
 * A declared table whose facts the `Table` answers as the rules ask them (a `Space`, as a board's
 * geometry answers): the same answers, in the same order, as the `Table` answering each fact
 * prompt after it waits, without the command waiting and running again for each answer.
 */
export const tableSpace = (table: Table, base: Space = declared): Space => ({
  ...base,
  // A blind table is handed the state unread: a view of it would be made for nothing.
  answer: blind.has(table)
    ? (state, _query, prompt) => table.answer(state, prompt)
    : (state, _query, prompt) => table.answer(view(state), prompt),
})

/** Does a command declare where a move ends on a table without positions (the table must say)? */
export const declaresReach = (state: State, c: Command): c is MoveCommand =>
  state.board === undefined &&
  (c.type === "move" || c.type === "sprint") &&
  ((c.contact?.length ?? 0) > 0 || c.offTable === true)
