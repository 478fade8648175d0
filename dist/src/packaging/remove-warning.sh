# Shared by the .deb's prerm and the .rpm's %preun, at remove time only (not at an upgrade): a
# jvm*-server.options that still loads the jar would stop the node at its next start (the JVM
# refuses a missing -javaagent jar). Warn, never fail, never edit Cassandra's files.
for f in /etc/cassandra/jvm*-server.options ${CASSANDRA_CONF:+"$CASSANDRA_CONF"/jvm*-server.options}; do
  if [ -f "$f" ] && grep -v '^[[:space:]]*#' "$f" 2>/dev/null \
      | grep -qF -- '-javaagent:/usr/share/deflate-accel/deflate-accel-agent.jar'; then
    echo "deflate-accel: WARNING: $f still loads /usr/share/deflate-accel/deflate-accel-agent.jar: remove that -javaagent line before the node restarts, or its JVM will refuse to start" >&2
  fi
done
