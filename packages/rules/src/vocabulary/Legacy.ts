/**
 * Packs written for vocabulary v1 keep loading: the core hooks that v2 says in words are upgraded
 * to those words when a pack is loaded (`{ "kind": "hook", "hook": "core/crit-damage", "params":
 * { "damage": 1 } }` becomes `{ "kind": "damageModifier", "value": 1, "on": "crit" }`), keeping the
 * effect's `when`, `scope` and `uses`. Params are checked by the old hook's schema, with the old
 * hook's name in the message. docs/homebrew.md lists the table.
 *
 * @since 0.3.0
 */
import { Result, Schema } from "effect"
import type { EffectEncoded } from "./Effect.js"
import { Action } from "./Vocabulary.js"

const int = (min: number, max: number) => Schema.Int.check(Schema.isBetween({ minimum: min, maximum: max }))
const inches = Schema.Number.check(Schema.isBetween({ minimum: 0, maximum: 72 }))

interface Upgrade<P> {
  // biome-ignore lint/suspicious/noExplicitAny: each old hook's params have their own encoded type
  readonly params: Schema.Codec<P, any>
  readonly to: (p: P) => EffectEncoded
}
const upgrade = <P, I>(params: Schema.Codec<P, I>, to: (p: P) => EffectEncoded): Upgrade<P> => ({
  params,
  to,
})

/** The v1 hooks v2 says in words, with their old params and what they become. */
// biome-ignore lint/suspicious/noExplicitAny: a table of upgrades with different params types
export const LEGACY_HOOKS: Readonly<Record<string, Upgrade<any>>> = {
  "core/bonus-xp": upgrade(Schema.Struct({ xp: int(1, 5) }), ({ xp }) => ({ kind: "experience", xp })),
  "core/no-panic": upgrade(Schema.Struct({}), () => ({
    kind: "replaceOutcome",
    outcome: "panic",
    becomes: "shaken",
  })),
  "core/jam-threshold": upgrade(Schema.Struct({ ones: int(2, 6) }), ({ ones }) => ({
    kind: "threshold",
    rule: "jam",
    value: ones,
  })),
  "core/free-reload": upgrade(Schema.Struct({ perActivation: int(1, 2) }), ({ perActivation }) => ({
    kind: "freeAction",
    action: "reload",
    uses: { per: "activation", times: perActivation },
  })),
  "core/quiet-action": upgrade(
    Schema.Struct({ actions: Schema.Array(Action).check(Schema.isMinLength(1)) }),
    ({ actions }) => ({ kind: "actionNoise", actions, value: 0 }),
  ),
  "core/heal": upgrade(Schema.Struct({ health: int(1, 3) }), ({ health }) => ({ kind: "heal", health })),
  "core/crit-damage": upgrade(Schema.Struct({ damage: int(1, 3) }), ({ damage }) => ({
    kind: "damageModifier",
    value: damage,
    on: "crit",
  })),
  "core/gain-weapon": upgrade(
    Schema.Struct({
      weapon: Schema.String.check(
        Schema.isPattern(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
          toJsonSchema: () => ({ pattern: /^[a-z0-9]+(?:-[a-z0-9]+)*$/.source }),
        }),
      ),
    }),
    ({ weapon }) => ({ kind: "gainItem", weapon }),
  ),
  "core/ignores-terrain": upgrade(
    Schema.Struct({ mode: Schema.Literals(["flying", "burrowing"]) }),
    ({ mode }) => ({
      kind: "ignoreTerrain",
      terrain: mode === "flying" ? ["climbing", "dense"] : ["climbing", "dense", "blocking"],
    }),
  ),
  "core/untargetable-beyond": upgrade(Schema.Struct({ inches }), ({ inches: beyond }) => ({
    kind: "untargetable",
    action: "shoot",
    beyond,
    by: "enemies",
  })),
  "core/night-sight": upgrade(Schema.Struct({ inches }), ({ inches: beyond }) => ({
    kind: "untargetable",
    action: "shoot",
    beyond,
    by: "models",
    unless: { any: [{ noise: { min: 1 } }, { carrying: "light" }] },
  })),
  "core/reloading-bench": upgrade(
    Schema.Struct({ salvage: int(1, 20), reloads: int(1, 5) }),
    ({ salvage, reloads }) => ({
      kind: "exchange",
      give: { store: "salvage", amount: salvage },
      get: { store: "reloads", amount: reloads },
    }),
  ),
  "core/congregation-market": upgrade(
    Schema.Struct({
      weapons: Schema.Literal("commonMelee"),
      kit: Schema.Literal("common"),
      maxArmour: int(0, 6),
      reloads: Schema.Boolean,
      sellAmber: Schema.Boolean,
    }),
    (p) => ({ kind: "marketRestriction", ...p }),
  ),
}

/** Is this the name of a v1 hook that loading upgrades? */
export const isLegacyHook = (name: string): boolean => Object.hasOwn(LEGACY_HOOKS, name)

const parseOptions = { errors: "all", onExcessProperty: "error", reportInput: true } as const
const decoders = Object.fromEntries(
  Object.entries(LEGACY_HOOKS).map(([name, u]) => [name, Schema.decodeUnknownResult(u.params, parseOptions)]),
) as Record<string, (u: unknown) => Result.Result<unknown, Schema.SchemaError>>

/** A v1 hook whose params its old schema refuses: where, and the error. */
export interface LegacyProblem {
  readonly path: string
  readonly hook: string
  readonly error: Schema.SchemaError
}

const isRecord = (u: unknown): u is Record<string, unknown> =>
  typeof u === "object" && u !== null && !Array.isArray(u)

/**
 * A pack's raw data with every v1 hook upgraded to its v2 words (a new value; the input is not
 * changed), and the problems with old params. `path` is the path of the data given.
 */
export const upgradeLegacy = (
  data: unknown,
  path = "",
): { readonly data: unknown; readonly problems: ReadonlyArray<LegacyProblem> } => {
  const problems: LegacyProblem[] = []
  const walk = (v: unknown, at: string): unknown => {
    if (Array.isArray(v)) return v.map((x, i) => walk(x, `${at}[${i}]`))
    if (!isRecord(v)) return v
    if (v.kind === "hook" && typeof v.hook === "string" && isLegacyHook(v.hook)) {
      const r = decoders[v.hook]!(v.params ?? {})
      if (Result.isFailure(r)) {
        problems.push({ path: `${at}.params`, hook: v.hook, error: r.failure })
        return v
      }
      const { kind: _k, hook: _h, params: _p, ...common } = v
      return { ...LEGACY_HOOKS[v.hook]!.to(r.success), ...common }
    }
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, at === "" ? k : `${at}.${k}`)]))
  }
  return { data: walk(data, path), problems }
}
