#!/bin/sh
# Writes PgBouncer's settings from the environment, then runs it in the foreground.
#   UPSTREAM_HOST, UPSTREAM_PORT (5432), DB_USER, DB_PASSWORD: the PostgreSQL server and the one role
#   POOL_SIZE (20): server connections per database and role; MAX_CLIENT_CONN (500)
set -eu
: "${UPSTREAM_HOST:?the PostgreSQL host}" "${DB_USER:?the role clients and PgBouncer log in as}" "${DB_PASSWORD:?its password}"
dir=/etc/pgbouncer/generated
umask 077
# The password in clear: PgBouncer needs it to answer PostgreSQL's SCRAM challenge for the client.
printf '"%s" "%s"\n' "${DB_USER}" "${DB_PASSWORD}" >"${dir}/userlist.txt"
cat >"${dir}/pgbouncer.ini" <<INI
[databases]
* = host=${UPSTREAM_HOST} port=${UPSTREAM_PORT:-5432}

[pgbouncer]
listen_addr = *
listen_port = 6432
unix_socket_dir =
auth_type = scram-sha-256
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = ${MAX_CLIENT_CONN:-500}
default_pool_size = ${POOL_SIZE:-20}
ignore_startup_parameters = extra_float_digits,options
logfile =
pidfile =
INI
exec /usr/sbin/pgbouncer "${dir}/pgbouncer.ini"
