export const ruleset = "the-blight@0.3.0" as const
