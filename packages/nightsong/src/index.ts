export const ruleset = "nightsong" as const
export * as Character from "./character/index.js"
export * as Conversion from "./conversion/index.js"
export * as Game from "./game/index.js"
export * as Packs from "./pack/index.js"
export * as Procedures from "./procedures/index.js"
export * as Tables from "./tables/index.js"
export * as World from "./world/index.js"
