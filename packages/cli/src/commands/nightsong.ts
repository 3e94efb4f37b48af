/**
 * `blight nightsong <sub-verb>`: Nightsong on the same dice core. Each sub-verb is its own
 * module under ./nightsong/, registered here with one line.
 */
import { type Command, EXIT, UsageError } from "../Command.js"

export const subcommands: Record<string, () => Promise<Command>> = {
  character: async () => (await import("./nightsong/character.js")).character,
  convert: async () => (await import("./nightsong/convert.js")).convert,
  game: async () => (await import("./nightsong/game.js")).game,
  roll: async () => (await import("./nightsong/roll.js")).roll,
  world: async () => (await import("./nightsong/world.js")).world,
}

export const nightsong: Command = {
  name: "nightsong",
  summary:
    "Nightsong: characters, rolls on its tables, the Living World (made, loaded, advanced), conversions",
  get usage() {
    return `usage: blight nightsong <${Object.keys(subcommands).join("|") || "…"}> [options] [--seed N] [--json]`
  },
  handlesHelp: true,
  run: async (args, io) => {
    const [sub, ...rest] = args
    if (sub === "--help" || sub === "-h") {
      io.stdout.write(`${nightsong.usage}\n`)
      return EXIT.ok
    }
    const load = sub !== undefined && Object.hasOwn(subcommands, sub) ? subcommands[sub] : undefined
    if (!load) {
      throw new UsageError(
        `${sub === undefined ? "a sub-verb is required" : `unknown sub-verb ${JSON.stringify(sub)}`} (one of: ${Object.keys(subcommands).join(", ")})`,
      )
    }
    const command = await load()
    if (rest.includes("--help") || rest.includes("-h")) {
      io.stdout.write(`${command.usage}\n`)
      return EXIT.ok
    }
    return command.run(rest, io)
  },
}
