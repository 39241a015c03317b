#!/bin/bash
# Submits the scoring array (SHARDS tasks) and the merge job that runs once every task succeeded.
#   SHARDS=8 SUITES=suites/ SPECMUT_OPTIONS="--backend dafny" ./submit.sh
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
shards=${SHARDS:-8}
export SUITES OUT SPECMUT SPECMUT_OPTIONS SPECMUT_CACHE REPORT
job=$(sbatch --parsable --export=ALL --array="0-$((shards - 1))" "$here/score-array.sh")
sbatch --export=ALL --dependency="afterok:${job%%;*}" "$here/merge.sh"
