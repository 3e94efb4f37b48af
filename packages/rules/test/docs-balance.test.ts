import { execFileSync } from "node:child_process"
import { fileURLToPath } from "node:url"
import { describe, expect, it } from "vitest"

const root = fileURLToPath(new URL("../../../", import.meta.url))

// Cheap: hashes the core pack and reads the hash docs/balance.md records; plays no raid.
describe("docs/balance.md", () => {
  it("R-SIM-07 was made from the core pack as it is now (else: npm run balance:report)", () => {
    let code = 0
    let said = ""
    try {
      execFileSync(process.execPath, ["scripts/balance-report.mjs", "--check"], { cwd: root, stdio: "pipe" })
    } catch (e) {
      code = (e as { status?: number }).status ?? 1
      said = String((e as { stderr?: Buffer }).stderr ?? "")
    }
    expect(code, said || "run: npm run balance:report").toBe(0)
  })
})
