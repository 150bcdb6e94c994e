# Shopwright in production: a build stage with the compilers that native modules need
# (better-sqlite3, argon2), and a slim runtime stage with the built packages and their production
# dependencies only. docs/operations.md, "Containers", shows it running on two nodes.

ARG NODE_VERSION=20.19

FROM node:${NODE_VERSION}-bookworm-slim AS build
RUN apt-get update \
  && apt-get install -y --no-install-recommends python3 make g++ \
  && rm -rf /var/lib/apt/lists/*
WORKDIR /app
COPY . .
# Exactly the locked versions; then the build, then the development-only packages go.
RUN npm ci --no-audit --no-fund \
  && npx turbo run build --output-logs=errors-only \
  && npm prune --omit=dev --no-audit --no-fund

FROM node:${NODE_VERSION}-bookworm-slim AS runtime
ENV NODE_ENV=production \
  PORT=3000 \
  HOST=0.0.0.0 \
  DATA_DIR=/data
WORKDIR /app
COPY --from=build --chown=node:node /app /app
RUN mkdir -p /data && chown node:node /data
USER node
VOLUME ["/data"]
EXPOSE 3000
# Liveness only: readiness (/readyz) is the balancer's question, not the container's.
HEALTHCHECK --interval=10s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:'+(process.env.PORT||3000)+'/healthz').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"]
# node is PID 1: `docker stop` sends it SIGTERM, and it stops gracefully (SHUTDOWN_TIMEOUT).
CMD ["node", "cli/bin/shopwright.js", "start"]
