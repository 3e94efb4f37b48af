import { defineProject } from "vitest/config"

// graphql 17 ships a development build under the `development` export condition, which Vite adds
// when it resolves a test's own imports; Pothos and Yoga, loaded by Node itself, get the ordinary
// build. Two graphql modules then refuse each other's types ("from another module or realm"), so
// the tests resolve without that condition, as Node does in production.
const conditions = ["module", "node"]

// Server tests bind loopback ports and share a PostgreSQL when TEST_DATABASE_URL is set: run files one at a time.
export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "api",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
