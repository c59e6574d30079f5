#!/usr/bin/env bash
# Installs what the tests need from Debian when missing: chromium and fonts-noto-cjk (browser tests
# and readable Chinese screenshots), nginx (the scale-out proof runs its own nginx in front of several
# shop instances). Never downloads a browser of its own.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! { command -v fc-list >/dev/null && fc-list :lang=zh | grep -q .; }; then missing+=(fonts-noto-cjk); fi
[ -x /usr/sbin/nginx ] || missing+=(nginx)
[ ${#missing[@]} -eq 0 ] && { echo "chromium, CJK fonts and nginx present"; exit 0; }
if [ "$(id -u)" -ne 0 ]; then
  echo "missing ${missing[*]}: run as root or: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
# Debian's nginx package starts the system service on port 80 when installed. The tests only run their
# own nginx (a private prefix and config, a free loopback port), so the service must not start: a
# policy-rc.d answering 101 ("action forbidden") keeps invoke-rc.d from starting anything during the
# install. An existing policy-rc.d is put back afterwards.
policy=/usr/sbin/policy-rc.d
saved=""
if [ -e "$policy" ]; then saved="$(mktemp)"; cp -p "$policy" "$saved"; fi
restore_policy() { if [ -n "$saved" ]; then mv "$saved" "$policy"; else rm -f "$policy"; fi; }
trap restore_policy EXIT
printf '#!/bin/sh\nexit 101\n' >"$policy"
chmod 755 "$policy"
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" fontconfig >/dev/null
