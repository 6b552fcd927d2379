#!/usr/bin/env bash
# OpenBroker backup: one file per run in BACKUP_DIR, the newest KEEP kept.
#
#   PostgreSQL (DATABASE_URL set): `pg_dump --format=custom` while the nodes run (a consistent snapshot,
#     no downtime), checked with `pg_restore --list`, plus DATA_DIR/secrets when it exists.
#   PGlite (no DATABASE_URL): PGlite is PostgreSQL's data directory inside the node process; a file copy
#     taken while it writes can be torn. So by default the node is stopped (STOP_CMD), DATA_DIR archived
#     and the node started again (START_CMD), a few seconds of downtime. PGLITE_MODE=copy archives the
#     running directory instead: only safe on an atomic filesystem snapshot (LVM, ZFS, btrfs) or a node
#     with no traffic; otherwise the restore may need recovery or fail. A stopped node is copied as it is.
#
# Settings come from the environment, else from ENV_FILE (the node's environment file):
#   DATABASE_URL, DATA_DIR, BACKUP_DIR (/var/backups/openbroker), KEEP (14), PGLITE_MODE (stop|copy),
#   STOP_CMD ("systemctl stop openbroker"), START_CMD ("systemctl start openbroker").
# Restore: see README "Deployment" (pg_restore --clean --if-exists; PGlite: stop, unpack, start).
set -euo pipefail

ENV_FILE=${ENV_FILE:-/etc/openbroker/openbroker.env}

# One variable from the environment file (KEY=value lines; not sourced: values such as MAIL_FROM hold < >).
from_env_file() {
  [[ -r $ENV_FILE ]] || return 0
  local line
  line=$(grep -E "^[[:space:]]*(export[[:space:]]+)?$1=" "$ENV_FILE" | tail -n 1) || return 0
  line=${line#*=}
  line=${line%\"}; line=${line#\"}; line=${line%\'}; line=${line#\'}
  printf '%s' "$line"
}

DATABASE_URL=${DATABASE_URL:-$(from_env_file DATABASE_URL)}
DATA_DIR=${DATA_DIR:-$(from_env_file DATA_DIR)}
DATA_DIR=${DATA_DIR:-/var/lib/openbroker}
BACKUP_DIR=${BACKUP_DIR:-/var/backups/openbroker}
KEEP=${KEEP:-14}
PGLITE_MODE=${PGLITE_MODE:-stop}
STOP_CMD=${STOP_CMD:-systemctl stop openbroker}
START_CMD=${START_CMD:-systemctl start openbroker}
STAMP=$(date -u +%Y%m%dT%H%M%SZ)

log() { printf '%s backup: %s\n' "$(date -u +%FT%TZ)" "$*"; }
die() { log "FAILED: $*" >&2; exit 1; }

[[ $KEEP =~ ^[1-9][0-9]*$ ]] || die "KEEP must be a whole number of at least 1 (got \"$KEEP\")"
umask 077
mkdir -p "$BACKUP_DIR"

# Keeps the newest KEEP files matching a pattern; older ones are removed.
rotate() {
  local pattern=$1
  # Names carry a sortable UTC stamp, so a reverse name sort is newest first.
  find "$BACKUP_DIR" -maxdepth 1 -type f -name "$pattern" -printf '%f\n' | sort -r | tail -n +"$((KEEP + 1))" |
    while read -r old; do
      rm -f -- "$BACKUP_DIR/$old"
      log "removed old $old"
    done
}

# The generated keys (2FA master key when APP_SECRET is unset, sandbox card secret): small, and without
# them a restored database cannot read existing two-factor set-ups.
backup_secrets() {
  [[ -d $DATA_DIR/secrets ]] || return 0
  local out="$BACKUP_DIR/openbroker-secrets-$STAMP.tar.gz"
  tar -czf "$out.partial" -C "$DATA_DIR" secrets && mv "$out.partial" "$out"
  log "secrets → $out"
  rotate 'openbroker-secrets-*.tar.gz'
}

if [[ -n $DATABASE_URL ]]; then
  command -v pg_dump >/dev/null || die "pg_dump not found (apt-get install postgresql-client-16)"
  out="$BACKUP_DIR/openbroker-$STAMP.dump"
  pg_dump --format=custom --compress=6 --no-owner --no-privileges --file="$out.partial" "$DATABASE_URL" ||
    { rm -f "$out.partial"; die "pg_dump failed"; }
  pg_restore --list "$out.partial" >/dev/null || { rm -f "$out.partial"; die "the dump does not read back"; }
  mv "$out.partial" "$out"
  log "PostgreSQL → $out ($(du -h "$out" | cut -f1))"
  rotate 'openbroker-*.dump'
  backup_secrets
  exit 0
fi

# ---- PGlite ----------------------------------------------------------------------------------------
[[ -d $DATA_DIR/pglite ]] || die "no PGlite data in $DATA_DIR/pglite (set DATA_DIR, or DATABASE_URL for PostgreSQL)"
lock="$DATA_DIR/openbroker.lock"
# The node holding DATA_DIR writes its pid in the lock file and removes the file when it stops.
holder_running() { [[ -s $lock ]] && kill -0 "$(tr -dc 0-9 <"$lock")" 2>/dev/null; }

if holder_running && [[ $PGLITE_MODE == stop ]]; then
  log "stopping the node: $STOP_CMD"
  bash -c "$STOP_CMD"
  for _ in $(seq 1 60); do holder_running || break; sleep 0.5; done
  holder_running && die "the node still holds $DATA_DIR 30 s after STOP_CMD; nothing archived"
  # Started again whatever happens below.
  trap 'log "starting the node: $START_CMD"; bash -c "$START_CMD"' EXIT
elif holder_running; then
  [[ $PGLITE_MODE == copy ]] || die "PGLITE_MODE must be stop or copy (got \"$PGLITE_MODE\")"
  log "copying a running PGlite directory (PGLITE_MODE=copy): consistent only on an atomic snapshot"
fi

out="$BACKUP_DIR/openbroker-pglite-$STAMP.tar.gz"
tar -czf "$out.partial" -C "$DATA_DIR" --exclude=openbroker.lock pglite $([[ -d $DATA_DIR/secrets ]] && echo secrets) ||
  { rm -f "$out.partial"; die "archiving $DATA_DIR failed"; }
mv "$out.partial" "$out"
log "PGlite $DATA_DIR → $out ($(du -h "$out" | cut -f1))"
rotate 'openbroker-pglite-*.tar.gz'
