#!/usr/bin/env bash
# Runs Stack Auth's backend endpoint e2e tests (apps/e2e/tests/backend/endpoints/api/v1/**)
# against a Gatehouse server started here, then classifies the failures.
#
#   ./run.sh                          # whole suite (about 125 files)
#   ./run.sh tests/backend/endpoints/api/v1/teams.test.ts   # vitest filters are passed through
#
# Environment (all optional):
#   GATEHOUSE_DIR   Gatehouse checkout with node_modules            (the current directory)
#   STACK_GIT       bare git dir of stack-auth/stack-auth (required: a bare clone of the public github.com repository stack-auth/stack-auth)
#   STACK_REV       revision of it to test                          (2f719903, the one measured)
#   WORK            scratch folder: extracted tests, data, logs, results (a new mktemp -d)
#   GATEHOUSE_PORT  Gatehouse's port                                (8360)
#   PORT_PREFIX     Stack's NEXT_PUBLIC_STACK_PORT_PREFIX: the tests reach the backend at
#                   localhost:${PORT_PREFIX}02 (a rewriting proxy), the mailbox API at ${PORT_PREFIX}05,
#                   SMTP at ${PORT_PREFIX}29                        (83)
#   LATEST_REWRITE=1     map /api/latest/* to /api/v1/* in the proxy (Gatehouse serves both itself)
#   DATABASE_URL    run Gatehouse on a new database of this PostgreSQL server (a role that may
#                   CREATE DATABASE) instead of a fresh PGlite folder; the database is dropped after
#   MAIL_SUBJECT_COMPAT=0 do not prefix Stack's subject phrases to Gatehouse's mail subjects (README)
#   EXTRA_EXCLUDE   more comma-separated globs to exclude
set -uo pipefail
HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# A read-only copy of this folder (../shared in CI) runs from a writable copy, where npm can install.
if [ ! -w "$HERE" ] && [ -z "${STACK_E2E_COPY:-}" ]; then
  CACHE="${STACK_E2E_CACHE:-${HOME:-/tmp}/.cache/gatehouse-stack-e2e}"
  mkdir -p "$CACHE" && (cd "$HERE" && tar --exclude=node_modules -cf - .) | (cd "$CACHE" && tar -xf -) || { echo "could not copy the harness to $CACHE"; exit 2; }
  chmod -R u+w "$CACHE"
  STACK_E2E_COPY=1 exec "$CACHE/run.sh" "$@"
fi
GATEHOUSE_DIR="${GATEHOUSE_DIR:-$(pwd)}"
STACK_GIT="${STACK_GIT:?set STACK_GIT to the bare git directory of github:stack-auth/stack-auth (git clone --bare of the public stack-auth/stack-auth repository)}"
STACK_REV="${STACK_REV:-2f719903}"
WORK="${WORK:-$(mktemp -d)}"
GATEHOUSE_PORT="${GATEHOUSE_PORT:-8360}"
PORT_PREFIX="${PORT_PREFIX:-83}"
PROXY_PORT="${PORT_PREFIX}02"; MAIL_HTTP_PORT="${PORT_PREFIX}05"; SMTP_PORT="${PORT_PREFIX}29"
DASHBOARD_PORT="${PORT_PREFIX}01"; MOCK_OAUTH_PORT="${PORT_PREFIX}14"; STRIPE_PORT="${PORT_PREFIX}23"
PCK=this-publishable-client-key-is-for-local-development-only
SSK=this-secret-server-key-is-for-local-development-only
SAK=this-super-secret-admin-key-is-for-local-development-only

# Excluded from every run (see README.md, "Excluded"):
EXCLUDE="tests/backend/endpoints/api/v1/external-db-sync-*.test.ts${EXTRA_EXCLUDE:+,$EXTRA_EXCLUDE}"

PIDS=()
cleanup() {
  # Each sidecar and the server were started with setsid, so $p is also their process group.
  # Gatehouse's start.mjs runs the real server in a group of its own and forwards SIGTERM to it,
  # so wait for start.mjs to exit (graceful shutdown) before anything is killed hard.
  for p in "${PIDS[@]:-}"; do
    [ -n "$p" ] || continue
    kill -TERM -- "-$p" 2>/dev/null || kill -TERM "$p" 2>/dev/null
  done
  for i in $(seq 1 30); do
    alive=0
    for p in "${PIDS[@]:-}"; do [ -n "$p" ] && kill -0 "$p" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.5
  done
  for p in "${PIDS[@]:-}"; do
    [ -n "$p" ] || continue
    kill -KILL -- "-$p" 2>/dev/null || true
  done
  [ -n "${SERVER_PGID:-}" ] && kill -TERM -- "-$SERVER_PGID" 2>/dev/null
  [ -n "${DB_NAME:-}" ] && psql "$DATABASE_URL" -X -q -c "DROP DATABASE IF EXISTS $DB_NAME WITH (FORCE)" 2>/dev/null
  return 0
}
trap cleanup EXIT INT TERM

port_busy() { (exec 3<>"/dev/tcp/127.0.0.1/$1") 2>/dev/null; }
for p in "$GATEHOUSE_PORT" "$PROXY_PORT" "$MAIL_HTTP_PORT" "$SMTP_PORT" "$DASHBOARD_PORT" "$MOCK_OAUTH_PORT" "$STRIPE_PORT"; do
  if port_busy "$p"; then echo "port $p is already in use; set GATEHOUSE_PORT / PORT_PREFIX"; exit 2; fi
done

# 1. dependencies of the harness
if [ ! -d "$HERE/node_modules/vitest" ]; then
  (cd "$HERE" && npm ci --no-audit --no-fund >/dev/null 2>&1 || npm install --no-audit --no-fund) || { echo "npm install failed"; exit 2; }
fi

# 2. Stack's tests, extracted fresh from the mirror
mkdir -p "$WORK"; rm -rf "$WORK/src" "$WORK/logs"; mkdir -p "$WORK/src" "$WORK/logs" "$WORK/state"
WORK="$(cd "$WORK" && pwd)"  # absolute: the suite runs from $WORK/src
git --git-dir="$STACK_GIT" archive "$STACK_REV" apps/e2e apps/mock-oauth-server | tar -x -C "$WORK/src" || { echo "could not extract apps/e2e from $STACK_GIT"; exit 2; }
STACK_COMMIT=$(git --git-dir="$STACK_GIT" rev-parse "$STACK_REV")
ln -s "$HERE/node_modules" "$WORK/src/apps/e2e/node_modules"
ln -s "$HERE/node_modules" "$WORK/src/apps/mock-oauth-server/node_modules"
echo "$STACK_COMMIT" > "$WORK/state/stack-commit.txt"
(cd "$GATEHOUSE_DIR" && git rev-parse HEAD 2>/dev/null || echo unknown) > "$WORK/state/gatehouse-commit.txt"

# 3. sidecars: SMTP catcher with an Inbucket-style API; the proxy that gives the backend Stack's
#    address (and, on the dashboard's port, its web pages); Stack's own mock OAuth server (shared
#    OAuth keys and Turnstile) from the checkout; Gatehouse's Stripe stand-in
TSX="$GATEHOUSE_DIR/node_modules/.bin/tsx"
setsid node "$HERE/mail-catcher.mjs" "$SMTP_PORT" "$MAIL_HTTP_PORT" >"$WORK/logs/mail-catcher.log" 2>&1 &
PIDS+=("$!")
STRIPE_STAND_IN_URL="http://127.0.0.1:$STRIPE_PORT" setsid node "$HERE/api-proxy.mjs" "$PROXY_PORT" "$GATEHOUSE_PORT" "$WORK/state" >"$WORK/logs/api-proxy.log" 2>&1 &
PIDS+=("$!")
setsid node "$HERE/api-proxy.mjs" "$DASHBOARD_PORT" "$GATEHOUSE_PORT" >"$WORK/logs/dashboard-proxy.log" 2>&1 &
PIDS+=("$!")
( cd "$WORK/src/apps/mock-oauth-server" && export NEXT_PUBLIC_STACK_PORT_PREFIX="$PORT_PREFIX" PORT="$MOCK_OAUTH_PORT";
  exec setsid "$TSX" src/index.ts ) >"$WORK/logs/mock-oauth.log" 2>&1 &
PIDS+=("$!")
( cd "$GATEHOUSE_DIR" && exec setsid "$TSX" "$HERE/stripe-stand-in.ts" "$STRIPE_PORT" mock_stripe_webhook_secret ) >"$WORK/logs/stripe-stand-in.log" 2>&1 &
PIDS+=("$!")

# 4. Gatehouse on a fresh PGlite folder, or a new PostgreSQL database when DATABASE_URL is set
DATA=$(mktemp -d "$WORK/data.XXXXXX")
DB_ENV=()
if [ -n "${DATABASE_URL:-}" ]; then
  DB_NAME="stack_e2e_$(date +%s)_$$"
  psql "$DATABASE_URL" -X -q -c "CREATE DATABASE $DB_NAME" || { echo "could not create database $DB_NAME"; exit 2; }
  DB_URL="${DATABASE_URL%/*}/$DB_NAME"
  DB_ENV=(DATABASE_URL="$DB_URL")
  echo "$DB_NAME" > "$WORK/state/database.txt"
else
  DB_ENV=(DATABASE_URL=)
fi
( cd "$GATEHOUSE_DIR" && export PORT="$GATEHOUSE_PORT" DATA_DIR="$DATA" RATE_LIMIT_MULTIPLIER=1000 \
    PUBLIC_URL="http://localhost:$PROXY_PORT" \
    PUBLIC_WEB_URL="http://localhost:$DASHBOARD_PORT" \
    STACK_SEED_INTERNAL_PROJECT_PUBLISHABLE_CLIENT_KEY="$PCK" \
    STACK_SEED_INTERNAL_PROJECT_SECRET_SERVER_KEY="$SSK" \
    STACK_SEED_INTERNAL_PROJECT_SUPER_SECRET_ADMIN_KEY="$SAK" \
    STACK_SEED_INTERNAL_PROJECT_SIGN_UP_ENABLED=true \
    STACK_SEED_INTERNAL_PROJECT_OTP_ENABLED=true \
    STACK_SEED_INTERNAL_PROJECT_ALLOW_LOCALHOST=true \
    STACK_SEED_INTERNAL_PROJECT_OAUTH_PROVIDERS=github,spotify,google,microsoft \
    PASSKEY_FIXED_TEST_CHALLENGE=true \
    OAUTH_SHARED_ISSUER="http://localhost:$MOCK_OAUTH_PORT" OAUTH_SHARED_CLIENT_SECRET=MOCK-SERVER-SECRET \
    STRIPE_SECRET_KEY=sk_test_mockstripekey STRIPE_WEBHOOK_SECRET=mock_stripe_webhook_secret \
    STRIPE_API_BASE_URL="http://127.0.0.1:$STRIPE_PORT" \
    STACK_EMAIL_HOST=127.0.0.1 STACK_EMAIL_PORT="$SMTP_PORT" EMAIL_POLL_MS=500 \
    EMAIL_CAPACITY_PER_HOUR=100000 CRON_SECRET=mock_cron_secret \
    STACK_INTERNAL_FEEDBACK_RECIPIENTS=team@stack-auth.com \
    COUNTRY_HEADER=cf-ipcountry \
    "${DB_ENV[@]}" ${GATEHOUSE_ENV:-};
  [ -n "${DB_URL:-}" ] || unset DATABASE_URL;
  exec setsid node scripts/start.mjs ) >"$WORK/logs/gatehouse.log" 2>&1 &
PIDS+=("$!")
for i in $(seq 1 180); do
  curl -fsS -o /dev/null "http://127.0.0.1:$GATEHOUSE_PORT/health" 2>/dev/null && break
  sleep 1
done
curl -fsS -o /dev/null "http://localhost:$PROXY_PORT/health" || { echo "Gatehouse did not come up; see $WORK/logs/gatehouse.log"; tail -n 20 "$WORK/logs/gatehouse.log"; exit 2; }
# A sidecar that is not up would fail tests in Gatehouse's name (a Stripe call answered 503, say).
require_up() { # name, url, log
  for i in $(seq 1 30); do curl -sS -o /dev/null "$2" 2>/dev/null && return 0; sleep 1; done
  echo "$1 did not come up on $2; see $3"; tail -n 20 "$3"; exit 2
}
require_up "the mail catcher" "http://127.0.0.1:$MAIL_HTTP_PORT/health" "$WORK/logs/mail-catcher.log"
require_up "Stack's mock OAuth server" "http://127.0.0.1:$MOCK_OAUTH_PORT/" "$WORK/logs/mock-oauth.log"
require_up "the Stripe stand-in" "http://127.0.0.1:$STRIPE_PORT/" "$WORK/logs/stripe-stand-in.log"
# the real server's own process group (start.mjs spawns it detached), to clean up should start.mjs die first
SERVER_PGID=$(ps -o pgid= --ppid "${PIDS[5]}" 2>/dev/null | head -n1 | tr -d ' ')
echo "Gatehouse up on $GATEHOUSE_PORT (tests use http://localhost:$PROXY_PORT); Stack tests at $STACK_COMMIT"

# 5. the suite, one worker
export STACK_E2E_ROOT="$WORK/src/apps/e2e" STACK_E2E_EXCLUDE="$EXCLUDE" CI=1 \
  NEXT_PUBLIC_STACK_PORT_PREFIX="$PORT_PREFIX" \
  STACK_BACKEND_BASE_URL="http://localhost:$PROXY_PORT" \
  STACK_DASHBOARD_BASE_URL="http://localhost:${PORT_PREFIX}01" \
  STACK_INTERNAL_PROJECT_ID=internal \
  STACK_INTERNAL_PROJECT_CLIENT_KEY="$PCK" STACK_INTERNAL_PROJECT_SERVER_KEY="$SSK" STACK_INTERNAL_PROJECT_ADMIN_KEY="$SAK" \
  STACK_INBUCKET_API_URL="http://localhost:$MAIL_HTTP_PORT" \
  STACK_SVIX_SERVER_URL="http://localhost:$PROXY_PORT/api/v1/webhooks/svix" \
  STACK_EMAIL_MONITOR_SECRET_TOKEN=this-secret-token-is-for-local-development-only
export STACK_E2E_DETAILS="$WORK/details.json" STACK_E2E_REQUEST_LOG="$WORK/requests.jsonl" NO_COLOR=1 FORCE_COLOR=0
rm -f "$WORK/requests.jsonl" "$WORK/details.json" "$WORK/results.json"
START=$(date +%s)
# Stack's tests run from the root of their checkout, and risk-scores.test.ts reads the backend's
# generated entry point of its sign-up risk engine to learn whether the private engine is built.
# The stand-in says it is not (the open-source build, whose scores are 0), as Gatehouse's are.
mkdir -p "$WORK/src/apps/backend/src/private"
echo 'export * from "../private/implementation-fallback/index";' > "$WORK/src/apps/backend/src/private/implementation.generated.ts"
cd "$WORK/src" || exit 2
"$HERE/node_modules/.bin/vitest" run --config "$HERE/vitest.config.mjs" \
  --reporter=json --outputFile.json="$WORK/results.json" --reporter="$HERE/details-reporter.mjs" --reporter=basic "$@" \
  >"$WORK/logs/vitest.log" 2>&1
VRC=$?
echo "vitest exit $VRC after $(( $(date +%s) - START )) s; log: $WORK/logs/vitest.log"

curl -fsS "http://127.0.0.1:$MAIL_HTTP_PORT/health" > "$WORK/state/mail-catcher-health.json" 2>/dev/null
echo "mail catcher: $(cat "$WORK/state/mail-catcher-health.json" 2>/dev/null); /api/latest rewrites: $(awk '{s+=$1} END {print s+0}' "$WORK/state/latest-rewrites.txt" 2>/dev/null)"

# 6. summary
node "$HERE/classify.mjs" "$WORK/results.json" "$WORK" | tee "$WORK/summary.txt"
