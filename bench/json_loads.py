# Context figure for the benchmarks (bench_run's lint row): Python's json.loads of every line of a
# JSON-lines file, the least a Python tool reading the same capture does. Prints the line count.
import json
import sys

count = 0
with open(sys.argv[1], "rb") as f:
    for line in f:
        if line.strip():
            json.loads(line)
            count += 1
print(count)
