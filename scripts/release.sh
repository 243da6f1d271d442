#!/usr/bin/env bash
# Builds the release: dist/enrollsim-VERSION-linux-ARCH.tar.gz, holding the binary (the Swift
# runtime linked in statically, HTTPS built in with the package trait TLS), its resource bundle
# beside it, the manual page, the bash, zsh and fish completions, the LICENSE (Apache-2.0) and an
# INSTALL note naming the system libraries it needs (read with ldd).
#
#   scripts/release.sh                      build in release mode (.build-release), then package
#   scripts/release.sh --binary PATH        package a binary already built (its resource bundle must
#                                           sit beside it): what the packaging test does with the
#                                           debug build when no release tarball is given
#   scripts/release.sh --out DIR            write the tarball to DIR (default: dist)
#
# The last line of output is the tarball's path.
set -euo pipefail
cd "$(dirname "$0")/.."

out=dist
binary=
while [ $# -gt 0 ]; do
  case "$1" in
    --binary) binary=$2; shift 2 ;;
    --out) out=$2; shift 2 ;;
    *) echo "usage: scripts/release.sh [--binary PATH] [--out DIR]" >&2; exit 64 ;;
  esac
done

if [ -z "$binary" ]; then
  # The HTTP client opens libcurl at run time, but compiles against its header (types, constants).
  [ -e "/usr/include/$(uname -m)-linux-gnu/curl/curl.h" ] || [ -e /usr/include/curl/curl.h ] \
    || { echo "release: the build needs libcurl's header: apt-get install libcurl4-openssl-dev" >&2; exit 1; }
  # Every module, the packages' too: a section per function, so that the link can lay out the code
  # start-up runs together (Package.swift's release link); and type metadata reached through accessor
  # functions rather than demangled at run time, which checks each generic argument's conformances by
  # scanning every conformance in the binary.
  # With the package trait TLS: `serve --tls-cert/--tls-key` and `--tls-self-signed` speak HTTPS.
  flags=(-c release --static-swift-stdlib --traits TLS --scratch-path .build-release
         -Xswiftc -Xfrontend -Xswiftc -function-sections
         -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors)
  swift build "${flags[@]}" --product enrollsim >&2
  binary="$(swift build "${flags[@]}" --show-bin-path)/enrollsim"
fi
[ -x "$binary" ] || { echo "release: no executable at $binary" >&2; exit 1; }
# SwiftPM's resource accessor looks for the bundle beside the executable (after symlinks).
bundle="$(dirname "$binary")/enrollsim_EnrollsimAssets.resources"
[ -d "$bundle" ] || { echo "release: no resource bundle at $bundle" >&2; exit 1; }

# The version is written once (Sources/enrollsim/Version.swift); the binary says which it has.
version=$("$binary" --version)
grep -q "static let current = \"$version\"" Sources/enrollsim/Version.swift \
  || { echo "release: the binary says $version, Sources/enrollsim/Version.swift does not: rebuild" >&2; exit 1; }
name="enrollsim-$version-linux-$(uname -m)"

stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT
root="$stage/$name"
mkdir -p "$root/bin" "$root/share/man/man1" "$root/share/bash-completion/completions" \
  "$root/share/zsh/site-functions" "$root/share/fish/vendor_completions.d"
cp "$binary" "$root/bin/enrollsim"
chmod 755 "$root/bin/enrollsim"
# Without the debug information (a third of the size), with the symbols crash backtraces name.
strip --strip-debug "$root/bin/enrollsim"
cp -R "$bundle" "$root/bin/"
cp LICENSE "$root/LICENSE"

# Made by the packaged binary itself, so that they describe exactly what is shipped.
"$root/bin/enrollsim" manual > "$root/share/man/man1/enrollsim.1"
cmp -s "$root/share/man/man1/enrollsim.1" docs/man/enrollsim.1 \
  || { echo "release: docs/man/enrollsim.1 is out of date: swift run enrollsim manual > docs/man/enrollsim.1" >&2; exit 1; }
"$root/bin/enrollsim" --generate-completion-script bash > "$root/share/bash-completion/completions/enrollsim"
"$root/bin/enrollsim" --generate-completion-script zsh > "$root/share/zsh/site-functions/_enrollsim"
"$root/bin/enrollsim" --generate-completion-script fish > "$root/share/fish/vendor_completions.d/enrollsim.fish"

# The shared libraries the binary loads, and the Debian package of each (where dpkg knows it).
libraries=$(ldd "$root/bin/enrollsim" | awk '$2 == "=>" && $3 ~ /^\// { print $1 " " $3 }' | sort)
needs=$(while read -r soname path; do
  [ -n "$soname" ] || continue
  package=$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -1 | cut -d: -f1 || true)
  [ -n "$package" ] || package=$(dpkg -S "$path" 2>/dev/null | head -1 | cut -d: -f1 || true)
  echo "  $soname  (${package:-not from a Debian package: $path})"
done <<< "$libraries")
# libcurl and libcrypto are not among them: the HTTP client opens libcurl on its first request
# (libcurl4), `serve` opens libcrypto when it starts (libssl3).
packages=$( (grep -o '([a-z0-9.+-]*)' <<< "$needs" | tr -d '()'; echo libcurl4; echo libssl3) | sort -u | paste -sd ' ')
# The newest C library and C++ library symbol versions it uses: the oldest systems it runs on.
symbols=$(objdump -T "$root/bin/enrollsim")
glibc=$(grep -o 'GLIBC_[0-9.]*' <<< "$symbols" | sort -Vu | tail -1 | cut -d_ -f2)
glibcxx=$(grep -o 'GLIBCXX_[0-9.]*' <<< "$symbols" | sort -Vu | tail -1 | cut -d_ -f2)
if grep -q '^libswiftCore' <<< "$libraries"; then
  runtime="This is not a release build: it loads the Swift runtime from the toolchain it was built with."
else
  runtime="The Swift runtime is inside the binary."
fi

# Whether this binary serves HTTPS: a build without the trait TLS refuses the flag before anything else.
probe=$("$root/bin/enrollsim" serve --tls-self-signed --port=-1 2>&1 || true)
if grep -q 'built without TLS' <<< "$probe"; then
  https="not in this build (scripts/release.sh --binary of a build without the trait TLS)."
else
  https="enrollsim serve --tls-self-signed (a certificate for loopback) or --tls-cert/--tls-key."
fi

cat > "$root/INSTALL" <<NOTE
enrollsim $version for Linux $(uname -m)

Install (into ~/.local; any prefix works the same way):

  tar -xzf $name.tar.gz
  mkdir -p ~/.local
  cp -R $name/bin $name/share ~/.local/
  enrollsim --version          # ~/.local/bin must be on your PATH

Keep bin/enrollsim_EnrollsimAssets.resources beside bin/enrollsim: it holds the built-in
scenarios. A symbolic link to bin/enrollsim from elsewhere on the PATH works too.

$runtime It needs these shared libraries (from ldd):
$needs

To talk to a team server (--backend, batch and replay over HTTP), it opens libcurl.so.4
(libcurl4) on the first request; the terminal app on its own simulator never loads it.
The team server (enrollsim serve) opens OpenSSL's libcrypto.so.3 (libssl3) when it starts,
for its session tokens, Auth API signatures and certificate; nothing else loads it.

On Debian or Ubuntu:  sudo apt-get install $packages

It needs glibc $glibc or later${glibcxx:+ and a libstdc++ with GLIBCXX_$glibcxx} (Debian 12 and Ubuntu 22.04
have both).

Shell completion: bash reads share/bash-completion/completions (with the bash-completion
package), fish reads share/fish/vendor_completions.d; for zsh, add ~/.local/share/zsh/site-functions
to fpath before compinit. The manual: man enrollsim (with ~/.local/share/man on MANPATH, which
man-db derives from ~/.local/bin on PATH).

Settings: enrollsim config (the file ~/.config/enrollsim/config.toml; see the manual's FILES).

HTTPS: $https

Licensed under the Apache License, Version 2.0: see LICENSE.
NOTE

mkdir -p "$out"
# Same inputs, same archive: sorted names, no owners, the commit's time on every file.
mtime=$(git log -1 --format=%cI 2>/dev/null || date -u +%Y-%m-%dT%H:%M:%SZ)
tar --sort=name --owner=0 --group=0 --numeric-owner --mtime="$mtime" -C "$stage" -czf "$out/$name.tar.gz" "$name"
echo "$out/$name.tar.gz"
