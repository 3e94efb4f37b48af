/**
 * The README's raid walk-through runs as written: its shell block, taken from README.md as it
 * stands, run by bash in a temp directory (the examples linked in, `npx blight` the built binary),
 * must exit 0 at every command and tell the story the README says it tells.
 */
import { execFile } from "node:child_process"
import { mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"
import { promisify } from "node:util"
import { afterAll, describe, expect, it } from "vitest"
import { BIN } from "./helpers.js"

const repo = fileURLToPath(new URL("../../../", import.meta.url))
const dir = mkdtempSync(join(tmpdir(), "blight-readme-"))
afterAll(() => rmSync(dir, { recursive: true, force: true }))

/** The README's `sh` block that holds `text`. */
const block = (text: string): string => {
  const readme = readFileSync(join(repo, "README.md"), "utf8")
  const found = [...readme.matchAll(/^```sh\n([\s\S]*?)^```/gm)]
    .map((m) => m[1]!)
    .filter((b) => b.includes(text))
  expect(found, `one sh block of README.md holds ${text}`).toHaveLength(1)
  return found[0]!
}

describe("README.md's raid walk-through", () => {
  it("R-BATTLE-15 runs as written: every command exits 0, the slip is undone, Jess's shot lands, the replay agrees", async () => {
    const script = block("> cache-raid.json")
    symlinkSync(join(repo, "examples"), join(dir, "examples"))
    const prelude = [
      "set -euo pipefail",
      // `npx blight` is the built binary; nothing else of npx is expected in the block.
      `npx() { if [ "$1" = blight ]; then shift; "${process.execPath}" "${BIN}" "$@"; else echo "npx $1: not blight" >&2; return 1; fi; }`,
    ].join("\n")
    const { stdout } = await promisify(execFile)("bash", ["-c", `${prelude}\n${script}`], {
      cwd: dir,
      encoding: "utf8",
      timeout: 240_000,
      maxBuffer: 16 * 1024 * 1024,
    })
    expect(stdout).toContain('Jess (wharfside.4) moves 5"')
    expect(stdout).toContain("The last command is undone")
    expect(stdout).toContain("Husk (c2) is in no cover from Jess (wharfside.4)")
    expect(stdout).toContain("Husk (c2) loses 1 Health (now 1)")
    expect(stdout).not.toContain("How hidden is Husk from Jess")
    expect(stdout).toMatch(/"redecide":\{"agrees":true\}/)
  }, 300_000)
})
