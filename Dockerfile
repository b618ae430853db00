# syntax=docker/dockerfile:1
# Base image: node:24.21.0-bookworm-slim (Node 24 LTS on Debian 12), pinned by the digest of its
# multi-platform index so every build starts from the same bytes. It matches the `node` version
# package.json pins for development. To refresh it: `docker buildx imagetools inspect
# node:24-bookworm-slim` prints the newest tag's index digest ("Digest: sha256:…"); put that tag's
# full version and digest in both FROM lines and move the `node` dev dependency to the same version.

# Build stage: compile TypeScript with the dev dependencies.
FROM node:24.21.0-bookworm-slim@sha256:2fe369e969550cde8e867afc3fe370b260140cab4a23d467074295b42163d553 AS build
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: `prepare` would build before the sources are copied, and the `node` dev
# dependency's install script would download a second Node the image already has.
RUN npm ci --ignore-scripts --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
RUN npm run build && rm dist/*.tsbuildinfo

# Runtime stage: production dependencies, compiled code and the catalogue, run as a non-root user.
FROM node:24.21.0-bookworm-slim@sha256:2fe369e969550cde8e867afc3fe370b260140cab4a23d467074295b42163d553 AS runtime
ENV NODE_ENV=production \
    CATALOGUE_DIR=/app/catalogue \
    PORT=8080
WORKDIR /app
COPY package.json package-lock.json ./
# --ignore-scripts: no build here (`prepare` needs TypeScript, a dev dependency); no production
# dependency has an install script.
RUN npm ci --omit=dev --ignore-scripts --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The shipped catalogue is baked in; mount a folder on /app/catalogue (or set CATALOGUE_DIR) to override it.
COPY catalogue ./catalogue
USER node
# PORT serves /healthz, /readyz and /metrics in both modes, and the Interactions Endpoint in http mode.
EXPOSE 8080
# Alive = the process answers /healthz. node's own fetch: the slim image has no curl.
HEALTHCHECK --interval=15s --timeout=3s --start-period=30s --retries=3 \
  CMD ["node", "-e", "fetch('http://127.0.0.1:' + (process.env.PORT || 8080) + '/healthz').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"]
# The same command line as `npm start` (a test keeps the two equal), without npm in between:
# node receives SIGTERM itself and shuts the bot down cleanly.
CMD ["node", "--enable-source-maps", "--max-semi-space-size=4", "dist/src/main.js"]
