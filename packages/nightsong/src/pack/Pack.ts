/**
 * The Nightsong pack format, shaped as The Blight's: a manifest (id, version, the ruleset it is
 * for, the packs it requires, licence and author) and entries by kind. A pack is a Nightsong pack
 * when its manifest says `"ruleset": "nightsong"` (R-N-PACK-01).
 *
 * @since 0.3.0
 */
import { Schema } from "effect"
import semver from "semver"
import { entrySchemas, Slug } from "./Entries.js"

/** The ruleset a Nightsong pack names in its manifest; what tells it from a Blight pack. */
export const NIGHTSONG_RULESET = "nightsong" as const

/** A semver version ("1.0.0"), as npm reads one. */
export const Version = Schema.String.check(
  Schema.makeFilter((s: string) =>
    s.length <= 64 && semver.valid(s) === s
      ? undefined
      : `not a semver version: ${JSON.stringify(s)} (e.g. "1.0.0")`,
  ),
).annotate({ description: 'A semver version, e.g. "1.0.0"' })

/** A semver range ("^0.1.0"), as npm reads one. */
export const Range = Schema.String.check(
  Schema.makeFilter((s: string) =>
    semver.validRange(s) === null ? `not a semver range: ${JSON.stringify(s)} (e.g. "^0.1.0")` : undefined,
  ),
).annotate({ description: 'A semver range, e.g. "^0.1.0"' })

/** A pack this one needs, at versions in a range. */
export const Requirement = Schema.Struct({ pack: Slug, version: Range }).annotate({
  identifier: "NightsongRequirement",
})

/** What a pack is. */
export const Manifest = Schema.Struct({
  id: Slug,
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  version: Version,
  ruleset: Schema.Literal(NIGHTSONG_RULESET),
  requires: Schema.optional(Schema.Array(Requirement)),
  licence: Schema.Trimmed.check(Schema.isNonEmpty()),
  author: Schema.Trimmed.check(Schema.isNonEmpty()),
  description: Schema.optional(Schema.String),
}).annotate({ identifier: "NightsongManifest" })
export type Manifest = typeof Manifest.Type

type KindFields = {
  readonly [K in keyof typeof entrySchemas]: Schema.optional<Schema.$Array<(typeof entrySchemas)[K]>>
}
const kinds = Object.fromEntries(
  Object.entries(entrySchemas).map(([k, s]) => [k, Schema.optional(Schema.Array(s))]),
) as KindFields
/** A pack's fields, named so declaration files need not spell out every entry schema. */
export type PackFields = {
  readonly $schema: Schema.optional<Schema.String>
  readonly manifest: typeof Manifest
} & KindFields

/** A Nightsong pack (for its JSON Schema: the loader reads entries one at a time, for paths). */
export const Pack: Schema.Struct<PackFields> = Schema.Struct({
  $schema: Schema.optional(Schema.String),
  manifest: Manifest,
  ...kinds,
}).annotate({ identifier: "NightsongPack", title: "Nightsong content pack" })
export type Pack = typeof Pack.Type
export type PackEncoded = typeof Pack.Encoded

/** True if the version is in the range. */
export const satisfies = (version: string, range: string): boolean =>
  semver.valid(version) !== null && semver.validRange(range) !== null && semver.satisfies(version, range)

/** Is this parsed JSON a Nightsong pack (its manifest names the ruleset)? */
export const isNightsongPack = (data: unknown): boolean => {
  const m = (data as { manifest?: { ruleset?: unknown } } | null)?.manifest
  return typeof m === "object" && m !== null && m.ruleset === NIGHTSONG_RULESET
}
