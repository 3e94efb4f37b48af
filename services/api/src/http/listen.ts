/**
 * `startServer`: the service bound to a node:http server on HOST:PORT. Requests too malformed to
 * reach the fetch handler (a bad Host, a request target that is not a path), and what node's
 * parser refuses itself, are answered here in the service's JSON shape; a plain read is answered
 * on node's response directly; everything else goes through @whatwg-node/server's adapter.
 */
import { randomUUID } from "node:crypto"
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http"
import type { Duplex } from "node:stream"
import { createServerAdapter } from "@whatwg-node/server"
import { ApiError, badRequest } from "../app/ApiError.js"
import type { Config } from "../config.js"
import { patternOf } from "./match.js"
import { measured } from "./metrics.js"
import { clientAddress } from "./RateLimit.js"
import { internalBody, JSON_TYPE } from "./responses.js"
import { PLAIN_TARGET } from "./router.js"
import { makeService, type Service } from "./server.js"

/**
 * Requests the fetch handler can't be given: a request target that is not a path (absolute-form,
 * `*`), or a Host that does not make a URL. Answered here, in the service's JSON shape.
 */
const malformed = (req: IncomingMessage): string | undefined => {
  const target = req.url ?? ""
  if (!target.startsWith("/") || target.startsWith("//")) return "the request target must be a path"
  const host = req.headers.host ?? "localhost"
  // A plain path with a Host already seen to make a URL makes one (only the host could fail).
  const plain = PLAIN_TARGET.test(target)
  if (plain && urlHosts.has(host)) return undefined
  if (!/^[A-Za-z0-9.\-_~]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$/.test(host))
    return "the Host header is not a host name"
  try {
    new URL(target, `http://${host}`)
  } catch {
    return "the request target is not a valid URL"
  }
  if (plain) {
    if (urlHosts.size >= 100) urlHosts.clear()
    urlHosts.add(host)
  }
  return undefined
}
const urlHosts = new Set<string>()

// What node's HTTP parser refuses itself (a malformed request line, headers too large) is answered
// in the same JSON shape, not with node's bare status line.
const answerClientError = (err: NodeJS.ErrnoException, socket: Duplex) => {
  if (err.code === "ECONNRESET" || !socket.writable) {
    socket.destroy()
    return
  }
  const tooLarge = err.code === "HPE_HEADER_OVERFLOW"
  const late = err.code === "ERR_HTTP_REQUEST_TIMEOUT"
  const status = tooLarge ? 431 : late ? 408 : 400
  const requestId = randomUUID()
  const body = JSON.stringify(
    new ApiError(
      tooLarge
        ? { code: "headers_too_large", message: "the request's headers are too large" }
        : late
          ? { code: "request_timeout", message: "the request was not received in time" }
          : { code: "bad_request", message: "the request could not be parsed" },
    ).toBody(requestId),
  )
  const reason = { 400: "Bad Request", 408: "Request Timeout", 431: "Request Header Fields Too Large" }[
    status
  ]
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `content-type: ${JSON_TYPE}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n` +
      `x-request-id: ${requestId}\r\nconnection: close\r\n\r\n${body}`,
  )
}

/**
 * Graceful: ready says 503 at once, no new connection is accepted, requests in flight are answered
 * (idle keep-alive connections are closed as each one finishes), and whatever is still open after
 * `graceMs` is cut before the database is closed.
 */
const closeGracefully = async (server: Server, service: Service, graceMs: number) => {
  service.drain()
  // Live streams end first (a client reconnects elsewhere with Last-Event-ID); the server
  // waits for its other connections before it closes.
  service.endStreams()
  const closed = new Promise<void>((resolve) => server.close(() => resolve()))
  const sweep = setInterval(() => server.closeIdleConnections(), 25)
  let timer: NodeJS.Timeout | undefined
  await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, graceMs)))])
  clearInterval(sweep)
  clearTimeout(timer)
  server.closeAllConnections()
  await service.close()
}

/** Binds the service to HOST:PORT. Resolves once listening; `port` is the bound port (useful with PORT=0). */
export const startServer = async (
  config: Config,
  options: { log?: (msg: string) => void; info?: (msg: string) => void } = {},
): Promise<{ server: Server; port: number; url: string; service: Service; close: () => Promise<void> }> => {
  const service = await makeService(config, options)
  const log = options.log ?? ((m: string) => console.error(m))
  const adapter = createServerAdapter<{ req: IncomingMessage; res: ServerResponse }>((request, ctx) => {
    const requestId = randomUUID()
    ctx.res.setHeader("x-request-id", requestId)
    const socket = ctx.req.socket.remoteAddress
    const forwarded = ctx.req.headers["x-forwarded-for"]?.toString() ?? null
    return service.handle(
      request,
      socket === undefined ? undefined : clientAddress(socket, forwarded, config.trustProxy),
      requestId,
    )
  })
  // node checks these timeouts every `connectionsCheckingInterval` (30 s by default): often enough
  // here that a trickling client is cut near its deadline. (headersTimeout must not exceed requestTimeout.)
  const headersTimeout = Math.min(config.headersTimeoutMs, config.requestTimeoutMs)
  const timeouts = {
    headersTimeout,
    requestTimeout: config.requestTimeoutMs,
    connectionsCheckingInterval: Math.max(50, Math.min(1000, headersTimeout / 4)),
  }
  const header = (req: IncomingMessage) => (name: "authorization" | "accept") => req.headers[name]
  const measure = service.metrics ? measured(service.metrics, patternOf) : undefined
  const server = createServer(timeouts, (req, res) => {
    measure?.(req, res)
    const why = malformed(req)
    if (why === undefined) {
      // A hot read (one stored raid or Refuge) is answered here, without the adapter's Request and
      // Response (the adapter alone takes about 1.4× node's own CPU per request: "adapter only" in
      // bench/api.bench.mjs).
      const requestId = randomUUID()
      const socket = req.socket.remoteAddress
      const plain = service.plainRead(
        req.method,
        req.url!,
        header(req),
        socket === undefined
          ? "unknown"
          : clientAddress(socket, req.headers["x-forwarded-for"]?.toString() ?? null, config.trustProxy),
        requestId,
      )
      if (plain !== undefined) {
        plain
          .then((answer) => {
            res.writeHead(answer.status, ["x-request-id", requestId, ...answer.headers])
            res.end(answer.body)
          })
          .catch(() => res.destroy())
        return
      }
      Promise.resolve()
        .then(() => adapter(req, res))
        .catch((e: unknown) => {
          // The handler catches its own errors; this is the adapter failing around it.
          const requestId = randomUUID()
          log(
            `[${requestId}] internal error in the HTTP adapter: ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`,
          )
          if (!res.headersSent) {
            res.writeHead(500, { "content-type": JSON_TYPE, "x-request-id": requestId })
            res.end(JSON.stringify(internalBody(requestId)))
          } else res.destroy()
        })
      return
    }
    const requestId = randomUUID()
    const body = JSON.stringify(badRequest(why).toBody(requestId))
    res.writeHead(400, {
      "content-type": JSON_TYPE,
      "content-length": Buffer.byteLength(body),
      "x-request-id": requestId,
      connection: "close",
    })
    res.end(body)
  })
  server.on("clientError", answerClientError)
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject)
    server.listen(config.port, config.host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === "object" && address ? address.port : config.port
  const url = `http://${config.host.includes(":") ? `[${config.host}]` : config.host}:${port}`
  return {
    server,
    port,
    url,
    service,
    close: () => closeGracefully(server, service, config.shutdownGraceMs),
  }
}
