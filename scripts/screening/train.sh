#!/bin/sh
# Trains the screening classifier with a Python that has scikit-learn: `python3` when it has it,
# else Debian's /usr/bin/python3 (apt-get install python3-sklearn). The service never needs Python.
set -e
cd "$(dirname "$0")/../.."
for py in python3 /usr/bin/python3; do
  if command -v "$py" >/dev/null 2>&1 && "$py" -c "import sklearn" 2>/dev/null; then
    exec "$py" scripts/screening/train.py "$@"
  fi
done
echo "Training needs scikit-learn: apt-get install python3-sklearn (Debian), or pip install scikit-learn." >&2
exit 1
