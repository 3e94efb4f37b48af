/**
 * Nightsong over HTTP (issue 6, item 6; issue 33): a generated character, a Living World (made, or
 * a saved one advanced by sessions), a creature converted from another system, and a roll on any
 * of the rules' tables, each seeded so any answer replays, from the same `@blight/nightsong`
 * package the CLI uses.
 */
import { randomInt } from "node:crypto"
import { seeded } from "@blight/dice"
import { Character, Conversion, Tables, World } from "@blight/nightsong"
import { Effect, Schema } from "effect"
import { type ApiError, badRequest, notFound } from "./ApiError.js"
import { decodeBody } from "./App.js"

const Seed = Schema.optional(
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
)

export const CharacterBody = Schema.Struct({ ...Character.GenerateOptions.fields, seed: Seed }).annotate({
  identifier: "NightsongCharacterRequest",
})

export const WorldBody = Schema.Struct({
  seed: Seed,
  // A Land saved before (a `world` answered here): advanced by `sessions` instead of made.
  land: Schema.optional(World.World),
  sessions: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))).annotate({
    description: "Roll every Faction's Goal Die this many times (sessions played)",
  }),
}).annotate({ identifier: "NightsongWorldRequest" })

/** Anything the generators throw on bad options is the caller's mistake: a 400 naming it. */
const attempt = <A>(f: () => A): Effect.Effect<A, ApiError> =>
  Effect.try({
    try: f,
    catch: (e) => {
      const x = e as { path?: unknown; message?: string; reason?: string; clause?: string }
      return badRequest(x.message ?? String(e), [
        {
          path: typeof x.path === "string" ? x.path : "(root)",
          message: x.reason ?? x.message ?? String(e),
          ...(x.clause ? { clause: x.clause } : {}),
        },
      ])
    },
  })

/** A new character (N-CREATE): valid by construction. */
export const character = (body: unknown) =>
  Effect.gen(function* () {
    const { seed: s, ...options } = yield* decodeBody(CharacterBody, body)
    const seed = s ?? randomInt(0, 2 ** 48 - 1)
    const generated = yield* attempt(() => Character.generateCharacter(seeded(seed), options))
    return { seed, character: generated }
  })

/** A Living World (N-WORLD): JSON, and the SVG map on request. */
export const world = (body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(WorldBody, body)
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    // One source for the whole run, as `blight nightsong world --seed N --sessions K` does: same answer.
    const source = seeded(seed)
    const saved = input.land
    let w: World.World =
      saved !== undefined
        ? yield* attempt(() => World.checkWorld(saved))
        : { seed, ...(yield* attempt(() => World.generateWorld(source))) }
    for (let i = 0; i < (input.sessions ?? 0); i++) {
      const current = w
      w = (yield* attempt(() => World.advanceFactions(current, source))).world
    }
    return { seed, world: w, svg: () => World.renderSvg(w) }
  })

/** A stat block to convert, typed by its system (documented); decoded loosely, the library names the problem. */
export const ConversionRequest = Schema.Union(
  Conversion.SYSTEMS.map((from) =>
    Schema.Struct({ from: Schema.Literal(from), block: Conversion.blockSchemas[from] }),
  ),
).annotate({ identifier: "NightsongConversionRequest", description: "A system and its stat block" })
const ConversionBody = Schema.Struct({ from: Conversion.System, block: Schema.Unknown })

/** A creature's stat block from another system as a Nightsong NPC (N-CONVERSION): 400 naming the path and rule. */
export const conversion = (body: unknown) =>
  Effect.flatMap(decodeBody(ConversionBody, body), ({ from, block }) =>
    attempt(() => Conversion.convert(from, block)),
  )

export const TableRollBody = Schema.Struct({ seed: Seed }).annotate({
  identifier: "NightsongTableRollRequest",
})

/** The tables as a path parameter: their ids (404 for another). */
export const TableParams = Schema.Struct({ id: Schema.Literals(Tables.rollableIds as [string, ...string[]]) })

export const TableRoll = Schema.Struct({
  seed: Schema.Int,
  id: Schema.String,
  title: Schema.String,
  refs: Schema.Array(Schema.String).annotate({ description: "The catalogue tables read" }),
  die: Schema.optional(Schema.String.annotate({ description: "A single table's die" })),
  result: Schema.Unknown.annotate({
    description: "The row's result: a word, a name, or a row of several fields",
  }),
  roll: Schema.optional(Schema.Int.annotate({ description: "What the die showed (a single table)" })),
  row: Schema.optional(Schema.Int.annotate({ description: "The row it picked, from 1" })),
}).annotate({ identifier: "NightsongTableRoll" })

/** A roll on any Nightsong table by id, from the seed given (or a new one, answered). */
export const tableRoll = (id: string, body: unknown) =>
  Effect.gen(function* () {
    const input = yield* decodeBody(TableRollBody, body)
    if (!Tables.rollableIds.includes(id))
      return yield* Effect.fail(
        notFound(`no Nightsong table "${id.slice(0, 64)}" (GET /openapi.json lists them)`),
      )
    const seed = input.seed ?? randomInt(0, 2 ** 48 - 1)
    const { rollable, table, result } = yield* attempt(() => Tables.rollById(seeded(seed), id))
    return {
      seed,
      ...rollable,
      result,
      ...(table === undefined ? {} : { roll: table.roll.value, row: table.index + 1 }),
    }
  })
