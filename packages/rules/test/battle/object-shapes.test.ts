/**
 * The fast path rebuilds every model, side and token with one literal each (battle/Shapes.ts): a
 * field the schema gains and the literal lacks would be dropped from every raid simulated on it.
 */
import { describe, expect, it } from "vitest"
import { shapeModel, shapeSide, shapeToken } from "../../src/battle/fast/ObjectShapes.js"
import { Model, Side, Token } from "../../src/battle/State.js"

describe("the fast path's one shape per kind of object", () => {
  it.each([
    ["Model", Model.fields, shapeModel],
    ["Side", Side.fields, shapeSide],
    ["Token", Token.fields, shapeToken],
  ] as const)(
    "R-SIM-01 a %s keeps every field of its schema, in the schema's order",
    (_name, fields, shape) => {
      expect(Object.keys((shape as (x: never) => object)({} as never))).toEqual(Object.keys(fields))
    },
  )
})
