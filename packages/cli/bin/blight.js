#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in ../dist (built by `npm install`'s prepare step).
import { statSync } from "node:fs"
import * as nodeModule from "node:module"

// Node's compile cache keeps the compiled code of every module loaded (effect's many among them)
// on disk, so the next `blight` skips compiling them: see `npm run bench` (bench/cold-start.bench.mjs).
// It is enabled before the CLI is imported, hence the dynamic import; NODE_DISABLE_COMPILE_CACHE=1
// turns it off.
// (Looked up on the namespace: a Node without it starts all the same, only slower.)
nodeModule.enableCompileCache?.()
// The bundle (scripts/bundle.mjs, made by `npm run build`) when there is one newer than the last
// TypeScript build of this package and of the SDK packages it bundles (in this repository; an
// installed package has no build info), else the compiled modules: a `tsc -b` alone never leaves
// the binary running yesterday's code.
const bundle = new URL("../dist/bundle/main.js", import.meta.url)
const built = statSync(bundle, { throwIfNoEntry: false })?.mtimeMs
const fresh =
  built !== undefined &&
  ["../tsconfig.tsbuildinfo", ...["dice", "rules", "nightsong"].map((p) => `../../${p}/tsconfig.tsbuildinfo`)]
    .map((f) => statSync(new URL(f, import.meta.url), { throwIfNoEntry: false })?.mtimeMs ?? 0)
    .every((t) => t <= built)
const { main } = await import(fresh ? bundle.href : "../dist/main.js")

// A reader that stops early (`blight … | head`) closes the pipe: end quietly, as Unix tools do,
// rather than print the EPIPE stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0)
    throw e
  })

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
