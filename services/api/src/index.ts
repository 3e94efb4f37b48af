/** The service, for embedding and tests. */
export { type Config, defaults, fromEnv, localRequests } from "./config.js"
export { startServer } from "./http/listen.js"
export { openApiDocument } from "./http/openapi.js"
export { routes } from "./http/routes.js"
export { makeService } from "./http/server.js"
