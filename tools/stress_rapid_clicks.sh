#!/usr/bin/env bash
# The proof that the viewer's rapid-click test never flakes: its bursts played 20 times in
# a row in every notebook (BOARDLAB_RAPID_REPEATS), on two workers, while LOAD busy loops
# (default 2: one per core of a 2-core machine) keep every core busy. Prints the load
# average before and after, and pytest's summary. Usage: tools/stress_rapid_clicks.sh [LOAD]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
load=${1:-2}
pids=()
for _ in $(seq "$load"); do
    python3 -c 'while True: pass' &
    pids+=($!)
done
trap 'kill "${pids[@]}" 2>/dev/null || true' EXIT
sleep 5
echo "busy loops: $load; load average: $(cut -d' ' -f1-3 /proc/loadavg)"
CI=true BOARDLAB_RAPID_REPEATS=${BOARDLAB_RAPID_REPEATS:-20} \
    env -u MPLBACKEND .venv/bin/python -m pytest -p no:cacheprovider -n 2 --dist loadgroup \
    tests/browser/test_notebooks_in_browser.py -k rapid_clicks -q
echo "load average at the end: $(cut -d' ' -f1-3 /proc/loadavg)"
