/**
 * What a route answers besides JSON from its use case: `Raw` bytes of a type of their own (an SVG
 * map, a JSON answer already encoded), and `withPlain`, a route's plain read and the handler made
 * from it. Apart from routes.ts so the route modules (raidRoutes.ts) can use them while routes.ts
 * gathers them.
 */
import { Effect } from "effect"
import { preferred } from "./accept.js"
import type { Route } from "./routes.js"

/** The content type of every JSON answer (as the server's own). */
const JSON_TYPE = "application/json; charset=utf-8"

/** A non-JSON answer (an SVG map), or JSON already encoded: the router sends it as is. */
export class Raw {
  constructor(
    readonly contentType: string,
    readonly body: string | Uint8Array<ArrayBuffer>,
    /** Headers to send with it (a 202's Location). */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

/**
 * A route's `plain` read and the `handler` made from it (so the two can't answer differently);
 * `other` answers what `plain` does not take.
 */
export const withPlain = (
  plain: NonNullable<Route["plain"]>,
  other: Route["handler"] = () => Effect.die(new Error("no answer but the plain read")),
): Pick<Route, "plain" | "handler"> => ({
  plain,
  handler: (ctx) =>
    plain.takes(ctx.accept)
      ? Effect.map(
          Effect.flatten(Effect.promise(() => plain.read(ctx))),
          (bytes) => new Raw(JSON_TYPE, bytes),
        )
      : other(ctx),
})

const JSON_OR_SVG = ["application/json", "image/svg+xml"]
/** The SVG map when Accept prefers it to JSON (q-values and wildcards weighed by negotiator). */
export const wantsSvg = (accept: string) => preferred(accept, JSON_OR_SVG) === "image/svg+xml"
