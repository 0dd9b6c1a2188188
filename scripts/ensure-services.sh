#!/usr/bin/env bash
# What the integration tests need from the machine (idempotent): the local PostgreSQL started
# when it is installed but not running; Debian's nginx, for the TLS run through the shipped
# configuration (src/server/deploy-nginx.int.test.ts); and promtool, which checks the shipped
# Prometheus rules (src/server/deploy-files.int.test.ts). promtool is taken out of Debian's
# `prometheus` package without installing the package, so no Prometheus server is set up or
# started on the machine. The local PostgreSQL also lets 127.0.0.1 connect for replication, for the
# read-replica tests.
set -euo pipefail
SUDO=""
[ "$(id -u)" -ne 0 ] && SUDO="sudo"
export DEBIAN_FRONTEND=noninteractive

if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1 -p 5432; then
  if command -v pg_ctlcluster >/dev/null; then
    version=$(ls /etc/postgresql | sort -V | tail -n 1)
    pg_ctlcluster --skip-systemctl-redirect "$version" main start || true
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
  fi
fi

apt_updated=""
apt_update() {
  if [ -z "$apt_updated" ]; then
    $SUDO apt-get update -qq
    apt_updated=yes
  fi
}

if [ ! -x /usr/sbin/nginx ]; then
  echo "Installing Debian's nginx for the deployment tests…"
  apt_update
  $SUDO apt-get install -y -qq --no-install-recommends nginx >/dev/null
fi

if ! command -v promtool >/dev/null; then
  echo "Installing promtool (from Debian's prometheus package) for the deployment tests…"
  apt_update
  dir=$(mktemp -d)
  (cd "$dir" && apt-get download prometheus >/dev/null 2>&1)
  dpkg-deb --fsys-tarfile "$dir"/prometheus_*.deb | tar -x -C "$dir" ./usr/bin/promtool
  $SUDO install -m 0755 "$dir/usr/bin/promtool" /usr/local/bin/promtool
  rm -rf "$dir"
fi

# The read-replica tests (src/server/test-support/replica.ts) take a base backup of the local
# PostgreSQL and stream from it: its pg_hba.conf must let 127.0.0.1 connect for replication.
if command -v pg_isready >/dev/null && pg_isready -q -h 127.0.0.1 -p 5432; then
  hba=$(psql -h 127.0.0.1 -U postgres -Atc "show hba_file" 2>/dev/null || true)
  if [ -n "$hba" ] && [ -f "$hba" ] &&
    ! grep -Eq '^[[:space:]]*host[[:space:]]+replication[[:space:]]+all[[:space:]]+127\.0\.0\.1/32[[:space:]]+trust' "$hba"; then
    echo "host replication all 127.0.0.1/32 trust" | $SUDO tee -a "$hba" >/dev/null
    psql -h 127.0.0.1 -U postgres -Atqc "select pg_reload_conf()" >/dev/null
  fi
fi
