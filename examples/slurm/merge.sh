#!/bin/bash
# Combines the shard reports of score-array.sh into the report one run over all the suites gives.
#SBATCH --job-name=specmut-merge
#SBATCH --cpus-per-task=1
#SBATCH --time=00:30:00
#SBATCH --output=specmut-merge-%j.log
#
#   OUT      the shard reports' directory (default specmut-shards)
#   REPORT   the merged report (default specmut-report.json)
#   SPECMUT  how to run specmut (default: specmut on PATH)
set -euo pipefail
OUT=${OUT:-specmut-shards}
SPECMUT=${SPECMUT:-specmut}
# shellcheck disable=SC2086
$SPECMUT merge "$OUT"/shard-*-of-*.json --json "${REPORT:-specmut-report.json}"
