import { readFileSync } from "node:fs"
import { Either, ParseResult, Schema } from "effect"
import { describe, expect, it } from "vitest"
import { Fragment } from "../src/content/Pack.js"

const FILES = ["bestiary", "encounters", "homes", "seasons", "improvements", "scenarios", "upkeep"] as const
const read = (f: string): unknown =>
  JSON.parse(readFileSync(new URL(`../src/content/core/${f}.json`, import.meta.url), "utf8"))

describe("scratch", () => {
  for (const f of FILES) {
    it(`${f} decodes`, () => {
      const r = Schema.decodeUnknownEither(Fragment, { onExcessProperty: "error", errors: "all" })(read(f))
      if (Either.isLeft(r)) throw new Error(ParseResult.TreeFormatter.formatErrorSync(r.left).slice(0, 6000))
      expect(Either.isRight(r)).toBe(true)
    })
  }
})
