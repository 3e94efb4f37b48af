/**
 * Fixed answers (the GraphiQL page, /openapi.json, the /docs page and its assets) sent compressed
 * when the client accepts it: brotli, else gzip, else as they are, chosen from Accept-Encoding by
 * `negotiator` and marked `Vary: Accept-Encoding` so a cache keeps one copy per encoding.
 *
 * Not a per-response middleware (@whatwg-node/server's useContentEncoding): these bodies never
 * change while the service runs, so each is compressed once, on its first ask, and the bytes kept;
 * a middleware would compress the 9 MB GraphiQL page again on every load, and would put every
 * other answer through a hook (off the adapter's fast path, measured by bench/api.bench.mjs).
 */
import { promisify } from "node:util"
import { brotliCompress, constants, gzip } from "node:zlib"
import { Response } from "@whatwg-node/server"
import Negotiator from "negotiator"

export type Encoding = "br" | "gzip" | "identity"

/** In order of preference when the client weighs them alike: brotli is the smaller. */
const OFFERED: Encoding[] = ["br", "gzip", "identity"]

/** The encoding to send, from the request's Accept-Encoding (bounded: it is the client's text). */
export const encodingFor = (acceptEncoding: string | null | undefined): Encoding => {
  const header = (acceptEncoding ?? "").slice(0, 500)
  // `preferred` (negotiator 1.x, not in its @types): among encodings of equal weight, ours wins,
  // not the header's order ("gzip, deflate, br" from fetch gets brotli).
  const negotiator = new Negotiator({ headers: { "accept-encoding": header } }) as unknown as {
    encoding(available: Encoding[], options: { preferred: Encoding[] }): Encoding | undefined
  }
  return negotiator.encoding(OFFERED, { preferred: OFFERED }) ?? "identity"
}

const brotli = promisify(brotliCompress)
const gzipped = promisify(gzip)

/**
 * Brotli at quality 5, gzip at its default 6: a first load waits for them, and on the 9 MB
 * GraphiQL page they take about 0.7 s and 0.4 s (1.95 MB and 2.44 MB), where brotli 9 took 3.2 s
 * for 1.86 MB and gzip 9 twice the time for the same size.
 */
export const compress = (raw: Uint8Array, encoding: Exclude<Encoding, "identity">): Promise<Buffer> =>
  encoding === "br"
    ? brotli(raw, {
        params: {
          [constants.BROTLI_PARAM_QUALITY]: 5,
          [constants.BROTLI_PARAM_SIZE_HINT]: raw.byteLength,
        },
      })
    : gzipped(raw)

/** A fixed answer: its bytes in each encoding, compressed on first ask and kept. */
export const fixedAnswer = (body: string | Uint8Array, headers: Record<string, string>) => {
  const raw = typeof body === "string" ? Buffer.from(body) : Buffer.from(body)
  const kept = new Map<Encoding, Promise<Buffer>>([["identity", Promise.resolve(raw)]])
  return async (acceptEncoding: string | null | undefined): Promise<Response> => {
    const encoding = encodingFor(acceptEncoding)
    let bytes = kept.get(encoding)
    if (bytes === undefined) {
      bytes = compress(raw, encoding as Exclude<Encoding, "identity">)
      kept.set(encoding, bytes)
    }
    return new Response((await bytes) as Buffer<ArrayBuffer>, {
      headers: {
        ...headers,
        vary: "Accept-Encoding",
        ...(encoding === "identity" ? {} : { "content-encoding": encoding }),
      },
    })
  }
}
