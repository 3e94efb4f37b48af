/**
 * Just enough semver for pack manifests: versions ("1.2.3") and ranges ("^1.2.0", "~1.2.0",
 * ">=1.0.0 <2.0.0", "1.2.x", "*"). Written here to add no dependency.
 *
 * @since 0.1.0
 */
import { Schema } from "effect"

const VERSION = /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)(?:-([0-9A-Za-z.-]+))?$/

/** A parsed version. */
export interface Version {
  readonly major: number
  readonly minor: number
  readonly patch: number
  readonly pre?: string
}

/** Reads a version, or undefined. */
export const parseVersion = (text: string): Version | undefined => {
  const m = VERSION.exec(text)
  if (!m) return undefined
  const v = { major: Number(m[1]), minor: Number(m[2]), patch: Number(m[3]) }
  return m[4] === undefined ? v : { ...v, pre: m[4] }
}

/** Compares two versions: negative, zero or positive. */
export const compare = (a: Version, b: Version): number =>
  a.major - b.major ||
  a.minor - b.minor ||
  a.patch - b.patch ||
  (a.pre === b.pre ? 0 : a.pre === undefined ? 1 : b.pre === undefined ? -1 : a.pre < b.pre ? -1 : 1)

type Comparator = { readonly op: "<" | "<=" | ">" | ">=" | "="; readonly v: Version }

const partial = (text: string): { v: Version; given: number } | undefined => {
  const m = /^(\d+|[xX*])(?:\.(\d+|[xX*]))?(?:\.(\d+|[xX*]))?(?:-([0-9A-Za-z.-]+))?$/.exec(text)
  if (!m) return undefined
  const parts = [m[1], m[2], m[3]]
  let given = 0
  for (const p of parts) {
    if (p === undefined || /[xX*]/.test(p)) break
    given++
  }
  const n = (i: number) => (i < given ? Number(parts[i]) : 0)
  const v: Version = { major: n(0), minor: n(1), patch: n(2) }
  return { v: m[4] === undefined || given < 3 ? v : { ...v, pre: m[4] }, given }
}

const bump = (v: Version, at: 0 | 1 | 2): Version =>
  at === 0
    ? { major: v.major + 1, minor: 0, patch: 0 }
    : at === 1
      ? { major: v.major, minor: v.minor + 1, patch: 0 }
      : { major: v.major, minor: v.minor, patch: v.patch + 1 }

const comparators = (part: string): Comparator[] | undefined => {
  if (part === "*" || part === "x" || part === "") return []
  const op = /^(\^|~|>=|<=|>|<|=)?\s*(.+)$/.exec(part)
  if (!op) return undefined
  const p = partial(op[2]!)
  if (!p) return undefined
  const { v, given } = p
  switch (op[1]) {
    case "^": {
      const at = v.major > 0 || given < 2 ? 0 : v.minor > 0 || given < 3 ? 1 : 2
      return [
        { op: ">=", v },
        { op: "<", v: bump(v, at) },
      ]
    }
    case "~":
      return [
        { op: ">=", v },
        { op: "<", v: bump(v, given < 2 ? 0 : 1) },
      ]
    case ">":
    case ">=":
    case "<":
    case "<=":
      return [{ op: op[1], v }]
    default:
      if (given === 3) return [{ op: "=", v }]
      if (given === 0) return []
      return [
        { op: ">=", v },
        { op: "<", v: bump(v, given === 1 ? 0 : 1) },
      ]
  }
}

/** Reads a range: space-separated comparators (all must hold), `||` between alternatives. */
export const parseRange = (text: string): Comparator[][] | undefined => {
  const alts: Comparator[][] = []
  for (const alt of text.trim().split(/\s*\|\|\s*/)) {
    const set: Comparator[] = []
    for (const part of alt
      .trim()
      .replace(/(\^|~|>=|<=|>|<|=)\s+/g, "$1")
      .split(/\s+/)) {
      const c = comparators(part)
      if (!c) return undefined
      set.push(...c)
    }
    alts.push(set)
  }
  return alts
}

/** True if the version is in the range. */
export const satisfies = (version: string, range: string): boolean => {
  const v = parseVersion(version)
  const r = parseRange(range)
  if (!v || !r) return false
  return r.some((set) =>
    set.every(({ op, v: w }) => {
      const c = compare(v, w)
      return op === "<" ? c < 0 : op === "<=" ? c <= 0 : op === ">" ? c > 0 : op === ">=" ? c >= 0 : c === 0
    }),
  )
}

/** A semver version string ("0.3.0"). */
export const SemverVersion = Schema.String.pipe(
  Schema.maxLength(64),
  Schema.pattern(VERSION, { message: () => 'a version is semver, e.g. "0.3.0"' }),
).annotations({ description: 'A semver version, e.g. "0.3.0"' })

/** A semver range string ("^0.3.0"). */
export const SemverRange = Schema.String.pipe(
  Schema.filter((s) =>
    parseRange(s) ? undefined : `not a semver range: ${JSON.stringify(s)} (e.g. "^0.3.0")`,
  ),
).annotations({ description: 'A semver range, e.g. "^0.3.0", ">=0.3.0 <0.4.0"' })
