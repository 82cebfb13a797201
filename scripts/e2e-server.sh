#!/usr/bin/env bash
# Serves the production build on local workerd over a fresh, seeded database (Playwright, bench).
# BARHOP_STATE_DIR and BARHOP_OUT_DIR keep parallel runs apart. BARHOP_PREBUILT names a build made already
# from this checkout (CI's `npm run check` leaves one in dist-check): both servers serve it instead of building
# twice more (docs/decisions/221); the build takes no state or port, so one build serves any number of them.
set -euo pipefail
port="${1:-4173}"
export BARHOP_STATE_DIR="${BARHOP_STATE_DIR:-.wrangler/e2e-state}"
export BARHOP_OUT_DIR="${BARHOP_OUT_DIR:-dist-e2e}"
# No Worker DevTools port: none is needed here, and picking one races with other servers starting (vite.config.ts).
export BARHOP_INSPECTOR_PORT="${BARHOP_INSPECTOR_PORT:-off}"
rm -rf "$BARHOP_STATE_DIR"
if [ -n "${BARHOP_SEEDED_STATE:-}" ]; then
  # A state directory migrated and seeded already (CI makes one while `npm test` runs): each server gets its own
  # copy, so no spec writes to another server's database (docs/decisions/221).
  mkdir -p "$(dirname "$BARHOP_STATE_DIR")"
  cp -a "$BARHOP_SEEDED_STATE" "$BARHOP_STATE_DIR"
else
  npx tsx scripts/db-migrate.ts --persist-to "$BARHOP_STATE_DIR" >/dev/null
  npx tsx scripts/seed.ts --persist-to "$BARHOP_STATE_DIR"
fi
if [ -n "${BARHOP_PREBUILT:-}" ]; then
  export BARHOP_OUT_DIR="$BARHOP_PREBUILT"
  # `vite preview` serves the build that .wrangler/deploy/config.json names, which the last build wrote, and builds
  # since may have been elsewhere (npm test's servers test builds in a temp directory): it names this one.
  npx tsx scripts/serve-prebuilt.ts "$BARHOP_PREBUILT"
else
  npx vite build --logLevel warn
fi
exec env PORT="$port" npx vite preview
