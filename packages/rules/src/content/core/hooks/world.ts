/**
 * Code hooks for the world side of the core pack: the rules of creatures, Homes, improvements,
 * scenarios, objectives and Upkeep that the effects vocabulary cannot say
 * (docs/content-gaps/world.md, rulings R-WORLD-NN in docs/rulings/core-world.md).
 *
 * Each hook checks its `params` at load time. When it runs it reads the facts it needs (each
 * hook's facts schema below, decoded, never guessed), answers in the vocabulary where the answer
 * can be said there (stat and pool modifiers, forbidden actions, stores, tokens, spawns, Blight),
 * a chosen model in `target` (behaviours) or an `outcome` (victory, draw, objectives), and always
 * adds a `note` for people. Answers the vocabulary has no word for (Laid Up, a missed raid,
 * leaving the Refuge, a Hollowed laid to rest, who activates next, a Market refusal) are in the
 * note, and the campaign or battle code applies them when it meets the hook's name. Every piece
 * of arithmetic is a plain function beside its hook; only the hooks are exported (the core index
 * registers every export of a hooks file).
 *
 * Randomness comes only from the context's dice source.
 *
 * @since 0.1.0
 */
import type { DiceSource } from "@blight/dice"
import { Schema } from "effect"
import type { Effect } from "../../../plugin/Effect.js"
import { defineHook } from "../../../plugin/Hooks.js"
import { CreatureId } from "../../schema/Ids.js"
import { plural, small, withFacts } from "./common.js"

const face = small(1, 6)
const inches = Schema.Number.pipe(Schema.between(0, 72))
const count = Schema.Int.pipe(Schema.nonNegative())

/** One d6 from the context's source. */
const d6 = (dice: DiceSource, label: string): number => dice.die(6, label)

// ---------------------------------------------------------------------------------------------
// Creatures
// ---------------------------------------------------------------------------------------------

/**
 * Lantern Moths (flying) and the Rootmaw (burrowing): terrain costs them nothing. Facts: the
 * inches of this move lost to climbing (double cost) and dense growth, and (burrowing) whether
 * blocking terrain is in the way. Answer: the lost inches back, as a Move modifier.
 */
export const ignoresTerrain = defineHook("core/ignores-terrain", {
  summary:
    "Climbing and dense growth cost it nothing (flying); it also passes under blocking terrain (burrowing)",
  points: ["effect", "behaviour"],
  params: Schema.Struct({ mode: Schema.Literal("flying", "burrowing") }),
  run: (context, { mode }) =>
    withFacts(
      "core/ignores-terrain",
      Schema.Struct({
        extraCost: inches,
        blocked: Schema.optionalWith(Schema.Boolean, { default: () => false }),
      }),
      context,
      ({ extraCost, blocked }) => {
        const refund = Math.ceil(extraCost)
        const effects: Effect[] = refund > 0 ? [{ kind: "statModifier", stat: "move", value: refund }] : []
        const through = blocked
          ? mode === "burrowing"
            ? "; passes under the blocking terrain"
            : "; blocked (it flies over growth, not through walls)"
          : ""
        return { effects, note: `${mode}: terrain costs nothing (+${refund}" back)${through}` }
      },
    ),
})

/** The Stalk's Always closer: unseen at the start of a round, +`inches` Move that round. */
export const unseenMoveBonus = defineHook("core/unseen-move-bonus", {
  summary: "If no survivor can see it at the start of a round, it has extra Move that round",
  points: ["effect"],
  params: Schema.Struct({ inches: small(1, 12) }),
  run: (context, { inches: bonus }) =>
    withFacts("core/unseen-move-bonus", Schema.Struct({ seenBy: count }), context, ({ seenBy }) =>
      seenBy === 0
        ? {
            effects: [{ kind: "statModifier", stat: "move", value: bonus }],
            note: `unseen: +${bonus}" Move this round`,
          }
        : { note: `seen by ${plural(seenBy, "survivor")}: no extra Move` },
    ),
})

/** The Stalk's Never seen walking: it can't be shot at from beyond `inches`. */
export const untargetableBeyond = defineHook("core/untargetable-beyond", {
  summary: "It can't be targeted by Shoot from further than this",
  points: ["effect"],
  params: Schema.Struct({ inches: inches }),
  run: (context, { inches: limit }) =>
    withFacts("core/untargetable-beyond", Schema.Struct({ distance: inches }), context, ({ distance }) =>
      distance > limit
        ? {
            effects: [{ kind: "forbidAction", action: "shoot", scope: "enemies" }],
            note: `${distance}" away: can't be shot (beyond ${limit}")`,
          }
        : { note: `${distance}" away: may be shot` },
    ),
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
  run: (context, { radius, creature }) =>
    withFacts(
      "core/choir-in-time",
      Schema.Struct({
        models: Schema.Array(
          Schema.Struct({
            id: Schema.String,
            creature: Schema.String,
            distance: inches,
            activated: Schema.Boolean,
          }),
        ),
      }),
      context,
      ({ models }) => {
        const next = nextInTime(models, creature, radius)
        return next === undefined
          ? { note: "no Husk left to move in time" }
          : { target: next, note: `${next} moves in time with the Choir` }
      },
    ),
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
  run: (context, { radius, health }) =>
    withFacts(
      "core/carrion-feed",
      Schema.Struct({ distance: inches, health: count, startingHealth: small(1, 30) }),
      context,
      (f) => {
        if (f.distance > radius) return { note: `${f.distance}" away: too far to feed` }
        const gained = Math.max(0, Math.min(health, f.startingHealth - f.health))
        return gained === 0
          ? { note: "already at full Health" }
          : {
              effects: [{ kind: "statModifier", stat: "health", value: gained }],
              note: `feeds: +${gained} Health`,
            }
      },
    ),
})

/**
 * The Seed-Bearer's Jar (R-WORLD-02): the first unblocked Crit hit breaks it: a spore cloud. The
 * data runs it on the Seed-Bearer's own `damage.taken`.
 */
export const seedBearerJar = defineHook("core/seed-bearer-jar", {
  summary: "The first unblocked Crit hit on a Seed-Bearer breaks its Jar: a spore cloud where it stands",
  points: ["effect"],
  params: Schema.Struct({ radius: inches }),
  run: (context, { radius }) =>
    withFacts(
      "core/seed-bearer-jar",
      Schema.Struct({ crit: Schema.Boolean, blocked: Schema.Boolean, jarBroken: Schema.Boolean }),
      context,
      ({ crit, blocked, jarBroken }) =>
        crit && !blocked && !jarBroken
          ? {
              effects: [{ kind: "placeToken", token: "sporeCloud", radius, at: "here" }],
              note: `the Jar breaks: a ${radius}" spore cloud`,
            }
          : { note: jarBroken ? "the Jar is already broken" : "the Jar holds" },
    ),
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
  run: (context, { blight }) =>
    withFacts(
      "core/grafting",
      Schema.Struct({ tookDown: Schema.Boolean, survivor: Schema.Boolean }),
      context,
      ({ tookDown, survivor }) =>
        tookDown && survivor
          ? {
              effects: [{ kind: "blight", value: blight, scope: "target" }],
              note: `grafted: +${blight} Blight`,
            }
          : { note: "nobody taken Down" },
    ),
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
  run: (context, bonus) =>
    withFacts(
      "core/hollowed-profile",
      Schema.Struct({
        survivor: Schema.Struct({
          name: Schema.String,
          move: small(0, 12),
          fight: small(0, 10),
          health: small(1, 12),
          gifts: Schema.Array(Schema.String),
        }),
      }),
      context,
      ({ survivor }) => {
        const p = hollowedProfile(survivor, bonus)
        const effects: Effect[] = (["move", "fight", "health", "armour"] as const)
          .map((stat) => ({ stat, value: p[stat] - HOLLOWED_BASE[stat] }))
          .filter((m) => m.value !== 0)
          .map((m) => ({ kind: "statModifier", stat: m.stat, value: m.value }))
        return {
          effects,
          note: `${survivor.name}, Hollowed: M${p.move} F${p.fight} H${p.health} A${p.armour}; keeps ${survivor.gifts.length === 0 ? "no Gifts" : survivor.gifts.join(", ")}`,
        }
      },
    ),
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
  run: (context) =>
    withFacts(
      "core/hollowed-old-refuge",
      Schema.Struct({
        oldRefuge: Schema.String,
        visible: Schema.Array(
          Schema.Struct({ id: Schema.String, refuge: Schema.String, noise: small(0, 12), distance: inches }),
        ),
      }),
      context,
      ({ oldRefuge, visible }) => {
        const target = oldRefugeTarget(visible, oldRefuge)
        return target === undefined
          ? { note: "none of its old Refuge in sight: it hunts by Noise" }
          : { target, note: `goes for ${target} of its old Refuge` }
      },
    ),
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
  run: (context, { on }) =>
    withFacts(
      "core/hollowed-return",
      Schema.Struct({ campaign: Schema.Boolean, waiting: Schema.Array(Schema.String) }),
      context,
      ({ campaign, waiting }) => {
        if (!campaign) return { note: "not a campaign raid: no Hollowed return" }
        const r = hollowedReturn(context.dice, waiting, on)
        if (r.roll === undefined) return { note: "no Hollowed waiting" }
        return r.returns === undefined
          ? { note: `rolled ${r.roll}: the Encounter stands` }
          : {
              target: r.returns,
              effects: [
                { kind: "spawn", creature: CreatureId.make("hollowed"), count: 1, at: "nearestLairOrEdge" },
              ],
              note: `rolled ${r.roll}: ${r.returns} answers instead of the Encounter`,
            }
      },
    ),
})

/** Laid to rest (B-HOLLOWED-04): the slain Hollowed's survivor never returns. */
export const hollowedLaidToRest = defineHook("core/hollowed-laid-to-rest", {
  summary: "A slain Hollowed is laid to rest and never returns",
  points: ["effect"],
  params: Schema.Struct({}),
  run: (context) =>
    withFacts(
      "core/hollowed-laid-to-rest",
      Schema.Struct({ survivor: Schema.String }),
      context,
      ({ survivor }) => ({
        target: survivor,
        note: `${survivor} is laid to rest`,
      }),
    ),
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
  params: Schema.Struct({ on: Schema.Tuple(face, face), extraRaids: small(1, 3) }),
  run: (context, { on, extraRaids }) =>
    withFacts(
      "core/corner-shop-laid-up",
      Schema.Struct({ laidUp: Schema.Array(Schema.String) }),
      context,
      ({ laidUp }) => {
        const rolls = cornerShopLaidUp(context.dice, laidUp, on)
        const stay = rolls.filter((r) => r.staysLaidUp).map((r) => r.survivor)
        return {
          note:
            rolls.length === 0
              ? "nobody Laid Up"
              : `${rolls.map((r) => `${r.survivor} ${r.roll}`).join(", ")}: ${stay.length === 0 ? "nobody stays" : `${stay.join(", ")} Laid Up ${plural(extraRaids, "more raid")}`}`,
        }
      },
    ),
})

/** The Local's cellar die (R-WORLD-19): on `on`, lose half the Rations, rounded down. */
const cellarLoss = (roll: number, on: number, rations: number): number =>
  roll === on ? Math.floor(rations / 2) : 0

export const theLocalCellarDie = defineHook("core/the-local-cellar-die", {
  summary: "Each Upkeep roll a die: on the number, lose half the Rations (rounded down)",
  points: ["effect"],
  params: Schema.Struct({ on: face }),
  run: (context, { on }) =>
    withFacts("core/the-local-cellar-die", Schema.Struct({ rations: count }), context, ({ rations }) => {
      const roll = d6(context.dice, "The cellar die")
      const lost = cellarLoss(roll, on, rations)
      return lost === 0
        ? { note: `cellar die ${roll}: all quiet` }
        : {
            effects: [
              {
                kind: "stores",
                store: "rations",
                amount: -lost,
                reason: "The Local: something got into the cellar",
              },
            ],
            note: `cellar die ${roll}: lose ${plural(lost, "Ration")}`,
          }
    }),
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
  run: (context, { meds: perSurvivor, extraRaids }) =>
    withFacts(
      "core/tower-block-meds",
      Schema.Struct({ laidUp: Schema.Array(Schema.String), meds: count }),
      context,
      ({ laidUp, meds }) => {
        const r = towerBlockMeds(laidUp, meds, perSurvivor)
        return {
          effects:
            r.medsSpent > 0
              ? [
                  {
                    kind: "stores",
                    store: "meds",
                    amount: -r.medsSpent,
                    reason: "Tower Block: Meds for the Laid Up",
                  },
                ]
              : [],
          note:
            laidUp.length === 0
              ? "nobody Laid Up"
              : `${r.treated.length > 0 ? `Meds for ${r.treated.join(", ")}` : "no Meds given"}${r.missSecond.length > 0 ? `; ${r.missSecond.join(", ")} miss ${plural(extraRaids, "more raid")}` : ""}`,
        }
      },
    ),
})

/** The Grove never pays these stores for a Season's need: the need is given back as income. */
export const waiveSeasonNeed = defineHook("core/waive-season-need", {
  summary: "The Season's need in these stores is waived (given back in Upkeep)",
  points: ["effect"],
  params: Schema.Struct({
    stores: Schema.Array(Schema.Literal("fuel", "salvage", "rations")).pipe(Schema.minItems(1)),
  }),
  run: (context, { stores }) =>
    withFacts(
      "core/waive-season-need",
      Schema.Struct({ need: Schema.Array(Schema.Struct({ store: Schema.String, amount: count })) }),
      context,
      ({ need }) => {
        const waived = need.filter((n) => n.amount > 0 && (stores as ReadonlyArray<string>).includes(n.store))
        return {
          effects: waived.map((n) => ({
            kind: "stores",
            store: n.store as "fuel" | "salvage" | "rations",
            amount: n.amount,
            reason: "The Grove: the growth provides",
          })),
          note:
            waived.length === 0
              ? "nothing to waive"
              : `waived: ${waived.map((n) => `${n.amount} ${n.store}`).join(", ")}`,
        }
      },
    ),
})

/** What the Market may sell a Congregation (B-CONGREGATION-07/08). */
const CongregationMarketParams = Schema.Struct({
  weapons: Schema.Literal("commonMelee"),
  kit: Schema.Literal("common"),
  maxArmour: small(0, 6),
  reloads: Schema.Boolean,
  sellAmber: Schema.Boolean,
})

/** An item or trade a Congregation asks the Market for. */
const MarketAsk = Schema.Union(
  Schema.Struct({
    buy: Schema.Literal("weapon"),
    rarity: Schema.Literal("common", "uncommon", "rare"),
    type: Schema.Literal("melee", "ranged", "thrown"),
    firearm: Schema.Boolean,
  }),
  Schema.Struct({ buy: Schema.Literal("kit"), rarity: Schema.Literal("common", "uncommon", "rare") }),
  Schema.Struct({
    buy: Schema.Literal("armour"),
    rarity: Schema.Literal("common", "uncommon", "rare"),
    armour: small(0, 6),
  }),
  Schema.Struct({ buy: Schema.Literal("reloads") }),
  Schema.Struct({ sell: Schema.Literal("amber") }),
  Schema.Struct({ sell: Schema.Literal("other") }),
)

/** Whether the Market serves a Congregation this ask; the reason when it doesn't. */
const congregationMarketAllows = (
  p: typeof CongregationMarketParams.Type,
  ask: typeof MarketAsk.Type,
): { readonly allowed: boolean; readonly reason: string } => {
  if ("sell" in ask) {
    return ask.sell === "amber" && !p.sellAmber
      ? { allowed: false, reason: "a Congregation can't sell Amber" }
      : { allowed: true, reason: "sold" }
  }
  switch (ask.buy) {
    case "reloads":
      return p.reloads
        ? { allowed: true, reason: "Reloads" }
        : { allowed: false, reason: "a Congregation can't buy Reloads" }
    case "weapon":
      return ask.rarity === "common" && ask.type === "melee" && !ask.firearm
        ? { allowed: true, reason: "a Common melee weapon" }
        : { allowed: false, reason: "only Common melee weapons; firearms come only from Loot" }
    case "kit":
      return ask.rarity === "common"
        ? { allowed: true, reason: "Common kit" }
        : { allowed: false, reason: "only Common kit" }
    case "armour":
      // R-WORLD-20 (AMB-B-42 (a)): armour must be Common as well as at most Armour 1.
      return ask.rarity === "common" && ask.armour <= p.maxArmour
        ? { allowed: true, reason: `Common armour up to Armour ${p.maxArmour}` }
        : { allowed: false, reason: `only Common armour up to Armour ${p.maxArmour}` }
  }
}

export const congregationMarket = defineHook("core/congregation-market", {
  summary:
    "No Refuge trades with a Congregation: only Common melee weapons, Common kit, armour up to 1; no Reloads, no selling Amber",
  points: ["effect"],
  params: CongregationMarketParams,
  run: (context, params) =>
    withFacts("core/congregation-market", Schema.Struct({ ask: MarketAsk }), context, ({ ask }) => {
      const r = congregationMarketAllows(params, ask)
      return { note: `${r.allowed ? "allowed" : "refused"}: ${r.reason}` }
    }),
})

/** The Reloading Bench (B-IMPROVEMENT-04): how many Reloads the Salvage buys, and the cost. */
const benchExchange = (
  salvage: number,
  wanted: number,
  rate: { readonly salvage: number; readonly reloads: number },
) => {
  const batches = Math.max(0, Math.min(Math.floor(salvage / rate.salvage), Math.ceil(wanted / rate.reloads)))
  return { salvageSpent: batches * rate.salvage, reloadsMade: batches * rate.reloads }
}

export const reloadingBench = defineHook("core/reloading-bench", {
  summary: "Between raids, turn Salvage into Reloads at the bench's rate, without an Errand",
  points: ["effect"],
  params: Schema.Struct({ salvage: small(1, 20), reloads: small(1, 5) }),
  run: (context, rate) =>
    withFacts(
      "core/reloading-bench",
      Schema.Struct({ salvage: count, wanted: count }),
      context,
      ({ salvage, wanted }) => {
        const r = benchExchange(salvage, wanted, rate)
        return r.reloadsMade === 0
          ? { note: `no Reloads made (${rate.salvage} Salvage each)` }
          : {
              effects: [
                { kind: "stores", store: "salvage", amount: -r.salvageSpent, reason: "Reloading Bench" },
                { kind: "stores", store: "reloads", amount: r.reloadsMade, reason: "Reloading Bench" },
              ],
              note: `${r.salvageSpent} Salvage → ${plural(r.reloadsMade, "Reload")}`,
            }
      },
    ),
})

// ---------------------------------------------------------------------------------------------
// Scenarios and objectives
// ---------------------------------------------------------------------------------------------

/** The Bloom Heart burns on a Fire hit (B-OBJECTIVE-01, R-WORLD-08). */
export const bloomHeartFire = defineHook("core/bloom-heart-fire", {
  summary: "A Fire hit burns the Bloom Heart",
  points: ["objective", "effect"],
  params: Schema.Struct({}),
  run: (context) =>
    withFacts(
      "core/bloom-heart-fire",
      Schema.Struct({ fire: Schema.Boolean, standing: Schema.Boolean }),
      context,
      ({ fire, standing }) =>
        !standing
          ? { note: "already burned" }
          : fire
            ? { outcome: "win", note: "a Fire hit: the Bloom Heart burns" }
            : { outcome: "continue", note: "not fire: it stands" },
    ),
})

/** A clean street (B-OBJECTIVE-04, R-WORLD-08): fewer lurkers in the burning Refuge's next raid. */
export const cleanStreet = defineHook("core/clean-street", {
  summary: "In the next raid of the Refuge that burned the Bloom Heart, fewer creatures lurk at set-up",
  points: ["effect"],
  params: Schema.Struct({ lurking: small(-3, -1) }),
  run: (context, { lurking }) =>
    withFacts("core/clean-street", Schema.Struct({ burnedBy: Schema.String }), context, ({ burnedBy }) => ({
      target: burnedBy,
      note: `${burnedBy}'s next raid: ${plural(-lurking, "fewer creature", "fewer creatures")} lurking (never below 0)`,
    })),
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
  params: Schema.Struct({ what: Schema.Literal("loot", "meds", "bloomHeart") }),
  run: (context, { what }) =>
    withFacts(
      "core/compare-count",
      Schema.Struct({
        refuge: Schema.String,
        counts: Schema.Record({ key: Schema.String, value: count }),
        tiebreak: Schema.optional(Schema.Record({ key: Schema.String, value: count })),
        burnedBy: Schema.optional(Schema.String),
      }),
      context,
      ({ refuge, counts, tiebreak, burnedBy }) => {
        if (what === "bloomHeart" && burnedBy !== undefined)
          return { outcome: burnedBy === refuge ? "win" : "lose", note: `${burnedBy} burned the Bloom Heart` }
        let outcome = compareCounts(counts, refuge)
        if (outcome === "draw" && what === "meds" && tiebreak !== undefined)
          outcome = compareCounts(tiebreak, refuge)
        return {
          outcome,
          note: `${what}: ${Object.entries(counts)
            .map(([k, v]) => `${k} ${v}`)
            .join(", ")}`,
        }
      },
    ),
})

/** Night Raid: nothing is seen beyond `inches` unless it made Noise this round or carries a light. */
export const nightSight = defineHook("core/night-sight", {
  summary:
    "In the dark a model can't be seen or shot beyond this range unless it made Noise or carries a light",
  points: ["effect"],
  params: Schema.Struct({ inches: inches }),
  run: (context, { inches: limit }) =>
    withFacts(
      "core/night-sight",
      Schema.Struct({ distance: inches, noise: small(0, 12), light: Schema.Boolean }),
      context,
      ({ distance, noise, light }) =>
        distance <= limit || noise > 0 || light
          ? { note: "seen" }
          : {
              effects: [{ kind: "forbidAction", action: "shoot", scope: "enemies" }],
              note: `unseen in the dark (${distance}" > ${limit}")`,
            },
    ),
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
  run: (context, { complete, radius, disrupt }) =>
    withFacts(
      "core/planting-rite",
      Schema.Struct({
        rite: count,
        gardeners: Schema.optionalWith(
          Schema.Array(Schema.Struct({ creature: Schema.String, distance: inches })),
          { default: () => [] },
        ),
        battleOver: Schema.optionalWith(Schema.Boolean, { default: () => false }),
        refuge: Schema.optional(Schema.String),
        scores: Schema.optional(Schema.Record({ key: Schema.String, value: count })),
      }),
      context,
      (f) => {
        if (disrupt !== undefined) {
          const now = Math.max(0, f.rite - disrupt)
          return { outcome: "continue", note: `Rite ${f.rite} → ${now} (disrupted)` }
        }
        if (f.rite >= complete)
          return { outcome: "lose", note: `the Rite is complete (${f.rite}): a Bloom Heart takes root` }
        if (f.battleOver) {
          if (f.refuge === undefined || f.scores === undefined) return { note: "the Rite is stopped" }
          return { outcome: compareCounts(f.scores, f.refuge), note: `the Rite is stopped at ${f.rite}` }
        }
        const now = riteStep(f.rite, f.gardeners, radius)
        return now >= complete
          ? { outcome: "lose", note: `Rite ${f.rite} → ${now}: complete, a Bloom Heart takes root` }
          : { outcome: "continue", note: `Rite ${f.rite} → ${now}` }
      },
    ),
})

// ---------------------------------------------------------------------------------------------
// Upkeep (GAP-B-14, R-WORLD-10)
// ---------------------------------------------------------------------------------------------

/** Pays a fuel need from fuel, then Amber (1 for `amberFuel`), then Salvage (`salvagePerFuel` each). */
const payFuel = (
  need: number,
  stores: { readonly fuel: number; readonly amber: number; readonly salvage: number },
  rate: { readonly amberFuel: number; readonly salvagePerFuel: number },
) => {
  let left = need
  const fuel = Math.min(stores.fuel, left)
  left -= fuel
  const amber = Math.min(stores.amber, Math.ceil(left / rate.amberFuel))
  left = Math.max(0, left - amber * rate.amberFuel)
  const salvageFuel = Math.min(Math.floor(stores.salvage / rate.salvagePerFuel), left)
  left -= salvageFuel
  return { fuel, amber, salvage: salvageFuel * rate.salvagePerFuel, short: left }
}

export const payFuelHook = defineHook("core/pay-fuel", {
  summary: "Fuel is paid from fuel, then Amber (1 for 3), then Salvage (2 for 1)",
  points: ["effect"],
  params: Schema.Struct({ amberFuel: small(1, 6), salvagePerFuel: small(1, 6) }),
  run: (context, rate) =>
    withFacts(
      "core/pay-fuel",
      Schema.Struct({ need: count, stores: Schema.Struct({ fuel: count, amber: count, salvage: count }) }),
      context,
      ({ need, stores }) => {
        const p = payFuel(need, stores, rate)
        const effects: Effect[] = []
        if (p.fuel > 0)
          effects.push({ kind: "stores", store: "fuel", amount: -p.fuel, reason: "Upkeep: fuel" })
        if (p.amber > 0)
          effects.push({
            kind: "stores",
            store: "amber",
            amount: -p.amber,
            reason: "Upkeep: Amber burned for fuel",
          })
        if (p.salvage > 0)
          effects.push({
            kind: "stores",
            store: "salvage",
            amount: -p.salvage,
            reason: "Upkeep: Salvage burned for fuel",
          })
        return { effects, note: p.short === 0 ? `${need} fuel paid` : `${plural(p.short, "fuel")} short` }
      },
    ),
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
  run: (context, params) =>
    withFacts(
      "core/unmet-need",
      Schema.Struct({ short: Schema.Literal("fuel", "clearing"), survivors: Schema.Array(Schema.String) }),
      context,
      ({ short, survivors }) => {
        const on = short === "fuel" ? params.fuel.laidUpOn : params.clearing.blightOn
        const rolls = unmetNeedRolls(context.dice, survivors, short, on)
        const hit = rolls.filter((r) => r.hit).map((r) => r.survivor)
        const what =
          short === "fuel" ? "Laid Up for the next raid (the cold)" : "+1 Blight (the growth gets in)"
        return {
          note: `${rolls.map((r) => `${r.survivor} ${r.roll}`).join(", ") || "no survivors"}: ${hit.length === 0 ? "nobody suffers" : `${hit.join(", ")} ${what}`}`,
        }
      },
    ),
})

/** Hunger (R-WORLD-10): a survivor unfed is Hungry; Hungry `leavesAfter` Upkeeps running, they leave. */
const hungerFor = (unfedStreak: number, leavesAfter: number): "fed" | "hungry" | "leaves" =>
  unfedStreak <= 0 ? "fed" : unfedStreak >= leavesAfter ? "leaves" : "hungry"

export const hunger = defineHook("core/hunger", {
  summary:
    "An unfed survivor is Hungry (−1 Health next raid, never below 1); Hungry at two Upkeeps running, they leave",
  points: ["effect"],
  params: Schema.Struct({ health: small(-3, -1), leavesAfter: small(1, 6) }),
  run: (context, { health, leavesAfter }) =>
    withFacts(
      "core/hunger",
      Schema.Struct({ survivor: Schema.String, unfedStreak: count, health: small(1, 12) }),
      context,
      (f) => {
        const state = hungerFor(f.unfedStreak, leavesAfter)
        if (state === "fed") return { note: `${f.survivor} is fed` }
        if (state === "leaves")
          return {
            note: `${f.survivor} has gone hungry ${plural(f.unfedStreak, "Upkeep")} running and leaves the Refuge`,
          }
        const loss = Math.max(health, 1 - f.health)
        return {
          effects: loss < 0 ? [{ kind: "statModifier", stat: "health", value: loss }] : [],
          note: `${f.survivor} is Hungry: ${loss} Health next raid`,
        }
      },
    ),
})
