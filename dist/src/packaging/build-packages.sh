#!/usr/bin/env bash
# Builds deflate-accel_<version>_all.deb (dpkg-deb) and deflate-accel-<version>-1.noarch.rpm
# (rpmbuild), each with a .sha256 beside it, from the release archive: the packages hold its
# files, laid out as Debian and RPM systems expect. Run by dist's
# `mvn package`; also by PackagesIT for a second, higher version (the upgrade).
#
#   build-packages.sh VERSION ARCHIVE CHANGELOG.md OUTDIR [deb|rpm|all]
#
# A missing dpkg-deb or rpmbuild skips that package with one line and exit status 0, so a
# checkout without them still builds; CI installs both and its tests then require the packages
# (-Ddeflateaccel.packages.required=true).
set -euo pipefail

VERSION="$1"
ARCHIVE="$2"
CHANGELOG_MD="$3"
OUT="$4"
WHICH="${5:-all}"
HERE="$(cd "$(dirname "$0")" && pwd)"
MAINTAINER="deflate-accel developers <dev@deflateaccel.dev>"
SUMMARY="Cassandra's DeflateCompressor on native Deflate engines (Java agent)"

# Debian and RPM order 0.2.0~SNAPSHOT before 0.2.0; "-" would mean a Debian revision, and RPM
# refuses it in a version.
PKG_VERSION="${VERSION//-/\~}"
# The CHANGELOG.md section a build belongs to: 0.2.0-SNAPSHOT and 0.2.0+x are 0.2.0's.
BASE_VERSION="${VERSION%%[-+~]*}"

build_deb=false
build_rpm=false
case "$WHICH" in
  deb) build_deb=true ;;
  rpm) build_rpm=true ;;
  all) build_deb=true; build_rpm=true ;;
  *) echo "build-packages.sh: deb, rpm or all, not $WHICH" >&2; exit 2 ;;
esac
if $build_deb && ! command -v dpkg-deb >/dev/null; then
  echo "deflate-accel packages: dpkg-deb not found, the .deb was not built (Debian: apt-get install dpkg)"
  build_deb=false
fi
if $build_rpm && ! command -v rpmbuild >/dev/null; then
  echo "deflate-accel packages: rpmbuild not found, the .rpm was not built (Debian: apt-get install rpm)"
  build_rpm=false
fi
if ! $build_deb && ! $build_rpm; then
  exit 0
fi

WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT
umask 022

# CHANGELOG.md as "S<tab>version<tab>date" and "I<tab>Kind: text" lines, newest first.
changelog_items() {
  awk '
    function flush() { if (item != "") { print "I\t" kind ": " item; item = "" } }
    /^## \[/ {
      flush()
      v = $0; sub(/^## \[/, "", v); d = v; sub(/\].*$/, "", v)
      sub(/^[^]]*\]( - )?/, "", d)
      print "S\t" v "\t" d; kind = ""; next
    }
    /^### / { flush(); kind = substr($0, 5); next }
    /^- / { flush(); item = substr($0, 3); next }
    /^  +[^ ]/ && item != "" { t = $0; sub(/^ +/, "", t); item = item " " t; next }
    /^[[:space:]]*$/ { flush(); next }
    END { flush() }
  ' "$CHANGELOG_MD"
}

# The Debian changelog: the section of this build's version, under this build's package version,
# then every older one. A version without a section is refused: each package says what changed.
debian_changelog() {
  local found=false started=false kind rest version date when
  while IFS=$'\t' read -r kind rest date; do
    if [ "$kind" = S ]; then
      version="$rest"
      if ! $found && [ "$version" = "$BASE_VERSION" ]; then found=true; version="$PKG_VERSION"; fi
      $found || continue
      if $started; then printf '\n -- %s  %s\n\n' "$MAINTAINER" "$when"; fi
      started=true
      if [ "$date" = Unreleased ]; then
        when="$(LC_ALL=C date -u -R)"
      else
        when="$(LC_ALL=C date -u -R -d "$date")"
      fi
      printf 'deflate-accel (%s) stable; urgency=medium\n\n' "$version"
    elif $found; then
      printf '%s\n' "${rest//\`/}" | fold -s -w 72 | sed -e '1s/^/  * /' -e '2,$s/^/    /' -e 's/ *$//'
    fi
  done < <(changelog_items)
  if ! $found; then
    echo "build-packages.sh: $CHANGELOG_MD has no '## [$BASE_VERSION]' section; add one before building $VERSION" >&2
    return 1
  fi
  printf '\n -- %s  %s\n' "$MAINTAINER" "$when"
}

# The file tree both packages install, from the archive.
# (Its one top folder, whatever version it names: PackagesIT packs the same archive as a higher version.)
mkdir "$WORK/archive"
tar -xzf "$ARCHIVE" -C "$WORK/archive"
FROM="$(echo "$WORK"/archive/*)"
ROOT="$WORK/root"
install -d "$ROOT/usr/share/deflate-accel" "$ROOT/etc" "$ROOT/usr/bin" "$ROOT/usr/share/doc/deflate-accel" \
  "$ROOT/usr/share/man/man1"
install -m 0644 "$FROM/deflate-accel-agent.jar" "$FROM/jmx_exporter-deflate-accel.yml" "$ROOT/usr/share/deflate-accel/"
install -m 0644 "$FROM/zlib-accel.conf.sample" "$ROOT/etc/zlib-accel.conf"
install -m 0755 "$HERE/deflate-accel" "$ROOT/usr/bin/deflate-accel"
install -m 0644 "$FROM/README" "$FROM/NOTICE" "$HERE/copyright" "$ROOT/usr/share/doc/deflate-accel/"
debian_changelog > "$WORK/changelog"
gzip -9n < "$WORK/changelog" > "$ROOT/usr/share/doc/deflate-accel/changelog.gz"
gzip -9n < "$HERE/deflate-accel.1" > "$ROOT/usr/share/man/man1/deflate-accel.1.gz"
chmod 0644 "$ROOT/usr/share/doc/deflate-accel/changelog.gz" "$ROOT/usr/share/man/man1/deflate-accel.1.gz"
mkdir -p "$OUT"

checksum() {
  (cd "$OUT" && sha256sum "$1" > "$1.sha256")
}

if $build_deb; then
  DEB="$WORK/deb"
  cp -a "$ROOT" "$DEB"
  install -d "$DEB/usr/share/lintian/overrides" "$DEB/DEBIAN"
  install -m 0644 "$HERE/lintian-overrides" "$DEB/usr/share/lintian/overrides/deflate-accel"
  echo /etc/zlib-accel.conf > "$DEB/DEBIAN/conffiles"
  { printf '#!/bin/sh\nset -e\nif [ "$1" = remove ]; then\n'; cat "$HERE/remove-warning.sh"; printf 'fi\nexit 0\n'; } > "$DEB/DEBIAN/prerm"
  chmod 0755 "$DEB/DEBIAN/prerm"
  (cd "$DEB" && find . -path ./DEBIAN -prune -o -type f -printf '%P\0' | LC_ALL=C sort -z | xargs -0 md5sum) > "$DEB/DEBIAN/md5sums"
  # No Depends on a Java runtime: the node brings its own, which /usr/bin/deflate-accel finds.
  cat > "$DEB/DEBIAN/control" <<CONTROL
Package: deflate-accel
Version: $PKG_VERSION
Architecture: all
Maintainer: $MAINTAINER
Installed-Size: $(du -sk --exclude=DEBIAN "$DEB" | cut -f1)
Recommends: libdeflate0, libisal2
Section: database
Priority: optional
Description: $SUMMARY
 A Java agent that makes Apache Cassandra's DeflateCompressor run on native
 Deflate engines (libdeflate, ISA-L igzip, Intel QAT and IAA), falling back
 per call to Cassandra's own code. What it writes is an ordinary zlib stream
 that stock Cassandra reads. A node loads it through one -javaagent line in
 its jvm-server.options; this package never edits Cassandra's files.
 .
 Without libdeflate0 and libisal2 it runs on java.util.zip.
CONTROL
  chmod 0644 "$DEB/DEBIAN/control" "$DEB/DEBIAN/md5sums" "$DEB/DEBIAN/conffiles"
  NAME="deflate-accel_${PKG_VERSION}_all.deb"
  dpkg-deb --root-owner-group -Zxz --build "$DEB" "$OUT/$NAME" >/dev/null
  checksum "$NAME"
  echo "deflate-accel packages: built $OUT/$NAME"
fi

if $build_rpm; then
  RPMTOP="$WORK/rpmbuild"
  mkdir -p "$RPMTOP/SPECS"
  # RPM systems have no /usr/share/common-licenses, which the copyright file points Debian to.
  RPMROOT="$WORK/rpmroot"
  cp -a "$ROOT" "$RPMROOT"
  install -D -m 0644 "$FROM/LICENSE" "$RPMROOT/usr/share/licenses/deflate-accel/LICENSE"
  cat > "$RPMTOP/SPECS/deflate-accel.spec" <<SPEC
Name: deflate-accel
Version: $PKG_VERSION
Release: 1
Summary: $SUMMARY
License: Apache-2.0 AND BSD-3-Clause AND MIT
BuildArch: noarch
# Nothing generated from the jar or the scripts; no Java runtime either (the node brings its own).
AutoReqProv: no
Recommends: libdeflate
Recommends: isa-l

%description
A Java agent that makes Apache Cassandra's DeflateCompressor run on native Deflate engines
(libdeflate, ISA-L igzip, Intel QAT and IAA), falling back per call to Cassandra's own code.
A node loads it through one -javaagent line in its jvm-server.options; this package never edits
Cassandra's files. Without libdeflate and isa-l it runs on java.util.zip.

%install
cp -a $RPMROOT/. %{buildroot}/

%preun
if [ "\$1" -eq 0 ]; then
$(cat "$HERE/remove-warning.sh")
fi
exit 0

%files
%dir /usr/share/deflate-accel
/usr/share/deflate-accel/deflate-accel-agent.jar
/usr/share/deflate-accel/jmx_exporter-deflate-accel.yml
%config(noreplace) /etc/zlib-accel.conf
%attr(0755,root,root) /usr/bin/deflate-accel
%dir /usr/share/doc/deflate-accel
/usr/share/doc/deflate-accel/README
/usr/share/doc/deflate-accel/NOTICE
/usr/share/doc/deflate-accel/copyright
/usr/share/doc/deflate-accel/changelog.gz
/usr/share/man/man1/deflate-accel.1.gz
%license /usr/share/licenses/deflate-accel/LICENSE
SPEC
  # The files as staged: no brp- post-processing (recompressed man pages, stripped jars).
  rpmbuild -bb --quiet --define "_topdir $RPMTOP" --define "_rpmdir $OUT" \
    --define '_build_name_fmt %%{NAME}-%%{VERSION}-%%{RELEASE}.%%{ARCH}.rpm' \
    --define '__os_install_post %{nil}' --define 'debug_package %{nil}' \
    "$RPMTOP/SPECS/deflate-accel.spec" >/dev/null
  NAME="deflate-accel-${PKG_VERSION}-1.noarch.rpm"
  checksum "$NAME"
  echo "deflate-accel packages: built $OUT/$NAME"
fi
