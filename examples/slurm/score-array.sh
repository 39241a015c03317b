#!/bin/bash
# One shard of a specmut run per Slurm array task. Submit with submit.sh (or by hand:
#   sbatch --array=0-7 score-array.sh   then   sbatch --dependency=afterok:<job id> merge.sh).
#SBATCH --job-name=specmut-shard
#SBATCH --cpus-per-task=2
#SBATCH --mem=4G
#SBATCH --time=04:00:00
#SBATCH --output=specmut-shard-%A_%a.log
#
# Settings (environment, exported by submit.sh):
#   SUITES           suite files or directories to score (required; word-split, so no spaces in paths)
#   OUT              directory for the shard reports (default specmut-shards; on a shared file system)
#   SPECMUT          how to run specmut (default: specmut on PATH; e.g. "node /opt/specmut/packages/cli/dist/bin.js")
#   SPECMUT_OPTIONS  further score options, e.g. "--backend dafny --timeout 20 --mutants 5"
#   SPECMUT_CACHE    cache directory shared by all tasks (default $OUT/cache): concurrent tasks may share
#                    it, and a resubmitted array recomputes nothing a finished or cancelled task stored
set -euo pipefail
: "${SUITES:?set SUITES to the suites to score}"
OUT=${OUT:-specmut-shards}
SPECMUT=${SPECMUT:-specmut}
export SPECMUT_CACHE=${SPECMUT_CACHE:-$OUT/cache}
# Slurm numbers array tasks from SLURM_ARRAY_TASK_MIN (0 with --array=0-7); specmut's shards are 1..N.
index=$((SLURM_ARRAY_TASK_ID - ${SLURM_ARRAY_TASK_MIN:-0} + 1))
count=${SLURM_ARRAY_TASK_COUNT:?run as a Slurm array job}
mkdir -p "$OUT"
status=0
# shellcheck disable=SC2086 # SPECMUT, SUITES and SPECMUT_OPTIONS are word lists on purpose
$SPECMUT score $SUITES --shard "$index/$count" --jobs "${SLURM_CPUS_PER_TASK:-1}" --quiet \
  --json "$OUT/shard-$index-of-$count.json" ${SPECMUT_OPTIONS:-} || status=$?
# 1: some specs could not be scored; they are in the report, and merge counts them. Anything else
# (bad usage, no verifier, interrupted by scancel or the time limit) fails the task.
[ "$status" -le 1 ]
