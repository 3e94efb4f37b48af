/**
 * The board (issue 10): geometry, terrain, deployment, a random generator, the `PlaneSpace`.
 *
 * @since 0.3.0
 */

export * as Auto from "../../bots/Auto.js"
export * as Policies from "../../bots/Policies.js"
export * as Policy from "../../bots/Policy.js"
export * as Table from "../../bots/Table.js"
export * as Board from "./Board.js"
export * as Deployment from "./Deployment.js"
export * as Geometry from "./Geometry.js"
export * as Ground from "./Ground.js"
export * as PlaneSpace from "./PlaneSpace.js"
export * as Svg from "./Svg.js"
