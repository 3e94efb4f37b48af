import { execFile } from "node:child_process"
import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { main } from "../src/main.js"

/** Runs the CLI in-process and captures what it prints. */
export const run = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => {
  let out = ""
  let err = ""
  const code = await main(args, {
    stdout: { write: (s: string) => (out += s) },
    stderr: { write: (s: string) => (err += s) },
  })
  return { code, out, err }
}

/** Runs CLI and parses its one JSON object. */
export const runJson = async (...args: string[]): Promise<{ code: number; json: any; err: string }> => {
  const r = await run(...args)
  const lines = r.out.trim().split("\n")
  if (r.code === 0 && lines.length !== 1) throw new Error(`expected one JSON line, got ${lines.length}`)
  return { code: r.code, json: r.code === 0 ? JSON.parse(r.out) : undefined, err: r.err }
}

export const BIN = fileURLToPath(new URL("../bin/blight.js", import.meta.url))

/** Spawns the built `blight` binary (built by `npm test`'s build step). */
export const spawnBlight = async (...args: string[]): Promise<{ code: number; out: string; err: string }> => {
  try {
    const { stdout, stderr } = await promisify(execFile)(process.execPath, [BIN, ...args], {
      encoding: "utf8",
    })
    return { code: 0, out: stdout, err: stderr }
  } catch (e) {
    const x = e as { code: number; stdout: string; stderr: string }
    return { code: x.code, out: x.stdout, err: x.stderr }
  }
}

const exampleRoster = (name: string) =>
  fileURLToPath(new URL(`../../../examples/rosters/${name}.json`, import.meta.url))

/**
 * A new campaign file between `refuges` (the example Refuge and Congregation) (`args`: dice, packs) in a
 * fresh directory; `edit` changes the state it is created with (a test's own starting point).
 */
export const newCampaignFile = async (
  args: readonly string[],
  edit?: (state: any) => void,
  refuges: readonly string[] = [exampleRoster("refuge"), exampleRoster("congregation")],
): Promise<{ dir: string; file: string }> => {
  const dir = mkdtempSync(join(tmpdir(), "blight-campaign-"))
  const file = join(dir, "c.json")
  const made = await run("campaign", "new", ...refuges.flatMap((r) => ["--refuge", r]), ...args)
  if (made.code !== 0) throw new Error(`campaign new: ${made.err}`)
  const json = JSON.parse(made.out)
  edit?.(json.events[0].state)
  writeFileSync(file, `${JSON.stringify(json)}\n`)
  return { dir, file }
}
