/**
 * Seeds for the CLI. With `--seed N` every roll replays; without it a fresh seed is drawn from the
 * operating system's entropy (never Math.random) and reported, so any roll can be replayed.
 */
import { randomInt } from "node:crypto"
import { intArg } from "./Command.js"

export const seedFrom = (value: string | undefined): number =>
  value === undefined
    ? randomInt(0, 2 ** 48 - 1)
    : intArg(value, "--seed", { min: 0, max: Number.MAX_SAFE_INTEGER })
