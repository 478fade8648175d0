#!/usr/bin/env bash
# Unpacks the compression libraries Debian 13 (trixie) and unstable (sid) ship, with their -dev
# headers, into DEST, for the tests that run every engine on each library version operators
# install (native-bridge's library-matrix executions) and check each version's ABI from its own
# headers (VendorAbiTest). Installs nothing and leaves the machine's apt configuration alone
# (debian-archive.sh). Exits 2 with one line naming what is missing when the archive or a tool
# cannot be reached.
#   .ci/fetch-libs.sh DEST   -> DEST/KEY/{lib,include,VERSION} for each KEY below, and prints DEST
#
#   KEY               packages (suite)                                               needs glibc
#   isal-trixie       libisal2 libisal-dev (trixie: ISA-L 2.31.1)                    2.14
#   isal-sid          the same (sid: 2.31.1, another Debian build)                   2.14
#   libdeflate-trixie libdeflate0 libdeflate-dev (trixie: 1.23)                      2.14
#   libdeflate-sid    libdeflate0 libdeflate-dev (sid: 1.25)                         2.14
#   qatzip-trixie     libqatzip3 libqatzip-dev + qatlib libqat4 libqat-dev libusdm0  2.34
#                     (trixie: QATzip 1.3.1, qatlib 24.02)
#   qatzip-sid        the same (sid: QATzip 2.0.0, qatlib 26.08) + libzstd1 1.5.7    2.38
#   qpl-sid           libqpl1 libqpl-dev (sid: QPL 1.9.0)                            2.38
# VERSION holds the upstream version of the KEY's first package (qatzip-*: also qatlib's, on a
# second line). lib/ holds the shared libraries and their links, include/ the headers.
# Keys whose libraries need glibc 2.38 load only in a JVM on sid's glibc: fetch-jdks.sh's Java 8.
# A second run with every KEY in place does nothing.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 64; }
DEST=$(mkdir -p "$1" && cd "$1" && pwd)
KEYS=(isal-trixie isal-sid libdeflate-trixie libdeflate-sid qatzip-trixie qatzip-sid qpl-sid)
all_there=true
for key in "${KEYS[@]}"; do [ -s "$DEST/$key/VERSION" ] || all_there=false; done
if $all_there; then echo "$DEST"; exit 0; fi

APT=$DEST/.apt
# shellcheck source=debian-archive.sh
. "$(dirname "$0")/debian-archive.sh"
archive_uri fetch-libs

# upstream VERSION of a .deb: 1:2.31.1-1.1+b2 -> 2.31.1
upstream() { dpkg-deb -f "$1" Version | sed -e 's/^[0-9]*://' -e 's/-[^-]*$//' -e 's/+.*$//'; }

# unpack KEY SUITE VERSIONED_PACKAGE... : the first package names the version (the second too, for qatzip)
unpack() {
  local key=$1 suite=$2; shift 2
  local root=$APT/root-$key out=$DEST/$key
  rm -rf "$root" "$out"; mkdir -p "$root" "$out"
  local pkg deb
  for pkg in "$@"; do
    deb=$(ls "$APT/debs-$suite/${pkg}_"*_amd64.deb 2>/dev/null | head -1)
    [ -n "$deb" ] || { echo "fetch-libs: no $pkg .deb from $suite" >&2; exit 2; }
    dpkg-deb -x "$deb" "$root"
  done
  mv "$root/usr/lib/x86_64-linux-gnu" "$out/lib"
  mv "$root/usr/include" "$out/include"
  { upstream "$(ls "$APT/debs-$suite/${1}_"*_amd64.deb | head -1)"
    if [ "$key" = "${key#qatzip}" ]; then :; else upstream "$(ls "$APT/debs-$suite/libqat4_"*_amd64.deb | head -1)"; fi
  } > "$out/VERSION.tmp"
  mv "$out/VERSION.tmp" "$out/VERSION"
  rm -rf "$root"
  # Loaded by path: the bridge refuses group- or world-writable library files.
  find "$out/lib" -type f -name '*.so*' -exec chmod 755 {} +
}

QAT=(libqatzip3 libqatzip-dev libqat4 libqat-dev libusdm0)
download trixie libisal2 libisal-dev libdeflate0 libdeflate-dev "${QAT[@]}"
download sid libisal2 libisal-dev libdeflate0 libdeflate-dev "${QAT[@]}" libzstd1 libqpl1 libqpl-dev
unpack isal-trixie trixie libisal2 libisal-dev
unpack isal-sid sid libisal2 libisal-dev
unpack libdeflate-trixie trixie libdeflate0 libdeflate-dev
unpack libdeflate-sid sid libdeflate0 libdeflate-dev
unpack qatzip-trixie trixie "${QAT[@]}"
unpack qatzip-sid sid "${QAT[@]}" libzstd1
unpack qpl-sid sid libqpl1 libqpl-dev
for key in "${KEYS[@]}"; do echo "fetch-libs: $key $(tr '\n' ' ' < "$DEST/$key/VERSION")" >&2; done
echo "$DEST"
