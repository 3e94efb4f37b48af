import { seeded } from "@blight/dice"
import { Tables } from "@blight/nightsong"
import { describe, expect, it } from "vitest"
import { run as blight } from "./helpers.js"

const run = (...args: string[]) => blight("nightsong", "roll", ...args)

describe("blight nightsong roll", () => {
  it("N-TABLE-01 N-TABLE-02 --list names every table the package holds, and the rolls of several tables", async () => {
    const { code, out } = await run("--list")
    expect(code).toBe(0)
    const lines = out.trim().split("\n")
    expect(lines).toHaveLength(Tables.rollableIds.length)
    for (const id of [
      ...Tables.tableIds,
      "spark",
      "full-name",
      "name-region-forests",
      "name-faction-wardens",
    ])
      expect(lines.some((l) => l.startsWith(`${id} `))).toBe(true)
    expect(out).toMatch(/^faction-wants +Wants \(TBL-N-52\)$/m)
    expect(out).toMatch(/^spark +Spark \(Theme \+ Action\) \(TBL-N-38, TBL-N-39\)$/m)
    const json = JSON.parse((await run("--list", "--json")).out)
    expect(json.map((r: { id: string }) => r.id)).toEqual(Tables.rollableIds)
  })

  it("N-FACTION-05 N-TABLE-01 a single table: the d66 key, the row and the result, replayed by --seed", async () => {
    const { code, out, err } = await run("faction-wants", "--seed", "7", "--json")
    expect([code, err]).toEqual([0, ""])
    const r = JSON.parse(out)
    const expected = Tables.rollTable(seeded(7), "faction-wants")
    expect(r).toMatchObject({
      seed: 7,
      id: "faction-wants",
      refs: ["TBL-N-52"],
      die: "d66",
      result: expected.result,
    })
    expect(r.roll).toEqual(expected.roll)
    expect(r.row).toBe(expected.index + 1)
    expect(r.rolled.map((d: { value: number }) => d.value)).toEqual(expected.roll.dice)
    const text = await run("faction-wants", "--seed", "7")
    expect(text.out).toBe(`Wants (TBL-N-52, ${expected.roll.key}): ${expected.result}   (seed 7)\n`)
    expect((await run("faction-wants", "--seed", "7")).out).toBe(text.out)
  })

  it("N-REGION-07 N-TABLE-03 R-N-TABLE-01 R-N-TABLE-03 a Spark is a Theme and an Action; a full name joins a given name to a two-part surname", async () => {
    const spark = JSON.parse((await run("spark", "--seed", "3", "--json")).out)
    expect(spark.result).toEqual(Tables.World.rollSpark(seeded(3)))
    expect(spark.rolled).toHaveLength(4) // two d66 rolls
    expect((await run("spark", "--seed", "3")).out).toBe(
      `Spark (Theme + Action) (TBL-N-38, TBL-N-39): ${spark.result.theme} + ${spark.result.action}   (seed 3)\n`,
    )
    const name = JSON.parse((await run("full-name", "--seed", "1", "--json")).out)
    expect(name.result).toEqual(Tables.Details.rollFullName(seeded(1)))
  })

  it("N-FACTION-05 R-N-TABLE-02 a Faction's name by its type; Wardens roll on the Wild Folk tables", async () => {
    const r = JSON.parse((await run("name-faction-wardens", "--seed", "2", "--json")).out)
    expect(r.refs).toEqual(["TBL-N-50", "TBL-N-51"])
    expect(r.title).toBe("Faction name: Wardens (the Wild Folk tables)")
    expect(r.result).toBe(Tables.World.rollFactionName(seeded(2), "Wardens").name)
  })

  it("N-BACKGROUND-01 N-REGION-02 rows of several fields are written out in words", async () => {
    const bg = await run("background-strength", "--seed", "3")
    expect(bg.out).toMatch(/^Strength Backgrounds \(TBL-N-02, 1D6: \d\): \w[\w ]*: .*\(D\d+\)/)
    const region = await run("region-type", "--seed", "3")
    expect(region.out).toMatch(/^Region Type \(TBL-N-20, 1D6: \d\): \w+ \([^;]+; Spread Die D[46]\)/)
  })

  it("an unknown table is one line naming the known ones, exit 2; so are bad arguments", async () => {
    const { code, out, err } = await run("dragons", "--seed", "1")
    expect([code, out]).toEqual([2, ""])
    expect(err.trim().split("\n")).toHaveLength(1)
    expect(err).toMatch(
      /no Nightsong table is called "dragons" \(known: background-strength, .*spark, full-name/,
    )
    for (const args of [
      [],
      ["spark", "extra"],
      ["--list", "spark"],
      ["spark", "--seed", "x"],
      ["spark", "--manual", "1"],
    ]) {
      const r = await run(...args)
      expect([args, r.code, r.out]).toEqual([args, 2, ""])
      expect(r.err.trim().split("\n")).toHaveLength(1)
    }
  })
})
