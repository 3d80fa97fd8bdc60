#!/bin/sh
# Builds refresh-bench's ncurses anchor (frame.c) into the directory given, when a C compiler
# and ncurses' wide-character headers and library (Debian/Ubuntu: libncurses-dev) are there.
# Prints the program's path; exits 3 with a note on standard error when it cannot be built.
set -u
here=$(dirname "$0")
out=${1:?usage: build.sh <output directory>}
mkdir -p "$out" || exit 3
compiler=${CC:-cc}
if ! command -v "$compiler" >/dev/null 2>&1; then
  echo "no C compiler ($compiler)" >&2
  exit 3
fi
if ! "$compiler" -O2 -o "$out/ncurses-frame" "$here/frame.c" -lncursesw 2>"$out/build.log"; then
  echo "ncurses could not be linked (install libncurses-dev); see $out/build.log" >&2
  exit 3
fi
echo "$out/ncurses-frame"
