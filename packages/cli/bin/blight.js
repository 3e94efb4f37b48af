#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in ../dist (built by `npm install`'s prepare step).
import { main } from "../dist/main.js"

// A reader that stops early (`blight … | head`) closes the pipe: end quietly, as Unix tools do,
// rather than print the EPIPE stack trace.
for (const stream of [process.stdout, process.stderr])
  stream.on("error", (e) => {
    if (e.code === "EPIPE") process.exit(process.exitCode ?? 0)
    throw e
  })

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
