/** Dice and odds over HTTP: rolls (seeded, or typed in at the table) and exact odds, by kind. */
import { randomInt } from "node:crypto"
import { Errors as DiceErrors, manual, Report, recording, seeded } from "@blight/dice"
import { Effect, Schema } from "effect"
import { type ApiError, badRequest, notFound } from "./ApiError.js"
import { decodeBody } from "./decode.js"
import { Seed } from "./requestFields.js"

const OptionalSeed = Schema.optional(Seed)
const Manual = Schema.optional(Schema.Array(Schema.Int))

type RollBody = Report.RollRequest & {
  readonly seed?: number | undefined
  readonly manual?: ReadonlyArray<number> | undefined
}
/** A roll request with a seed or the dice rolled at the table: each kind's fields and those two. */
export const RollBody = Schema.Union(
  Report.RollRequest.members.map((m) => Schema.Struct({ ...m.fields, seed: OptionalSeed, manual: Manual })),
) as unknown as Schema.Codec<RollBody, unknown>

/** Runs dice code: the dice core's typed errors are the caller's mistake (400); anything else a defect. */
const withDice = <A>(f: () => A): Effect.Effect<A, ApiError> =>
  Effect.suspend(() => {
    try {
      return Effect.succeed(f())
    } catch (e) {
      if (!DiceErrors.isDiceError(e)) return Effect.die(e)
      return Effect.fail(
        badRequest(e.message, "path" in e ? [{ path: String(e.path), message: e.message }] : undefined),
      )
    }
  })

/** Rolls dice: seeded (the seed is returned, so any roll replays) or the numbers rolled at the table. */
export const roll = (body: unknown) =>
  Effect.gen(function* () {
    const r = yield* decodeBody(RollBody, body)
    const seed = r.manual ? undefined : (r.seed ?? randomInt(0, 2 ** 48 - 1))
    const rec = recording(r.manual ? manual(r.manual) : seeded(seed!))
    const report = yield* withDice(() => Report.rollReport(rec, r))
    return { ...(seed === undefined ? { manual: true } : { seed }), ...report, rolled: rec.log }
  })

/** The kinds of odds, one route each. */
export const ODDS_KINDS = ["pool", "test", "shoot", "fight", "check", "step"] as const
export type OddsKind = (typeof ODDS_KINDS)[number]

/**
 * One kind's odds request as its route takes it: its member of OddsRequest without `kind` (the
 * path says it). The route decodes the body with it and the document shows it, so a body that is
 * not an object, or that has a `kind`, is refused as the document says.
 */
export const oddsBody = (kind: OddsKind) => {
  const member = Report.OddsRequest.members.find((m) => m.fields.kind.literal === kind)!
  const { kind: _, ...fields } = member.fields
  return Schema.Struct(fields).annotate({
    identifier: `${kind[0]!.toUpperCase()}${kind.slice(1)}OddsRequest`,
  })
}

const ODDS_BODIES = Object.fromEntries(ODDS_KINDS.map((k) => [k, oddsBody(k)])) as Record<
  OddsKind,
  ReturnType<typeof oddsBody>
>

/** Exact odds; `kind` comes from the path. */
export const odds = (kind: string, body: unknown) =>
  Effect.gen(function* () {
    if (!(ODDS_KINDS as ReadonlyArray<string>).includes(kind)) {
      return yield* Effect.fail(
        notFound(`no odds for "${kind}"; one of: pool, test, shoot, fight, check, step`),
      )
    }
    // Decoded by the route's own schema (an object, no `kind`): its member of OddsRequest, the kind added.
    const fields = yield* decodeBody(ODDS_BODIES[kind as OddsKind] as Schema.Codec<object, unknown>, body)
    const r = { ...fields, kind } as Report.OddsRequest
    return yield* withDice(() => Report.oddsReport(r))
  })
