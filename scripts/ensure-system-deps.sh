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
# install. One that was already there is left alone.
policy=/usr/sbin/policy-rc.d
own_policy=0
if [ ! -e "$policy" ]; then
  printf '#!/bin/sh\nexit 101\n' >"$policy"
  chmod 755 "$policy"
  own_policy=1
fi
trap '[ "$own_policy" -eq 1 ] && rm -f "$policy"' EXIT
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" fontconfig >/dev/null
