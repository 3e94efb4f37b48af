/**
 * GraphQL at /graphql, before Yoga: the GraphiQL page (rendered once, kept compressed), a GET's
 * query and variables checked as a body's are, a POST only as JSON and bounded in size, and the
 * answers to pure queries kept as the bytes sent (a repeat costs no parse and no execution).
 */
import { Request } from "@whatwg-node/fetch"
import { Response } from "@whatwg-node/server"
import type { Exit } from "effect"
import { parse, stripIgnoredCharacters } from "graphql"
import { shouldRenderGraphiQL } from "graphql-yoga"
import { ApiError } from "../app/ApiError.js"
import type * as App from "../app/App.js"
import type { Config } from "../config.js"
import type { makeGraphql, ServerContext } from "../graphql/index.js"
import { isPure } from "../graphql/pure.js"
import type { answerCache } from "./answers.js"
import { keyOf } from "./answers.js"
import { nulInQuery, parseJsonBody, readBody, tooLarge } from "./body.js"
import { fixedAnswer } from "./compressed.js"
import { graphqlErrorResponse, JSON_TYPE } from "./responses.js"

// A query longer than this is not worth keeping (and is not parsed twice to decide).
const KEPT_QUERY_LENGTH = 4000

/** A GET's refusal: its variables get the same structural check as a body's, and no NUL in the query. */
const refusedGet = (request: Request): ApiError | undefined => {
  const search = new URL(request.url).searchParams
  const variables = search.get("variables")
  if (variables) {
    const parsed = parseJsonBody(variables)
    if (!parsed.ok) return parsed.error
  }
  return nulInQuery(search.get("query") ?? undefined)
}

/** Only JSON: a form or text/plain body is what a cross-site page can send without asking. */
const notJson = (request: Request): ApiError | undefined =>
  /^application\/json\s*(;|$)/i.test(request.headers.get("content-type") ?? "")
    ? undefined
    : new ApiError({
        code: "unsupported_media_type",
        message: "send GraphQL as POST with Content-Type: application/json",
      })

/**
 * The key an answer is kept under: the operation normalized (spacing and comments don't matter;
 * strings are kept as they are) and the variables; none for a long query or one not even lexable.
 */
const normalizedKey = (query: string | undefined, operationName: string | undefined, variables: unknown) => {
  if (query === undefined || query.length > KEPT_QUERY_LENGTH) return undefined
  try {
    return keyOf(stripIgnoredCharacters(query), operationName ?? null, variables ?? null)
  } catch {
    return undefined // Yoga answers it, and nothing is kept.
  }
}

/** Only a pure query is ever kept (so a hit needs no parse); an invalid document is Yoga's to answer. */
const pureQuery = (query: string, operationName: string | undefined): boolean => {
  try {
    return isPure(parse(query, { maxTokens: 2000, noLocation: true }), operationName)
  } catch {
    return false
  }
}

export const makeGraphqlEndpoint = (
  config: Config,
  yoga: ReturnType<typeof makeGraphql>,
  graphqlAnswers: ReturnType<typeof answerCache>,
) => {
  // The GraphiQL page as Yoga renders it (the same every time), kept and compressed once.
  let graphiqlPage: Promise<ReturnType<typeof fixedAnswer>> | undefined
  const graphiql = async (request: Request, ctx: ServerContext) => {
    graphiqlPage ??= Promise.resolve(yoga.fetch(request, ctx)).then(async (page) =>
      fixedAnswer(new Uint8Array(await page.arrayBuffer()), {
        "content-type": page.headers.get("content-type") ?? "text/html",
      }),
    )
    const answer = await graphiqlPage
    return answer(request.headers.get("accept-encoding"))
  }

  const handle = async (
    request: Request,
    requestId: string,
    caller: Promise<Exit.Exit<App.Caller, ApiError>>,
    address: string,
  ): Promise<Response> => {
    const refuse = (e: ApiError, headers: Record<string, string> = {}) =>
      graphqlErrorResponse(e, requestId, headers)
    const ctx = { requestId, caller, address }
    if (request.method === "GET") {
      const refused = refusedGet(request)
      if (refused) return refuse(refused)
      if (shouldRenderGraphiQL(request)) return graphiql(request, ctx)
      return yoga.fetch(request, ctx)
    }
    if (request.method !== "POST")
      return refuse(
        new ApiError({ code: "method_not_allowed", message: "GraphQL takes POST (or GET for a query)" }),
        { allow: "GET, POST" },
      )
    const unsupported = notJson(request)
    if (unsupported) return refuse(unsupported)
    const text = await readBody(request, config.maxBodyBytes)
    if (text === "too-large") return refuse(tooLarge(config.maxBodyBytes))
    // A repeat of a body already answered and kept: no parse, no lexing (see the normalized key below).
    const rawKey = text.length <= 2 * KEPT_QUERY_LENGTH ? keyOf("raw", text) : undefined
    const repeat = rawKey === undefined ? undefined : graphqlAnswers.get(rawKey)
    if (repeat !== undefined) return new Response(repeat.body, { headers: { "content-type": repeat.type } })
    const parsed = parseJsonBody(text)
    if (!parsed.ok) return refuse(parsed.error)
    // Not an object (null, a list, a number): Yoga answers it; nothing here reads it.
    const params = (
      parsed.value !== null && typeof parsed.value === "object" && !Array.isArray(parsed.value)
        ? parsed.value
        : {}
    ) as { query?: unknown; variables?: unknown; operationName?: unknown }
    const query = typeof params.query === "string" ? params.query : undefined
    const nul = nulInQuery(query)
    if (nul) return refuse(nul)
    if (query !== undefined && query.length > config.graphqlMaxQueryLength)
      return refuse(
        new ApiError({
          code: "payload_too_large",
          message: `the query is longer than ${config.graphqlMaxQueryLength} characters`,
        }),
      )
    const operationName = typeof params.operationName === "string" ? params.operationName : undefined
    let key = normalizedKey(query, operationName, params.variables)
    const kept = key === undefined ? undefined : graphqlAnswers.get(key)
    if (kept !== undefined) {
      if (rawKey !== undefined) graphqlAnswers.set(rawKey, kept)
      return new Response(kept.body, { headers: { "content-type": kept.type } })
    }
    if (key !== undefined && !pureQuery(query!, operationName)) key = undefined
    const forwarded = new Request(request.url, { method: "POST", headers: request.headers, body: text })
    const response = await yoga.fetch(forwarded, ctx)
    if (key === undefined || response.status !== 200) return response
    const bytes = await response.text()
    const type = response.headers.get("content-type") ?? JSON_TYPE
    // An answer with errors (a bad argument, say) is not kept: the next try should run again.
    if (!/^\{"data":/.test(bytes) || /"errors":\[/.test(bytes.slice(-2000))) {
      return new Response(bytes, { status: 200, headers: { "content-type": type } })
    }
    graphqlAnswers.set(key, { status: 200, type, body: bytes })
    if (rawKey !== undefined) graphqlAnswers.set(rawKey, { status: 200, type, body: bytes })
    return new Response(bytes, { status: 200, headers: { "content-type": type } })
  }
  return handle
}
