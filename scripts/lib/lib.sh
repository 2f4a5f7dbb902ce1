# Shared helpers for scripts/*/*.sh; sourced, never run.
# Paths and tunables are UPPERCASE and may be overridden from the environment.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
BUILD=${BUILD:-$TOP/build}
TREE=${TREE:-$BUILD/linux}            # the patched tree (git, series as commits)
BASE_TREE=${BASE_TREE:-$BUILD/linux-base}  # worktree at the pristine tag
SRC_TARBALL=${SRC_TARBALL:-/usr/src/linux-source-6.1.tar.xz}
RESULTS=${RESULTS:-$TOP/results}

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
# Trees differ in their absolute path only: let them share cache entries.
export CCACHE_NOHASHDIR=1
export CCACHE_BASEDIR=$BUILD
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
# Depend mode: on a miss, take the headers from gcc's own -MMD file instead
# of running the preprocessor a second time (12-25% of a cold compile).
# It gives up preprocessed-mode hits, which kernels rarely get: a header
# that changed changes the preprocessed text too (line numbers).
export CCACHE_DEPEND=${CCACHE_DEPEND:-1}

log()  { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }
# Echo an external command before running it, as kunit.py does.
run()  { printf '$ %s\n' "$*" >&2; "$@"; }

# The Debian package version of the kernel source, e.g. 6.1.192-3.
debian_version() { dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null; }
