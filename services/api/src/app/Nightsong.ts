/**
 * Nightsong over HTTP (issue 6, item 6): a generated character and a Living World, seeded so any
 * answer replays, from the same `@blight/nightsong` package the CLI uses.
 */
import { randomInt } from "node:crypto"
import { seeded } from "@blight/dice"
import { Character, World } from "@blight/nightsong"
import { Effect, Schema } from "effect"
import { type ApiError, badRequest } from "./ApiError.js"
import { decodeBody } from "./App.js"

const Seed = Schema.optional(
  Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: Number.MAX_SAFE_INTEGER })),
)

export const CharacterBody = Schema.Struct({ ...Character.GenerateOptions.fields, seed: Seed }).annotate({
  identifier: "NightsongCharacterRequest",
})

export const WorldBody = Schema.Struct({
  seed: Seed,
  sessions: Schema.optional(Schema.Int.check(Schema.isBetween({ minimum: 0, maximum: 100 }))).annotate({
    description: "Roll every Faction's Goal Die this many times (sessions played)",
  }),
}).annotate({ identifier: "NightsongWorldRequest" })

/** Anything the generators throw on bad options is the caller's mistake: a 400 naming it. */
const attempt = <A>(f: () => A): Effect.Effect<A, ApiError> =>
  Effect.try({
    try: f,
    catch: (e) => {
      const x = e as { path?: unknown; message?: string; clause?: string }
      return badRequest(x.message ?? String(e), [
        {
          path: typeof x.path === "string" ? x.path : "(root)",
          message: x.message ?? String(e),
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
    let w: World.World = { seed, ...(yield* attempt(() => World.generateWorld(source))) }
    for (let i = 0; i < (input.sessions ?? 0); i++) {
      const current = w
      w = (yield* attempt(() => World.advanceFactions(current, source))).world
    }
    return { seed, world: w, svg: () => World.renderSvg(w) }
  })
