/**
 * Campaign test helpers over REST: answering the Aftermath's waiting choices, each by the member
 * whose Refuge it is (their key), checking another member's key is refused.
 */
import { expect } from "vitest"
import type { client } from "./server.js"

type Api = ReturnType<typeof client>

/** Answers every waiting choice, each by the member whose Refuge it is (their key), with the first option. */
export const answerAll = async (
  api: Api,
  id: string,
  keys: readonly string[],
  other: (k: string) => string,
) => {
  const answered: string[] = []
  for (let i = 0; i < 200; i++) {
    const c = (await api.get(`/v1/campaigns/${id}`, keys[0])).body
    if (!c.pending) return { campaign: c, answered }
    const key = keys[Number(c.pending.by)]!
    const legal = (await api.get(`/v1/campaigns/${id}/legal`, key)).body
    expect(legal.version).toBe(c.version)
    const command = legal.commands[0]
    expect(command, JSON.stringify(c.pending)).toBeDefined()
    // Another member's choice: 403, and nothing stored.
    const theirs = await api.post(`/v1/campaigns/${id}/commands`, { version: c.version, command }, other(key))
    expect(theirs.status).toBe(403)
    const r = await api.post(`/v1/campaigns/${id}/commands`, { version: c.version, command }, key)
    expect(r.status, JSON.stringify(r.body)).toBe(201)
    answered.push(c.pending.key ?? c.pending.purpose)
  }
  throw new Error("the Aftermath kept asking")
}
