#!/usr/bin/env bash
# The one test command (npm test): system deps, typecheck, lint, unit tests, build, browser tests.
set -euo pipefail
cd "$(dirname "$0")/.."
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/bin/chromium}"

step() { printf '\n=== %s ===\n' "$*"; }

step "system deps (Debian chromium + fonts)"
if [ ! -x "$CHROMIUM_PATH" ] || ! dpkg -s chromium fonts-liberation fonts-dejavu-core >/dev/null 2>&1; then
  SUDO=""; [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update
  # fonts-liberation is only a Recommends of chromium: without fonts, screenshots have no text.
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y chromium fonts-liberation fonts-dejavu-core
fi
"$CHROMIUM_PATH" --version 2>/dev/null || true

step "typecheck"
npm run typecheck

step "lint + format"
npm run lint
npm run format:check

step "unit tests"
timeout 900 npx vitest run

step "build"
npm run build

step "browser tests (Playwright + Debian chromium)"
# The suite has grown past 100 journeys; the limit only guards against a hang.
timeout 2400 npx playwright test
