#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in ../dist (built by `npm install`'s prepare step).
import { existsSync } from "node:fs"
import * as nodeModule from "node:module"

// Node's compile cache keeps the compiled code of every module loaded (effect's many among them)
// on disk, so the next `blight` skips compiling them: see `npm run bench` (bench/cold-start.bench.mjs).
// It is enabled before the CLI is imported, hence the dynamic import; NODE_DISABLE_COMPILE_CACHE=1
// turns it off.
// (Looked up on the namespace: a Node without it starts all the same, only slower.)
nodeModule.enableCompileCache?.()
// The bundle (scripts/bundle.mjs) when it was built, else the compiled modules.
const bundle = new URL("../dist/bundle/main.js", import.meta.url)
const { main } = await import(existsSync(bundle) ? bundle.href : "../dist/main.js")

// A reader that stops early (`blight … | head`) closes the pipe: end quietly, as Unix tools do,
// rather than print the EPIPE stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0)
    throw e
  })

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
