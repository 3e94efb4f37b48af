# The service's image (docs/deploy.md): the monorepo built once, run as the unprivileged `node`
# user. Node 24 LTS, on which CI runs the whole suite (README, Requirements).
FROM node:24-bookworm-slim AS build
WORKDIR /app
# better-sqlite3 ships prebuilt Node-API binaries; the toolchain is for platforms it has none for.
RUN apt-get update && apt-get install -y --no-install-recommends python3 make g++ && rm -rf /var/lib/apt/lists/*
COPY . .
RUN npm ci --no-audit --no-fund && npm run build && npm prune --omit=dev --no-audit --no-fund

FROM node:24-bookworm-slim
ENV NODE_ENV=production HOST=0.0.0.0 PORT=4000
WORKDIR /app
COPY --from=build /app /app
USER node
EXPOSE 4000
# The container's own check is liveness; the proxy routes by readiness (/ready).
HEALTHCHECK --interval=10s --timeout=3s CMD node -e "fetch('http://127.0.0.1:'+process.env.PORT+'/health').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"
# SIGTERM drains (docs/deploy.md): give it SHUTDOWN_GRACE_MS plus a margin before SIGKILL.
STOPSIGNAL SIGTERM
CMD ["node", "services/api/dist/main.js"]
