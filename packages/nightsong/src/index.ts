export const ruleset = "nightsong" as const
