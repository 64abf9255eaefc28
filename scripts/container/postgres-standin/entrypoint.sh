#!/bin/sh
# First start: a cluster whose superuser is POSTGRES_USER with POSTGRES_PASSWORD (SCRAM), reached
# from any address with that password, and the database POSTGRES_DB. Then PostgreSQL in the foreground.
set -eu
: "${POSTGRES_PASSWORD:?}"
user="${POSTGRES_USER:-postgres}"
if [ ! -s "${PGDATA}/PG_VERSION" ]; then
  password_file="$(mktemp)"
  printf '%s\n' "${POSTGRES_PASSWORD}" >"${password_file}"
  initdb --username="${user}" --pwfile="${password_file}" --auth-local=trust --auth-host=scram-sha-256 --encoding=UTF8 >/dev/null
  rm -f "${password_file}"
  echo "host all all all scram-sha-256" >>"${PGDATA}/pg_hba.conf"
  if [ -n "${POSTGRES_DB:-}" ] && [ "${POSTGRES_DB}" != "postgres" ]; then
    postgres --single -D "${PGDATA}" postgres <<SQL >/dev/null
CREATE DATABASE "${POSTGRES_DB}" OWNER "${user}";
SQL
  fi
fi
exec postgres -c listen_addresses='*'
