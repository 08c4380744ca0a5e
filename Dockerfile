# syntax=docker/dockerfile:1
# Rushes in one image: the API, realtime, job worker and the built web app on one port (3000).
# Build: docker build -t rushes .    Run several behind a proxy: compose.yaml (README "Deploying with Docker").

# 1. Everything installed; the web app, the server's bundle and the uploader downloads built. The
#    bundle names its sources by their path under /app, the same in the runtime stage.
FROM node:24-slim AS build
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --no-audit --no-fund
COPY packages packages
COPY apps apps
COPY scripts/build-web.mjs scripts/build-server.mjs scripts/
RUN npm run build && node scripts/build-server.mjs
# The uploader download of every OS (served at /uploader), from the official Node binaries the npm
# registry ships; the cache mount keeps them between image builds.
RUN --mount=type=cache,target=/root/.cache/rushes npm run build:uploader

# 2. The server's production dependencies only (the bundle imports them). The image has Debian's
#    ffmpeg, so the npm-shipped fallback binaries are dropped.
FROM node:24-slim AS prod-deps
WORKDIR /app
COPY package.json package-lock.json .npmrc tsconfig.base.json ./
COPY packages/shared/package.json packages/shared/
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/web/package.json apps/web/
RUN npm ci --omit=dev --no-audit --no-fund --workspace apps/server --workspace packages/shared \
  && rm -rf node_modules/@ffmpeg-installer node_modules/@ffprobe-installer \
  && npm cache clean --force

# 3. Runtime: Debian's ffmpeg/ffprobe, a non-root user, data in /data.
FROM node:24-slim AS runtime
RUN apt-get update \
  && apt-get install -y --no-install-recommends ffmpeg \
  && rm -rf /var/lib/apt/lists/* \
  && mkdir -p /data/ftp-tls \
  && chown -R node:node /data
ENV NODE_ENV=production \
    HOST=0.0.0.0 \
    PORT=3000 \
    DATA_DIR=/data \
    FFMPEG_PATH=/usr/bin/ffmpeg \
    FFPROBE_PATH=/usr/bin/ffprobe
WORKDIR /app
COPY --from=prod-deps /app/node_modules node_modules
COPY package.json tsconfig.base.json ./
COPY packages/shared packages/shared
COPY apps/server/package.json apps/server/tsconfig.json apps/server/
COPY apps/server/src apps/server/src
COPY apps/server/start.mjs apps/server/
COPY --from=build /app/apps/server/dist apps/server/dist
COPY --from=build /app/apps/web/dist apps/web/dist
COPY --from=build /app/packages/uploader/dist packages/uploader/dist
USER node
VOLUME ["/data"]
EXPOSE 3000
HEALTHCHECK --interval=15s --timeout=5s --start-period=60s --retries=3 \
  CMD node -e "fetch('http://127.0.0.1:' + (process.env.PORT || 3000) + '/api/health').then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))"
CMD ["node", "apps/server/start.mjs"]
