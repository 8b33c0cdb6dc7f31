#!/usr/bin/env bash
# Installs a Weft distribution (the directory this script is in) as services:
#   /opt/weft/{bin,lib,mininet,docs,grafana}   the programs
#   /etc/weft/                                  configuration (examples installed only where no file exists)
#   /etc/systemd/system/weft-{controller,agent}.service
#   user and group "weft", /var/lib/weft
# Usage: sudo ./install.sh [--root DIR]     (DIR: install under DIR instead of /, for packaging and tests)
# Then: edit /etc/weft/controller.yaml, write the token (openssl rand -hex 32 > /etc/weft/rest.token), and
#       systemctl enable --now weft-controller
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
root=""
if [ "${1:-}" = "--root" ]; then
    root="${2:?--root needs a directory}"
fi
install -d "$root/opt/weft" "$root/etc/weft" "$root/etc/systemd/system" "$root/var/lib/weft"
rm -rf "$root/opt/weft/lib"
cp -a "$here/bin" "$here/lib" "$here/mininet" "$here/docs" "$here/grafana" "$root/opt/weft/"
for f in controller.yaml agent.env; do
    if [ ! -e "$root/etc/weft/$f" ]; then
        install -m 0640 "$here/etc/weft/$f" "$root/etc/weft/$f"
    fi
done
chmod 0600 "$root/etc/weft/agent.env"
install -m 0644 "$here/systemd/weft-controller.service" "$here/systemd/weft-agent.service" \
    "$root/etc/systemd/system/"
if [ -z "$root" ]; then
    getent group weft >/dev/null || groupadd --system weft
    getent passwd weft >/dev/null || useradd --system --gid weft --home-dir /var/lib/weft \
        --shell /usr/sbin/nologin weft
    chown -R root:weft /etc/weft
    chmod 0750 /etc/weft
    chown weft:weft /var/lib/weft
    systemctl daemon-reload || true
fi
echo "weft: installed under ${root:-/}opt/weft; configure ${root:-/}etc/weft/controller.yaml, then:"
echo "  systemctl enable --now weft-controller"
