import { defineProject } from "vitest/config"

// Server tests bind loopback ports and share a PostgreSQL when TEST_DATABASE_URL is set: run files one at a time.
export default defineProject({
  test: {
    name: "api",
    include: ["test/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: false,
  },
})
