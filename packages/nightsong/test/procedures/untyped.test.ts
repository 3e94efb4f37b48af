/**
 * The procedures called from untyped code (JavaScript, JSON read by a tool): a word that is not
 * one of the text's refuses with a ProcedureError naming the parameter, the words it takes and
 * the clause, instead of returning a thing with no die or no HP, or crashing on `undefined`.
 */
import { manual } from "@blight/dice"
import { describe, expect, it } from "vitest"
import { advance } from "../../src/procedures/advancement/Advance.js"
import { featDie } from "../../src/procedures/combat/Damage.js"
import { ProcedureError } from "../../src/procedures/Errors.js"
import { remedy } from "../../src/procedures/rest/Rest.js"
import { structure, vehicle } from "../../src/procedures/structures/Structures.js"
import { hero } from "./fixtures.js"

/** The error a call throws, as its fields. */
const refusal = (f: () => unknown) => {
  try {
    f()
  } catch (e) {
    expect(e).toBeInstanceOf(ProcedureError)
    const { path, reason, clause } = e as ProcedureError
    return { path, reason, clause }
  }
  throw new Error("no refusal")
}
const untyped = <T>(v: string) => v as unknown as T

describe("procedures called with words not in the text", () => {
  it("N-REMEDY-03 a Remedy's quality is one of its three bands", () => {
    expect(refusal(() => remedy("salve", untyped("legendary")))).toEqual({
      path: "quality",
      reason: 'a Remedy is "common", "wellCrafted" or "rare"',
      clause: "N-REMEDY-03",
    })
    expect(remedy("salve", "common")).toMatchObject({ name: "salve" })
  })

  it("N-COMBAT-07 a feat's harm is limited, serious or devastating", () => {
    expect(refusal(() => featDie(untyped("catastrophic")))).toMatchObject({
      path: "harm",
      clause: "N-COMBAT-07",
    })
    expect(refusal(() => featDie(untyped("toString")))).toMatchObject({ path: "harm" })
    expect(featDie("serious")).toBe("d6")
  })

  it("N-STRUCTURE-04 N-VEHICLE-02 a structure's kind and a size are the tables' own", () => {
    expect(refusal(() => structure("gate", untyped("wooden"), "small"))).toMatchObject({
      path: "kind",
      clause: "N-STRUCTURE-04",
    })
    expect(refusal(() => structure("gate", "light", untyped("tiny")))).toMatchObject({
      path: "size",
      clause: "N-STRUCTURE-04",
    })
    expect(refusal(() => vehicle("cart", untyped("tiny")))).toMatchObject({
      path: "size",
      clause: "N-VEHICLE-02",
    })
    expect(vehicle("cart", "small")).toMatchObject({ hp: 4, maxHp: 4 })
  })

  it("N-DEATH-01 N-ADVANCE-01 a dead character does not advance, and no die is rolled", () => {
    const dice = manual([4, 1, 1, 1, 1])
    expect(refusal(() => advance(dice, hero({ status: "dead" })))).toMatchObject({
      path: "adventurer.status",
      clause: "N-DEATH-01",
    })
    // The same dice still serve a living character: the refusal rolled nothing.
    expect(advance(dice, hero()).hpGain).toBe(4)
  })
})
