/**
 * `Content`: the loaded registry as an Effect service, for programs that take their content from
 * a Layer (the core pack alone, or the core pack with homebrew packs on top).
 *
 * @since 0.1.0
 */
import { Context, Effect, Layer, Result } from "effect"
import { loadCore, loadWithCore } from "./core/index.js"
import type { PackInput } from "./Loader.js"
import type { PackInvalid } from "./Problem.js"
import type { Registry } from "./Registry.js"

/** The content registry a program runs against. */
export class Content extends Context.Service<Content, Registry>()("@blight/rules/Content") {}

const fromResult = (r: Result.Result<Registry, PackInvalid>): Effect.Effect<Registry, PackInvalid> =>
  Result.match(r, { onFailure: Effect.fail, onSuccess: Effect.succeed })

/** A layer over a registry already loaded. */
export const layer = (registry: Registry): Layer.Layer<Content> => Layer.succeed(Content, registry)

/** The core pack; fails with {@link PackInvalid} if its data has problems. */
export const layerCore: Layer.Layer<Content, PackInvalid> = Layer.effect(
  Content,
  Effect.suspend(() => fromResult(loadCore())),
)

/** The core pack with these packs on top; fails with every problem of every pack. */
export const layerWith = (inputs: ReadonlyArray<PackInput>): Layer.Layer<Content, PackInvalid> =>
  Layer.effect(
    Content,
    Effect.suspend(() => fromResult(loadWithCore(inputs))),
  )
