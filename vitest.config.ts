import { defineConfig } from "vitest/config"

// One run over every workspace: each package and service is a project.
export default defineConfig({
  test: {
    projects: ["packages/*", "services/*"],
    reporters: process.env.CI ? ["default", ["json", { outputFile: ".vitest-report.json" }]] : ["default"],
  },
})
