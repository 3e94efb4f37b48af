#!/usr/bin/env node
// Thin launcher: the compiled CLI lives in ../dist (built by `npm install`'s prepare step).
import { main } from "../dist/main.js"

process.exitCode = await main(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr })
