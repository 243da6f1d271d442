#!/usr/bin/env bash
# The explorer beside random keys (docs/explore.md#figures): the same step budget and seeds, every
# built-in scenario, no tours, no oracles; steps per second and the branches reached by each quarter
# of the budget, as a Markdown table. Usage: Benchmarks/explore-bench.sh [STEPS] [SEEDS] [CONFIG]
# (CONFIG: debug or release; release wants `swift build -c release` first).
set -euo pipefail
cd "$(dirname "$0")/.."
steps=${1:-2000}
seeds=${2:-3}
config=${3:-debug}
exec ".build/$config/enrollsim" explore --budget "$steps" --baseline "$seeds"
