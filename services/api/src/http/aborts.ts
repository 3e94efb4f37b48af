/**
 * A client that closes its connection before its request is read (node fails the request's
 * stream with `aborted`, code ECONNRESET) is no failure of the service: it is told apart so it is
 * logged as what it is, at info level, and never as an internal error (an alert on those would
 * fire for nothing). Only that error, and only once the request's signal says the client has
 * gone: an ECONNRESET from the database (`read ECONNRESET`) is still an internal error.
 */
export const isClientAbort = (e: unknown, request: { readonly signal: AbortSignal }): boolean =>
  e instanceof Error &&
  e.message === "aborted" &&
  (e as NodeJS.ErrnoException).code === "ECONNRESET" &&
  request.signal.aborted

/** The info line for it: which request, and that the client went away. */
export const clientAbortLine = (requestId: string, method: string, url: string): string =>
  `[${requestId}] client aborted: ${method} ${new URL(url).pathname.slice(0, 200)}: the connection closed before the request was read`
