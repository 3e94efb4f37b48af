/**
 * Every verb of `blight`, loaded lazily so `blight roll` never pays for the content packs, with its
 * one-line summary here too, so `blight --help` loads no verb at all (test/help.test.ts checks each
 * line against the verb's own `summary`). Add a verb with one entry here.
 */
import type { Command } from "../Command.js"

export interface Verb {
  /** One line for `blight --help`: the same text as the command's own `summary`. */
  readonly summary: string
  readonly load: () => Promise<Command>
}

export const verbs: Record<string, Verb> = {
  roll: {
    summary:
      "roll pools, tests, dice expressions, multiple attacks (d8+d8), d20 checks, step dice, the Die of Fate",
    load: async () => (await import("./roll.js")).roll,
  },
  odds: {
    summary: "exact odds: pools, tests, Shoot vs Armour, Fight margins, Nightsong checks, step dice",
    load: async () => (await import("./odds.js")).odds,
  },
  nightsong: {
    summary:
      "Nightsong: characters, rolls on its tables, the Living World (made, loaded, advanced), conversions",
    load: async () => (await import("./nightsong.js")).nightsong,
  },
  pack: {
    summary: "validate homebrew content packs against the schemas and the core pack",
    load: async () => (await import("./pack.js")).pack,
  },
  content: {
    summary: "list the entries of a kind, or show one entry's data (core pack and homebrew packs)",
    load: async () => (await import("./content.js")).content,
  },
  found: {
    summary: "validate a roster and found a Refuge or Congregation (B-FOUNDING-*)",
    load: async () => (await import("./found.js")).found,
  },
  raid: {
    summary:
      "play a raid: set it up, play it at a prompt, list what is legal, do commands, show it, replay it (B-ROUND…B-BATTLE)",
    load: async () => (await import("./raid.js")).raid,
  },
  campaign: {
    summary: "a campaign: raids, Aftermath, Errands, Seasons and standings (B-AFTERMATH-*)",
    load: async () => (await import("./campaign.js")).campaign,
  },
  sim: {
    summary:
      "simulate many raids by bots: win/Rout rates with intervals, the Din, creatures vs XP, A/B (HTML charts)",
    load: async () => (await import("./sim.js")).sim,
  },
}

/** Every verb's loader, by name. */
export const commands: Record<string, () => Promise<Command>> = Object.fromEntries(
  Object.entries(verbs).map(([name, v]) => [name, v.load]),
)
