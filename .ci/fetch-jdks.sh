#!/usr/bin/env bash
# Unpacks Java 8 and Java 11 runtimes from Debian's own archive into DEST, for the tests that run
# the agent and Cassandra 4.x nodes on them. Installs nothing and leaves the machine's apt
# configuration alone: apt runs on a private state under DEST/.apt, with the archive address taken
# from the machine's own apt sources.
#   .ci/fetch-jdks.sh DEST     -> DEST/jdk8 and DEST/jdk11, each usable as JAVA_HOME
# Exits 2 with one line naming what is missing when the archive or a tool cannot be reached.
#
# Java 11: openjdk-11-jre-headless from Debian 11 (bullseye); runs as is on Debian 12.
# Java 8:  openjdk-8-jre-headless from Debian unstable (sid), the only suite that still builds it.
#          It needs a newer glibc than Debian 12's, so sid's libc6 is unpacked beside it and the
#          JDK's launchers (ELF interpreter) and libraries (RUNPATH) are pointed at it with patchelf.
#          Only that JVM sees that glibc; native libraries it loads (libdeflate, ISA-L) are the
#          machine's own, which a newer glibc runs unchanged.
# Debian keeps some of a JDK's conf files under /etc and links them from the JDK folder: those
# links are replaced by the unpacked files, so nothing under /etc is needed.
# A second run with both JDKs in place does nothing.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: $0 DEST" >&2; exit 64; }
DEST=$(mkdir -p "$1" && cd "$1" && pwd)
if [ -x "$DEST/jdk8/bin/java" ] && [ -x "$DEST/jdk11/bin/java" ]; then
  echo "$DEST/jdk8"; echo "$DEST/jdk11"; exit 0
fi
APT=$DEST/.apt
# shellcheck source=debian-archive.sh
. "$(dirname "$0")/debian-archive.sh"
archive_uri fetch-jdks patchelf

# Replaces the JDK's links into /etc with the files unpacked beside it.
unlink_etc() {
  local root=$1 jdk=$2
  find "$jdk" -type l -lname '/etc/*' | while read -r link; do
    target=$(readlink "$link")
    if [ -e "$root$target" ]; then rm "$link"; cp -a "$root$target" "$link"; fi
  done
}

download bullseye openjdk-11-jre-headless
ROOT11=$APT/root11; rm -rf "$ROOT11"; mkdir -p "$ROOT11"
dpkg-deb -x "$APT"/debs-bullseye/openjdk-11-jre-headless_*.deb "$ROOT11"
JDK11=$ROOT11/usr/lib/jvm/java-11-openjdk-amd64
unlink_etc "$ROOT11" "$JDK11"

download sid openjdk-8-jre-headless libc6
ROOT8=$APT/root8; GLIBC_ROOT=$APT/glibc; rm -rf "$ROOT8" "$GLIBC_ROOT"; mkdir -p "$ROOT8" "$GLIBC_ROOT"
dpkg-deb -x "$APT"/debs-sid/openjdk-8-jre-headless_*.deb "$ROOT8"
dpkg-deb -x "$APT"/debs-sid/libc6_*.deb "$GLIBC_ROOT"
JDK8=$ROOT8/usr/lib/jvm/java-8-openjdk-amd64
unlink_etc "$ROOT8" "$JDK8"
GLIBC=$GLIBC_ROOT/usr/lib/x86_64-linux-gnu
LOADER=$(ls "$GLIBC_ROOT"/usr/lib64/ld-linux-x86-64.so.2 "$GLIBC"/ld-linux-x86-64.so.2 2>/dev/null | head -1)
[ -n "$LOADER" ] || { echo "fetch-jdks: sid's libc6 has no ld-linux-x86-64.so.2" >&2; exit 2; }
with_glibc_rpath() {
  local rpath; rpath=$(patchelf --print-rpath "$1")
  patchelf --set-rpath "$GLIBC${rpath:+:$rpath}" "$1"
}
for launcher in "$JDK8"/jre/bin/*; do
  if [ -f "$launcher" ] && [ ! -L "$launcher" ] && patchelf --set-interpreter "$LOADER" "$launcher" 2>/dev/null; then
    with_glibc_rpath "$launcher"
  fi
done
find "$JDK8/jre/lib/amd64" -name '*.so' | while read -r library; do with_glibc_rpath "$library"; done

ln -sfn "$JDK8" "$DEST/jdk8"
ln -sfn "$JDK11" "$DEST/jdk11"
"$DEST/jdk8/bin/java" -version 2>&1 | head -1 >&2
"$DEST/jdk11/bin/java" -version 2>&1 | head -1 >&2
echo "$DEST/jdk8"
echo "$DEST/jdk11"
