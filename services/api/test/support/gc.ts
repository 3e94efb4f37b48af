import { afterAll } from "vitest"

// better-sqlite3 finalizes statements when they are collected; on Node 24 a statement collected
// while the worker's environment is torn down aborts the process. Collect them while it is alive.
afterAll(() => {
  ;(globalThis as { gc?: () => void }).gc?.()
})
