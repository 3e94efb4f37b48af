export const ruleset = "nightsong" as const
export * as Tables from "./tables/index.js"
