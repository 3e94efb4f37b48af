/**
 * The dice commands' numeric arguments, bounded as the HTTP API bounds them (`Report.BOUNDS`),
 * so `blight odds` and `blight roll` name the same rule the API does when a number is out.
 */
import { Report } from "@blight/dice"
import { intArg, UsageError } from "./Command.js"

export const diceArg = (value: string | undefined, name: string, k: keyof typeof Report.BOUNDS): number => {
  const n = intArg(value, name)
  if (n < Report.BOUNDS[k].min || n > Report.BOUNDS[k].max)
    throw new UsageError(`${name}: ${Report.outOfBounds(k, value?.trim())}`)
  return n
}
