#!/usr/bin/env bash
# Runs Supabase's own client test suites (postgrest-js, auth-js from the supabase-js monorepo)
# against the local backend on PostgreSQL, and prints passed/failed/skipped per suite.
# Not part of `npm test`: it needs a supabase-js checkout, the npm registry (once, for jest and
# friends) and a PostgreSQL server where it may create and drop two databases.
#
#   scripts/client-suites.sh <supabase-js checkout> [postgrest|auth ...]
#
# Environment:
#   PG_ADMIN_URL  PostgreSQL to create the databases on (default postgres://postgres@127.0.0.1:5432/postgres)
#   WORK_DIR      tooling (node_modules), logs and jest's JSON results (default <checkout>/../client-suites-work)
#   BACKEND_PORT  port of the local backend (default 54398); the suites themselves call
#                 http://localhost:54321 (hard-coded), where a small gateway forwards to it.
#
# What is adapted, and why (everything else is the suites as they are):
#   - The gateway on 54321 stands for the Supabase CLI's: a request without an `apikey` gets the
#     publishable key (the CLI's Kong lets such requests through as anon; hosted and this backend
#     refuse them), and an RS256 JWT key the auth-js suite signs with its own signing keys is
#     swapped for this installation's key of the same role (anon: publishable; service_role or
#     supabase_admin: secret). Tokens this backend issued pass through untouched.
#   - postgrest-js's fixture schema: without PostGIS, `shops.shop_geom` is text; functions are
#     granted to anon/authenticated/service_role (the Supabase CLI's default grants give them;
#     this backend's bootstrap does not grant new functions to anon on purpose).
#   - The JWT secret is the Supabase CLI's test secret, so tokens the suites sign themselves verify.
set -euo pipefail

if [[ $# -lt 1 || ! -d "$1/packages/core/postgrest-js" ]]; then
  echo "usage: $0 <supabase-js checkout> [postgrest|auth ...]" >&2
  exit 2
fi
checkout=$(cd "$1" && pwd)
shift
suites=("$@")
[[ $# -gt 0 ]] || suites=(postgrest auth)
root=$(cd "$(dirname "$0")/.." && pwd)
work=${WORK_DIR:-$(dirname "$checkout")/client-suites-work}
pg_admin=${PG_ADMIN_URL:-postgres://postgres@127.0.0.1:5432/postgres}
pg_base=${pg_admin%/*}
backend_port=${BACKEND_PORT:-54398}
gateway_port=54321
publishable=sb_publishable_clientsuites0123456789
secret=sb_secret_clientsuites0123456789
jwt_secret=super-secret-jwt-token-with-at-least-32-characters-long
mkdir -p "$work"

# --- tooling: the suites' devDependencies (pnpm catalog versions), installed beside the checkout ---
if [[ ! -x "$work/node_modules/.bin/jest" ]]; then
  (cd "$work" && { [[ -f package.json ]] || echo '{"name":"client-suites-work","private":true}' >package.json; } &&
    npm install --no-audit --no-fund jest@30.4.1 ts-jest@^29.4.9 ts-node@^10.9.2 @types/jest@30.0.0 \
      @jest/types@^30 @jest/test-sequencer@^30 typescript@~5.8.3 prettier@^3.6.2 @types/node@20.19.9 \
      tslib@2.8.1 type-fest@^4.32.0 zod@^3.25.76 @faker-js/faker@^9.9.0 @types/jsonwebtoken@^8.5.8 \
      jest-environment-jsdom@30.4.1 jest-mock-server@^0.1.0 jsonwebtoken@^9.0.0)
fi
# Node and jest find the tooling by walking up from the checkout.
if [[ ! -e "$checkout/node_modules" && "$(dirname "$checkout")" != "$work" ]]; then
  ln -s "$work/node_modules" "$checkout/node_modules"
fi

# --- the gateway on 54321 (it logs each request: status, method, path, Prefer) ---
cat >"$work/gateway.mjs" <<'EOF'
import http from 'node:http';
const [listenPort, backendPort, publishable, secret] = process.argv.slice(2);
// A JWT key signed with the suite's own RS256 keys becomes this installation's key of its role.
const ourKey = (token) => {
  const parts = token.split('.');
  if (parts.length !== 3) return token;
  try {
    if (JSON.parse(Buffer.from(parts[0], 'base64url')).alg === 'HS256') return token;
    return JSON.parse(Buffer.from(parts[1], 'base64url')).role === 'anon' ? publishable : secret;
  } catch {
    return token;
  }
};
http
  .createServer((req, res) => {
    const headers = { ...req.headers };
    headers.apikey = headers.apikey ? ourKey(headers.apikey) : publishable;
    if (headers.authorization?.startsWith('Bearer ')) headers.authorization = `Bearer ${ourKey(headers.authorization.slice(7))}`;
    const upstream = http.request({ host: '127.0.0.1', port: backendPort, method: req.method, path: req.url, headers }, (answer) => {
      res.writeHead(answer.statusCode, answer.headers);
      console.log(`${answer.statusCode} ${req.method} ${req.url} prefer=${req.headers.prefer ?? ''}`);
      answer.pipe(res);
    });
    upstream.on('error', (error) => {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`gateway: ${error.message}`);
    });
    req.pipe(upstream);
  })
  .listen(Number(listenPort), '127.0.0.1', () => console.log(`gateway on ${listenPort} -> ${backendPort}`));
EOF

pids=()
databases=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]}"; do wait "$pid" 2>/dev/null || true; done
  for db in "${databases[@]}"; do psql "$pg_admin" -qc "drop database if exists $db with (force)" || true; done
}
trap cleanup EXIT

wait_for() { # url, what
  for _ in $(seq 1 240); do
    curl -sf -o /dev/null "$1" && return 0
    sleep 0.5
  done
  echo "$2 did not answer at $1" >&2
  exit 1
}

backend_pid=
start_backend() { # database, log
  (cd "$root" && PORT=$backend_port DATA_DIR="$work/data" SEED=0 DATABASE_URL="$pg_base/$1" \
    JWT_SECRET=$jwt_secret SUPABASE_PUBLISHABLE_KEY=$publishable SUPABASE_SECRET_KEY=$secret \
    AUTH_AUTOCONFIRM=1 AUTH_SIGNUPS_PER_HOUR=100000 AUTH_EMAILS_PER_HOUR=100000 \
    AUTH_SIGNIN_FAILURES_PER_5MIN=100000 AUTH_SIGNIN_FAILURES_PER_ADDRESS=100000 \
    AUTH_REDIRECT_URLS='http://127.0.0.1:3000,https://127.0.0.1:3000,http://localhost:5173,http://localhost:3000' \
    REFRESH_INTERVAL_MIN=0 NOTIFICATION_EMAIL_INTERVAL_SEC=0 \
    exec node --import tsx server/cli.ts) >>"$2" 2>&1 &
  backend_pid=$!
  pids+=("$backend_pid")
  wait_for "http://127.0.0.1:$backend_port/config.json" "the local backend"
}
gateway_pid=
start_gateway() { # log name
  gateway_log=$work/$1-gateway.log
  node "$work/gateway.mjs" $gateway_port "$backend_port" $publishable $secret >"$gateway_log" 2>&1 &
  gateway_pid=$!
  pids+=("$gateway_pid")
  until grep -q 'gateway on' "$gateway_log"; do
    kill -0 "$gateway_pid" 2>/dev/null || { cat "$gateway_log" >&2; exit 1; }
    sleep 0.2
  done
}
stop_gateway() {
  kill "$gateway_pid"
  wait "$gateway_pid" 2>/dev/null || true
}
stop_backend() {
  kill "$backend_pid"
  wait "$backend_pid" 2>/dev/null || true
}
new_database() {
  psql "$pg_admin" -qc "drop database if exists $1 with (force)" -c "create database $1"
  databases+=("$1")
}

# jest's JSON results -> one line of counts, and the failed tests' names in <suite>-failed.txt
summarize() { # suite
  node -e '
    const r = require(process.argv[1]);
    const failed = r.testResults.flatMap((f) => f.assertionResults.filter((a) => a.status === "failed").map((a) => `${f.name.split("/test/")[1]}: ${a.fullName}`));
    const broken = r.testResults.filter((f) => f.status === "failed" && f.assertionResults.length === 0).map((f) => `${f.name.split("/test/")[1]}: (file failed to run) ${f.message.split("\n").find(Boolean)}`);
    require("fs").writeFileSync(process.argv[2], [...failed, ...broken].join("\n") + "\n");
    console.log(`${process.argv[3]}: ${r.numPassedTests} passed, ${r.numFailedTests} failed, ${r.numPendingTests + r.numTodoTests} skipped, of ${r.numTotalTests}; ${broken.length} file(s) failed to run`);
  ' "$work/$1.json" "$work/$1-failed.txt" "$1"
}

run_postgrest() {
  local pkg=$checkout/packages/core/postgrest-js db=viewpact_suite_postgrest
  new_database $db
  start_backend $db "$work/postgrest-backend.log" # bootstrap.sql and the migrations
  stop_backend
  sed -e '/create extension if not exists postgis/d' -e 's/extensions\.geometry(POINT, 4326)/text/' \
    "$pkg/test/supabase/migrations/00000000000000_schema.sql" >"$work/postgrest-fixture.sql"
  cat >>"$work/postgrest-fixture.sql" <<'EOF'
grant execute on all functions in schema public, personal to anon, authenticated, service_role;
EOF
  psql "$pg_base/$db" -q -v ON_ERROR_STOP=1 -f "$work/postgrest-fixture.sql" -f "$pkg/test/supabase/seed.sql" >"$work/postgrest-fixture.log"
  start_backend $db "$work/postgrest-backend.log" # reads the fixture's catalog
  start_gateway postgrest
  (cd "$pkg" && "$work/node_modules/.bin/jest" --runInBand --ci --testPathIgnorePatterns='test/v12/' \
    --json --outputFile="$work/postgrest.json" >"$work/postgrest.log" 2>&1) || true
  stop_gateway
  stop_backend
  summarize postgrest
}

run_auth() {
  local pkg=$checkout/packages/core/auth-js db=viewpact_suite_auth
  new_database $db
  [[ -f "$pkg/test/supabase/signing_keys.json" ]] || (cd "$pkg" && node test/generate-signing-keys.js >/dev/null)
  # Many auth-js tests are unit tests: a first run with nothing on 54321 tells which ones need a server.
  (cd "$pkg" && "$work/node_modules/.bin/jest" --config jest.config.cli.js --runInBand --ci --coverage=false \
    --json --outputFile="$work/auth-noserver.json" >"$work/auth-noserver.log" 2>&1) || true
  start_backend $db "$work/auth-backend.log"
  start_gateway auth
  (cd "$pkg" && "$work/node_modules/.bin/jest" --config jest.config.cli.js --runInBand --ci --coverage=false \
    --json --outputFile="$work/auth.json" >"$work/auth.log" 2>&1) || true
  stop_gateway
  stop_backend
  summarize auth
  node -e '
    const statuses = (file) => new Map(require(file).testResults.flatMap((f) => f.assertionResults.map((a) => [f.name + " " + a.fullName, a.status])));
    const withServer = statuses(process.argv[1]), without = statuses(process.argv[2]);
    const needing = [...without].filter(([, status]) => status === "failed").map(([name]) => withServer.get(name));
    console.log(`auth, the tests that fail with no server on 54321: ${needing.filter((s) => s === "passed").length} passed, ${needing.filter((s) => s === "failed").length} failed, of ${needing.length}`);
  ' "$work/auth.json" "$work/auth-noserver.json"
}

until grep -q '^gateway on' "$work/gateway.log"; do
  kill -0 "$gateway_pid" 2>/dev/null || { cat "$work/gateway.log" >&2; exit 1; }
  sleep 0.2
done
for suite in "${suites[@]}"; do
  case $suite in
    postgrest) run_postgrest ;;
    auth) run_auth ;;
    *) echo "unknown suite: $suite (postgrest, auth)" >&2; exit 2 ;;
  esac
done
echo "logs, results and the failed tests' names: $work"
