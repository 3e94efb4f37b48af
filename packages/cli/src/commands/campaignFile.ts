/**
 * A campaign file as the campaign verbs and `campaign play` read it: bounded, parsed, checked, and
 * the content it plays with (the core pack and the packs it was started with), and what it waits for.
 */
import { readFile, stat } from "node:fs/promises"
import { resolve } from "node:path"
import { Campaign, type Registry } from "@blight/rules"
import { Result } from "effect"
import { type Io, UsageError } from "../Command.js"
import { contentFrom } from "./raidFile.js"

/** Files are bounded before they are parsed. */
const MAX_BYTES = 64 * 1024 * 1024

export const readJson = async (io: Io, file: string): Promise<unknown> => {
  const path = resolve(io.cwd ?? process.cwd(), file)
  try {
    const s = await stat(path)
    if (s.size > MAX_BYTES) throw new UsageError(`${file}: larger than ${MAX_BYTES} bytes`)
    return JSON.parse(await readFile(path, "utf8"))
  } catch (e) {
    if (e instanceof UsageError) throw e
    const code = (e as { code?: string }).code
    throw new UsageError(
      `${file}: ${code === "ENOENT" ? "no such file" : e instanceof SyntaxError ? `not valid JSON: ${e.message}` : "cannot be read"}`,
    )
  }
}

export const loadCampaign = async (io: Io, file: string | undefined) => {
  if (file === undefined) throw new UsageError("which campaign file? e.g. `blight campaign show c.json`")
  const c = Campaign.fromFile(await readJson(io, file))
  if (Result.isFailure(c)) throw new UsageError(`${file}: ${c.failure}`)
  return c.success
}

/**
 * The content a campaign is played with: the core pack and the `--pack` files. Every pack the
 * campaign was started with must be given again (as a raid's), so it never plays on other content.
 */
export const campaignContent = async (
  state: Campaign.Campaign["state"],
  packs: readonly string[],
  io: Io,
): Promise<Registry.Registry> => {
  const content = await contentFrom(packs, io)
  const env = Campaign.envFor(state, content)
  if (Result.isFailure(env))
    throw new UsageError(
      `packs: this campaign was started with ${env.failure.join(", ")}; give ${env.failure.length === 1 ? "its file" : "their files"} with --pack FILE`,
    )
  return content
}

export const waiting = (c: Campaign.Campaign) => {
  const p = c.state.pending?.prompt
  if (!p) return undefined
  return p.kind === "dice"
    ? {
        kind: "dice",
        dice: p.dice,
        purpose: p.purpose,
        answer: `--roll ${Array.from({ length: p.dice }, () => "N").join(",")}`,
      }
    : { kind: "choice", question: p.question, options: p.options, answer: "--choose OPTION" }
}
