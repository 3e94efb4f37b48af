/**
 * Whether an answer given to a prompt is one it takes: the right number of faces, each on the
 * die; one of the options offered. A bad answer is refused and the prompt still waits.
 *
 * @since 0.1.0
 */
import { type Answer, type Prompt, sidesOf } from "../prompt/Prompt.js"

const faceProblem = (prompt: Extract<Prompt, { kind: "dice" }>, a: Answer): string | undefined => {
  const n = prompt.dice
  const sides = sidesOf(prompt)
  if (!Array.isArray(a)) return `faces: roll ${n} dice for ${prompt.purpose}`
  if (a.length !== n)
    return `faces: ${prompt.purpose} needs ${n} ${n === 1 ? "die" : "dice"}, got ${a.length}`
  return a.some((f) => !Number.isInteger(f) || f < 1 || f > sides)
    ? `faces: a d${sides} shows 1 to ${sides}`
    : undefined
}

/** Why `answer` is not one `prompt` takes, or undefined. */
export const answerProblem = (prompt: Prompt, answer: Answer): string | undefined => {
  switch (prompt.kind) {
    case "dice":
      return faceProblem(prompt, answer)
    case "fact":
      return prompt.options.includes(answer)
        ? undefined
        : `facts.0.value: "${prompt.question}" is answered with one of ${prompt.options.map((o) => JSON.stringify(o)).join(", ")}`
    case "choice":
      return typeof answer === "string" && prompt.options.includes(answer)
        ? undefined
        : `option: "${prompt.question}" takes one of ${prompt.options.join(", ")}`
  }
}
