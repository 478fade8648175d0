# Sourced by .ci/fetch-jdks.sh and .ci/fetch-libs.sh: downloads .deb files from other suites of the
# Debian archive this machine's apt sources name, on a private apt state under $APT. Installs
# nothing and leaves the machine's apt configuration alone.
#   APT=DEST/.apt; archive_uri NAME; download SUITE PACKAGE...   -> the .debs in $APT/debs-SUITE
# NAME (the calling script's) starts every message; a missing tool or archive exits 2.

# The archive address, from the machine's own apt sources; exits 2 if there is none.
archive_uri() {
  local name=$1 tool
  for tool in apt-get dpkg-deb "${@:2}"; do
    command -v "$tool" >/dev/null || { echo "$name: $tool is missing (apt-get install $tool)" >&2; exit 2; }
  done
  URI=$(awk '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/*.sources 2>/dev/null || true)
  [ -n "$URI" ] || URI=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  [ -n "$URI" ] || { echo "$name: no Debian archive in this machine's apt sources" >&2; exit 2; }
  ARCHIVE_NAME=$name
  mkdir -p "$APT/cache/archives/partial"
}

download() {
  local suite=$1; shift
  mkdir -p "$APT/lists-$suite/partial" "$APT/debs-$suite"
  echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] $URI $suite main" > "$APT/$suite.list"
  # Dir::State::status=/dev/null: this machine's installed packages must not stand in for a suite's.
  local opts=(-o Dir::Etc::sourcelist="$APT/$suite.list" -o Dir::Etc::sourceparts=-
              -o Dir::State::Lists="$APT/lists-$suite" -o Dir::Cache="$APT/cache"
              -o Dir::State::status=/dev/null
              -o APT::Architecture=amd64 -o APT::Architectures=amd64 -o APT::Sandbox::User=root)
  apt-get -q "${opts[@]}" update >/dev/null \
    || { echo "$ARCHIVE_NAME: Debian's $suite suite is not reachable at $URI" >&2; exit 2; }
  (cd "$APT/debs-$suite" && apt-get -q "${opts[@]}" download "$@" >/dev/null) \
    || { echo "$ARCHIVE_NAME: Debian's $suite suite lacks one of: $*" >&2; exit 2; }
}
