/**
 * Test helpers for raids over HTTP: two players with a Refuge each, a raid between them (one
 * creates it with their Refuge and a seat for the other, who joins with theirs), and a loop that
 * plays it to its end by the library's sensible policy over the commands the service lists as
 * legal, each player with their own key.
 */
import { readFileSync } from "node:fs"
import { join } from "node:path"
import { Battle, type BattleCommand, type BattleState, coreRegistry, Policy } from "@blight/rules"
import { expect } from "vitest"
import { type client, REPO_ROOT } from "./server.js"

/** Server settings for tests that play whole raids: no rate limit in the way. */
export const unlimited = {
  rateLimit: {
    requests: 10_000_000,
    windowMs: 60_000,
    authFailures: 1000,
    maxClients: 1000,
    registrations: 1_000_000,
    registrationWindowMs: 60_000,
  },
}

export const roster = (name: "refuge" | "congregation"): Record<string, unknown> =>
  JSON.parse(readFileSync(join(REPO_ROOT, `examples/rosters/${name}.json`), "utf8"))

export interface Seated {
  readonly key: string
  readonly id: string
  readonly refuge: string
}

type Api = ReturnType<typeof client>

/** A player with a founded Refuge (or Congregation). */
export const playerWith = async (
  api: Api,
  name: string,
  kind: "refuge" | "congregation",
): Promise<Seated> => {
  const reg = await api.post("/v1/players", { name })
  expect(reg.status).toBe(201)
  const key: string = reg.body.apiKey
  const founded = await api.post(`/v1/${kind}s`, { roster: roster(kind), seed: 3 }, key)
  expect(founded.status).toBe(201)
  return { key, id: reg.body.player.id, refuge: founded.body.id }
}

/** A raid `a` creates with their Refuge and a seat `b` fills with theirs; the view after joining. */
export const raidBetween = async (api: Api, a: Seated, b: Seated, extra: Record<string, unknown> = {}) => {
  const made = await api.post(
    "/v1/raids",
    { sides: [{ refuge: a.refuge }, { player: b.id }], seed: 11, ...extra },
    a.key,
  )
  expect(made.status).toBe(201)
  expect(made.body.status).toBe("waiting")
  const joined = await api.post(`/v1/raids/${made.body.id}/join`, { refuge: b.refuge }, b.key)
  expect(joined.status).toBe(200)
  return joined.body
}

/** The policy's pick; a command the rules then refuse is struck off and it picks again. */
/** The core content's env: the raids these tests play use only core content. */
export const coreEnv = Battle.envOf(coreRegistry())
const pick = (state: BattleState.State, legal: BattleCommand.Command[]) =>
  Policy.sensible(coreEnv)(state, legal)

/**
 * One command over REST: whoever decides now (by the raid's `decider`) reads what is legal for them
 * and sends the policy's pick with the version they read. Returns the raid as read before it.
 */
export const step = async (api: Api, id: string, keyFor: (side: string) => string) => {
  const raid = (await api.get(`/v1/raids/${id}`, keyFor("any"))).body
  if (raid.status === "over") return raid
  const key = keyFor(raid.decider)
  const legal = (await api.get(`/v1/raids/${id}/legal`, key)).body
  expect(legal.version).toBe(raid.version)
  let options: BattleCommand.Command[] = legal.commands
  expect(options.length).toBeGreaterThan(0)
  for (;;) {
    const command = pick(raid.state, options)
    const r = await api.post(`/v1/raids/${id}/commands`, { version: raid.version, command }, key)
    if (r.status === 201) return raid
    // Refused by the rules (a target out of sight): nothing stored; strike it off.
    expect(r.status).toBe(400)
    expect(r.body.error.code).toBe("bad_request")
    options = options.filter((c) => c !== command)
    expect(options.length).toBeGreaterThan(0)
  }
}

/** Plays a raid to its end over REST (see {@link step}). Returns the commands sent and the raid at its end. */
export const playToEnd = async (api: Api, id: string, keyFor: (side: string) => string, max = 3000) => {
  for (let sent = 0; sent <= max; sent++) {
    const raid = await step(api, id, keyFor)
    if (raid.status === "over") return { sent, raid }
  }
  throw new Error(`the raid did not end in ${max} commands`)
}

/** Plays until nothing is waiting for an answer and someone is to activate; the raid then. */
export const untilActivation = async (api: Api, id: string, keyFor: (side: string) => string) => {
  for (let i = 0; i < 50; i++) {
    const raid = (await api.get(`/v1/raids/${id}`, keyFor("any"))).body
    if (!raid.pending && !raid.state.activation) return raid
    await step(api, id, keyFor)
  }
  throw new Error("no activation came")
}

/** Every event of a raid (or of another stream under `base`: a campaign), read page by page. */
export const allEvents = async (api: Api, id: string, key: string, limit = 97, base = "/v1/raids") => {
  const out: Array<{ seq: number; event: { type: string; by?: string; command?: { type: string } } }> = []
  let after = 0
  for (;;) {
    const page = (await api.get(`${base}/${id}/events?after=${after}&limit=${limit}`, key)).body
    out.push(...page.events)
    if (page.next === undefined) return { events: out, version: page.version as number }
    after = page.next
  }
}

/** Reads a text/event-stream until `until` returns true for the events read so far. */
export const listen = async (
  url: string,
  key: string,
  until: (events: Array<{ id: number; data: { seq: number; event: { type: string } } }>) => boolean,
  headers: Record<string, string> = {},
) => {
  const ac = new AbortController()
  const res = await fetch(url, { headers: { authorization: `Bearer ${key}`, ...headers }, signal: ac.signal })
  expect(res.status).toBe(200)
  expect(res.headers.get("content-type")).toMatch(/^text\/event-stream/)
  const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
  const events: Array<{ id: number; data: { seq: number; event: { type: string } } }> = []
  let buffer = ""
  let reading: Promise<ReadableStreamReadResult<string>> | undefined
  while (!until(events)) {
    reading ??= reader.read()
    // Checked again every so often: what `until` waits for may be decided elsewhere meanwhile.
    const got = await Promise.race([reading, new Promise<undefined>((r) => setTimeout(r, 100))])
    if (got === undefined) continue
    reading = undefined
    const { value, done } = got
    if (done) break
    buffer += value
    let cut = buffer.indexOf("\n\n")
    while (cut >= 0) {
      const block = buffer.slice(0, cut)
      buffer = buffer.slice(cut + 2)
      const id = /^id: (\d+)$/m.exec(block)?.[1]
      const data = /^data: (.*)$/m.exec(block)?.[1]
      if (id !== undefined && data !== undefined) events.push({ id: Number(id), data: JSON.parse(data) })
      cut = buffer.indexOf("\n\n")
    }
  }
  ac.abort()
  return events
}
