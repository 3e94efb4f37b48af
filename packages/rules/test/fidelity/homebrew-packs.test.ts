/**
 * Fidelity, scripted: homebrew packs written the way docs/homebrew.md and
 * docs/homebrew-reference.md say, loaded over the core pack and played in a raid. Each checks that
 * the documented field or word does what the docs say it does, not only that it loads.
 */
import { readFileSync } from "node:fs"
import { seeded } from "@blight/dice"
import { Result } from "effect"
import { describe, expect, it } from "vitest"
import { envOf } from "../../src/battle/Battle.js"
import { battleInterpretations } from "../../src/battle/Interpretations.js"
import type { FactQuery } from "../../src/battle/State.js"
import { campaignInterpretations } from "../../src/campaign/Interpretations.js"
import { loadWithCore } from "../../src/content/core/index.js"
import { formatProblem } from "../../src/content/Problem.js"
import type { Registry } from "../../src/content/Registry.js"
import type { Scenario } from "../../src/content/schema/Scenario.js"
import { found } from "../../src/refuge/Founding.js"
import { builderInterpretations } from "../../src/refuge/Interpretations.js"
import { storesOf } from "../../src/refuge/Ledger.js"
import { silentEffects } from "../../src/vocabulary/Interpreters.js"
import {
  contact,
  core,
  dicePrompt,
  faces,
  noFacts,
  passRound,
  refuge,
  SCENARIOS,
  shotFacts,
  started,
  Table,
  within,
  withScenarios,
} from "../battle/fixtures.js"
import { homebrewRegistry } from "../fixtures/homebrew.js"

const declared = [...builderInterpretations, ...battleInterpretations, ...campaignInterpretations]
const doc = readFileSync(new URL("../../../../docs/homebrew.md", import.meta.url), "utf8")
const block = (tag: string): unknown =>
  JSON.parse(new RegExp(`\`\`\`json ${tag}\\n([\\s\\S]*?)\\n\`\`\``).exec(doc)![1]!)

const loaded = (source: string, data: unknown): Registry => {
  const r = loadWithCore([{ source, data }])
  if (Result.isFailure(r)) throw new Error(r.failure.problems.map(formatProblem).join("\n"))
  return r.success
}

describe("docs/homebrew.md § The pack: the Whistle, pasted as written", () => {
  const env = envOf(withScenarios(SCENARIOS, loaded("my-first-pack.json", block("pack"))))

  it("B-NOISE-01 its granted action, Blow the whistle, makes 2 Noise where the survivor stands", () => {
    const t = started({
      refuges: [refuge("A", [{ leader: true, kit: ["whistle"] }, {}]), refuge("B", [{ leader: true }, {}])],
      env,
    })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "act", model: "a.1", action: "Blow the whistle" })
    expect(t.model("a.1").noise).toBe(2)
  })
})

describe("a weapon's `effects` in a raid (docs/homebrew-reference.md § weapons, R-CONTENT-42)", () => {
  /** a.1's Wits test to open a door: the dice it asks for. */
  const doorDice = (weapons: string[], env?: ReturnType<typeof envOf>): number => {
    const t = started({
      refuges: [refuge("A", [{ leader: true, weapons }, {}]), refuge("B", [{ leader: true }, {}])],
      env,
    })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "use", model: "a.1", use: "door" })
    return dicePrompt(t)
  }

  it("B-ACTION-USE-01 R-CONTENT-42 the core Crowbar's +1 die to open a door is read: Wits 2 + 1", () => {
    expect(doorDice([])).toBe(2)
    expect(doorDice(["crowbar"])).toBe(3)
  })

  it("B-ACTION-USE-01 R-CONTENT-42 a homebrew weapon's poolModifier applies to whoever carries it", () => {
    const env = envOf(
      withScenarios(
        SCENARIOS,
        homebrewRegistry("pry-bar", {
          weapons: [
            {
              id: "pry-bar",
              name: "Pry bar",
              provenance: "provisional",
              type: "melee",
              dice: 0,
              damage: 1,
              noise: 1,
              rarity: "common",
              cost: 4,
              ammunition: "none",
              countsTowardLimit: true,
              text: "+2 dice to open a door.",
              effects: [{ kind: "poolModifier", pool: "wits.door", dice: 2 }],
            },
          ],
        }),
      ),
    )
    expect(doorDice(["pry-bar"], env)).toBe(4)
  })
})

/** A homebrew creature (a Hunter, as the reference's fields say), with whatever escorts it names. */
const creature = (id: string, escorts: unknown) => ({
  id,
  name: id,
  provenance: "provisional",
  faction: "blight",
  move: 4,
  fight: 3,
  weapon: { name: "claws", dice: 0, damage: 1 },
  health: 2,
  armour: 0,
  initiative: 2,
  senses: 12,
  behaviour: "hunter",
  infectious: 0,
  dread: 0,
  xp: 1,
  escorts,
})

/** A homebrew pack: a Brood Mother with these escorts, and her Brood Son, who names her as his. */
const broodPack = (escorts: unknown) =>
  homebrewRegistry("brood-mother", {
    creatures: [
      creature("brood-mother", escorts),
      creature("brood-son", [{ creature: "brood-mother", count: 1 }]),
    ],
  })

const nest = (registry: Registry, creature: string, count: number | string = 1): Table => {
  const cache = core.get("scenarios", "cache")!
  const scenario = {
    ...cache,
    id: "nest",
    name: "nest",
    setup: { ...cache.setup, lurking: 0, lootTokens: 2 },
    effects: [{ kind: "trigger", on: "battle.setup", do: [{ kind: "spawn", creature, count, at: "lair" }] }],
  } as unknown as Scenario
  const t = Table.create({ scenario: "nest", env: envOf(withScenarios({ nest: scenario }, registry)) })
  t.initiative("a") // the set-up's creatures are on the table once Initiative is rolled
  return t
}
const creatures = (t: Table) => t.s.models.filter((m) => m.kind === "creature").map((m) => m.ref)

describe("a creature's `escorts` (docs/homebrew-reference.md § creatures, R-CONTENT-40)", () => {
  it("B-CREATURE-06 R-CONTENT-40 a spawned creature brings its escorts, in the same brood", () => {
    const t = nest(broodPack([{ creature: "husk", count: 2 }]), "brood-mother")
    expect(creatures(t).sort()).toEqual(["brood-mother", "husk", "husk"])
    expect(new Set(t.s.models.filter((m) => m.kind === "creature").map((m) => m.side)).size).toBe(1)
  })

  it("B-CREATURE-06 R-CONTENT-40 one set of escorts a spawn, whatever its count", () => {
    const t = nest(broodPack([{ creature: "husk", count: 1 }]), "brood-mother", 2)
    expect(creatures(t).sort()).toEqual(["brood-mother", "brood-mother", "husk"])
  })

  it("R-CONTENT-40 creatures naming each other as escorts load, and a spawn brings one level of them", () => {
    const t = nest(broodPack([{ creature: "brood-son", count: 2 }]), "brood-son")
    expect(creatures(t).sort()).toEqual(["brood-mother", "brood-son"])
  })

  it("B-CREATURE-08 the core Thorn Matriarch, spawned, comes with her two Thornhounds", () => {
    const t = nest(core, "thorn-matriarch")
    expect(creatures(t).sort()).toEqual(["thorn-matriarch", "thornhound", "thornhound"])
  })
})

describe("docs/homebrew.md § The effects vocabulary: where an entry's rules apply", () => {
  it("R-CONTENT-42 a pool modifier on an armour can never fire, and the validator's check says so at its path", () => {
    const registry = homebrewRegistry("lucky-vest", {
      armour: [
        {
          id: "lucky-vest",
          name: "Lucky vest",
          provenance: "provisional",
          armour: 1,
          helmet: false,
          rarity: "common",
          cost: 6,
          effects: [{ kind: "poolModifier", pool: "shoot", dice: 1 }],
        },
      ],
    })
    const entries = registry
      .list("armour")
      .map((entry) => ({ kind: "armour" as const, entry, pack: "lucky-vest" }))
    expect(silentEffects(entries, declared).map((s) => s.path)).toEqual(["armour[lucky-vest].effects[0]"])
  })
})

/** A homebrew Home and background, founded with the CLI's roster format and played in a raid. */
const hillfort = homebrewRegistry("hillfort", {
  homes: [
    {
      id: "hillfort",
      name: "The Hillfort",
      provenance: "provisional",
      capacity: 8,
      perk: { name: "Stores in the keep", text: "Starts with 3 Rations and 2 Fuel." },
      drawback: { name: "A long climb", text: "No effect in a raid." },
      errands: 2,
      initiativeDice: 0,
      startingStores: [
        { store: "rations", amount: 3 },
        { store: "fuel", amount: 2 },
      ],
      seasonNeeds: [],
    },
  ],
  backgrounds: [
    {
      id: "hill-runner",
      name: "Hill Runner",
      provenance: "provisional",
      cost: 20,
      stats: { move: 2, fight: 1 },
      knack: {
        name: "Sure-footed",
        text: "+1 die to Fight while carrying Loot.",
        effects: [{ kind: "poolModifier", pool: "fight.attack", dice: 1, when: { carrying: "loot" } }],
      },
      skillLists: ["brawn", "stealth"],
    },
  ],
})

describe("a homebrew Home and background (docs/homebrew-reference.md § homes, § backgrounds)", () => {
  const runners = (n: number) =>
    Array.from({ length: n }, (_, i) => ({
      name: `Runner ${i + 1}`,
      background: "hill-runner",
      leader: i === 0,
    }))

  it("B-FOUNDING-10 a homebrew Home's starting stores are added at founding, and a background costs its `cost`", () => {
    const survivors = [
      ...runners(2),
      { name: "S", background: "student" },
      { name: "T", background: "student" },
    ]
    const r = Result.getOrThrow(
      found({ name: "Fort", home: "hillfort", survivors }, hillfort, { source: seeded(1) }),
    )
    // 150 Salvage − 2 × 20 − 2 × 12; 1 Ration a survivor + the Home's 3; 1 Meds; the Home's 2 Fuel.
    expect(storesOf(r.ledger)).toMatchObject({ salvage: 86, rations: 7, meds: 1, fuel: 2 })
  })

  it("B-PROFILE-02 a homebrew background's `stats` change the base profile in a raid", () => {
    const env = envOf(withScenarios(SCENARIOS, hillfort))
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, background: "hill-runner" }, {}]),
        refuge("B", [{ leader: true }, {}]),
      ],
      env,
    })
    // Student M6 F2 → Hill Runner (base M5 F2, +2 Move, +1 Fight).
    expect(t.model("a.1").profile).toMatchObject({ move: 7, fight: 3 })
  })
})

/** Homebrew skills whose `when` reads the weapon used and the other party (docs § Conditions). */
const brawlers = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("brawlers", {
      skills: [
        {
          id: "club-work",
          name: "Club Work",
          provenance: "provisional",
          list: "brawn",
          text: "+1 die to attack in a Fight with a melee weapon.",
          effects: [{ kind: "poolModifier", pool: "fight.attack", dice: 1, when: { using: "melee" } }],
        },
        {
          id: "first-blood",
          name: "First Blood",
          provenance: "provisional",
          list: "brawn",
          text: "+1 Fight in the first round.",
          effects: [{ kind: "statModifier", stat: "fight", value: 1, when: { round: 1 } }],
        },
        {
          id: "cull",
          name: "Cull",
          provenance: "provisional",
          list: "brawn",
          text: "+1 die to attack a survivor with 3 or more Blight.",
          effects: [
            { kind: "poolModifier", pool: "fight.attack", dice: 1, when: { target: { blight: { min: 3 } } } },
          ],
        },
      ],
    }),
  ),
)

describe("conditions on a homebrew skill, in a Fight (docs/homebrew.md § Conditions)", () => {
  /** The attack dice a.1 (with a bat, or unarmed) rolls on b.1 (knife), b.1 at `blight`. */
  const attackDice = (skills: string[], o: { weapons?: string[]; blight?: number } = {}): number => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, weapons: o.weapons ?? ["baseball-bat"], skills }, {}]),
        refuge("B", [{ leader: true, weapons: ["knife"], blight: o.blight ?? 0 }, {}]),
      ],
      env: brawlers,
    })
    t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "fight", model: "a.1", target: "b.1" })
    return dicePrompt(t)
  }

  it("B-FIGHT-01 `using: melee` holds for a bat: one die more", () => {
    expect(attackDice(["club-work"]) - attackDice([])).toBe(1)
  })

  it("B-FIGHT-01 R-CONTENT-44 a `statModifier` on Fight with a `when` is a die on the Fight pools while it holds", () => {
    expect(attackDice(["first-blood"]) - attackDice([])).toBe(1)
  })

  it("B-FIGHT-01 `target: { blight: { min: 3 } }` reads the other party: only against a Blighted one", () => {
    expect(attackDice(["cull"], { blight: 3 }) - attackDice([], { blight: 3 })).toBe(1)
    expect(attackDice(["cull"], { blight: 2 }) - attackDice([], { blight: 2 })).toBe(0)
  })
})

/** The docs' `trigger` example: from round 4, 1 Noise at the start of each round. */
const roundStartExample = [...doc.matchAll(/```json effect\n([\s\S]*?)\n```/g)]
  .map((m) => JSON.parse(m[1]!) as { kind: string; on?: string })
  .find((e) => e.kind === "trigger" && e.on === "round.start")

/** Homebrew rules on the round's events (docs/homebrew.md § Effect kinds, `trigger`). */
const bells = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("bells", {
      skills: [
        {
          id: "bell-ringer",
          name: "Bell Ringer",
          provenance: "provisional",
          list: "command",
          text: "From round 4, it makes 1 Noise at the start of each round.",
          // The docs' `trigger` example, pasted.
          effects: [roundStartExample],
        },
        {
          id: "twitchy",
          name: "Twitchy",
          provenance: "provisional",
          list: "stealth",
          text: "It makes 1 Noise whenever it starts an activation.",
          effects: [{ kind: "trigger", on: "activation.start", do: [{ kind: "noise", value: 1 }] }],
        },
        {
          id: "night-sweats",
          name: "Night Sweats",
          provenance: "provisional",
          list: "stealth",
          text: "+1 Blight at the end of every round.",
          effects: [{ kind: "trigger", on: "round.end", do: [{ kind: "blight", value: 1 }] }],
        },
        {
          id: "screamer",
          name: "Screamer",
          provenance: "provisional",
          list: "stealth",
          text: "It makes 2 Noise whenever it takes Damage.",
          effects: [{ kind: "trigger", on: "damage.taken", do: [{ kind: "noise", value: 2 }] }],
        },
        {
          id: "clamour",
          name: "Clamour",
          provenance: "provisional",
          list: "command",
          text: "It makes 2 Noise at the start of every round.",
          effects: [{ kind: "trigger", on: "round.start", do: [{ kind: "noise", value: 2 }] }],
        },
      ],
      seasons: [
        {
          ...core.get("seasons", "glassfall"),
          id: "the-din-season",
          name: "The Din Season",
          raidEffect: {
            name: "Every bell rings",
            text: "The Din rolls two extra dice.",
            effects: [{ kind: "poolModifier", pool: "din", dice: 2 }],
          },
        },
      ],
    }),
  ),
)

describe("triggers on the round's events, on a homebrew skill (docs/homebrew.md § Effect kinds)", () => {
  const raid = (skills: string[], season?: string) =>
    started({
      refuges: [refuge("A", [{ leader: true, skills }, {}]), refuge("B", [{ leader: true }, {}])],
      env: bells,
      season,
    })
  /** Plays rounds to the next one's activations, every fact "no" and every die a 1 (nothing wakes). */
  const nextRound = (t: Table) => {
    passRound(t)
    t.settle((n) => faces(n, 1), noFacts)
    t.initiative("a")
  }

  it("B-NOISE-01 the docs' example, pasted: no Noise in rounds 1–3, 1 Noise from round 4", () => {
    const t = raid(["bell-ringer"])
    for (let round = 1; round <= 3; round++) {
      expect(t.s.round).toBe(round)
      expect(t.model("a.1").noise).toBe(0)
      nextRound(t)
    }
    expect(t.s.round).toBe(4)
    expect(t.model("a.1").noise).toBe(1)
  })

  it("B-NOISE-01 `activation.start`: the Noise is made as it activates", () => {
    const t = raid(["twitchy"])
    expect(t.model("a.1").noise).toBe(0)
    t.do({ type: "activate", model: "a.1" })
    expect(t.model("a.1").noise).toBe(1)
  })

  it("B-FIGHT-01 `damage.taken`: the Noise is made when it is hurt, not when it is missed", () => {
    /** b.1's Noise after a.1 (a bat) attacks it with these faces, b.1 defending with 1s. */
    const noiseAfter = (face: number): number => {
      const t = started({
        refuges: [
          refuge("A", [{ leader: true, weapons: ["baseball-bat"] }, {}]),
          refuge("B", [{ leader: true, skills: ["screamer"] }, {}]),
        ],
        env: bells,
      })
      t.state(contact("a.1", "b.1"), contact("a.2", "b.1", false), contact("b.2", "a.1", false))
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "fight", model: "a.1", target: "b.1" })
      t.roll(...faces(dicePrompt(t), face))
      t.settle((n) => faces(n, 1), noFacts)
      return t.model("b.1").noise
    }
    // A fight is Loud for both (B-FIGHT-10); the scream is 2 more, on a hit only.
    expect(noiseAfter(5) - noiseAfter(1)).toBe(2)
  })

  it("B-BLIGHT-01 `round.end`: the Blight is gained in the End Phase", () => {
    const t = raid(["night-sweats"])
    expect(t.model("a.1").blight).toBe(0)
    nextRound(t)
    expect(t.model("a.1").blight).toBe(1)
  })
})

describe("a Season's raid effect applies to the raids played in it (B-SEASON-01, R-CONTENT-43)", () => {
  /** The Din's dice at the end of round 1, with a.1 making 2 Noise at its start (Clamour). */
  const dinDice = (season?: string): number => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, skills: ["clamour"] }, {}]),
        refuge("B", [{ leader: true }, {}]),
      ],
      env: bells,
      season,
    })
    passRound(t)
    t.settle((n) => faces(n, 1), noFacts)
    const din = t.of("din.rolled", true)[0]!
    expect(din.noise).toBe(2)
    return din.dice
  }

  it("B-SEASON-01 B-DIN-01 R-CONTENT-43 Glassfall's Din die, the Long Days' one fewer, a homebrew Season's two", () => {
    expect(dinDice()).toBe(2)
    expect(dinDice("glassfall")).toBe(3)
    expect(dinDice("the-long-days")).toBe(1)
    expect(dinDice("the-din-season")).toBe(4)
  })

  it("B-SEASON-01 R-CONTENT-43 the Waking marks one more spore cloud at set-up, where the players put it", () => {
    const clouds = (season?: string) => started({ season }).s.tokens.filter((t) => t.kind === "sporeCloud")
    expect(clouds()).toEqual([])
    expect(clouds("the-waking")).toHaveLength(1)
    expect(clouds("the-waking")[0]).toMatchObject({ radius: 3 })
    expect(clouds("the-waking")[0]!.position).toBeUndefined()
  })
})

/** Granted actions with a test, on a piece of kit and on a background's Knack (docs § `grantAction`). */
const flares = envOf(
  withScenarios(
    SCENARIOS,
    homebrewRegistry("flares", {
      kit: [
        {
          id: "signal-rocket",
          name: "Signal rocket",
          provenance: "provisional",
          rarity: "common",
          cost: 3,
          text: "Use: a Wits test; on a success it screams up (3 Noise).",
          effects: [
            {
              kind: "grantAction",
              name: "Fire the rocket",
              attack: false,
              test: { pool: "wits.use", target: 1 },
              do: [{ kind: "noise", value: 3 }],
            },
          ],
        },
      ],
      backgrounds: [
        {
          ...core.get("backgrounds", "student"),
          id: "bellhop",
          name: "Bellhop",
          knack: {
            name: "Ring for Service",
            text: "An action: 2 Noise.",
            effects: [
              {
                kind: "grantAction",
                name: "Ring for service",
                attack: false,
                do: [{ kind: "noise", value: 2 }],
              },
            ],
          },
        },
      ],
    }),
  ),
)

describe("granted actions on kit and a Knack (docs/homebrew.md § Effect kinds, `grantAction`)", () => {
  const raid = (a1: { kit?: string[]; background?: string }) =>
    started({
      refuges: [refuge("A", [{ leader: true, ...a1 }, {}]), refuge("B", [{ leader: true }, {}])],
      env: flares,
    })

  it("B-ACTION-USE-01 its `test` is rolled first: Wits 2 dice, a success does the action, a failure only spends it", () => {
    for (const [rolled, noise] of [
      [[4, 1], 3],
      [[3, 1], 0],
    ] as const) {
      const t = raid({ kit: ["signal-rocket"] })
      t.do({ type: "activate", model: "a.1" })
      t.do({ type: "act", model: "a.1", action: "Fire the rocket" })
      expect(dicePrompt(t)).toBe(2)
      t.roll(...rolled)
      expect(t.of("test.rolled")[0]).toMatchObject({ pool: "wits.use", passed: noise > 0 })
      expect(t.model("a.1").noise).toBe(noise)
      expect(t.s.activation?.actions).toEqual(["act"])
    }
  })

  it("B-ACTION-USE-01 a background's Knack may grant an action", () => {
    const t = raid({ background: "bellhop" })
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "act", model: "a.1", action: "Ring for service" })
    expect(t.model("a.1").noise).toBe(2)
  })
})

describe("an aura on a homebrew skill (docs/homebrew.md § Effect kinds, `aura`)", () => {
  const rally = envOf(
    withScenarios(
      SCENARIOS,
      homebrewRegistry("rally", {
        skills: [
          {
            id: "rallying-cry",
            name: "Rallying Cry",
            provenance: "provisional",
            list: "command",
            text: 'Friends within 6" get +1 die to Shoot.',
            effects: [
              {
                kind: "aura",
                radius: 6,
                affects: "friends",
                effects: [{ kind: "poolModifier", pool: "shoot", dice: 1 }],
              },
            ],
          },
        ],
      }),
    ),
  )
  /** a.2 (a pistol) shoots b.1, a.1 with Rally within 6" or not. */
  const shootDice = (near: boolean): number => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true, skills: ["rallying-cry"] }, { weapons: ["pistol"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      env: rally,
    })
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.1", 12), within("a.1", "a.2", 6, near))
    t.do({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.1" })
    return dicePrompt(t)
  }

  it("B-SHOOT-01 a friend within 6\" of the skill's holder gets the die; one further away does not", () => {
    expect(shootDice(true)).toBe(4) // Shoot 2 + pistol 1 + 1
    expect(shootDice(false)).toBe(3)
  })
})

describe("docs/homebrew.md § Behaviours: the Spore Lurker, pasted, on a homebrew creature", () => {
  const behaviours = [...doc.matchAll(/```json behaviour\n([\s\S]*?)\n```/g)].map((m) => JSON.parse(m[1]!))
  const registry = homebrewRegistry("spore-lurkers", {
    behaviours,
    creatures: [{ ...creature("bog-thing", undefined), behaviour: "spore-lurker" }],
  })

  it('B-BEHAVIOUR-05 B-BEHAVIOUR-06 it starts hidden; a survivor ending a move within 4" of where it was placed brings it out to Fight at once', () => {
    const t = nest(registry, "bog-thing")
    const c = t.s.models.find((m) => m.ref === "bog-thing")!
    expect(c.status).toBe("lurking")
    t.do({ type: "activate", model: "a.1" })
    t.do({ type: "move", model: "a.1", distance: 2 })
    const asked: FactQuery[] = []
    t.settle([], (q) => {
      asked.push(q)
      if (
        q.q === "within" &&
        "b" in q &&
        [q.a, q.b].some((x) => x.includes(c.id) || x.startsWith("placement"))
      )
        return [q.a, q.b].includes("a.1")
      // It was placed in the spores, so a.1 by its placement is within 12" of Spore terrain (its leash).
      if (q.q === "within" && "b" in q && q.b === "feature:sporeTerrain") return q.a === "a.1"
      if (q.q === "reach") return true
      return noFacts(q)
    })
    // It Fights at once (Fight 3 + claws 0, no Charge): the attack waits on its dice.
    expect(t.prompt, JSON.stringify(asked)).toMatchObject({
      kind: "dice",
      dice: 3,
      purpose: "bog-thing's Fight",
    })
    t.settle((n) => faces(n, 1), noFacts)
    expect(t.model(c.id).status).toBe("active")
    expect(t.battle.events.find((e) => e.type === "attack.rolled")).toMatchObject({
      attacker: c.id,
      target: "a.1",
    })
  })
})

describe("`within` … `of` a kind of model, on a homebrew skill (docs/homebrew.md § Conditions)", () => {
  const loyal = envOf(
    withScenarios(
      SCENARIOS,
      homebrewRegistry("loyal", {
        skills: [
          {
            id: "loyal",
            name: "Loyal",
            provenance: "provisional",
            list: "command",
            text: '+1 die to Shoot within 6" of the Leader.',
            // The docs' condition example, pasted.
            effects: [{ kind: "poolModifier", pool: "shoot", dice: 1, when: { within: 6, of: "leader" } }],
          },
        ],
      }),
    ),
  )
  const shootDice = (near: boolean): number => {
    const t = started({
      refuges: [
        refuge("A", [{ leader: true }, { weapons: ["pistol"], skills: ["loyal"] }], { reloads: 1 }),
        refuge("B", [{ leader: true }, {}]),
      ],
      env: loyal,
    })
    t.do({ type: "activate", model: "a.2" })
    t.state(...shotFacts(t, "a.2", "b.1", 12), within("a.2", "a.1", 6, near))
    t.do({ type: "shoot", model: "a.2", weapon: "pistol", target: "b.1" })
    return dicePrompt(t)
  }

  it('B-SHOOT-01 R-BATTLE-49 `{ "within": 6, "of": "leader" }` holds with its Leader 6" away, not further', () => {
    expect(shootDice(true)).toBe(4)
    expect(shootDice(false)).toBe(3)
  })
})
