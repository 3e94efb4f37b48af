/**
 * The content pack format: a manifest, and entries by kind. A data fragment (one file of a
 * pack's data) is the entries alone. Both may carry `"$schema"` for editor validation.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import { PackId } from "../terms/Ids.js"
import { SemverRange, SemverVersion } from "./Semver.js"
import { Entries, type EntryFields } from "./schema/Entries.js"

/** The ruleset packs are written for. */
export const RULESET = "the-blight@0.3.0" as const

/** A pack this one needs, with a semver range ("^0.3.0"). */
export const Requirement = Schema.Struct({
  pack: PackId,
  version: SemverRange,
}).annotate({ identifier: "Requirement" })

/** What a pack is: id, version, ruleset, what it requires, licence and author. */
export const Manifest = Schema.Struct({
  id: PackId,
  name: Schema.Trimmed.check(Schema.isNonEmpty()),
  version: SemverVersion,
  ruleset: Schema.Literal(RULESET),
  requires: Schema.optional(Schema.Array(Requirement)),
  licence: Schema.Trimmed.check(Schema.isNonEmpty()),
  author: Schema.Trimmed.check(Schema.isNonEmpty()),
  description: Schema.optional(Schema.String),
}).annotate({ identifier: "Manifest" })
export type Manifest = typeof Manifest.Type

const schemaRef = { $schema: Schema.optional(Schema.String) }

/** A pack's fields, named so declaration files don't spell out every entry schema again. */
export type PackFields = typeof schemaRef & { readonly manifest: typeof Manifest } & EntryFields
/** A fragment's fields: a pack's without the manifest. */
export type FragmentFields = typeof schemaRef & EntryFields

/** A content pack. */
export const Pack: Schema.Struct<PackFields> = Schema.Struct({
  ...schemaRef,
  manifest: Manifest,
  ...Entries.fields,
}).annotate({ identifier: "Pack", title: "The Blight content pack" })
export type Pack = typeof Pack.Type
export type PackEncoded = typeof Pack.Encoded

/** A data fragment: entries by kind, assembled into a pack by its index. */
export const Fragment: Schema.Struct<FragmentFields> = Schema.Struct({
  ...schemaRef,
  ...Entries.fields,
}).annotate({ identifier: "Fragment", title: "The Blight content pack data fragment" })
export type Fragment = typeof Fragment.Type
