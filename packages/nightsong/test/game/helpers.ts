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

type Abilities = readonly [number, number, number, number]
type Kit = ReadonlyArray<
  readonly [string, "weapon" | "armor" | "shield" | "shard" | "remedy" | "supply", "d4" | "d6" | "d8" | "d10"]
>

/** A traveller's pack: rations, a bundle of torches and lantern oil. */
export const PACK: Kit = [
  ["rations", "supply", "d6"],
  ["torches", "supply", "d6"],
  ["lantern oil", "supply", "d4"],
]

/** A character seated by its player (its own id's seat unless `owner`): Abilities as STR, DEX, PRE, CON; gear as name, kind, die. */
export const seat = (
  id: string,
  name: string,
  [strength, dexterity, presence, constitution]: Abilities,
  kit: Kit,
  owner = id,
  slots?: number,
) =>
  [
    {
      type: "join",
      id,
      name,
      ...(owner === id ? {} : { owner }),
      abilities: { strength, dexterity, presence, constitution },
      gear: kit.map(([n, kind, die]) => ({ name: n, kind, die })),
      ...(slots === undefined ? {} : { slots }),
    },
    owner,
  ] as const

/** Ann (STR 1, DEX 2, PRE 0, CON -1) with a sword and mail, Bo with an axe and a shield, Cy a caster; a session begun. */
export const party = (log: Log): Log =>
  all(log, [
    seat(
      "ann",
      "Ann",
      [1, 2, 0, -1],
      [
        ["sword", "weapon", "d8"],
        ["mail", "armor", "d6"],
      ],
    ),
    seat(
      "bo",
      "Bo",
      [2, 0, -1, 1],
      [
        ["axe", "weapon", "d10"],
        ["shield", "shield", "d6"],
      ],
    ),
    seat(
      "cy",
      "Cy",
      [-1, 1, 2, 0],
      [
        ["dagger", "weapon", "d4"],
        ["Light", "shard", "d6"],
        ["Sleep", "shard", "d4"],
        ["herbs", "remedy", "d4"],
      ],
    ),
    [{ type: "session", action: "start" }, "referee"],
  ])

export { expect }
