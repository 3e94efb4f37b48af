/**
 * The Effect resolver helper (there is no Pothos plugin for Effect): runs a use-case of the
 * application layer. An `ApiError` becomes a GraphQL error with the same code as REST in its
 * extensions (`{ code, status, details }`); any other failure or defect is logged here, with its
 * cause, and reaches the client only as Yoga's masked "Unexpected error.".
 */
import { Cause, Effect, Exit, Option } from "effect"
import { GraphQLError, type GraphQLResolveInfo } from "graphql"
import type { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import type { GraphqlContext } from "./context.js"

/** A failure already logged by `resolveEffect`: Yoga masks it without logging it twice. */
export class LoggedInternalError extends Error {
  override readonly name = "LoggedInternalError"
}

/** The GraphQL error for an `ApiError`: the message for people, the code, status and details for programs. */
export const toGraphQLError = (e: ApiError): GraphQLError => {
  const { error } = e.toBody()
  // The use-cases are shared with REST, which speaks of a request body; here it is the arguments.
  const message = error.message
    .replace(/^the request body does /, "the arguments do ")
    .replace(/^the request body /, "the arguments ")
  return new GraphQLError(message, {
    extensions: {
      code: e.code,
      status: e.status,
      ...(error.details ? { details: error.details } : {}),
      ...(error.omitted ? { omitted: error.omitted } : {}),
    },
  })
}

const where = (info: GraphQLResolveInfo) => `${info.parentType.name}.${info.fieldName}`

/** Runs a use-case for a resolver. */
export const resolveEffect = async <A>(
  ctx: GraphqlContext,
  info: GraphQLResolveInfo,
  effect: Effect.Effect<A, ApiError>,
): Promise<A> => {
  const exit = await Effect.runPromiseExit(effect)
  if (Exit.isSuccess(exit)) return exit.value
  const failure = Cause.findErrorOption(exit.cause)
  if (Option.isSome(failure)) throw toGraphQLError(failure.value)
  ctx.log(`graphql internal error in ${where(info)}: ${Cause.pretty(exit.cause)}`)
  throw new LoggedInternalError(`internal error in ${where(info)}`)
}

/** A use-case that needs the caller: unauthorized (before anything runs) without a valid key. */
export const asPlayer = <A>(
  ctx: GraphqlContext,
  f: (player: App.Caller) => Effect.Effect<A, ApiError>,
): Effect.Effect<A, ApiError> => Effect.flatMap(ctx.player, f)

/** A resolver for a use-case: `f` gets the field's arguments and the context. */
export const resolving =
  <A, Args>(f: (args: Args, ctx: GraphqlContext) => Effect.Effect<A, ApiError>) =>
  (_: unknown, a: Args, ctx: GraphqlContext, info: GraphQLResolveInfo): Promise<A> =>
    resolveEffect(ctx, info, f(a, ctx))

/** A resolver for a use-case that needs the caller (see {@link asPlayer}). */
export const forCaller = <A, Args>(
  f: (player: App.Caller, args: Args, ctx: GraphqlContext) => Effect.Effect<A, ApiError>,
) => resolving((a: Args, ctx) => asPlayer(ctx, (p) => f(p, a, ctx)))

/**
 * A GraphQL input as a request body: explicit nulls are dropped, as if the field were absent, so
 * the use-case's schema sees the same body REST would send.
 */
export const bodyOf = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(bodyOf)
  if (value !== null && typeof value === "object") {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, v]) => v !== null && v !== undefined)
        .map(([k, v]) => [k, bodyOf(v)]),
    )
  }
  return value
}

/**
 * A resolver for a use-case on one thing by its id (a raid, a campaign, a simulation), by the
 * caller; `body` makes the use-case's body from the field's arguments, as REST would send it.
 */
export const byIdFor = <A, Args extends { id: string | number }>(
  f: (deps: App.Deps, player: App.Caller, id: string, body: unknown) => Effect.Effect<A, ApiError>,
  body?: (args: Args) => unknown,
) => forCaller((p, a: Args, ctx) => f(ctx.deps, p, String(a.id), body?.(a)))

/** A resolver for a page of a log (`after`, `limit`), which the use-case reads as REST's query strings. */
export const onPage = <A>(
  f: (deps: App.Deps, player: App.Caller, id: string, query: unknown) => Effect.Effect<A, ApiError>,
) =>
  byIdFor(
    f,
    (a: { id: string | number; after?: number | null | undefined; limit?: number | null | undefined }) => ({
      ...(a.after != null ? { after: String(a.after) } : {}),
      ...(a.limit != null ? { limit: String(a.limit) } : {}),
    }),
  )
