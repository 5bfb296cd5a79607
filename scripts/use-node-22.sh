# Sourced by .ci/run and scripts/test.sh: Pagecast runs on Node 22 LTS or later (package.json
# `engines`). On a machine whose `node` is older (Node 20 reached its end of life in April 2026),
# Node 22 is installed once from the npm registry (the `node` package, a prebuilt binary) into a
# cache directory and put first on PATH, so npm, npx and every test run on it.
NODE_WANTED_MAJOR=22
pagecast_node_major() { node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0; }
if [ "$(pagecast_node_major)" -lt "$NODE_WANTED_MAJOR" ]; then
  PAGECAST_NODE_DIR="${PAGECAST_NODE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/pagecast/node-$NODE_WANTED_MAJOR}"
  # One install at a time (a test run beside the stress run on a new machine), made in a directory
  # of its own and renamed into place whole, so an interrupted one leaves nothing half-made in use.
  mkdir -p "$(dirname "$PAGECAST_NODE_DIR")"
  exec {pagecast_node_lock}>"$PAGECAST_NODE_DIR.lock"
  flock "$pagecast_node_lock"
  if [ ! -x "$PAGECAST_NODE_DIR/node_modules/.bin/node" ]; then
    echo "Node $(node --version 2>/dev/null || echo '(none)') is older than $NODE_WANTED_MAJOR: installing Node $NODE_WANTED_MAJOR LTS into $PAGECAST_NODE_DIR (once)."
    rm -rf "$PAGECAST_NODE_DIR" "$PAGECAST_NODE_DIR.partial"
    npm install --prefix "$PAGECAST_NODE_DIR.partial" --no-save --no-package-lock --no-audit --no-fund --loglevel=error "node@$NODE_WANTED_MAJOR" >/dev/null
    mv -T "$PAGECAST_NODE_DIR.partial" "$PAGECAST_NODE_DIR"
  fi
  exec {pagecast_node_lock}>&-
  unset pagecast_node_lock
  export PATH="$PAGECAST_NODE_DIR/node_modules/.bin:$PATH"
  echo "Using Node $(node --version) from $PAGECAST_NODE_DIR."
fi
unset -f pagecast_node_major
