import { mkdtempSync, writeFileSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { describe, expect, it } from "vitest"
import { run } from "./helpers.js"

const tmp = mkdtempSync(join(tmpdir(), "blight-pack-warn-"))
const pack = (effects: unknown[]) => {
  const file = join(tmp, `p${Math.random().toString(36).slice(2)}.json`)
  writeFileSync(
    file,
    JSON.stringify({
      manifest: {
        id: "silent",
        name: "Silent",
        version: "0.1.0",
        ruleset: "the-blight@0.3.0",
        licence: "MIT",
        author: "a test",
        requires: [{ pack: "the-blight", version: "^0.3.0" }],
      },
      skills: [
        {
          id: "odd-skill",
          name: "Odd Skill",
          provenance: "provisional",
          list: "brawn",
          text: "Odd.",
          effects,
        },
      ],
    }),
  )
  return file
}

describe("blight pack validate: nothing silent", () => {
  it("warns (exit 0) for an effect that can never fire: a trigger on an event the engine never fires for a survivor", async () => {
    const r = await run(
      "pack",
      "validate",
      pack([{ kind: "trigger", on: "round.clear", do: [{ kind: "noise", value: 1 }] }]),
    )
    expect(r.code).toBe(0)
    expect(r.out).toMatch(
      /^warning: silent: skills\[odd-skill\]\.effects\[0\]: this trigger \(round\.clear\) effect can never fire/m,
    )
  })

  it("says nothing for effects the engine reads, and lists warnings in --json", async () => {
    const quiet = await run("pack", "validate", pack([{ kind: "poolModifier", pool: "shoot", dice: 1 }]))
    expect(quiet.code).toBe(0)
    expect(quiet.out).not.toMatch(/warning/)
    const r = await run(
      "pack",
      "validate",
      "--json",
      pack([{ kind: "trigger", on: "round.clear", do: [{ kind: "noise", value: 1 }] }]),
    )
    const json = JSON.parse(r.out) as { valid: boolean; warnings: Array<{ path: string }> }
    expect(json.valid).toBe(true)
    expect(json.warnings.map((w) => w.path)).toEqual(["skills[odd-skill].effects[0]"])
  })
})
