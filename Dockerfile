# syntax=docker/dockerfile:1
# Build stage: compile TypeScript with the dev dependencies.
FROM node:20-bookworm-slim AS build
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --no-audit --no-fund
COPY tsconfig.json tsconfig.build.json ./
COPY src ./src
COPY commands ./commands
RUN npm run build

# Runtime stage: production dependencies, compiled code and the catalogue, run as a non-root user.
FROM node:20-bookworm-slim AS runtime
ENV NODE_ENV=production \
    CATALOGUE_DIR=/app/catalogue
WORKDIR /app
COPY package.json package-lock.json ./
RUN npm ci --omit=dev --no-audit --no-fund && npm cache clean --force
COPY --from=build /app/dist ./dist
# The shipped catalogue is baked in; mount a folder on /app/catalogue (or set CATALOGUE_DIR) to override it.
COPY catalogue ./catalogue
USER node
CMD ["node", "dist/src/main.js"]
