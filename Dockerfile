# One image for every service and the gateway; SERVICE picks the entry point (see docker-compose.yml).
#
# Two stages. The build stage has every dev dependency: it builds the SPA, then the production tree
# (scripts/production-tree.ts: TypeScript compiled to JavaScript, package entry points pointed at it,
# `npm ci --omit=dev` for the runtime workspaces only). The runtime stage copies that tree alone: no
# tsx, no compiler, no test or browser tooling. `npm run production:check` builds the same tree and
# starts every process from it with plain node, which is how CI proves this file without an engine.
FROM node:24-bookworm-slim AS build
WORKDIR /src
COPY package.json package-lock.json ./
COPY contracts/package.json contracts/
COPY platform/package.json platform/
COPY gateway/package.json gateway/
COPY web/package.json web/
COPY e2e/package.json e2e/
COPY bench/package.json bench/
COPY services/lead-intake/package.json services/lead-intake/
COPY services/screening/package.json services/screening/
COPY services/contractors/package.json services/contractors/
COPY services/matching/package.json services/matching/
COPY services/wallet-ledger/package.json services/wallet-ledger/
COPY services/notification/package.json services/notification/
COPY services/admin/package.json services/admin/
RUN npm ci --no-audit --no-fund
COPY . .
RUN npm run build -w web && npx tsx scripts/production-tree.ts /app

FROM node:24-bookworm-slim
ENV NODE_ENV=production
WORKDIR /app
COPY --from=build --chown=root:root /app /app
# Not root, and nothing written outside /tmp: the containers run with a read-only root filesystem.
USER node
# SERVICE picks the entry point: gateway, db-roles (the roles job) or services/$SERVICE. Tracing's
# register module loads before anything it instruments.
CMD ["sh", "-c", "case \"$SERVICE\" in gateway) entry=gateway/src/main.js ;; db-roles) entry=platform/src/cli/db-roles.js ;; *) entry=services/$SERVICE/src/main.js ;; esac; exec node --import @leadmarket/platform/register \"$entry\""]
