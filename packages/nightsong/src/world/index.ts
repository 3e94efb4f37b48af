/**
 * The Living World generator (N-WORLD, N-REGION, N-FACTION): a seeded Land of hexes, Regions and
 * Factions, its JSON schema, Faction clocks between sessions, and an SVG map.
 *
 * @since 0.1.0
 */
export * as Drop from "./Drop.js"
export * as Hex from "./Hex.js"
export { renderSvg } from "./Svg.js"
export {
  advanceFactions,
  ChronicleEntry,
  DEFAULT_GOAL,
  Faction,
  FactionId,
  generate,
  generateWorld,
  Hex as WorldHex,
  Placement,
  Region,
  RegionId,
  World,
  worldFromJson,
  worldJsonSchema,
} from "./World.js"
