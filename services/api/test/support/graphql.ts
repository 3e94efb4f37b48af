/**
 * A GraphQL client for tests: a POST helper, and a selection of every field of a type (union
 * members by inline fragments, each field aliased by its member so members' same-named fields of
 * different types never clash), with the reader that turns an answer back into the plain value
 * the library's schema describes (no `__typename`, no nulls for absent fields, aliases undone, maps
 * typed as lists of entries back to maps).
 */
/**
 * The schema's types are read by shape, not with graphql's `isObjectType`: the service's schema may
 * come from another copy of graphql than the one this file would import.
 */
interface Named {
  readonly name: string
  readonly ofType?: Named
  readonly getFields?: () => Record<
    string,
    { name: string; args: unknown[]; deprecationReason?: string | null; type: Named }
  >
  readonly getTypes?: () => Named[]
}
const named = (t: Named): Named => (t.ofType ? named(t.ofType) : t)

// biome-ignore lint/suspicious/noExplicitAny: tests reach into answers and let assertions check them
type Json = any

export const graphql =
  (url: string) => async (query: string, variables: Record<string, unknown>, key?: string) => {
    const res = await fetch(`${url}/graphql`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: JSON.stringify({ query, variables }),
    })
    return (await res.json()) as { data?: Json; errors?: Array<{ message: string; extensions?: Json }> }
  }

const SEP = "__of__"

/** Every field of `type`, to `depth` levels. */
export const selectAll = (
  schema: { getType: (name: string) => unknown },
  typeName: string,
  depth = 14,
): string => {
  const walk = (type: Named, left: number, member?: string, clash?: ReadonlySet<string>): string => {
    const t = named(type)
    if (t.getFields) {
      if (left === 0) return "{ __typename }"
      const fields = Object.values(t.getFields()).filter((f) => f.args.length === 0 && !f.deprecationReason)
      return `{ __typename ${fields.map((f) => `${member && clash?.has(f.name) ? `${f.name}${SEP}${member}: ` : ""}${f.name} ${walk(f.type, left - 1)}`).join(" ")} }`
    }
    if (t.getTypes) {
      // Members' fields of one name but different types would clash: only those are aliased.
      const kinds = new Map<string, Set<string>>()
      for (const m of t.getTypes())
        for (const f of Object.values(m.getFields?.() ?? {}))
          kinds.set(f.name, (kinds.get(f.name) ?? new Set()).add(String(f.type)))
      const clash = new Set([...kinds].filter(([, k]) => k.size > 1).map(([n]) => n))
      return `{ __typename ${t
        .getTypes()
        .map((m) => `... on ${m.name} ${walk(m, left, m.name, clash)}`)
        .join(" ")} }`
    }
    return ""
  }
  return walk(schema.getType(typeName) as Named, depth)
}

/** An entry of a map typed as a list of `{key, value}` (`<Type>Entry`, nothing but its key and value). */
const isEntry = (v: Json) =>
  v !== null &&
  typeof v === "object" &&
  /Entry$/.test(v.__typename) &&
  Object.keys(v)
    .filter((k) => k !== "__typename")
    .sort()
    .join() === "key,value"

/** The description fromSchema gives a value that is one of several kinds, one field per kind. */
const ONE_OF_KINDS = /^Exactly one of these fields is set/

/**
 * An answer read back as the library's plain value: a map's entries back to the map, and, given
 * the schema, a value of one of several kinds (`{flag}` or `{text}`, `{modelId}` or `{tokenId}`)
 * back to the value its one field holds.
 */
export const plain = (v: Json, schema?: { getType: (name: string) => unknown }): Json => {
  if (Array.isArray(v) && v.length > 0 && v.every(isEntry))
    return Object.fromEntries(v.map((e: Json) => [e.key, plain(e.value, schema)]))
  if (Array.isArray(v)) return v.map((x) => plain(x, schema))
  if (v === null || typeof v !== "object") return v
  const type = schema && typeof v.__typename === "string" ? (schema.getType(v.__typename) as Json) : undefined
  if (type && ONE_OF_KINDS.test(type.description ?? ""))
    return plain(Object.entries(v).find(([k, x]) => k !== "__typename" && x !== null)?.[1] ?? null, schema)
  const out: Record<string, unknown> = {}
  for (const [k, x] of Object.entries(v)) {
    if (k === "__typename" || x === null) continue
    out[k.split(SEP)[0]!] = plain(x, schema)
  }
  return out
}

/**
 * Reads a subscription's answers over SSE (graphql-yoga's: one `data:` line per answer) as they
 * come, keeping the `seq` of each entry `field` answers with, until the stream ends or is aborted.
 */
export const seqsOf = (res: Response, field: string) => {
  const received: number[] = []
  const reading = (async () => {
    const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ""
    try {
      for (;;) {
        const { value, done } = await reader.read()
        if (done) return
        buffer += value
        for (let cut = buffer.indexOf("\n\n"); cut >= 0; cut = buffer.indexOf("\n\n")) {
          const data = /^data: (.*)$/m.exec(buffer.slice(0, cut))?.[1]
          buffer = buffer.slice(cut + 2)
          if (data) received.push(JSON.parse(data).data[field].seq)
        }
      }
    } catch {
      // aborted at the end
    }
  })()
  return { received, reading }
}

/** Opens a subscription over SSE (`POST /graphql`, `Accept: text/event-stream`) with the caller's key. */
export const subscribe = (
  url: string,
  key: string,
  query: string,
  variables: Record<string, unknown>,
  signal: AbortSignal,
) =>
  fetch(`${url}/graphql`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      accept: "text/event-stream",
      authorization: `Bearer ${key}`,
    },
    body: JSON.stringify({ query, variables }),
    signal,
  })
