#!/usr/bin/env bash
# npm test: everything a fresh machine needs to prove the shop works.
# typecheck → lint → storefront build → API/unit tests on SQLite → the same on PostgreSQL →
# scale-out proofs (nginx + instances + faults) → browser tests in Debian Chromium.
# PostgreSQL (TEST_DATABASE_URL) and Redis (REDIS_URL) run as services on every machine of this
# project: under CI (CI=true, as .ci/run runs) a missing one fails the run, up front; elsewhere
# their tests are skipped, saying why.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n\033[1m== %s ==\033[0m\n' "$*"; }

in_ci() { case "${CI:-}" in "" | 0 | false | FALSE | False) return 1 ;; *) return 0 ;; esac; }

# A service that is not there: a failure under CI, a skip with its reason elsewhere.
missing_service() {
  if in_ci; then
    printf '\n\033[1;31mCI=true: %s. Start it (the PostgreSQL and Redis suites must run in CI).\033[0m\n' "$*" >&2
    exit 1
  fi
  printf '%s: its tests are skipped (they run, and are required, under CI=true)\n' "$*"
}

PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/test}"
REDIS_URL_FOR_TESTS="${REDIS_URL:-redis://127.0.0.1:6379}"

step "system packages (chromium, CJK fonts, nginx)"
bash scripts/ensure-system-deps.sh

# s3rver: the S3-compatible server the upload store's S3 suite starts on a loopback port (an npm
# devDependency, so a tree installed before it was added installs again here).
if [ ! -d node_modules/.bin ] || [ ! -e node_modules/better-sqlite3/build/Release/better_sqlite3.node ] \
  || [ ! -e node_modules/s3rver/package.json ] || [ ! -e node_modules/@aws-sdk/client-s3/package.json ]; then
  step "npm install"
  # not `npm ci`: see .ci/run for why the lock cannot pass its strict check on this registry
  npm install --no-audit --no-fund
fi

# Checked before the long steps, so CI fails in seconds rather than after the build when a service is down.
step "services (PostgreSQL, Redis)"
if node scripts/pg-reachable.mjs "$PG_URL"; then echo "PostgreSQL: $PG_URL"; else missing_service "no PostgreSQL answers at $PG_URL (set TEST_DATABASE_URL)"; fi
if node scripts/redis-reachable.mjs "$REDIS_URL_FOR_TESTS"; then echo "Redis: $REDIS_URL_FOR_TESTS"; else missing_service "no Redis answers at $REDIS_URL_FOR_TESTS (set REDIS_URL)"; fi
# Never skipped: the S3 suite (apps/server/src/modules/upload/s3-store.test.ts) starts s3rver itself.
if node -e "import('s3rver')" 2>/dev/null; then echo "S3: s3rver (started by the S3 suite)"; else echo "s3rver is not installed: npm install" >&2; exit 1; fi

step "typecheck"
npm run typecheck

step "lint"
npm run lint

# Built before the API tests: some of them render real pages through the SSR handler.
step "build the storefront"
npm run build

mkdir -p .cache/test-results
step "unit and API tests (SQLite)"
npx vitest run --reporter=default --reporter=json --outputFile.json=.cache/test-results/vitest-sqlite.json

# Every server test file again (new ones included: the whole apps/server tree), on PostgreSQL.
if node scripts/pg-reachable.mjs "$PG_URL"; then
  step "API tests (PostgreSQL: $PG_URL)"
  TEST_DATABASE_URL="$PG_URL" npx vitest run apps/server --reporter=default --reporter=json --outputFile.json=.cache/test-results/vitest-postgres.json
else
  step "PostgreSQL run"
  missing_service "no PostgreSQL answers at $PG_URL (set TEST_DATABASE_URL)"
  rm -f .cache/test-results/vitest-postgres.json
fi

# The operations proofs (apps/server/src/test/ops, *.proof.ts, their own vitest config): nginx running
# docs/deploy/nginx.conf in front of real shop instances on PostgreSQL and a redis-server of their own,
# 20 shoppers buying through it while an instance is killed, the database connections are cut and Redis
# stops and stalls; then a rolling restart under load. They need nginx (installed above), redis-server
# and PostgreSQL: under CI a missing one fails them, elsewhere they are skipped saying why.
step "scale-out proofs (nginx + instances on PostgreSQL + Redis: faults, rolling restart)"
TEST_DATABASE_URL="$PG_URL" npx vitest run --config apps/server/src/test/ops/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.cache/test-results/vitest-ops.json

step "browser tests (Playwright + /usr/bin/chromium)"
npm run test:e2e

node scripts/test-summary.mjs .cache/test-results
