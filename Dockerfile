# Verity's container image (docs/container.md): the production build on the official Node.js
# image, run as the unprivileged `node` user, its data (the embedded PostgreSQL, the server
# secret) in the /data volume.
#   docker build -t verity .
#   docker run -d -p 3000:3000 -v verity-data:/data verity

FROM docker.io/library/node:24-bookworm-slim AS build
WORKDIR /app
ENV NEXT_TELEMETRY_DISABLED=1
# Only for a build behind a TLS-inspecting proxy or a registry mirror: the CA file is mounted into
# the build (`-v`), never copied, and these arguments stay in this stage (docs/container.md).
ARG NODE_EXTRA_CA_CERTS
ARG NPM_CONFIG_REGISTRY=https://registry.npmjs.org/
# The lock file first, so a source change reuses the installed layer.
COPY package.json package-lock.json ./
COPY packages/client/package.json packages/client/
RUN npm ci --no-audit --no-fund
COPY . .
# Then only what the server runs: production dependencies, no tests, no build cache; and the
# empty folders the server writes to (/data, Next.js's cache), handed to it below.
RUN npm run build \
 && npm prune --omit=dev --no-audit --no-fund \
 && rm -rf .next/cache tests e2e docs vitest.config.ts playwright.config.ts \
 && mkdir -p /data .next/cache

FROM docker.io/library/node:24-bookworm-slim
WORKDIR /app
ENV NODE_ENV=production \
    NEXT_TELEMETRY_DISABLED=1 \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data
# The application is root's and read-only to the server; only /data and Next.js's cache are its.
# No RUN in this stage: nothing mounted into the build (a CA file) leaves a trace in the image.
COPY --from=build /app /app
COPY --from=build --chown=node:node /app/.next/cache /app/.next/cache
COPY --from=build --chown=node:node /data /data
VOLUME /data
USER node
EXPOSE 3000
# The first start on an empty database imports the reference lists and seeds the demo: minutes.
HEALTHCHECK --interval=30s --timeout=5s --start-period=300s --retries=3 \
  CMD ["node", "-e", "fetch(`http://127.0.0.1:${process.env.PORT}/api/health`).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The launcher itself (`npm start` without npm): it migrates, starts the server and stops it all
# on SIGTERM within 10 s, the default grace of `docker stop`.
CMD ["node", "--import", "tsx", "scripts/start.ts"]
