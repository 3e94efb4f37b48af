import { mkdtempSync, readFileSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"
import { run, runJson } from "./helpers.js"

const PLAY = fileURLToPath(new URL("../../../examples/nightsong/session.play", import.meta.url))

/** The session's lines: the seat, and the command's words (a quoted phrase stays one word). */
const lines = (): Array<{ seat: string; words: string[] }> =>
  readFileSync(PLAY, "utf8")
    .split("\n")
    .filter((l) => l.trim().length > 0 && !l.startsWith("#"))
    .map((l) => {
      const [seat, ...words] = l.trim().split(/\s+/)
      return { seat: seat as string, words }
    })

describe("the scripted session of examples/nightsong/session.play", () => {
  it("N-JOURNEY-01 N-JOURNEY-02 N-DELVE-03 N-DELVE-04 N-EVENT-01 N-EVENT-03 N-EVENT-04 N-FACTION-06 N-FATE-01 N-STEPDIE-03 N-STEPDIE-04 N-COMBAT-02 N-SHIELD-01 N-COMBAT-09 N-RESOLVE-02 N-COMBAT-11 N-SPELL-03 N-REST-02 N-ADVANCE-03 the session plays from a fresh file to the state the text gives", async () => {
    const file = join(mkdtempSync(join(tmpdir(), "blight-nightsong-session-")), "session.json")
    const made = await run("nightsong", "game", "new", "--players", "ann,bo,cy", "--manual")
    writeFileSync(file, made.out)
    for (const { seat, words } of lines()) {
      const r = await run("nightsong", "game", "do", file, ...words, "--by", seat)
      expect(`${seat} ${words.join(" ")}: ${r.err}`).toBe(`${seat} ${words.join(" ")}: `)
    }
    const { json } = await runJson("nightsong", "game", "show", file, "--json")
    const s = json.state
    const gear = (id: string, name: string) =>
      s.party[id].gear.find((g: { name: string }) => g.name === name).die
    // Two Watches on the road: 6 miles pressing on through the broken weather, then 12.
    const log = JSON.parse(readFileSync(file, "utf8")) as {
      events: Array<{ type: string; miles?: number; light?: { lit: boolean; die: string } }>
    }
    expect(log.events.filter((e) => e.type === "journeyed").map((e) => e.miles)).toEqual([6, 12])
    const lights = log.events.filter((e) => e.type === "lightChanged").map((e) => e.light?.die ?? "daylight")
    expect(lights).toEqual(["d0", "d6", "d6", "d4", "d0", "daylight"])
    // The torch died at the end of the third Turn and the party climbed out; the bundle is unspent.
    expect(s.light).toBeUndefined()
    expect(gear("ann", "torches")).toBe("d6")
    // The raiders are out: one taken down, one routed.
    expect([s.npcs.r1.status, s.npcs.r2.status]).toEqual(["takenOut", "routed"])
    // Bo's shield blocked and stepped down; Cy's dagger broke in wear and tear; Ann's mail held.
    expect([gear("bo", "shield"), gear("cy", "dagger"), gear("ann", "mail")]).toEqual(["d4", "d0", "d6"])
    // Cy was fatigued by the cast; the Long Rest cleared it and refilled the Light Shard.
    expect(s.party.cy.adventurer.conditions).toEqual([])
    expect(gear("cy", "Light")).toBe("d6")
    // Ann's Advancement: +4 max HP; Strength, Dexterity, Presence and Constitution each rose.
    expect(s.party.ann.adventurer).toMatchObject({
      maxHp: 9,
      hp: 9,
      abilities: { strength: 2, dexterity: 3, presence: 1, constitution: 0 },
      slots: 12,
      focus: 0,
    })
    expect(s.clock).toMatchObject({ day: 1, watch: 3, turn: 3, session: 1, inSession: false })
    // The Land's turn after the session: the first Faction's Goal Die stepped down to D4.
    expect(s.land.session).toBe(1)
    expect(s.land.factions.map((f: { goal: string }) => f.goal)).toEqual(["d4", ...Array(14).fill("d6")])
    expect((await runJson("nightsong", "game", "replay", file, "--json")).json.redecided).toBe(true)
  })
})
