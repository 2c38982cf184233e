#!/usr/bin/env bash
# Builds the real POFSwitch 1.4.0 (the public C switch) for tests and labs, cached.
#
#   scripts/pofswitch.sh build [stock|hx]   build (if needed) and print the binary's path (default stock)
#   scripts/pofswitch.sh path  [stock|hx]   same as build: the path on stdout, build messages on stderr
#   scripts/pofswitch.sh clean              remove target/pofswitch
#
# Source: $POFSWITCH_SRC, a source tarball (.tar.gz) or an unpacked directory (e.g. your own
# POFSwitch checkout); default ../shared/pofswitch-1.4.0/pofswitch-1.4.0.tar.gz next to the repo.
# Flavours, built side by side under target/pofswitch/<flavour>/:
#   stock  upstream + pofswitch-hx/patches/*.patch (the project's fix of the hash-map traversal
#          macro, without which POFSwitch 1.4.0 built by gcc >= 5 segfaults at start-up)
#   hx     stock + pofswitch-hx/patches/hx/*.patch + pofswitch-hx/src/{pof_hx,hx_arith}.[ch] (the HSDBA
#          extension; see pofswitch-hx/README.md)
# A flavour is rebuilt only when the source, its patches or this script change (a stamp of their
# SHA-256 sums). In a linked git worktree the default source is looked up next to the main
# checkout too. Needs gcc, make and patch; exit 2 when the source is missing (tests skip then).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cmd=${1:-build}
flavour=${2:-stock}
default_src() {
    local rel=shared/pofswitch-1.4.0/pofswitch-1.4.0.tar.gz common
    if [ -e "$root/../$rel" ]; then echo "$root/../$rel"; return; fi
    # In a linked git worktree "next to the repo" means next to the main checkout.
    common=$(git -C "$root" rev-parse --path-format=absolute --git-common-dir 2>/dev/null || true)
    if [ -n "$common" ] && [ -e "$common/../../$rel" ]; then echo "$(cd "$common/../.." && pwd)/$rel"; return; fi
    echo "$root/../$rel"
}
src=${POFSWITCH_SRC:-$(default_src)}
out=$root/target/pofswitch

say() { echo "pofswitch.sh: $*" >&2; }

case $cmd in
    clean) rm -rf "$out"; exit 0 ;;
    build|path) ;;
    *) say "unknown command '$cmd' (build, path, clean)"; exit 1 ;;
esac
case $flavour in
    stock|hx) ;;
    *) say "unknown flavour '$flavour' (stock or hx)"; exit 1 ;;
esac
if [ ! -e "$src" ]; then
    say "no POFSwitch source at $src (set POFSWITCH_SRC to a tarball or a directory)"
    exit 2
fi
for tool in gcc make patch sha256sum; do
    command -v $tool >/dev/null || { say "$tool is missing (apt-get install build-essential patch)"; exit 1; }
done

patches=("$root"/pofswitch-hx/patches/*.patch)
if [ "$flavour" = hx ]; then
    shopt -s nullglob
    hx=("$root"/pofswitch-hx/patches/hx/*.patch)
    shopt -u nullglob
    if [ ${#hx[@]} -eq 0 ]; then
        say "no extension patches in pofswitch-hx/patches/hx/: the hx flavour cannot be built yet"
        exit 3
    fi
    patches+=("${hx[@]}")
    # the extension's own sources (one copy, shared with the vector driver), added to the tree
    hx_sources=("$root"/pofswitch-hx/src/pof_hx.c "$root"/pofswitch-hx/src/pof_hx.h
        "$root"/pofswitch-hx/src/hx_arith.c "$root"/pofswitch-hx/src/hx_arith.h)
fi

# What the build depends on: the source's bytes, the patches (in order) and this script.
if [ -d "$src" ]; then
    src_sum=$(cd "$src" && find . -path ./.git -prune -o -type f -print0 | LC_ALL=C sort -z \
        | xargs -0 sha256sum | sha256sum | cut -d' ' -f1)
else
    src_sum=$(sha256sum "$src" | cut -d' ' -f1)
fi
stamp=$( { echo "$src_sum"; sha256sum "${patches[@]}" ${hx_sources[@]+"${hx_sources[@]}"} "$0" | cut -d' ' -f1; } \
    | sha256sum | cut -d' ' -f1)

dir=$out/$flavour
bin=$dir/src/pofswitch
mkdir -p "$out"
exec 9>"$out/.lock"
flock 9   # one build at a time (tests in parallel JVMs may ask together)
if [ -x "$bin" ] && [ "$(cat "$dir/stamp" 2>/dev/null)" = "$stamp" ]; then
    echo "$bin"
    exit 0
fi

say "building $flavour POFSwitch from $src into $dir (about a minute)"
rm -rf "$dir"
mkdir -p "$dir/src"
if [ -d "$src" ]; then
    (cd "$src" && tar --exclude=.git -cf - .) | (cd "$dir/src" && tar xf -)
else
    tar xzf "$src" -C "$dir/src" --strip-components=1
fi
if [ "$flavour" = hx ]; then
    cp "$root"/pofswitch-hx/src/pof_hx.c "$root"/pofswitch-hx/src/hx_arith.[ch] "$dir/src/datapath/"
    cp "$root"/pofswitch-hx/src/pof_hx.h "$dir/src/include/"
fi
for p in "${patches[@]}"; do
    patch -s -p1 -d "$dir/src" <"$p" || { say "patch $(basename "$p") does not apply to $src"; exit 1; }
done
log=$dir/build.log
(
    cd "$dir/src"
    if [ ! -x configure ]; then
        command -v autoreconf >/dev/null || { echo "no configure script and no autoreconf (apt-get install autoconf automake)"; exit 1; }
        autoreconf -i
    fi
    ./configure --enable-debug --enable-promisc
    make -j2
) >"$log" 2>&1 || { say "build failed, last lines of $log:"; tail -20 "$log" >&2; exit 1; }
[ -x "$bin" ] || { say "the build made no $bin"; exit 1; }
echo "$stamp" >"$dir/stamp"
say "built $("$bin" -v </dev/null 2>/dev/null | grep -o 'POFSwitch-[0-9.]*' | head -1) ($flavour)"
echo "$bin"
