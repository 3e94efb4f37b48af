/**
 * Every verb of `blight`, loaded lazily so `blight roll` never pays for the content packs.
 * Add a verb with one line here.
 */
import type { Command } from "../Command.js"

export const commands: Record<string, () => Promise<Command>> = {
  roll: async () => (await import("./roll.js")).roll,
  odds: async () => (await import("./odds.js")).odds,
  nightsong: async () => (await import("./nightsong.js")).nightsong,
  pack: async () => (await import("./pack.js")).pack,
  content: async () => (await import("./content.js")).content,
  found: async () => (await import("./found.js")).found,
  raid: async () => (await import("./raid.js")).raid,
  campaign: async () => (await import("./campaign.js")).campaign,
  sim: async () => (await import("./sim.js")).sim,
}
