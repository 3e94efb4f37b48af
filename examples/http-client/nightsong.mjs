/**
 * What the example clients' Nightsong table does (REST and GraphQL alike): the two players'
 * characters, a converted creature brought on as the Referee's NPC, and the next move of a fight.
 */

/** Ann with a sword and mail, Bo with an axe and a shield: each seated by their own player. */
export const CHARACTERS = {
  ann: {
    type: "join",
    id: "ann",
    name: "Ann",
    abilities: { strength: 1, dexterity: 2, presence: 0, constitution: -1 },
    gear: [
      { name: "sword", kind: "weapon", die: "d8" },
      { name: "mail", kind: "armor", die: "d6" },
    ],
  },
  bo: {
    type: "join",
    id: "bo",
    name: "Bo",
    abilities: { strength: 2, dexterity: 0, presence: -1, constitution: 1 },
    gear: [
      { name: "axe", kind: "weapon", die: "d10" },
      { name: "shield", kind: "shield", die: "d6" },
    ],
  },
}

/** A converted stat block (POST /v1/nightsong/conversions) as the Referee's `npc` command. */
export const npcCommand = (id, npc) => ({
  type: "npc",
  id,
  name: npc.name,
  hp: npc.hp,
  attack: npc.attacks.map((a) => a.damage.toLowerCase()),
  ...(npc.armor ? { armor: npc.armor } : {}),
  resolve: npc.resolve,
})

const SEATS = ["ann", "bo", "referee"]

/**
 * The next move of a fight, as a seat and a command, or undefined once it is over: a waiting
 * prompt is answered by its seat (the Referee's calls: the first option); else the first seat
 * with an attack open makes it; else the side on turn ends its turn. `legalOf(seat)` reads the
 * commands open to a seat.
 */
export const nextMove = async ({ fight, pending }, legalOf) => {
  if (!fight) return undefined
  if (pending) {
    const seat = pending.by === "any" ? "referee" : pending.by
    return {
      seat,
      command:
        pending.kind === "choice"
          ? { type: "choose", option: pending.options[0] }
          : { type: "roll", faces: Array(pending.dice).fill(3) },
    }
  }
  for (const seat of SEATS) {
    const attack = (await legalOf(seat)).find((c) => c.type === "attack")
    if (attack) return { seat, command: { ...attack, advantage: "none" } }
  }
  for (const seat of SEATS) {
    if (seat === "referee" && fight.side !== "enemies") continue
    const end = (await legalOf(seat)).find((c) => c.type === "endTurn")
    if (end) return { seat, command: end }
  }
  throw new Error(`no move left in the fight: ${JSON.stringify(fight)}`)
}

/**
 * Counts the events a server-sent-events answer delivers: `open(signal)` sends the request, `mark`
 * matches one event's line. `until(count)` waits until that many have come (10 s at most), closes
 * the stream and answers how many came.
 */
export const counting = (open, mark) => {
  const stop = new AbortController()
  let heard = 0
  let goal = Number.POSITIVE_INFINITY
  let reached = () => {}
  const done = new Promise((resolve) => {
    reached = resolve
  })
  const reading = open(stop.signal)
    .then(async (res) => {
      for await (const chunk of res.body.pipeThrough(new TextDecoderStream())) {
        heard += chunk.match(mark)?.length ?? 0
        if (heard >= goal) reached()
      }
    })
    .catch((e) => {
      if (e.name !== "AbortError") throw e
    })
  return {
    until: async (count) => {
      goal = count
      if (heard < goal) await Promise.race([done, new Promise((resolve) => setTimeout(resolve, 10_000))])
      stop.abort()
      await reading
      return heard
    },
  }
}
