#!/usr/bin/env bash
# One release, one command:  dist/release.sh 0.2.0 [OUTDIR]
# Builds the agent jar for VERSION (-Ddeflateaccel.version), then the release archive, the .deb
# and the .rpm, and puts them with their .sha256 files into OUTDIR (default
# dist/target/release-VERSION), checked with sha256sum -c there. CHANGELOG.md must have a dated
# "## [VERSION] - YYYY-MM-DD" section first: the packages' changelog is made from it. Tests do not
# run here; release a commit whose CI passed.
set -euo pipefail
cd "$(dirname "$0")/.."

VERSION="${1:-}"
if [[ ! "$VERSION" =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
  echo "usage: dist/release.sh MAJOR.MINOR.PATCH [OUTDIR]   (e.g. dist/release.sh 0.2.0; got '$VERSION')" >&2
  exit 2
fi
OUT="${2:-dist/target/release-$VERSION}"
if ! grep -qxE "## \[${VERSION//./\\.}\] - [0-9]{4}-[0-9]{2}-[0-9]{2}" CHANGELOG.md; then
  echo "release.sh: CHANGELOG.md has no dated '## [$VERSION] - YYYY-MM-DD' section; date that version's entry first" >&2
  exit 1
fi
for tool in dpkg-deb rpmbuild; do
  if ! command -v "$tool" >/dev/null; then
    echo "release.sh: $tool not found; a release has both packages (Debian: apt-get install dpkg rpm)" >&2
    exit 1
  fi
done

mvn -B -ntp -pl dist -am clean package -DskipTests -Ddeflateaccel.version="$VERSION"

mkdir -p "$OUT"
OUT="$(cd "$OUT" && pwd)"
FILES=("deflate-accel-$VERSION-bin.tar.gz" "deflate-accel_${VERSION}_all.deb" "deflate-accel-$VERSION-1.noarch.rpm")
for f in "${FILES[@]}"; do
  cp "dist/target/$f" "dist/target/$f.sha256" "$OUT/"
done
cd "$OUT"
for f in "${FILES[@]}"; do
  sha256sum -c "$f.sha256"
done
echo "release.sh: deflate-accel $VERSION in $(pwd)"
