/**
 * Test helpers for Nightsong games over HTTP: a table of a Referee and two players, each with
 * their own key (the Referee makes the game, the players take their seats and seat their
 * characters), a band for them to fight, and a loop that plays the fight to its end over the
 * commands the service lists as legal for each seat.
 */
import { Game } from "@blight/nightsong"
import { expect } from "vitest"
import type { client } from "./server.js"

type Api = ReturnType<typeof client>

export interface Table {
  readonly id: string
  /** Each seat's key: referee, ann, bo. */
  readonly keys: Readonly<Record<string, string>>
  readonly ids: Readonly<Record<string, string>>
}

const register = async (api: Api, name: string) => {
  const reg = await api.post("/v1/players", { name })
  expect(reg.status).toBe(201)
  return { key: reg.body.apiKey as string, id: reg.body.player.id as string }
}

/** Ann with a sword and mail, Bo with an axe and a shield. */
export const characters = [
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
] as const

/** Sends a command that must be stored: the answer's body. */
export const send = async (api: Api, id: string, key: string, command: unknown) => {
  const now = (await api.get(`/v1/nightsong/games/${id}`, key)).body
  const r = await api.post(`/v1/nightsong/games/${id}/commands`, { version: now.version, command }, key)
  if (r.status !== 201) throw new Error(`${JSON.stringify(command)}: ${r.status} ${JSON.stringify(r.body)}`)
  return r.body
}

/** A game made by its Referee, with Ann's and Bo's players in their seats and their characters in. */
export const tableOf = async (api: Api, seed = 7): Promise<Table> => {
  const referee = await register(api, "Rhea")
  const ann = await register(api, "Ann's player")
  const bo = await register(api, "Bo's player")
  const made = await api.post("/v1/nightsong/games", { players: ["ann", "bo"], seed }, referee.key)
  expect(made.status).toBe(201)
  const id: string = made.body.id
  for (const [seat, p] of [
    ["ann", ann],
    ["bo", bo],
  ] as const)
    expect((await api.post(`/v1/nightsong/games/${id}/join`, { seat }, p.key)).status).toBe(200)
  const keys = { referee: referee.key, ann: ann.key, bo: bo.key }
  await send(api, id, keys.ann, characters[0])
  await send(api, id, keys.bo, characters[1])
  await send(api, id, keys.referee, { type: "session", action: "start" })
  return { id, keys, ids: { referee: referee.id, ann: ann.id, bo: bo.id } }
}

/** Two goblins for the Referee to bring on. */
export const goblins = ["g1", "g2"].map((id) => ({
  type: "npc" as const,
  id,
  name: "goblin",
  hp: 4,
  attack: ["d6" as const],
  armor: "d4" as const,
  resolve: 30,
}))

/** The Referee brings on two goblins and starts a fight with them, no one surprised. */
export const startFight = async (api: Api, t: Table) => {
  for (const g of goblins) await send(api, t.id, t.keys.referee!, g)
  return send(api, t.id, t.keys.referee!, { type: "fight", enemies: ["g1", "g2"], surprise: "none" })
}

const SEATS = ["ann", "bo", "referee"] as const

/** A transport's way to play a game as one seat or another (REST's routes, GraphQL's fields). */
export interface Port {
  /** The game as the Referee sees it: its fight (if any) and the prompt waiting. */
  readonly game: () => Promise<{
    fight?: { side: string } | undefined
    pending?: { kind: string; by: string; options?: string[]; dice?: number } | undefined
  }>
  readonly legal: (seat: string) => Promise<Game.Command[]>
  readonly send: (seat: string, command: Game.Command) => Promise<unknown>
}

/**
 * One step of the fight: a waiting prompt is answered by its seat (its first option); else the
 * first seat with an attack open makes it; else the side on turn ends its turn.
 */
const fightStep = async (port: Port): Promise<boolean> => {
  const { fight, pending: p } = await port.game()
  if (fight === undefined) return false
  if (p !== undefined) {
    const seat = p.by === "any" ? "referee" : p.by
    await port.send(
      seat,
      p.kind === "choice"
        ? { type: "choose", option: p.options![0]! }
        : { type: "roll", faces: Array(p.dice).fill(3) },
    )
    return true
  }
  for (const seat of SEATS) {
    const attack = (await port.legal(seat)).find((c) => c.type === "attack")
    if (attack) {
      await port.send(seat, { ...attack, advantage: "none" })
      return true
    }
  }
  for (const seat of SEATS) {
    if (seat === "referee" && fight.side !== "enemies") continue
    const end = (await port.legal(seat)).find((c) => c.type === "endTurn")
    if (end) {
      await port.send(seat, end)
      return true
    }
  }
  throw new Error(`stuck: ${JSON.stringify(fight)}`)
}

/** Plays the fight to its end over a transport: the number of steps taken. */
export const fightOver = async (port: Port, max = 300) => {
  for (let i = 0; i < max; i++) if (!(await fightStep(port))) return i
  throw new Error("the fight did not end")
}

/** REST's way to play a table's seats. */
const restPort = (api: Api, t: Table): Port => ({
  game: async () => {
    const g = (await api.get(`/v1/nightsong/games/${t.id}`, t.keys.referee)).body
    return { fight: g.state.fight, pending: g.pending }
  },
  legal: async (seat) => (await api.get(`/v1/nightsong/games/${t.id}/legal`, t.keys[seat])).body.commands,
  send: (seat, command) => send(api, t.id, t.keys[seat]!, command),
})

/** Plays the fight to its end over REST: the number of steps taken. */
export const fightToEnd = (api: Api, t: Table, max = 300) => fightOver(restPort(api, t), max)

/** Every event of a game, read page by page. */
export const allGameEvents = async (api: Api, id: string, key: string, limit = 37) => {
  const out: Array<{ seq: number; event: { type: string } & Record<string, unknown> }> = []
  let after = 0
  for (;;) {
    const page = (await api.get(`/v1/nightsong/games/${id}/events?after=${after}&limit=${limit}`, key)).body
    out.push(...page.events)
    if (page.next === undefined) return { events: out, version: page.version as number }
    after = page.next
  }
}

/** The hash a client gets folding the log it was shown (the prompt left out, as the service's hash). */
export const replayedHash = (events: ReadonlyArray<{ event: unknown }>): string => {
  const state = Game.replay(events.map((e) => e.event) as Parameters<typeof Game.replay>[0])
  const { pending: _pending, ...shown } = state
  return Game.hashOf(shown as typeof state)
}
