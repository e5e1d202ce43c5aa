#!/usr/bin/env bash
# packages.sh run|test — makes sure the Debian/Ubuntu packages that the game
# (run) or its tests (test) load at run time are installed.
#
# Ebiten v2.10 is pure Go on Linux: it needs no -dev packages and no cgo, but
# it dlopens X11, GL/EGL and ALSA when the program starts. Tests add Xvfb (a
# display for rendering tests) and xauth, which is only a Recommends of xvfb,
# chromium, the headless browser the web page's test drives, and what runs
# the flight on other machines (make crossarch): qemu-user-static for
# linux/arm64 binaries and nodejs for js/wasm ones.
#
# As root it installs what is missing with apt-get; otherwise it prints the
# exact sudo command and fails, so nothing half-works.
set -euo pipefail

want=(libgl1 libegl1 libgl1-mesa-dri libx11-6 libxext6 libxrandr2 libxcursor1
      libxi6 libxinerama1 libxrender1 ALSA)
if [ "${1:-run}" = test ]; then
  want+=(xvfb xauth chromium qemu-user-static NODE)
fi

installed() { dpkg-query -W -f='${Status}' "$1" 2>/dev/null | grep -q 'install ok installed'; }

# ALSA's library was renamed libasound2t64 in Debian 13 and Ubuntu 24.04.
alsa=libasound2
if ! installed libasound2 && apt-cache show libasound2t64 >/dev/null 2>&1; then
  alsa=libasound2t64
fi
if installed libasound2t64; then alsa=libasound2t64; fi

# Go's wasm runner needs node ≥ 12: any Debian or NodeSource nodejs; a node
# on PATH from elsewhere will do as well.
node=nodejs
if command -v node >/dev/null 2>&1; then node=; fi

missing=()
for p in "${want[@]}"; do
  [ "$p" = ALSA ] && p=$alsa
  if [ "$p" = NODE ]; then [ -n "$node" ] || continue; p=$node; fi
  installed "$p" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0

if [ "$(id -u)" -eq 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  exit 0
fi

echo "missing system packages; install them with:" >&2
echo "  sudo apt-get install -y --no-install-recommends ${missing[*]}" >&2
exit 1
