# One image for every service and the gateway; SERVICE picks the entry point (see docker-compose.yml).
FROM node:20-bookworm-slim
WORKDIR /app
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
RUN npm run build -w web
ENV NODE_ENV=production
# Not root, and nothing written outside /tmp: the containers run with a read-only root filesystem.
USER node
# SERVICE picks the entry point: gateway, db-roles (the roles job) or services/$SERVICE. Tracing's
# register module loads before anything it instruments.
CMD ["sh", "-c", "case \"$SERVICE\" in gateway) entry=gateway/src/main.ts ;; db-roles) entry=platform/src/cli/db-roles.ts ;; *) entry=services/$SERVICE/src/main.ts ;; esac; exec node --import tsx --import @leadmarket/platform/register \"$entry\""]
