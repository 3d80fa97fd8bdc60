#!/usr/bin/env bash
# Builds the documentation of the library modules with the toolchain's own tools: symbol graphs
# from the compiler, then `docc convert` over each module's catalog. Any warning (a broken
# symbol link, an undocumented parameter in a page) fails the build.
#
#   scripts/build-docs.sh            # archives in docs-build/<Module>.doccarchive
#
# The archives are ready for static hosting: serve one and open /documentation/<module>.
set -euo pipefail
cd "$(dirname "$0")/.."

scratch=.build/docs
graphs="$scratch/symbol-graphs"
output=docs-build
modules=(Observing Refresh Rendering RefreshTesting)

# The graphs stay between runs: an incremental build only emits those of modules it rebuilds.
rm -rf "$output"
mkdir -p "$graphs" "$output"

# A separate scratch path, so the flags below do not invalidate the ordinary build.
swift build --scratch-path "$scratch" --target RefreshTesting \
  -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs" \
  -Xswiftc -symbol-graph-minimum-access-level -Xswiftc public

for module in "${modules[@]}"; do
  # Each module's own graph, and the extensions it makes to other modules' types.
  module_graphs="$scratch/graphs-$module"
  rm -rf "$module_graphs"
  mkdir -p "$module_graphs"
  cp "$graphs/$module.symbols.json" "$module_graphs/"
  find "$graphs" -name "$module@*.symbols.json" -exec cp {} "$module_graphs/" \;
  # Overloads (`insert(_:at:into:)` with an `IndexSet` and with an `Int`) share one page, which
  # a link without a disambiguating suffix names.
  echo "== docc convert $module"
  docc convert "Sources/$module/$module.docc" \
    --additional-symbol-graph-dir "$module_graphs" \
    --fallback-display-name "$module" \
    --fallback-bundle-identifier "org.swift-refresh.$module" \
    --output-dir "$output/$module.doccarchive" \
    --transform-for-static-hosting \
    --enable-experimental-overloaded-symbol-presentation \
    --warnings-as-errors
done
echo "Documentation built in $output/"
