#!/usr/bin/env node
// Thin launcher (as the CLI's bin/blight.js): the compiled worker lives in ../dist, built by
// `npm install`'s prepare step. A file in the repository, so npm links it before anything is built.
import "../dist/worker.js"
