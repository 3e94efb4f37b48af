/** A table for the game's tests: three players and a Referee, dice typed in unless seeded. */
import { Result } from "effect"
import { expect } from "vitest"
import { Game } from "../../src/index.js"

export type Log = Game.Log
export type Command = Game.Command

/** A new game at a table of ann, bo and cy with the Referee; dice typed in (or seeded). */
export const table = (seed?: number): Log => Game.newGame({ players: ["ann", "bo", "cy"], seed })

/** Applies a command that must be accepted. */
export const ok = (log: Log, command: Command, by = "any"): Log => {
  const r = Game.play(log, command, by)
  if (Result.isFailure(r)) throw new Error(`refused: ${r.failure.reason} (${r.failure.clause ?? "-"})`)
  return r.success
}

/** Applies commands in turn. */
export const all = (log: Log, commands: ReadonlyArray<readonly [Command, string?]>): Log =>
  commands.reduce((l, [c, by]) => ok(l, c, by), log)

/** A command that must be refused: its rejection. */
export const no = (log: Log, command: Command, by = "any") => {
  const r = Game.play(log, command, by)
  if (Result.isSuccess(r)) throw new Error(`accepted: ${JSON.stringify(command)}`)
  return r.failure
}

/** Types dice in, one answer per die list. */
export const roll = (log: Log, ...faces: ReadonlyArray<ReadonlyArray<number>>): Log =>
  faces.reduce((l, f) => ok(l, { type: "roll", faces: f }), log)

/** The prompt waiting, if any. */
export const waiting = (log: Log) => log.state.pending?.prompt

/** The game events of a log (no bookkeeping). */
export const played = (log: Log) =>
  log.events.filter((e) => !["started", "commanded", "prompted", "answered"].includes(e.type))

/** Ann (STR 1, DEX 2, PRE 0, CON -1) with a sword, Bo with a shield, Cy a caster. */
export const party = (log: Log): Log =>
  all(log, [
    [
      {
        type: "join",
        id: "ann",
        name: "Ann",
        abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
        gear: [
          { name: "sword", kind: "weapon", die: "d8" },
          { name: "mail", kind: "armor", die: "d6" },
        ],
      },
      "ann",
    ],
    [
      {
        type: "join",
        id: "bo",
        name: "Bo",
        abilities: { strength: 2, dexterity: 0, presence: -1, constitution: 1 },
        gear: [
          { name: "axe", kind: "weapon", die: "d10" },
          { name: "shield", kind: "shield", die: "d6" },
        ],
      },
      "bo",
    ],
    [
      {
        type: "join",
        id: "cy",
        name: "Cy",
        abilities: { strength: -1, dexterity: 1, presence: 2, constitution: 0 },
        gear: [
          { name: "dagger", kind: "weapon", die: "d4" },
          { name: "Light", kind: "shard", die: "d6" },
          { name: "Sleep", kind: "shard", die: "d4" },
          { name: "herbs", kind: "remedy", die: "d4" },
        ],
      },
      "cy",
    ],
    [{ type: "session", action: "start" }, "referee"],
  ])

export { expect }
