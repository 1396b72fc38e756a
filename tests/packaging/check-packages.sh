#!/usr/bin/env bash
# usage: check-packages.sh BUILD_DIR SOURCE_DIR APP_ID
set -euo pipefail
build=$1; src=$2; app_id=$3
work=$(mktemp -d); trap 'rm -rf "$work"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
sample="$src/tests/data/packaging/sample-run.jsonl"

echo "== building the .deb and the bundle"
(cd "$build" && cpack -G DEB -B "$work/out" >"$work/cpack-deb.log" 2>&1) || { cat "$work/cpack-deb.log"; fail "cpack DEB"; }
(cd "$build" && cpack -G TGZ -B "$work/out" >"$work/cpack-tgz.log" 2>&1) || { cat "$work/cpack-tgz.log"; fail "cpack TGZ"; }
deb=$(ls "$work"/out/*.deb); tgz=$(ls "$work"/out/*-linux-bundle.tar.gz)
echo "built: $(basename "$deb") ($(stat -c %s "$deb") bytes), $(basename "$tgz") ($(stat -c %s "$tgz") bytes)"

echo "== package metadata"
dpkg-deb -I "$deb" | grep -E '^ (Package|Version|Depends|Section):'
dpkg-deb -f "$deb" Depends | grep -q 'libqt6widgets6' || fail "Depends does not name the Qt 6 runtime (shlibdeps)"
dpkg-deb -f "$deb" Recommends | grep -q 'fonts-noto-color-emoji' || fail "Recommends does not name the colour emoji font"

echo "== lintian (errors fail; warnings are listed)"
lintian --no-tag-display-limit "$deb" >"$work/lintian.txt" 2>&1 || true
cat "$work/lintian.txt"
if grep -q '^E:' "$work/lintian.txt"; then fail "lintian reported errors"; fi

echo "== the .deb unpacked into an empty root"
root="$work/root"; dpkg-deb -x "$deb" "$root"
for f in usr/bin/agui-inspector usr/bin/agui-inspect usr/libexec/agui-inspector/agui-inspect-net \
         "usr/share/applications/$app_id.desktop" \
         "usr/share/metainfo/$app_id.metainfo.xml" "usr/share/icons/hicolor/scalable/apps/$app_id.svg" \
         "usr/share/icons/hicolor/48x48/apps/$app_id.png" usr/share/doc/agui-inspector/copyright \
         usr/share/man/man1/agui-inspect.1.gz usr/share/man/man1/agui-inspector.1.gz; do
  [ -e "$root/$f" ] || fail "missing in the .deb: /$f"
done
desktop-file-validate "$root/usr/share/applications/$app_id.desktop"
appstreamcli validate-tree --no-net "$root" || fail "appstreamcli validate-tree"
version_line=$("$root/usr/bin/agui-inspect" --version)
echo "$version_line"
echo "$version_line" | grep -qE '^agui-inspect [0-9]+\.[0-9]+\.[0-9]+ \(Qt 6\.' || fail "--version: $version_line"
"$root/usr/bin/agui-inspector" --version | grep -qE '^agui-inspector [0-9]' || fail "agui-inspector --version"
set +e; "$root/usr/bin/agui-inspect" lint "$sample"; code=$?; set -e
[ $code -le 1 ] || fail "agui-inspect lint exited $code on the sample"
# A network command is handed to agui-inspect-net, found from where agui-inspect is installed.
serve_help=$("$root/usr/bin/agui-inspect" serve --help) || fail "agui-inspect serve --help"
grep -q 'agui-inspect serve --demo' <<<"$serve_help" || fail "agui-inspect serve --help: $serve_help"
"$root/usr/bin/agui-inspector" "$sample" --screenshot "$work/shot.png" --size 1024x640 || fail "screenshot"
[ -s "$work/shot.png" ] && head -c 8 "$work/shot.png" | od -An -c | grep -q 'P   N   G' || fail "screenshot is not a PNG"

echo "== the self-contained bundle"
mkdir "$work/bundle"; tar -xzf "$tgz" -C "$work/bundle"
top=$(ls -d "$work"/bundle/*/)
[ -x "$top/agui-inspect" ] || fail "bundle has no launcher"
ls "$top/lib" | grep -q '^libQt6Core\.so' || fail "bundle carries no Qt libraries"
# Every Qt library the bundled programs load must resolve inside the bundle, not from the system.
for exe in bin/agui-inspect bin/agui-inspector libexec/agui-inspector/agui-inspect-net; do
  LD_LIBRARY_PATH="$top/lib" ldd "$top/$exe" | grep -E 'libQt6' | grep -v "$top" && fail "$exe loads Qt from outside the bundle"
done
"$top/agui-inspect" --version
serve_help=$("$top/agui-inspect" serve --help) || fail "bundle: agui-inspect serve --help"
grep -q 'agui-inspect serve --demo' <<<"$serve_help" || fail "bundle: agui-inspect serve --help: $serve_help"
"$top/agui-inspector" "$sample" --screenshot "$work/shot2.png" --size 800x600 || fail "bundle screenshot"
echo "packages OK"
