/**
 * Versions and ranges in pack manifests ("0.3.0", "^0.3.0", ">=0.3.0 <0.4.0"), read by the
 * `semver` package npm itself uses, so a pack's ranges mean what they mean in a package.json.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"
import semver from "semver"

/** True if the version is in the range (false when either doesn't parse). */
export const satisfies = (version: string, range: string): boolean =>
  semver.valid(version) !== null && semver.validRange(range) !== null && semver.satisfies(version, range)

// The semver grammar (no build metadata), as a pattern so the JSON Schema carries it too.
const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/

/** A semver version string ("0.3.0"). */
export const SemverVersion = Schema.String.check(
  Schema.isMaxLength(64),
  Schema.isPattern(VERSION, {
    toJsonSchema: () => ({ pattern: VERSION.source }),
    message: 'a version is semver, e.g. "0.3.0"',
  }),
).annotate({ description: 'A semver version, e.g. "0.3.0"' })

/** A semver range string ("^0.3.0"). */
export const SemverRange = Schema.String.check(
  Schema.makeFilter((s) =>
    semver.validRange(s) !== null ? undefined : `not a semver range: ${JSON.stringify(s)} (e.g. "^0.3.0")`,
  ),
).annotate({ description: 'A semver range, e.g. "^0.3.0", ">=0.3.0 <0.4.0"' })
