/**
 * Fidelity, scripted: distance conditions to table features (R-BATTLE-49). A `when` of "within N"
 * of a Lair, Spore terrain, a light, a Blight edge, the centre, a placement or an objective is a
 * fact the table states; "a light" is also a carried one (a Lantern). Grey Thread, the core Mark
 * that reads one ("−1 die to Shoot within 6\" of a light"), never applied before: the condition
 * only knew kinds of model, and every feature was false.
 */
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import type { ContentView } from "../../src/refuge/Content.js"
import { content, dicePrompt, refuge, shotFacts, started, type Table, within } from "../battle/fixtures.js"

/** a.1: a pistol (Shoot 2 + 1) and the Mark Grey Thread; a.2 with `friendKit`; b unarmed. */
const dazzled = (o: { kit?: string[]; friendKit?: string[] } = {}): Table =>
  started({
    refuges: [
      refuge(
        "A",
        [
          { leader: true, weapons: ["pistol"], blight: 3, marks: ["grey-thread"], kit: o.kit ?? [] },
          { kit: o.friendKit ?? [] },
        ],
        { reloads: 1 },
      ),
      refuge("B", [{ leader: true }, {}]),
    ],
  })

const light = "feature:light"

describe('Grey Thread: within 6" of a light (B-GIFT-01, R-BATTLE-49)', () => {
  it('B-GIFT-01 R-BATTLE-49 a light on the ground within 6" (a fact the table states) takes a die off the Shoot pool', () => {
    const t = dazzled()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12), within("a.1", light, 6, true))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(2) // Shoot 2 + pistol 1 − 1
  })

  it('B-GIFT-01 R-BATTLE-49 no light within 6": the full pool', () => {
    const t = dazzled()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12), within("a.1", light, 6, false), within("a.1", "a.2", 6, false))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(3)
  })

  it("B-GIFT-01 R-BATTLE-49 the table is asked about lights when nothing says, in words", () => {
    const t = dazzled()
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(t.prompt).toMatchObject({ kind: "fact", query: { q: "within", a: "a.1", b: light, inches: 6 } })
    expect(JSON.stringify(t.prompt)).toContain("a light on the ground")
  })

  it("B-GIFT-01 R-BATTLE-49 a Lantern it carries is a light within any distance: no fact asked", () => {
    const t = dazzled({ kit: ["lantern"] })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(2)
  })

  it("B-GIFT-01 R-BATTLE-49 a friend's Lantern within 6\" is a light too", () => {
    const t = dazzled({ friendKit: ["lantern"] })
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12), within("a.1", light, 6, false), within("a.1", "a.2", 6, true))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(2)
  })
})

/** The core content with one homebrew skill: +1 die to Shoot in Glassfall. */
const frostSight = {
  id: "frost-sight",
  name: "Frost Sight",
  provenance: "provisional",
  clauses: ["B-SKILL-01"],
  list: "know-how",
  text: "+1 die to Shoot in Glassfall.",
  effects: [{ kind: "poolModifier", pool: "shoot", dice: 1, when: { season: "glassfall" } }],
}
const withFrostSight: ContentView = {
  get: ((kind: string, id: string) =>
    kind === "skills" && id === frostSight.id
      ? frostSight
      : content.get(kind as never, id)) as ContentView["get"],
  list: ((kind: string) =>
    kind === "skills"
      ? [...content.list("skills"), frostSight]
      : content.list(kind as never)) as ContentView["list"],
}

const inSeason = (season: string | undefined): Table =>
  started({
    refuges: [
      refuge("A", [{ leader: true, weapons: ["pistol"], skills: ["frost-sight"] }, {}], { reloads: 1 }),
      refuge("B", [{ leader: true }, {}]),
    ],
    season,
    env: envOf(withFrostSight),
  })

describe("a Season condition in a raid (B-SEASON-01, R-BATTLE-49)", () => {
  it("B-SEASON-01 R-BATTLE-49 a raid played in Glassfall holds a `season: glassfall` condition", () => {
    const t = inSeason("glassfall")
    t.do({ type: "activate", model: "a.1" })
    t.state(...shotFacts(t, "a.1", "b.2", 12))
    t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
    expect(dicePrompt(t)).toBe(4) // Shoot 2 + pistol 1 + 1
  })

  it("B-SEASON-01 R-BATTLE-49 another Season, or a raid outside a campaign, does not", () => {
    for (const season of ["the-silence", undefined]) {
      const t = inSeason(season)
      t.do({ type: "activate", model: "a.1" })
      t.state(...shotFacts(t, "a.1", "b.2", 12))
      t.do({ type: "shoot", model: "a.1", weapon: "pistol", target: "b.2" })
      expect(dicePrompt(t), String(season)).toBe(3)
    }
  })
})
