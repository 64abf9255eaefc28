#!/usr/bin/env bash
# Proves the container files on this machine: builds the image, runs it on PGlite with a volume
# (health, sign-up, restart, sign-in again: the data was kept), then brings up compose.yaml's stack
# (PostgreSQL, PgBouncer in transaction mode, two replicas behind HAProxy) and signs up and in
# through each replica. Not part of CI: it needs a container engine and root.
#
#   scripts/container-smoke.sh                 podman (or docker), base images made from Debian's packages
#   NODE_IMAGE=node:20-bookworm-slim DEBIAN_IMAGE=debian:bookworm-slim POSTGRES_IMAGE=postgres:17-bookworm \
#     scripts/container-smoke.sh               with images from a registry instead
#   KEEP=1 scripts/container-smoke.sh          leave the containers and volumes for a look afterwards
#   SKIP_COMPOSE=1 scripts/container-smoke.sh  the single container only
#   SMOKE_IMAGE=gatehouse:1.2 scripts/container-smoke.sh   an image built elsewhere instead of building one
#
# Behind a proxy that re-signs TLS, NODE_EXTRA_CA_CERTS (if set) is handed to the build as the npm_ca secret.
set -euo pipefail
cd "$(dirname "$0")/.."

ENGINE="${ENGINE:-$(command -v podman >/dev/null && echo podman || echo docker)}"
PREFIX="gatehouse-smoke"
IMAGE="${SMOKE_IMAGE:-localhost/${PREFIX}:latest}"
PORT="${SMOKE_PORT:-18102}"
STACK_PORT="${SMOKE_STACK_PORT:-18103}"
PASSWORD="smoke-test password 1"
SECRET="$(node -p 'require("crypto").randomBytes(32).toString("hex")')"
started_at=$(date +%s)
work="$(mktemp -d /tmp/${PREFIX}-XXXXXX)"

step() { printf '\n== %s  (+%ss)\n' "$1" $(($(date +%s) - started_at)); }
ok() { printf '   ok: %s\n' "$1"; }
fail() { printf '   FAILED: %s\n' "$1" >&2; exit 1; }

# ---- this machine's engine
if [ "${ENGINE}" = podman ]; then
  # Podman raises the containers' open-file and process limits past this sandbox's hard limits
  # (setrlimit: Operation not permitted), and crun refuses hybrid cgroups; runc accepts them.
  pid_max=$(cat /proc/sys/kernel/pid_max)
  nproc=$(ulimit -Hu); [ "${nproc}" = unlimited ] || [ "${nproc}" -gt "${pid_max}" ] && nproc=${pid_max}
  {
    echo "[containers]"
    echo "default_ulimits = [\"nofile=$(ulimit -Hn):$(ulimit -Hn)\", \"nproc=${nproc}:${nproc}\"]"
    if grep -q ' /sys/fs/cgroup/unified cgroup2' /proc/mounts && command -v runc >/dev/null; then
      printf '[engine]\nruntime = "runc"\n'
    fi
  } >"${work}/containers.conf"
  export CONTAINERS_CONF="${work}/containers.conf"
  # HEALTHCHECK lives in Docker's image format only; OCI's drops it.
  BUILD_FORMAT=(--format docker)
else
  BUILD_FORMAT=()
fi
BUILD_SECRET=()
[ -n "${NODE_EXTRA_CA_CERTS:-}" ] && BUILD_SECRET=(--secret "id=npm_ca,src=${NODE_EXTRA_CA_CERTS}")

cleanup() {
  local status=$?
  if [ "${KEEP:-0}" != 1 ]; then
    "${ENGINE}" rm -f "${PREFIX}" >/dev/null 2>&1 || true
    "${ENGINE}" volume rm -f "${PREFIX}-data" >/dev/null 2>&1 || true
    [ -n "${COMPOSE:-}" ] && compose down -v >/dev/null 2>&1 || true
  fi
  rm -rf "${work}"
}
trap cleanup EXIT

# ---- HTTP against the internal project (the dashboard's), as a client
json() { node -e 'let s="";process.stdin.on("data",(d)=>(s+=d)).on("end",()=>{const v=JSON.parse(s)[process.argv[1]];process.stdout.write(v==null?"":String(v))})' "$1"; }
# call URL METHOD PATH [BODY] [ACCESS_TOKEN]: the body in ${work}/body, the headers in ${work}/headers, the status on stdout
call() {
  local headers=(-H "content-type: application/json" -H "x-stack-project-id: internal" -H "x-stack-access-type: client")
  [ -n "${5:-}" ] && headers+=(-H "x-stack-access-token: $5")
  curl -sS -o "${work}/body" -D "${work}/headers" -w '%{http_code}' -X "$2" "${headers[@]}" ${4:+--data "$4"} "$1/api/v1$3"
}
wait_healthy() { # URL SECONDS [CONTAINER]
  local deadline=$(($(date +%s) + $2))
  until [ "$(curl -s -o /dev/null -w '%{http_code}' "$1/health")" = 200 ]; do
    if [ "$(date +%s)" -ge "${deadline}" ]; then
      [ -n "${3:-}" ] && "${ENGINE}" logs "$3" 2>&1 | tail -20 >&2
      fail "$1/health did not answer 200 within $2 s"
    fi
    sleep 1
  done
}
sign_up() { # URL EMAIL -> user id
  local status; status=$(call "$1" POST /auth/password/sign-up "{\"email\":\"$2\",\"password\":\"${PASSWORD}\"}")
  [ "${status}" = 200 ] || fail "sign-up of $2 at $1 answered ${status}: $(cat "${work}/body")"
  json user_id <"${work}/body"
}
sign_in() { # URL EMAIL -> user id
  local status; status=$(call "$1" POST /auth/password/sign-in "{\"email\":\"$2\",\"password\":\"${PASSWORD}\"}")
  [ "${status}" = 200 ] || fail "sign-in of $2 at $1 answered ${status}: $(cat "${work}/body")"
  json user_id <"${work}/body"
}

# ---- images
step "${ENGINE} $("${ENGINE}" --version | awk '{print $NF}'), base images"
if [ -z "${NODE_IMAGE:-}" ]; then
  NODE_IMAGE=localhost/node:20-bookworm-slim
  DEBIAN_IMAGE=localhost/debian:bookworm-slim
  if ! "${ENGINE}" image exists "${NODE_IMAGE}" 2>/dev/null || ! "${ENGINE}" image exists "${DEBIAN_IMAGE}" 2>/dev/null; then
    ENGINE="${ENGINE}" scripts/container/make-base-images.sh 2>&1 | grep -E '^(debootstrap|imported)'
  fi
fi
DEBIAN_IMAGE="${DEBIAN_IMAGE:-debian:bookworm-slim}"
ok "NODE_IMAGE=${NODE_IMAGE} DEBIAN_IMAGE=${DEBIAN_IMAGE}"

if [ -n "${SMOKE_IMAGE:-}" ]; then
  step "the image ${IMAGE} (SMOKE_IMAGE; not built here)"
else
  step "build the image (Dockerfile, NODE_IMAGE=${NODE_IMAGE})"
  "${ENGINE}" build "${BUILD_FORMAT[@]}" "${BUILD_SECRET[@]}" --build-arg "NODE_IMAGE=${NODE_IMAGE}" -t "${IMAGE}" . >"${work}/build.log" 2>&1 \
    || { tail -30 "${work}/build.log" >&2; fail "the image did not build"; }
fi
ok "${IMAGE}, $("${ENGINE}" image inspect --format '{{.Size}}' "${IMAGE}" | awk '{printf "%.0f MB", $1/1e6}')"
ok "runs as $("${ENGINE}" image inspect --format '{{.Config.User}}' "${IMAGE}"), health check: $("${ENGINE}" image inspect --format '{{if .Config.Healthcheck}}{{index .Config.Healthcheck.Test 1}}{{else}}none{{end}}' "${IMAGE}" | cut -c1-60)…"

# ---- one container on PGlite, its data in a volume
step "run on PGlite with the volume ${PREFIX}-data, on 127.0.0.1:${PORT}"
"${ENGINE}" rm -f "${PREFIX}" >/dev/null 2>&1 || true
"${ENGINE}" volume rm -f "${PREFIX}-data" >/dev/null 2>&1 || true
"${ENGINE}" run -d --name "${PREFIX}" -p "127.0.0.1:${PORT}:8102" -v "${PREFIX}-data:/data" \
  -e PUBLIC_URL="http://localhost:${PORT}" -e STACK_SERVER_SECRET="${SECRET}" "${IMAGE}" >/dev/null 2>>"${work}/engine.log"
wait_healthy "http://127.0.0.1:${PORT}" 120 "${PREFIX}"
ok "/health: $(curl -s "http://127.0.0.1:${PORT}/health")"
ok "the server runs as uid $("${ENGINE}" exec "${PREFIX}" id -u), NODE_ENV=$("${ENGINE}" exec "${PREFIX}" printenv NODE_ENV)"
if [ "${ENGINE}" = podman ]; then
  # Podman schedules health checks with systemd timers; without systemd it says so and runs none.
  grep -q 'unable to get systemd connection' "${work}/engine.log" 2>/dev/null && ok "podman has no systemd here to schedule the HEALTHCHECK; running it by hand"
  "${ENGINE}" healthcheck run "${PREFIX}" >/dev/null 2>>"${work}/engine.log" && ok "the image's HEALTHCHECK passes (podman healthcheck run)"
else
  for _ in $(seq 1 30); do [ "$("${ENGINE}" inspect --format '{{.State.Health.Status}}' "${PREFIX}")" = healthy ] && break; sleep 2; done
  ok "the image's HEALTHCHECK says: $("${ENGINE}" inspect --format '{{.State.Health.Status}}' "${PREFIX}")"
fi

email="first-$(date +%s)@smoke.example"
user_id=$(sign_up "http://127.0.0.1:${PORT}" "${email}")
ok "signed up ${email}: user ${user_id}"
ok "the volume holds: $("${ENGINE}" exec "${PREFIX}" ls /data | tr '\n' ' ')"

step "restart the container"
"${ENGINE}" restart "${PREFIX}" >/dev/null 2>>"${work}/engine.log"
wait_healthy "http://127.0.0.1:${PORT}" 120 "${PREFIX}"
[ "$(sign_in "http://127.0.0.1:${PORT}" "${email}")" = "${user_id}" ] || fail "sign-in after the restart found another user"
ok "signed in as ${email} after the restart: same user ${user_id}"

step "remove the container, start a new one on the same volume"
"${ENGINE}" rm -f "${PREFIX}" >/dev/null 2>>"${work}/engine.log"
"${ENGINE}" run -d --name "${PREFIX}" -p "127.0.0.1:${PORT}:8102" -v "${PREFIX}-data:/data" \
  -e PUBLIC_URL="http://localhost:${PORT}" -e STACK_SERVER_SECRET="${SECRET}" "${IMAGE}" >/dev/null 2>>"${work}/engine.log"
wait_healthy "http://127.0.0.1:${PORT}" 120 "${PREFIX}"
[ "$(sign_in "http://127.0.0.1:${PORT}" "${email}")" = "${user_id}" ] || fail "sign-in in the new container found another user"
ok "signed in as ${email} in a new container: same user ${user_id}"
"${ENGINE}" stop -t 30 "${PREFIX}" >/dev/null 2>>"${work}/engine.log"
ok "stopped on SIGTERM with status $("${ENGINE}" inspect --format '{{.State.ExitCode}}' "${PREFIX}")"

if [ "${SKIP_COMPOSE:-0}" = 1 ]; then
  step "done (compose skipped)"
  exit 0
fi

# ---- the compose stack
if [ "${ENGINE}" = podman ] && command -v podman-compose >/dev/null; then
  COMPOSE=(podman-compose)
elif "${ENGINE}" compose version >/dev/null 2>&1; then
  COMPOSE=("${ENGINE}" compose)
else
  step "compose: neither podman-compose nor '${ENGINE} compose' is installed; skipped"
  exit 0
fi
# The settings go in the environment, where both tools look first (podman-compose 1.0 has no --env-file).
compose() { "${COMPOSE[@]}" -p "${PREFIX}" -f compose.yaml "$@"; }

step "compose: images for PostgreSQL, PgBouncer and HAProxy"
POSTGRES_IMAGE="${POSTGRES_IMAGE:-}"
if [ -z "${POSTGRES_IMAGE}" ]; then
  POSTGRES_IMAGE="localhost/${PREFIX}-postgres:latest"
  "${ENGINE}" build "${BUILD_FORMAT[@]}" --build-arg "DEBIAN_IMAGE=${DEBIAN_IMAGE}" -t "${POSTGRES_IMAGE}" scripts/container/postgres-standin >"${work}/build.log" 2>&1 \
    || { tail -30 "${work}/build.log" >&2; fail "the PostgreSQL stand-in did not build"; }
  ok "PostgreSQL: ${POSTGRES_IMAGE} (Debian's postgresql-15, standing in for the official image)"
fi
for part in pgbouncer balancer; do
  "${ENGINE}" build "${BUILD_FORMAT[@]}" --build-arg "DEBIAN_IMAGE=${DEBIAN_IMAGE}" -t "localhost/${PREFIX}-${part}:latest" "deploy/${part}" >"${work}/build.log" 2>&1 \
    || { tail -30 "${work}/build.log" >&2; fail "deploy/${part} did not build"; }
  ok "${part}: localhost/${PREFIX}-${part}:latest"
done
cat >"${work}/.env" <<EOF
POSTGRES_PASSWORD=$(node -p 'require("crypto").randomBytes(18).toString("hex")')
STACK_SERVER_SECRET=$(node -p 'require("crypto").randomBytes(32).toString("hex")')
PUBLIC_URL=http://localhost:${STACK_PORT}
GATEHOUSE_PORT=${STACK_PORT}
GATEHOUSE_IMAGE=${IMAGE}
POSTGRES_IMAGE=${POSTGRES_IMAGE}
PGBOUNCER_IMAGE=localhost/${PREFIX}-pgbouncer:latest
BALANCER_IMAGE=localhost/${PREFIX}-balancer:latest
NODE_IMAGE=${NODE_IMAGE}
DEBIAN_IMAGE=${DEBIAN_IMAGE}
EOF
set -a
. "${work}/.env"
set +a

step "compose up (${COMPOSE[*]}), balancer on 127.0.0.1:${STACK_PORT}"
compose down -v >/dev/null 2>&1 || true
compose up -d >"${work}/compose.log" 2>&1 || { tail -30 "${work}/compose.log" >&2; fail "compose up failed"; }
stack="http://127.0.0.1:${STACK_PORT}"
wait_healthy "${stack}" 180
# Both tools label the containers as Docker Compose does.
in_stack() { "${ENGINE}" ps -q --filter "label=com.docker.compose.project=${PREFIX}" --filter "label=com.docker.compose.service=$1"; }
for service in postgres pgbouncer gatehouse-1 gatehouse-2 balancer; do
  ok "${service}: $("${ENGINE}" ps --filter "id=$(in_stack "${service}")" --format '{{.Image}} {{.Status}}')"
done

# HAProxy names the replica that answered; wait until it sees both healthy, then sign up until each has served one.
declare -A served=()
for attempt in $(seq 1 40); do
  email="stack-${attempt}-$(date +%s)@smoke.example"
  id=$(sign_up "${stack}" "${email}")
  replica=$(awk -F': ' 'tolower($1)=="x-gatehouse-replica" {gsub("\r",""); print $2}' "${work}/headers")
  if [ -z "${served[${replica}]:-}" ]; then
    served[${replica}]="${email} ${id}"
    ok "signed up ${email} through ${replica}: user ${id}"
  fi
  [ "${#served[@]}" -ge 2 ] && break
  sleep 1
done
[ "${#served[@]}" -ge 2 ] || fail "only ${!served[*]} answered sign-ups"

# Each replica signs in the user the other one signed up, and answers /users/me with that user's token.
for replica in "${!served[@]}"; do
  read -r email id <<<"${served[${replica}]}"
  for attempt in $(seq 1 20); do
    signed_in=$(sign_in "${stack}" "${email}")
    by=$(awk -F': ' 'tolower($1)=="x-gatehouse-replica" {gsub("\r",""); print $2}' "${work}/headers")
    [ "${by}" != "${replica}" ] && break
  done
  [ "${signed_in}" = "${id}" ] || fail "${by} signed in another user for ${email}"
  token=$(json access_token <"${work}/body")
  status=$(call "${stack}" GET /users/me "" "${token}")
  [ "${status}" = 200 ] || fail "/users/me answered ${status}"
  ok "${by} signed in ${email} (signed up through ${replica}), and /users/me answered $(json primary_email <"${work}/body")"
done

if [ "${ENGINE}" = podman ]; then
  for service in postgres pgbouncer gatehouse-1 gatehouse-2 balancer; do
    "${ENGINE}" healthcheck run "$(in_stack "${service}")" >/dev/null 2>>"${work}/engine.log" || fail "${service}'s health check failed"
  done
  ok "every service's health check passes (podman healthcheck run)"
else
  for service in postgres pgbouncer gatehouse-1 gatehouse-2 balancer; do
    ok "${service}: $("${ENGINE}" inspect --format '{{.State.Health.Status}}' "$(in_stack "${service}")")"
  done
fi

# Who PostgreSQL sees: the replicas' queries come from PgBouncer, their LISTEN sessions from themselves.
address() { "${ENGINE}" inspect --format '{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}' "$(in_stack "$1")"; }
declare -A names=([$(address pgbouncer)]=pgbouncer [$(address gatehouse-1)]=gatehouse-1 [$(address gatehouse-2)]=gatehouse-2)
while read -r addr query; do
  ok "PostgreSQL has a session from ${names[${addr}]:-${addr}}: ${query}"
done < <("${ENGINE}" exec "$(in_stack postgres)" psql -U gatehouse -d gatehouse -Atc \
  "SELECT host(client_addr), CASE WHEN query ILIKE 'LISTEN%' THEN 'LISTEN' ELSE 'queries' END AS kind FROM pg_stat_activity
   WHERE datname = 'gatehouse' AND backend_type = 'client backend' AND pid <> pg_backend_pid() GROUP BY 1, 2 ORDER BY 2, 1" | tr '|' ' ')
for replica in gatehouse-1 gatehouse-2; do
  "${ENGINE}" exec "$(in_stack postgres)" psql -U gatehouse -d gatehouse -Atc \
    "SELECT count(*) FROM pg_stat_activity WHERE host(client_addr) = '$(address "${replica}")' AND query ILIKE 'LISTEN%'" | grep -qx '[1-9][0-9]*' \
    || fail "${replica} has no LISTEN session straight to PostgreSQL"
done

step "done: image, PGlite volume and compose stack all work"
