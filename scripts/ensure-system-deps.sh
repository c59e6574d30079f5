#!/usr/bin/env bash
# Installs Debian's chromium and fonts-noto-cjk when missing (browser tests and readable Chinese
# screenshots need both). Never downloads a browser of its own.
set -euo pipefail
missing=()
[ -x /usr/bin/chromium ] || missing+=(chromium)
if ! { command -v fc-list >/dev/null && fc-list :lang=zh | grep -q .; }; then missing+=(fonts-noto-cjk); fi
[ ${#missing[@]} -eq 0 ] && { echo "chromium and CJK fonts present"; exit 0; }
if [ "$(id -u)" -ne 0 ]; then
  echo "missing ${missing[*]}: run as root or: sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
echo "installing ${missing[*]}"
export DEBIAN_FRONTEND=noninteractive
apt-get update -qq
apt-get install -y -qq --no-install-recommends "${missing[@]}" fontconfig >/dev/null
