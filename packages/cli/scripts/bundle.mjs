// The `blight` binary's bundle: dist/main.js and everything it imports (effect, @blight/*) in a
// few files under dist/bundle, one chunk a verb, so a start reads a handful of files instead of
// several hundred modules. bin/blight.js runs it when it is there, else dist/main.js; the
// package's `main` export stays dist/main.js. `blight sim` stays unbundled (dist/commands/sim.js):
// its worker threads load their own file beside it. Figures: `npm run bench` (bench/cold-start.bench.mjs).
//
// esbuild is a devDependency of this package; where it is missing (an install without dev
// dependencies) the bundle is skipped and the binary runs dist/main.js.
import { rm } from "node:fs/promises"
import { fileURLToPath } from "node:url"

const dist = fileURLToPath(new URL("../dist/", import.meta.url))
let esbuild
try {
  esbuild = await import("esbuild")
} catch {
  console.warn("bundle: esbuild is not installed; bin/blight.js will run dist/main.js")
  await rm(`${dist}bundle`, { recursive: true, force: true })
  process.exit(0)
}

/** `./sim.js` from the verb table: the unbundled verb beside its worker. */
const simOutside = {
  name: "sim-outside",
  setup(build) {
    build.onResolve({ filter: /^\.\/sim\.js$/ }, () => ({ path: "../commands/sim.js", external: true }))
  },
}

await rm(`${dist}bundle`, { recursive: true, force: true })
await esbuild.build({
  entryPoints: { main: `${dist}main.js` },
  outdir: `${dist}bundle`,
  bundle: true,
  splitting: true,
  format: "esm",
  platform: "node",
  target: "node22",
  // Runtime dependencies that are not the SDK's own stay imports of the installed packages.
  external: ["piscina", "vega", "vega-lite"],
  plugins: [simOutside],
  logLevel: "warning",
  legalComments: "none",
  minify: true,
  keepNames: true,
})
