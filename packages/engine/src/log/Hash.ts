/**
 * A stable hash of a state: FNV-1a (2 × 32 bits) over its canonical JSON (keys sorted, undefined
 * fields left out), so two states equal as data hash alike whatever their keys' order.
 *
 * @since 0.1.0
 */

/** The canonical JSON of plain data. */
export const canonical = (v: unknown): string => {
  if (v === null || typeof v !== "object") return JSON.stringify(v) ?? "null"
  if (Array.isArray(v)) return `[${v.map(canonical).join(",")}]`
  const o = v as Record<string, unknown>
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(",")}}`
}

/** Sixteen hex digits. */
export const hash = (state: unknown): string => {
  const text = canonical(state)
  let a = 0x811c9dc5
  let b = 0x01000193
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    a = Math.imul(a ^ c, 0x01000193) >>> 0
    b = Math.imul(b ^ c ^ (a >>> 7), 0x85ebca6b) >>> 0
  }
  return a.toString(16).padStart(8, "0") + b.toString(16).padStart(8, "0")
}
