/**
 * Code hooks for the world side of the core pack: the rules of creatures, Homes, improvements,
 * scenarios, objectives and Upkeep that the effects vocabulary cannot say
 * (docs/content-gaps/world.md, rulings R-WORLD-NN in docs/rulings/core-world.md).
 *
 * Each hook checks its `params` at load time and declares the facts it reads (decoded by a
 * decoder built once, never guessed). It answers with typed operations in the effects vocabulary
 * (stat and pool modifiers, stores, tokens, spawns, Blight, healing, statuses with durations —
 * Laid Up, Hungry, leaving, laid to rest —, the Rite's counter, creatures lurking), a chosen
 * model in `target` (behaviours, who moves next) or an `outcome` (victory, draw, objectives);
 * never text. Rules the vocabulary now says as data (terrain, who can't be targeted, the Market's
 * limits, the Reloading Bench's exchange) are no longer hooks (`vocabulary/Legacy.ts` upgrades packs
 * that still name them). Every piece of arithmetic is a plain function beside its hook; only the
 * hooks are exported (the core index registers every export of a hooks file).
 *
 * Randomness comes only from the context's dice source.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Effect as Fx, Schema } from "effect"
import { CreatureId } from "../../../terms/Ids.js"
import type { Effect } from "../../../vocabulary/Effect.js"
import { defineHook, type Operation } from "../../../vocabulary/Hooks.js"
import { op, small } from "./common.js"

const face = small(1, 6)
const inches = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 72 }))
const count = Schema.Int.check(Schema.isGreaterThanOrEqualTo(0))

/** One d6 from the context's source. */
const d6 = (dice: DiceSource, label: string): number => dice.die(6, label)

// ---------------------------------------------------------------------------------------------
// Creatures
// ---------------------------------------------------------------------------------------------

/** The Stalk's Always closer: unseen at the start of a round, +`inches` Move that round. */
export const unseenMoveBonus = defineHook("core/unseen-move-bonus", {
  summary: "If no survivor can see it at the start of a round, it has extra Move that round",
  points: ["effect"],
  params: Schema.Struct({ inches: small(1, 12) }),
  facts: Schema.Struct({ seenBy: count }),
  // Run on `round.start`: the modifier lasts that round.
  run: (_context, { inches: bonus }, { seenBy }) => ({
    operations: seenBy === 0 ? [op({ kind: "statModifier", stat: "move", value: bonus })] : [],
  }),
})

/** Which Husks move in time with the Choir: the nearest not yet activated within `radius`. */
const nextInTime = (
  models: ReadonlyArray<{
    readonly id: string
    readonly creature: string
    readonly distance: number
    readonly activated: boolean
  }>,
  creature: string,
  radius: number,
): string | undefined =>
  [...models]
    .filter((m) => m.creature === creature && !m.activated && m.distance <= radius)
    .sort((a, b) => a.distance - b.distance || a.id.localeCompare(b.id))[0]?.id

/**
 * The Choir's In time: after it activates, each Husk within `radius` activates straight after it.
 * The hook answers the next one (`target`); the engine asks again until there is none.
 */
export const choirInTime = defineHook("core/choir-in-time", {
  summary: "After the Choir activates, every Husk within range activates in turn (answers the next one)",
  points: ["effect", "behaviour"],
  params: Schema.Struct({ radius: inches, creature: CreatureId }),
  facts: Schema.Struct({
    models: Schema.Array(
      Schema.Struct({
        id: Schema.String,
        creature: Schema.String,
        distance: inches,
        activated: Schema.Boolean,
      }),
    ),
  }),
  run: (_context, { radius, creature }, { models }) => {
    const next = nextInTime(models, creature, radius)
    return next === undefined ? {} : { target: next }
  },
})

/**
 * Carrion Bloom's Feeds on the fallen: a model Down or slain within `radius` heals it, up to its
 * start. A bare hook (not a trigger): the engine runs it whenever *another* model goes Down or is
 * slain, with that model's distance from the Bloom and the Bloom's Health.
 */
export const carrionFeed = defineHook("core/carrion-feed", {
  summary: "Regains Health when a model goes Down or is slain nearby, never above its starting Health",
  points: ["effect"],
  params: Schema.Struct({ radius: inches, health: small(1, 6) }),
  facts: Schema.Struct({ distance: inches, health: count, startingHealth: small(1, 30) }),
  run: (_context, { radius, health }, f) => {
    const gained = f.distance > radius ? 0 : Math.max(0, Math.min(health, f.startingHealth - f.health))
    // Healing, not a Health modifier: the profile's Health (its maximum) does not change.
    return { operations: gained === 0 ? [] : [op({ kind: "heal", health: gained })] }
  },
})

/**
 * The Seed-Bearer's Jar (R-WORLD-02): the first unblocked Crit hit breaks it: a spore cloud. The
 * data runs it on the Seed-Bearer's own `damage.taken`.
 */
export const seedBearerJar = defineHook("core/seed-bearer-jar", {
  summary: "The first unblocked Crit hit on a Seed-Bearer breaks its Jar: a spore cloud where it stands",
  points: ["effect"],
  params: Schema.Struct({ radius: inches }),
  facts: Schema.Struct({ crit: Schema.Boolean, blocked: Schema.Boolean, jarBroken: Schema.Boolean }),
  run: (_context, { radius }, { crit, blocked, jarBroken }) => ({
    operations:
      crit && !blocked && !jarBroken
        ? [op({ kind: "placeToken", token: "sporeCloud", radius, at: "here" })]
        : [],
  }),
})

/**
 * Gardeners' Grafting (lore B-GARDENER-05, sized like B-CONGREGATION-13): an enemy survivor this
 * Gardener's attack takes Down gains Blight. A bare hook: the engine runs it after each of the
 * Gardener's attacks, with whether the attack took a survivor Down.
 */
export const grafting = defineHook("core/grafting", {
  summary: "An enemy survivor this Gardener takes Down gains Blight",
  points: ["effect"],
  params: Schema.Struct({ blight: small(1, 3) }),
  facts: Schema.Struct({ tookDown: Schema.Boolean, survivor: Schema.Boolean }),
  run: (_context, { blight }, { tookDown, survivor }) => ({
    operations: tookDown && survivor ? [op({ kind: "blight", value: blight, scope: "target" })] : [],
  }),
})

// ---------------------------------------------------------------------------------------------
// The Hollowed (B-HOLLOWED-01..04, R-WORLD-03, R-WORLD-04)
// ---------------------------------------------------------------------------------------------

/** The base profile the `hollowed` creature entry is written with (the base survivor's Hollowed). */
const HOLLOWED_BASE = { move: 5, fight: 3, health: 3, armour: 1 } as const

/** A Hollowed's profile from the Turned survivor's (R-WORLD-03: their profile when they Turned). */
const hollowedProfile = (
  survivor: { readonly move: number; readonly fight: number; readonly health: number },
  bonus: { readonly fightBonus: number; readonly healthBonus: number; readonly armour: number },
) => ({
  move: survivor.move,
  fight: survivor.fight + bonus.fightBonus,
  health: survivor.health + bonus.healthBonus,
  armour: bonus.armour,
})

/** The Hollowed profile: stat modifiers that turn the entry's base profile into this survivor's. */
export const hollowedProfileHook = defineHook("core/hollowed-profile", {
  summary: "A Hollowed uses the Turned survivor's Move, Fight +1, Health +1, Armour 1, and keeps their Gifts",
  points: ["effect"],
  params: Schema.Struct({ fightBonus: small(0, 3), healthBonus: small(0, 3), armour: small(0, 3) }),
  facts: Schema.Struct({
    survivor: Schema.Struct({
      name: Schema.String,
      move: small(0, 12),
      fight: small(0, 10),
      health: small(1, 12),
      gifts: Schema.Array(Schema.String),
    }),
  }),
  run: (_context, bonus, { survivor }) => {
    const p = hollowedProfile(survivor, bonus)
    const operations = (["move", "fight", "health", "armour"] as const)
      .map((stat) => ({ stat, value: p[stat] - HOLLOWED_BASE[stat] }))
      .filter((m) => m.value !== 0)
      .map((m) => op({ kind: "statModifier", stat: m.stat, value: m.value }))
    return { operations }
  },
})

/** Who a Hollowed goes for first: the noisiest (then nearest) visible survivor of its old Refuge. */
const oldRefugeTarget = (
  visible: ReadonlyArray<{
    readonly id: string
    readonly refuge: string
    readonly noise: number
    readonly distance: number
  }>,
  oldRefuge: string,
): string | undefined =>
  [...visible]
    .filter((s) => s.refuge === oldRefuge)
    .sort((a, b) => b.noise - a.noise || a.distance - b.distance || a.id.localeCompare(b.id))[0]?.id

/** It remembers (B-HOLLOWED-02): its old Refuge first; with none in sight it hunts as a Hunter. */
export const hollowedOldRefuge = defineHook("core/hollowed-old-refuge", {
  summary:
    "A Hollowed goes first for a survivor of its old Refuge it can see; otherwise it hunts as a Hunter",
  points: ["behaviour", "effect"],
  params: Schema.Struct({}),
  facts: Schema.Struct({
    oldRefuge: Schema.String,
    visible: Schema.Array(
      Schema.Struct({ id: Schema.String, refuge: Schema.String, noise: small(0, 12), distance: inches }),
    ),
  }),
  // No target: none of its old Refuge in sight, so it hunts by Noise.
  run: (_context, _params, { oldRefuge, visible }) => {
    const target = oldRefugeTarget(visible, oldRefuge)
    return target === undefined ? {} : { target }
  },
})

/**
 * The Hollowed return (B-HOLLOWED-03, R-WORLD-04): before an Encounter roll in a campaign raid with
 * Hollowed not laid to rest, roll a die; on `on`+ one of them, picked at random, answers instead.
 * A bare hook on the `hollowed` entry: the engine runs it before every Encounter roll (set-up
 * lurkers included), whether or not a Hollowed is on the table.
 */
const hollowedReturn = (
  dice: DiceSource,
  waiting: ReadonlyArray<string>,
  on = 6,
): { readonly roll?: number; readonly returns?: string } => {
  if (waiting.length === 0) return {}
  const roll = d6(dice, "Hollowed return")
  if (roll < on) return { roll }
  const pick = waiting.length === 1 ? 0 : dice.die(waiting.length, "Hollowed pick") - 1
  return { roll, returns: waiting[pick]! }
}

export const hollowedReturnHook = defineHook("core/hollowed-return", {
  summary:
    "Before an Encounter roll in a campaign raid, a 6 brings back one of the campaign's Hollowed instead",
  points: ["effect"],
  params: Schema.Struct({ on: face }),
  facts: Schema.Struct({ campaign: Schema.Boolean, waiting: Schema.Array(Schema.String) }),
  run: (context, { on }, { campaign, waiting }) => {
    if (!campaign) return {}
    const r = hollowedReturn(context.dice, waiting, on)
    return r.returns === undefined
      ? {}
      : {
          target: r.returns,
          operations: [
            op({ kind: "spawn", creature: CreatureId.make("hollowed"), count: 1, at: "nearestLairOrEdge" }),
          ],
        }
  },
})

/** Laid to rest (B-HOLLOWED-04): the slain Hollowed's survivor never returns. */
export const hollowedLaidToRest = defineHook("core/hollowed-laid-to-rest", {
  summary: "A slain Hollowed is laid to rest and never returns",
  points: ["effect"],
  params: Schema.Struct({}),
  facts: Schema.Struct({ survivor: Schema.String }),
  run: (_context, _params, { survivor }) => ({
    target: survivor,
    operations: [op({ kind: "status", status: "laidToRest" }, survivor)],
  }),
})

// ---------------------------------------------------------------------------------------------
// Homes and improvements
// ---------------------------------------------------------------------------------------------

/** The Corner Shop's Laid Up roll (R-WORLD-19): who stays Laid Up for another raid. */
const cornerShopLaidUp = (
  dice: DiceSource,
  laidUp: ReadonlyArray<string>,
  on: readonly [number, number],
): ReadonlyArray<{ readonly survivor: string; readonly roll: number; readonly staysLaidUp: boolean }> =>
  laidUp.map((survivor) => {
    const roll = d6(dice, `Laid Up roll: ${survivor}`)
    return { survivor, roll, staysLaidUp: roll >= on[0] && roll <= on[1] }
  })

export const cornerShopLaidUpHook = defineHook("core/corner-shop-laid-up", {
  summary: "Each survivor Laid Up rolls a die; on the range they are Laid Up for more raids",
  points: ["effect"],
  params: Schema.Struct({ on: Schema.Tuple([face, face]), extraRaids: small(1, 3) }),
  facts: Schema.Struct({ laidUp: Schema.Array(Schema.String) }),
  run: (context, { on, extraRaids }, { laidUp }) => ({
    operations: cornerShopLaidUp(context.dice, laidUp, on)
      .filter((r) => r.staysLaidUp)
      .map((r) => op({ kind: "status", status: "laidUp", duration: { raids: extraRaids } }, r.survivor)),
  }),
})

/** The Local's cellar die (R-WORLD-19): on `on`, lose half the Rations, rounded down. */
const cellarLoss = (roll: number, on: number, rations: number): number =>
  roll === on ? Math.floor(rations / 2) : 0

export const theLocalCellarDie = defineHook("core/the-local-cellar-die", {
  summary: "Each Upkeep roll a die: on the number, lose half the Rations (rounded down)",
  points: ["effect"],
  params: Schema.Struct({ on: face }),
  facts: Schema.Struct({ rations: count }),
  run: (context, { on }, { rations }) => {
    const lost = cellarLoss(d6(context.dice, "The cellar die"), on, rations)
    return {
      operations:
        lost === 0
          ? []
          : [
              op({
                kind: "stores",
                store: "rations",
                amount: -lost,
                reason: "The Local: something got into the cellar",
              }),
            ],
    }
  },
})

/** The Tower Block (R-WORLD-19): Meds for the Laid Up while they last; the rest miss a second raid. */
const towerBlockMeds = (laidUp: ReadonlyArray<string>, meds: number, perSurvivor: number) => {
  const treated = laidUp.slice(0, Math.floor(meds / perSurvivor))
  return { treated, missSecond: laidUp.slice(treated.length), medsSpent: treated.length * perSurvivor }
}

export const towerBlockMedsHook = defineHook("core/tower-block-meds", {
  summary: "Each survivor Laid Up is given Meds or misses a second raid",
  points: ["effect"],
  params: Schema.Struct({ meds: small(1, 3), extraRaids: small(1, 3) }),
  facts: Schema.Struct({ laidUp: Schema.Array(Schema.String), meds: count }),
  run: (_context, { meds: perSurvivor, extraRaids }, { laidUp, meds }) => {
    const r = towerBlockMeds(laidUp, meds, perSurvivor)
    const operations: Operation[] =
      r.medsSpent > 0
        ? [
            op({
              kind: "stores",
              store: "meds",
              amount: -r.medsSpent,
              reason: "Tower Block: Meds for the Laid Up",
            }),
          ]
        : []
    for (const s of r.missSecond)
      operations.push(op({ kind: "status", status: "laidUp", duration: { raids: extraRaids } }, s))
    return { operations }
  },
})

/** The Grove never pays these stores for a Season's need: the need is given back as income. */
export const waiveSeasonNeed = defineHook("core/waive-season-need", {
  summary: "The Season's need in these stores is waived (given back in Upkeep)",
  points: ["effect"],
  params: Schema.Struct({
    stores: Schema.Array(Schema.Literals(["fuel", "salvage", "rations"])).check(Schema.isMinLength(1)),
  }),
  facts: Schema.Struct({ need: Schema.Array(Schema.Struct({ store: Schema.String, amount: count })) }),
  run: (_context, { stores }, { need }) => ({
    operations: need
      .filter((n) => n.amount > 0 && (stores as ReadonlyArray<string>).includes(n.store))
      .map((n) =>
        op({
          kind: "stores",
          store: n.store as "fuel" | "salvage" | "rations",
          amount: n.amount,
          reason: "The Grove: the growth provides",
        }),
      ),
  }),
})

// ---------------------------------------------------------------------------------------------
// Scenarios and objectives
// ---------------------------------------------------------------------------------------------

/** The Bloom Heart burns on a Fire hit (B-OBJECTIVE-01, R-WORLD-08). */
export const bloomHeartFire = defineHook("core/bloom-heart-fire", {
  summary: "A Fire hit burns the Bloom Heart",
  points: ["objective", "effect"],
  params: Schema.Struct({}),
  facts: Schema.Struct({ fire: Schema.Boolean, standing: Schema.Boolean }),
  // Already burned: no outcome (nothing changes).
  run: (_context, _params, { fire, standing }) => (!standing ? {} : { outcome: fire ? "win" : "continue" }),
})

/** A clean street (B-OBJECTIVE-04, R-WORLD-08): fewer lurkers in the burning Refuge's next raid. */
export const cleanStreet = defineHook("core/clean-street", {
  summary: "In the next raid of the Refuge that burned the Bloom Heart, fewer creatures lurk at set-up",
  points: ["effect"],
  params: Schema.Struct({ lurking: small(-3, -1) }),
  facts: Schema.Struct({ burnedBy: Schema.String }),
  run: (_context, { lurking }, { burnedBy }) => ({
    target: burnedBy,
    operations: [op({ kind: "lurking", value: lurking }, burnedBy)],
  }),
})

/** Counts compared for a side: win, lose or draw. */
const compareCounts = (counts: Readonly<Record<string, number>>, refuge: string): "win" | "lose" | "draw" => {
  const mine = counts[refuge] ?? 0
  const others = Object.entries(counts)
    .filter(([k]) => k !== refuge)
    .map(([, v]) => v)
  const best = others.length === 0 ? 0 : Math.max(...others)
  return mine > best ? "win" : mine < best ? "lose" : "draw"
}

/**
 * Victory by count: the Refuge with more of `what` wins, equal is a draw. `meds` breaks ties on
 * `loot` (The Pharmacy); `bloomHeart` is won outright by burning it, else on Amber harvested.
 */
export const compareCount = defineHook("core/compare-count", {
  summary: "The side with more of the counted thing wins; equal is a draw",
  points: ["victory", "draw"],
  params: Schema.Struct({ what: Schema.Literals(["loot", "meds", "bloomHeart"]) }),
  facts: Schema.Struct({
    refuge: Schema.String,
    counts: Schema.Record(Schema.String, count),
    tiebreak: Schema.optional(Schema.Record(Schema.String, count)),
    burnedBy: Schema.optional(Schema.String),
  }),
  run: (_context, { what }, { refuge, counts, tiebreak, burnedBy }) => {
    if (what === "bloomHeart" && burnedBy !== undefined)
      return { outcome: burnedBy === refuge ? "win" : "lose" }
    const outcome = compareCounts(counts, refuge)
    return outcome === "draw" && what === "meds" && tiebreak !== undefined
      ? { outcome: compareCounts(tiebreak, refuge) }
      : { outcome }
  },
})

/** The Planting's Rite for one End Phase (R-WORLD-14). */
const riteStep = (
  rite: number,
  gardeners: ReadonlyArray<{ readonly creature: string; readonly distance: number }>,
  radius: number,
): number => {
  const near = gardeners.filter((g) => g.distance <= radius)
  const singers = near.some((g) => g.creature === "hymnwarden" || g.creature === "the-verdant-mother")
  return rite + (near.length > 0 ? 1 : 0) + (singers ? 1 : 0)
}

/**
 * The Planting's Rite (R-WORLD-14). With `disrupt`: a successful disruption lowers it. At the
 * End Phase: it rises; at `complete` the Bloom Heart takes root (`outcome: "lose"` for every
 * Refuge). As the victory hook (the battle over, the Rite short): most Gardeners slain plus
 * disruptions wins.
 */
export const plantingRite = defineHook("core/planting-rite", {
  summary:
    "The Planting's Rite: rises each End Phase near the Seedbed, falls when disrupted, completes at a total",
  points: ["objective", "effect", "victory", "draw"],
  params: Schema.Struct({ complete: small(1, 12), radius: inches, disrupt: Schema.optional(small(1, 3)) }),
  facts: Schema.Struct({
    rite: count,
    gardeners: Schema.Array(Schema.Struct({ creature: Schema.String, distance: inches })).pipe(
      Schema.withDecodingDefaultType(Fx.sync(() => [])),
    ),
    battleOver: Schema.Boolean.pipe(Schema.withDecodingDefaultType(Fx.sync(() => false))),
    refuge: Schema.optional(Schema.String),
    scores: Schema.optional(Schema.Record(Schema.String, count)),
  }),
  run: (_context, { complete, radius, disrupt }, f) => {
    const rite = (value: number): Operation => op({ kind: "counter", counter: "rite", value })
    if (disrupt !== undefined)
      return { outcome: "continue", operations: [rite(Math.max(0, f.rite - disrupt))] }
    if (f.rite >= complete) return { outcome: "lose" }
    if (f.battleOver)
      return f.refuge === undefined || f.scores === undefined
        ? {}
        : { outcome: compareCounts(f.scores, f.refuge) }
    const now = riteStep(f.rite, f.gardeners, radius)
    return { outcome: now >= complete ? "lose" : "continue", operations: [rite(now)] }
  },
})

// ---------------------------------------------------------------------------------------------
// Upkeep (GAP-B-14, R-WORLD-10)
// ---------------------------------------------------------------------------------------------

/**
 * Pays a fuel need from fuel, then Salvage (`salvagePerFuel` each), then Amber (1 for `amberFuel`,
 * a part-used one spent): the campaign's order (R-CAMPAIGN-10), Amber last as the dearest.
 */
const payFuel = (
  need: number,
  stores: { readonly fuel: number; readonly amber: number; readonly salvage: number },
  rate: { readonly amberFuel: number; readonly salvagePerFuel: number },
) => {
  let left = need
  const fuel = Math.min(stores.fuel, left)
  left -= fuel
  const salvageFuel = Math.min(Math.floor(stores.salvage / rate.salvagePerFuel), left)
  left -= salvageFuel
  const amber = Math.min(stores.amber, Math.ceil(left / rate.amberFuel))
  left = Math.max(0, left - amber * rate.amberFuel)
  return { fuel, amber, salvage: salvageFuel * rate.salvagePerFuel, short: left }
}

export const payFuelHook = defineHook("core/pay-fuel", {
  summary: "Fuel is paid from fuel, then Salvage (2 for 1), then Amber (1 for 3) (R-CAMPAIGN-10)",
  points: ["effect"],
  params: Schema.Struct({ amberFuel: small(1, 6), salvagePerFuel: small(1, 6) }),
  facts: Schema.Struct({ need: count, stores: Schema.Struct({ fuel: count, amber: count, salvage: count }) }),
  // What is paid; a shortfall is what the Upkeep's unmet need then rolls for.
  run: (_context, rate, { need, stores }) => {
    const p = payFuel(need, stores, rate)
    const paid: Array<[Effect & { kind: "stores" }, number]> = [
      [{ kind: "stores", store: "fuel", amount: -p.fuel, reason: "Upkeep: fuel" }, p.fuel],
      [
        { kind: "stores", store: "salvage", amount: -p.salvage, reason: "Upkeep: Salvage burned for fuel" },
        p.salvage,
      ],
      [
        { kind: "stores", store: "amber", amount: -p.amber, reason: "Upkeep: Amber burned for fuel" },
        p.amber,
      ],
    ]
    return { operations: paid.filter(([, n]) => n > 0).map(([e]) => op(e)) }
  },
})

/** The penalty rolls for an unmet need: who is Laid Up (fuel) or gains Blight (clearing). */
const unmetNeedRolls = (
  dice: DiceSource,
  survivors: ReadonlyArray<string>,
  need: "fuel" | "clearing",
  on: number,
): ReadonlyArray<{ readonly survivor: string; readonly roll: number; readonly hit: boolean }> =>
  survivors.map((survivor) => {
    const roll = d6(dice, `${need} short: ${survivor}`)
    return { survivor, roll, hit: roll <= on }
  })

export const unmetNeed = defineHook("core/unmet-need", {
  summary:
    "Short of fuel: each survivor rolls, on a 1 Laid Up; short of clearing: each rolls, on a 1 +1 Blight",
  points: ["effect"],
  params: Schema.Struct({
    fuel: Schema.Struct({ laidUpOn: face }),
    clearing: Schema.Struct({ blightOn: face }),
  }),
  facts: Schema.Struct({
    short: Schema.Literals(["fuel", "clearing"]),
    survivors: Schema.Array(Schema.String),
  }),
  run: (context, params, { short, survivors }) => {
    const on = short === "fuel" ? params.fuel.laidUpOn : params.clearing.blightOn
    const hit: Effect =
      short === "fuel"
        ? { kind: "status", status: "laidUp", duration: { raids: 1 } } // the cold
        : { kind: "blight", value: 1 } // the growth gets in
    return {
      operations: unmetNeedRolls(context.dice, survivors, short, on)
        .filter((r) => r.hit)
        .map((r) => op(hit, r.survivor)),
    }
  },
})

/** Hunger (R-WORLD-10): a survivor unfed is Hungry; Hungry `leavesAfter` Upkeeps running, they leave. */
const hungerFor = (unfedStreak: number, leavesAfter: number): "fed" | "hungry" | "leaves" =>
  unfedStreak <= 0 ? "fed" : unfedStreak >= leavesAfter ? "leaves" : "hungry"

export const hunger = defineHook("core/hunger", {
  summary:
    "An unfed survivor is Hungry (−1 Health next raid, never below 1); Hungry at two Upkeeps running, they leave",
  points: ["effect"],
  params: Schema.Struct({ health: small(-3, -1), leavesAfter: small(1, 6) }),
  facts: Schema.Struct({ survivor: Schema.String, unfedStreak: count }),
  // Hungry lasts the next raid: its Health loss is the status's (the `health` param, read by the
  // Upkeep), not a change to the survivor's profile.
  run: (_context, { leavesAfter }, { survivor, unfedStreak }) => {
    const state = hungerFor(unfedStreak, leavesAfter)
    if (state === "fed") return { operations: [] }
    return {
      operations: [
        op(
          state === "leaves"
            ? { kind: "status", status: "leaves" }
            : { kind: "status", status: "hungry", duration: { raids: 1 } },
          survivor,
        ),
      ],
    }
  },
})
