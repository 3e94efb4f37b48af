import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))

describe("docs/homebrew-reference.md", () => {
  it("is generated from the published JSON Schemas and is current", () => {
    let code = 0
    try {
      execFileSync(process.execPath, ["scripts/homebrew-reference.mjs", "--check"], {
        cwd: root,
        stdio: "pipe",
      })
    } catch (e) {
      code = (e as { status?: number }).status ?? 1
    }
    expect(code, "run: node scripts/homebrew-reference.mjs").toBe(0)
  })
})
