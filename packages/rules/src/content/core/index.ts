/**
 * The core pack: The Blight's own content, assembled from the JSON fragments beside this file
 * and a manifest, and loaded through the same loader as any homebrew pack.
 *
 * @since 0.1.0
 */
import { Result } from "effect"
import { KINDS, type Kind } from "../../terms/Ids.js"
import { type HookDefinition, type HookRegistry, hooks as processHooks } from "../../vocabulary/Hooks.js"
import { type LoadOptions, loadPacks, type PackInput } from "../Loader.js"
import type { Manifest } from "../Pack.js"
import { PackInvalid, type Problem } from "../Problem.js"
import type { Registry } from "../Registry.js"
import aftermathTables from "./aftermath-tables.json" with { type: "json" }
import bestiary from "./bestiary.json" with { type: "json" }
import blightGiftsMarks from "./blight-gifts-marks.json" with { type: "json" }
import encounters from "./encounters.json" with { type: "json" }
import errands from "./errands.json" with { type: "json" }
import homes from "./homes.json" with { type: "json" }
import * as survivorHooks from "./hooks/survivors.js"
import * as worldHooks from "./hooks/world.js"
import improvements from "./improvements.json" with { type: "json" }
import leader from "./leader.json" with { type: "json" }
import market from "./market.json" with { type: "json" }
import scenarios from "./scenarios.json" with { type: "json" }
import seasons from "./seasons.json" with { type: "json" }
import survivors from "./survivors.json" with { type: "json" }
import terrain from "./terrain.json" with { type: "json" }
import upkeep from "./upkeep.json" with { type: "json" }

/** The core pack's data files, by file name, in the order they are assembled. */
export const fragments: ReadonlyArray<readonly [string, unknown]> = [
  ["survivors.json", survivors],
  ["market.json", market],
  ["blight-gifts-marks.json", blightGiftsMarks],
  ["aftermath-tables.json", aftermathTables],
  ["leader.json", leader],
  ["bestiary.json", bestiary],
  ["encounters.json", encounters],
  ["homes.json", homes],
  ["seasons.json", seasons],
  ["improvements.json", improvements],
  ["errands.json", errands],
  ["scenarios.json", scenarios],
  ["terrain.json", terrain],
  ["upkeep.json", upkeep],
]

/** The core pack's manifest. */
export const manifest = {
  id: "the-blight",
  name: "The Blight: core pack",
  version: "0.3.0",
  ruleset: "the-blight@0.3.0",
  licence: "MIT",
  author: "Blight Rules SDK contributors",
  description:
    'The Blight v0.3.0\'s own content. Entries the rules state in full are provenance "rules"; the rest fill the rules\' gaps and are "provisional".',
} as const

const isHook = (u: unknown): u is HookDefinition =>
  typeof u === "object" &&
  u !== null &&
  typeof (u as HookDefinition).name === "string" &&
  typeof (u as HookDefinition).run === "function"

/** The core pack's code hooks: every hook exported by `hooks/*.ts`. */
// biome-ignore lint/suspicious/noExplicitAny: hooks with different params types
export const coreHooks: ReadonlyArray<HookDefinition<any>> = [survivorHooks, worldHooks].flatMap((m) =>
  Object.values(m).filter(isHook),
)

/** Registers the core hooks in a registry (the process-wide one by default); safe to repeat. */
export const registerCoreHooks = (registry: HookRegistry = processHooks): HookRegistry => {
  for (const h of coreHooks) registry.register(h)
  return registry
}

interface Origin {
  readonly file: string
  readonly index: number
}

const assemble = () => {
  const pack: Record<string, unknown> = { manifest }
  const origins = new Map<string, Origin[]>()
  for (const [file, data] of fragments) {
    for (const [key, value] of Object.entries(data as Record<string, unknown>)) {
      if (key === "$schema") continue
      if (!(KINDS as ReadonlyArray<string>).includes(key) || !Array.isArray(value)) {
        // Not a kind: keep it under its own name so the loader reports it.
        pack[`${file}:${key}`] = value
        continue
      }
      const list = (pack[key] as unknown[] | undefined) ?? []
      const from = origins.get(key) ?? []
      value.forEach((entry, index) => {
        list.push(entry)
        from.push({ file, index })
      })
      pack[key] = list
      origins.set(key, from)
    }
  }
  return { pack, origins }
}

const assembled = assemble()

/** The core pack as data (the manifest and every fragment's entries), before loading. */
export const corePack: { readonly manifest: Manifest } & { readonly [K in Kind]?: ReadonlyArray<unknown> } =
  assembled.pack as never

/** Rewrites a problem's path in the assembled pack to the fragment file and index it came from. */
export const locate = (problem: Problem): Problem => {
  const m = /^([A-Za-z]+)\[(\d+)\](.*)$/.exec(problem.path)
  const origin = m ? assembled.origins.get(m[1]!)?.[Number(m[2])] : undefined
  return origin === undefined
    ? problem
    : { ...problem, pack: `core/${origin.file}`, path: `${m![1]}[${origin.index}]${m![3]}` }
}

/** The core pack as a loader input. */
export const coreInput: PackInput = { source: "the-blight", data: corePack }

let cached: Result.Result<Registry, PackInvalid> | undefined

/** Loads the core pack (once), with problems located in their fragment files. */
export const loadCore = (): Result.Result<Registry, PackInvalid> => {
  if (cached === undefined) {
    const hooks = registerCoreHooks()
    cached = Result.mapError(
      loadPacks([coreInput], { hooks }),
      (e) => new PackInvalid({ problems: e.problems.map(locate) }),
    )
  }
  return cached
}

/** The core pack's registry; throws {@link PackInvalid} if the core data has problems. */
export const coreRegistry = (): Registry => Result.getOrThrow(loadCore())

/** Loads packs on top of the core pack; core problems, if any, are reported with theirs. */
export const loadWithCore = (
  inputs: ReadonlyArray<PackInput>,
  options: Omit<LoadOptions, "base"> = {},
): Result.Result<Registry, PackInvalid> => {
  const hooks = registerCoreHooks(options.hooks ?? processHooks)
  return Result.flatMap(loadCore(), (base) => loadPacks(inputs, { base, hooks }))
}
