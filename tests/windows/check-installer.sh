#!/usr/bin/env bash
# usage: check-installer.sh SETUP.exe LINUX_BUILD_DIR SOURCE_DIR WORK_DIR
#
# Tries the Windows installer as a user would, under Wine, and holds the installed programs to the
# Linux build's answers:
# - a silent per-user install (/S) into a fresh Wine prefix: the files, the Start menu entry, the
#   file types and the Apps entry for this user only, nothing machine-wide;
# - every DLL each installed program or plugin imports is installed beside it or is Windows' own;
# - agui-inspect.exe --version; lint --format json on every capture in tests/data gives the Linux
#   build's findings; cat --raw gives the same bytes (no text-mode newlines); a non-ASCII file name
#   is read;
# - agui-inspector.exe --screenshot renders a capture at the size the Linux build does (with the
#   windows platform on Xvfb, so text is drawn with Wine's fonts: the image is kept to look at);
# - agui-inspect.exe run against the Linux `agui-inspect serve --demo` records a run that lints
#   clean;
# - the silent uninstaller leaves none of the installed files, and no registry entry of ours.
# Prints each check; exits 1 at the first that fails.
set -euo pipefail
setup=$(realpath "$1"); linux=$(realpath "$2"); src=$(realpath "$3"); work=$(realpath -m "$4")
fail() { echo "FAIL: $*"; exit 1; }
ok() { echo "ok: $*"; }

rm -rf "$work"; mkdir -p "$work"
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
unset WINEPATH # the installed programs must find everything in their own folder
wineboot -i >/dev/null 2>&1
wine_user=$(wine cmd /c 'echo %USERNAME%' 2>/dev/null | tr -d '\r')
user_dir=$WINEPREFIX/drive_c/users/$wine_user
instdir=$user_dir/AppData/Local/Programs/AG-UI\ Inspector
bin=$instdir/bin

echo "== silent install"
wine "$setup" /S
wineserver -w
[ -x "$bin/agui-inspector.exe" ] && [ -x "$bin/agui-inspect.exe" ] || fail "programs not installed under $instdir"
[ -f "$instdir/Uninstall.exe" ] || fail "no uninstaller"
find "$instdir" -type f | sed "s|^$instdir/||" | sort >"$work/installed-files.txt"
ok "installed $(wc -l <"$work/installed-files.txt") files, $(du -sh "$instdir" | cut -f1), under the user's AppData\\Local\\Programs"
[ -f "$user_dir/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/AG-UI Inspector.lnk" ] || fail "no Start menu entry"
ok "Start menu entry"
reg_value() { wine reg query "$1" /v "$2" 2>/dev/null | tr -d '\r' | awk -v n="$2" '$1 == n {$1=""; $2=""; sub(/^  */, ""); print}'; }
reg_default() { wine reg query "$1" /ve 2>/dev/null | tr -d '\r' | awk '/REG_SZ/ {sub(/.*REG_SZ[ \t]*/, ""); print}'; }
[ "$(reg_default 'HKCU\Software\Classes\.aguicap')" = "AguiInspector.Capture" ] || fail ".aguicap not associated"
reg_default 'HKCU\Software\Classes\AguiInspector.Capture\shell\open\command' | grep -q 'agui-inspector.exe" "%1"' || fail "no open command for .aguicap"
for ext in .sse .jsonl .har; do
  wine reg query "HKCU\\Software\\Classes\\$ext\\OpenWithProgids" /v AguiInspector.Stream >/dev/null 2>&1 || fail "$ext has no Open with entry"
done
ok "file types: .aguicap opens with the inspector; .sse, .jsonl, .har offer it"
[ "$(reg_value 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\AG-UI Inspector' DisplayName)" = "AG-UI Inspector" ] || fail "no Apps entry"
if wine reg query 'HKLM\Software\Microsoft\Windows\CurrentVersion\Uninstall\AG-UI Inspector' >/dev/null 2>&1; then
  fail "the installer wrote a machine-wide entry"
fi
ok "Apps entry for this user, none machine-wide"

echo "== every import resolves inside the installed folder or is Windows' own"
# Windows looks beside the program first (the plugins' imports too: Qt loads them with the
# program's folder on the search path), then in System32; "api-ms-win-*" names are API sets,
# which the loader of Windows 10 (what Qt 6 needs) maps to its own DLLs, not files.
declare -A present=()
for f in "$bin"/* "$WINEPREFIX/drive_c/windows/system32"/*; do
  name=$(basename "$f"); present[${name,,}]=1
done
missing=0
while IFS= read -r -d '' pe; do
  for dll in $(x86_64-w64-mingw32-objdump -p "$pe" | awk '/DLL Name:/ {print $3}'); do
    [ -n "${present[${dll,,}]:-}" ] && continue
    [[ ${dll,,} == api-ms-win-* ]] && continue
    echo "  ${pe#$instdir/} imports $dll, which is not there"; missing=1
  done
done < <(find "$instdir" -type f \( -iname '*.exe' -o -iname '*.dll' \) ! -name Uninstall.exe -print0)
[ $missing = 0 ] || fail "unresolved imports"
ok "all imports resolve"

win_cli() { wine "$bin/agui-inspect.exe" "$@"; }
echo "== agui-inspect.exe --version"
version=$(win_cli --version | tr -d '\r')
echo "  $version"
[ "$version" = "$("$linux/app/cli/agui-inspect" --version)" ] || fail "--version differs from Linux's"
ok "--version"

echo "== lint --format json on every capture in tests/data, against the Linux build"
cd "$src/tests/data"
mapfile -t captures < <(find . -type f \( -name '*.jsonl' -o -name '*.sse' -o -name '*.har' -o -name '*.aguicap' -o -name '*.proto' \) | sed 's|^\./||' | sort)
compared=0; differ=0
for f in "${captures[@]}"; do
  set +e
  "$linux/app/cli/agui-inspect" lint --format json "$f" >"$work/linux.out" 2>"$work/linux.err"; lcode=$?
  win_cli lint --format json "$f" >"$work/win.out" 2>"$work/win.err"; wcode=$?
  set -e
  if [ $lcode != $wcode ] || ! cmp -s "$work/linux.out" "$work/win.out"; then
    echo "  $f: Linux exit $lcode, Windows exit $wcode"; diff "$work/linux.out" "$work/win.out" | head -5; differ=$((differ + 1))
  fi
  compared=$((compared + 1))
done
[ $differ = 0 ] || fail "$differ of $compared captures lint differently"
ok "$compared captures: the same findings, byte for byte, and the same exit codes"

echo "== binary standard streams and a non-ASCII file name"
sample=$src/resources/samples/demo.aguicap
"$linux/app/cli/agui-inspect" cat --raw "$sample" >"$work/linux.raw"
win_cli cat --raw "$sample" >"$work/win.raw"
cmp -s "$work/linux.raw" "$work/win.raw" || fail "cat --raw differs (text-mode newlines?)"
ok "cat --raw: the same $(stat -c %s "$work/linux.raw") bytes"
# A stream with findings, so that the comparison has something to compare.
findings=$src/tests/data/agent/a2ui-messages.jsonl
cp "$findings" "$work/captüre-日本.jsonl"
cp "$findings" "$work/ascii.jsonl"
cd "$work"
win_cli lint --format json "captüre-日本.jsonl" >"$work/win-unicode.out" || true
"$linux/app/cli/agui-inspect" lint --format json ascii.jsonl | sed 's/ascii\.jsonl/captüre-日本.jsonl/g' >"$work/linux-unicode.out" || true
[ -s "$work/linux-unicode.out" ] && cmp -s "$work/win-unicode.out" "$work/linux-unicode.out" \
  || fail "a non-ASCII file name is not read the same"
cp "$sample" "$work/captüre-日本.aguicap"
win_cli convert "$work/captüre-日本.aguicap" "$work/öut.jsonl" || fail "convert to a non-ASCII name"
"$linux/app/cli/agui-inspect" convert "$sample" "$work/linux-out.jsonl"
cmp -s "$work/öut.jsonl" "$work/linux-out.jsonl" || fail "convert wrote other bytes than on Linux"
ok "non-ASCII names read and written; convert writes the same bytes as on Linux"

echo "== a run against the Linux demo agent on loopback"
port_file=$work/serve.out
"$linux/app/cli/agui-inspect" serve --demo --port 0 --pace 0 >"$port_file" 2>"$work/serve.err" &
serve_pid=$!
trap 'kill $serve_pid 2>/dev/null || true' EXIT
for _ in $(seq 1 100); do grep -q http "$port_file" 2>/dev/null && break; sleep 0.1; done
url=$(grep -m1 -o 'http://[^ ]*' "$port_file") || fail "the demo agent did not start"
win_cli run "$url" --record "$work/run.aguicap" >"$work/run.out" 2>"$work/run.err" || { cat "$work/run.err"; fail "run against $url"; }
kill $serve_pid 2>/dev/null || true
"$linux/app/cli/agui-inspect" lint "$work/run.aguicap" || fail "the recorded run does not lint clean"
ok "run recorded $(grep -c . "$work/run.out") lines of events; the capture lints clean on Linux"

echo "== the window, rendered to an image"
QT_QPA_PLATFORM=offscreen "$linux/app/gui/agui-inspector" "$sample" --screenshot "$work/linux.png" >/dev/null 2>&1 \
  || fail "the Linux screenshot"
xvfb-run -a -s "-screen 0 1600x1000x24" wine "$bin/agui-inspector.exe" "$sample" --screenshot "$work/windows.png" \
  >/dev/null 2>&1 || fail "agui-inspector.exe --screenshot"
[ -s "$work/windows.png" ] || fail "no screenshot written"
lsize=$(file "$work/linux.png" | grep -oE '[0-9]+ x [0-9]+'); wsize=$(file "$work/windows.png" | grep -oE '[0-9]+ x [0-9]+')
[ "$lsize" = "$wsize" ] || fail "screenshot is $wsize, on Linux $lsize"
ok "screenshot $wsize, as on Linux ($work/windows.png)"

echo "== silent uninstall"
wine "$instdir/Uninstall.exe" /S
wineserver -w
for _ in $(seq 1 100); do [ -e "$bin/agui-inspector.exe" ] || break; sleep 0.1; done
left=$(cd "$instdir" 2>/dev/null && find . -type f | sed 's|^\./||' | sort || true)
[ -z "$left" ] || { echo "$left" | head; fail "the uninstaller left files"; }
[ ! -e "$instdir" ] || fail "the install folder is still there"
[ ! -e "$user_dir/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/AG-UI Inspector.lnk" ] || fail "the Start menu entry is still there"
if wine reg query 'HKCU\Software\Microsoft\Windows\CurrentVersion\Uninstall\AG-UI Inspector' >/dev/null 2>&1 \
   || wine reg query 'HKCU\Software\Classes\AguiInspector.Capture' >/dev/null 2>&1; then
  fail "registry entries left"
fi
ok "nothing of ours left: files, folder, Start menu entry, registry"
wineserver -k || true
echo "all installer checks passed"
