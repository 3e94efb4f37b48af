/**
 * Settings read from environment variables with effect's `Config`, each one never failing but
 * holding its value or what is wrong with it ("NAME: reason"), so a bad environment is reported
 * whole (every bad variable at once, in the order the settings are listed), with the texts the
 * service has always printed.
 */
import { Config as C, ConfigProvider, Effect, Option, Result } from "effect"

/** A setting: its value, or the problems with its variables. */
export type Setting<A> = C.Config<Result.Result<A, ReadonlyArray<string>>>

const problem = (name: string, reason: string) => Result.fail([`${name}: ${reason}`])

/** A variable read by `read`: as it is set (an empty one too); `fallback` when unset (none: it must be set). */
const variable = <A>(
  name: string,
  fallback: A | undefined,
  read: (s: string) => Result.Result<A, ReadonlyArray<string>>,
): Setting<A> =>
  C.option(C.String(name)).pipe(
    C.map(
      Option.match({
        onNone: () =>
          fallback === undefined
            ? problem(name, `Expected ${name} to exist in the provided map`)
            : Result.succeed(fallback),
        onSome: read,
      }),
    ),
  )

/** A text variable. */
export const text = (name: string, fallback?: string): Setting<string> =>
  variable(name, fallback, (s) => Result.succeed(s))

/** A number variable (`integer`: a whole one), read as JavaScript's `Number` reads text. */
export const number = (name: string, kind: "number" | "integer", fallback?: number): Setting<number> =>
  variable(name, fallback, (s) => {
    const n = Number(s)
    const bad = kind === "integer" ? !Number.isInteger(n) : Number.isNaN(n)
    return bad
      ? problem(
          name,
          `Expected ${kind === "integer" ? "an integer" : "a number"} value but received ${JSON.stringify(s)}`,
        )
      : Result.succeed(n)
  })

/** A setting's value changed by `f`. */
export const map =
  <A, B>(f: (a: A) => B) =>
  (self: Setting<A>): Setting<B> =>
    self.pipe(C.map(Result.map(f)))

/** A setting held to a rule: `message` (the whole problem, its name first) when it breaks it. */
export const check =
  <A>(message: string, ok: (a: A) => boolean) =>
  (self: Setting<A>): Setting<A> =>
    self.pipe(C.map(Result.flatMap((a) => (ok(a) ? Result.succeed(a) : Result.fail([message])))))

/** Settings together: a record of their values, or every problem of every one of them. */
export const all = <const R extends Record<string, Setting<unknown>>>(
  fields: R,
): Setting<{ readonly [K in keyof R]: R[K] extends Setting<infer A> ? A : never }> =>
  C.all(fields).pipe(
    C.map((results) => {
      const entries = Object.entries(results as Record<string, Result.Result<unknown, ReadonlyArray<string>>>)
      const problems = entries.flatMap(([, r]) => (Result.isFailure(r) ? r.failure : []))
      return problems.length > 0
        ? Result.fail(problems)
        : Result.succeed(
            Object.fromEntries(
              entries.map(([k, r]) => [k, (r as Result.Success<unknown, never>).success]),
            ) as never,
          )
    }),
  )

/**
 * Reads settings from an environment: their value, or every problem ("NAME: reason", each said
 * once) joined by "; ".
 */
export const read = <A>(setting: Setting<A>, env: NodeJS.ProcessEnv): Result.Result<A, string> => {
  const provider = ConfigProvider.fromEnvRecord(env, { preserveEmptyStrings: true })
  const read = Effect.runSync(setting.parse(provider))
  return Result.isFailure(read)
    ? Result.fail([...new Set(read.failure)].join("; "))
    : Result.succeed(read.success)
}
