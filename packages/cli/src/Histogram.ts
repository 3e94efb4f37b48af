/** Readable tables with a small text histogram, for humans (JSON is for programs). */
import type { Distribution as D } from "@blight/dice"

type Distribution = D.Distribution

const BAR = 30

export const percent = (p: number): string => `${(p * 100).toFixed(2).padStart(6)}%`

/** One row per value: the value, its chance, the chance of at least that value, and a bar. */
export const histogram = (
  title: string,
  d: Distribution,
  { atLeast = true }: { atLeast?: boolean } = {},
): string => {
  const max = Math.max(...d.map((o) => o.probability))
  const lines = [
    title,
    `  ${"value".padStart(5)}  ${"chance".padStart(7)}${atLeast ? `  ${"≥ value".padStart(7)}` : ""}`,
  ]
  let tail = d.reduce((a, o) => a + o.probability, 0)
  for (const o of d) {
    const bar = "█".repeat(Math.round((o.probability / max) * BAR))
    lines.push(
      `  ${String(o.value).padStart(5)}  ${percent(o.probability)}${atLeast ? `  ${percent(Math.min(1, tail))}` : ""}  ${bar}`,
    )
    tail -= o.probability
  }
  return lines.join("\n")
}
