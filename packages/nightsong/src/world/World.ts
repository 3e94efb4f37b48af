/**
 * The Living World generator (N-WORLD, N-REGION, N-FACTION): a Land of 6-mile hexes filled with
 * Regions (type, Spread, name, Vegetation, Feature, Descriptor, Spark) and their Factions
 * (type, Influence territory, name, wants, methods, assets, activity, Goal Step Die), all from the
 * Nightsong tables and one DiceSource, so a seed always gives the same Land.
 *
 * Ruling R-N-REGION-01 (GAP-N-12): each Region gets one Feature, one Descriptor and one Spark; a
 * Vegetation result the Region's type forbids is rerolled (the discarded rolls are kept).
 * Ruling R-N-WORLD-04: a name the Land already has (Region or Faction) is rolled again.
 * Ruling R-N-FACTION-01 (GAP-N-13): all Regions are placed first; then each Region's Factions, in
 * Region order, drop their Influence Die on the whole map (territory may leave its Region). A Faction
 * claims only unclaimed hexes, so it may claim fewer than its Influence roll; when no unclaimed hex
 * is left at all, it keeps the hex its die landed on, contested with the Factions already there.
 * So every Faction holds at least one hex.
 *
 * @since 0.1.0
 */
import { type DiceSource, SchemaJson, StepDie, seeded, Table } from "@blight/dice"
import { Schema } from "effect"
import { tracked } from "../procedures/Dice.js"
import { decoder } from "../procedures/Errors.js"
import type { NightsongTable } from "../tables/NightsongTable.js"
import * as W from "../tables/world.js"
import { drop, settle, spread } from "./Drop.js"
import { flower, HEX_MILES, HexId, type HexMap } from "./Hex.js"

/** A Region's id ("r1", "r2", …). */
export const RegionId = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^r\d+$/)),
  Schema.brand("RegionId"),
).annotate({ brand: "RegionId" })
export type RegionId = typeof RegionId.Type
/** A Faction's id ("f1", "f2", …). */
export const FactionId = Schema.String.pipe(
  Schema.check(Schema.isPattern(/^f\d+$/)),
  Schema.brand("FactionId"),
).annotate({ brand: "FactionId" })
export type FactionId = typeof FactionId.Type

/** One hex of the Land: where it is, its Region, and the Factions claiming it. */
export const Hex = Schema.Struct({
  id: HexId,
  q: Schema.Int,
  r: Schema.Int,
  region: RegionId,
  factions: Schema.Array(FactionId),
}).annotate({ identifier: "Hex" })
export type Hex = typeof Hex.Type

/** How a die landed on the map: every throw, the hex it settled on (R-N-WORLD-02). */
export const Placement = Schema.Struct({
  throws: Schema.Array(Schema.Int),
  landed: HexId,
  start: HexId,
}).annotate({ identifier: "Placement" })
export type Placement = typeof Placement.Type

/** A Region (N-REGION-01..07). */
export const Region = Schema.Struct({
  id: RegionId,
  name: Schema.String,
  type: W.RegionType,
  spreadDie: W.SpreadDie,
  spread: Schema.Int,
  placement: Placement,
  hexes: Schema.Array(HexId),
  vegetation: W.VegetationRow.fields.vegetation,
  /** Vegetation results rerolled because the type forbids them (R-N-REGION-01). */
  vegetationRerolled: Schema.Array(Schema.String),
  feature: Schema.String,
  descriptor: Schema.String,
  spark: Schema.Struct({ theme: Schema.String, action: Schema.String }),
  factions: Schema.Array(FactionId),
}).annotate({ identifier: "Region" })
export type Region = typeof Region.Type

/** A Faction (N-FACTION-01..06). */
export const Faction = Schema.Struct({
  id: FactionId,
  name: Schema.String,
  type: W.FactionType,
  region: RegionId,
  influenceDie: W.SpreadDie,
  influence: Schema.Int,
  placement: Placement,
  territory: Schema.Array(HexId),
  wants: Schema.String,
  through: Schema.String,
  has: Schema.String,
  is: Schema.String,
  goal: StepDie.StepDie,
  goalsReached: Schema.Int,
}).annotate({ identifier: "Faction" })
export type Faction = typeof Faction.Type

/** Something that happened to the Land between sessions. */
export const ChronicleEntry = Schema.Struct({
  session: Schema.Int,
  faction: FactionId,
  text: Schema.String,
}).annotate({ identifier: "ChronicleEntry" })
export type ChronicleEntry = typeof ChronicleEntry.Type

/** A generated Land. */
export const World = Schema.Struct({
  seed: Schema.optional(Schema.Int),
  map: Schema.Struct({ shape: Schema.Literal("flower"), radius: Schema.Int, hexMiles: Schema.Int }),
  hexes: Schema.Array(Hex),
  regions: Schema.Array(Region),
  factions: Schema.Array(Faction),
  /** Sessions played: `advanceFactions` counts them. */
  session: Schema.Int,
  chronicle: Schema.Array(ChronicleEntry),
}).annotate({ identifier: "World", description: "A Nightsong Land: hexes, Regions and Factions" })
export type World = typeof World.Type

/** Reads a World from JSON, or throws a ProcedureError naming the path (e.g. "world.regions.0.type"). */
export const worldFromJson: (input: unknown) => World = decoder(World, "world")

/** The JSON Schema of a World, for tools in other languages. */
export const worldJsonSchema = (): SchemaJson.Json => SchemaJson.document(World)

/** The default Goal Step Die of a Faction (N-FACTION-06, N-STEPDIE-05). */
export const DEFAULT_GOAL: StepDie.StepDie = "d6"

const roll = <A>(s: DiceSource, t: NightsongTable<A>): A => Table.rollOn(s, t, t.id).result

/** Rolls a name until it is one the Land does not have yet (ruling R-N-WORLD-04). */
const freshName = (used: Set<string>, rollName: () => string): string => {
  for (;;) {
    const name = rollName()
    if (!used.has(name)) {
      used.add(name)
      return name
    }
  }
}

const vegetationFor = (s: DiceSource, type: W.RegionType) => {
  const rerolled: string[] = []
  for (;;) {
    const row = roll(s, W.regionVegetation)
    if (W.vegetationFits(row, type)) return { vegetation: row.vegetation, rerolled }
    rerolled.push(row.vegetation)
  }
}

const placeRegions = (s: DiceSource, map: HexMap, names: Set<string>) => {
  const owner = new Map<HexId, RegionId>()
  const regions: Region[] = []
  while (owner.size < map.cells.length) {
    const id = `r${regions.length + 1}` as RegionId
    const typeRow = roll(s, W.regionType)
    const count = s.die(StepDie.sidesOf(typeRow.spreadDie), "spread")
    const landing = drop(s, map, "drop")
    const free = (h: HexId) => !owner.has(h)
    const start = settle(s, map, landing.hex, free, "nearest")
    const hexes = spread(s, map, start, count, free, "spread")
    for (const h of hexes) owner.set(h, id)
    const name = freshName(names, () => W.rollRegionName(s, typeRow.type).name)
    const veg = vegetationFor(s, typeRow.type)
    regions.push({
      id,
      name,
      type: typeRow.type,
      spreadDie: typeRow.spreadDie,
      spread: count,
      placement: { throws: landing.throws, landed: landing.hex, start },
      hexes,
      vegetation: veg.vegetation,
      vegetationRerolled: veg.rerolled,
      feature: roll(s, W.features),
      descriptor: roll(s, W.descriptor),
      spark: W.rollSpark(s),
      factions: [],
    })
  }
  return { regions, owner }
}

const placeFactions = (s: DiceSource, map: HexMap, regions: readonly Region[], names: Set<string>) => {
  const claims = new Map<HexId, FactionId[]>()
  const factions: Faction[] = []
  const withFactions = regions.map((region) => {
    const count = s.die(4, "factions")
    const ids: FactionId[] = []
    for (let i = 0; i < count; i++) {
      const id = `f${factions.length + 1}` as FactionId
      const typeRow = roll(s, W.factionType)
      const influence = s.die(StepDie.sidesOf(typeRow.influenceDie), "influence")
      const landing = drop(s, map, "drop")
      const free = (h: HexId) => !claims.has(h)
      const start = settle(s, map, landing.hex, free, "nearest")
      const territory = spread(s, map, start, influence, free, "claim")
      for (const h of territory) claims.set(h, [...(claims.get(h) ?? []), id])
      const name = freshName(names, () => W.rollFactionName(s, typeRow.type).name)
      factions.push({
        id,
        name,
        type: typeRow.type,
        region: region.id,
        influenceDie: typeRow.influenceDie,
        influence,
        placement: { throws: landing.throws, landed: landing.hex, start },
        territory,
        wants: roll(s, W.wants),
        through: roll(s, W.through),
        has: roll(s, W.has),
        is: roll(s, W.is),
        goal: DEFAULT_GOAL,
        goalsReached: 0,
      })
      ids.push(id)
    }
    return { ...region, factions: ids }
  })
  return { regions: withFactions, factions, claims }
}

/**
 * Generates a Land from a DiceSource (N-WORLD-01, N-REGION-01..07, N-FACTION-01..06): Regions until
 * every hex has one, then 1D4 Factions per Region.
 */
export const generateWorld = (source: DiceSource, radius = 2): World => {
  const map = flower(radius)
  const names = new Set<string>()
  const placed = placeRegions(source, map, names)
  const { regions, factions, claims } = placeFactions(source, map, placed.regions, names)
  const hexes: Hex[] = map.cells.map((c) => ({
    id: c.id,
    q: c.q,
    r: c.r,
    region: placed.owner.get(c.id)!,
    factions: claims.get(c.id) ?? [],
  }))
  return {
    map: { shape: "flower", radius, hexMiles: HEX_MILES },
    hexes,
    regions,
    factions,
    session: 0,
    chronicle: [],
  }
}

/** Generates the Land for a seed: the same seed always gives the same Land. */
export const generate = (seed: number): World => ({ seed, ...generateWorld(seeded(seed)) })

/** One Faction's roll between sessions. */
export interface FactionAdvance {
  readonly faction: FactionId
  readonly roll: StepDie.StepDieRoll
  readonly reachedGoal: boolean
}

/**
 * Between sessions every Faction rolls its Goal Step Die (N-FACTION-06). At D0 it reaches its goal
 * and the Land changes: ruling R-N-FACTION-02 — the chronicle records it, the Faction rolls a new
 * Wants and starts a new D6 Goal Die. Returns the new World, each Faction's roll, and every die rolled.
 */
export const advanceFactions = (world: World, source: DiceSource) =>
  tracked(source, (dice) => {
    const session = world.session + 1
    const advances: FactionAdvance[] = []
    const chronicle = [...world.chronicle]
    const factions = world.factions.map((f) => {
      const r = StepDie.rollStepDie(dice, f.goal)
      advances.push({ faction: f.id, roll: r, reachedGoal: r.ended })
      if (!r.ended) return { ...f, goal: r.after }
      chronicle.push({
        session,
        faction: f.id,
        text: `${f.name} achieved its goal: ${f.wants}, through ${f.through}`,
      })
      return { ...f, goal: DEFAULT_GOAL, goalsReached: f.goalsReached + 1, wants: roll(dice, W.wants) }
    })
    return { world: { ...world, factions, session, chronicle }, advances }
  })
