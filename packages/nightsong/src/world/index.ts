/**
 * The Living World generator (N-WORLD, N-REGION, N-FACTION): a seeded Land of hexes, Regions and
 * Factions, its JSON schema, a saved Land read back, Faction clocks between sessions, and an SVG map.
 *
 * @since 0.1.0
 */
export * as Drop from "./Drop.js"
export * as Hex from "./Hex.js"
export { checkWorld, loadWorld } from "./Load.js"
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
