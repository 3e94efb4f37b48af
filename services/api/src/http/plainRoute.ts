/**
 * `withPlain`, a route's plain read and the handler made from it (its bytes sent as `Raw`), and
 * `wantsSvg`, Accept's choice between JSON and a map. Apart from routes.ts so the route modules (raidRoutes.ts) can use them while routes.ts
 * gathers them.
 */
import { Effect } from "effect"
import { preferred } from "./accept.js"
import { Raw, type Route } from "./route.js"

/** The content type of every JSON answer (as the server's own). */
const JSON_TYPE = "application/json; charset=utf-8"

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
