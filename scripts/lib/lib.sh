# Shared helpers for scripts/*/*.sh; sourced, never run.
# Paths and tunables are UPPERCASE and may be overridden from the environment.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
# The kernel: Debian's linux-source-$LINUX and the series ported to it.
# 6.1 is the product's; another version (make test LINUX=6.12) keeps its
# series, trees and results apart: patches/6.12, build/6.12, results/6.12.
export LINUX=${LINUX:-6.1}
VERSION_DIR=$([ "$LINUX" = 6.1 ] || echo "/$LINUX")
PATCHES=${PATCHES:-$TOP/patches$VERSION_DIR}
[ -f "$PATCHES/series" ] || { echo "error: LINUX=$LINUX: no series in $PATCHES" >&2; exit 1; }
BUILD=${BUILD:-$TOP/build$VERSION_DIR}
TREE=${TREE:-$BUILD/linux}            # the patched tree (git, series as commits)
BASE_TREE=${BASE_TREE:-$BUILD/linux-base}  # worktree at the pristine tag
SRC_PACKAGE=linux-source-$LINUX
SRC_TARBALL=${SRC_TARBALL:-/usr/src/$SRC_PACKAGE.tar.xz}
RESULTS=${RESULTS:-$TOP/results$VERSION_DIR}

export CCACHE_DIR=${CCACHE_DIR:-$HOME/.cache/ccache}
# Trees differ in their absolute path only: let them share cache entries.
export CCACHE_NOHASHDIR=1
# The path the compiler sees: make runs in the real one (build/ may be
# a symlink to a bigger disk), and a base dir that is not its prefix
# shares nothing.
export CCACHE_BASEDIR=$(realpath -m "$BUILD")
export CCACHE_MAXSIZE=${CCACHE_MAXSIZE:-10G}
# Depend mode: on a miss, take the headers from gcc's own -MMD file instead
# of running the preprocessor a second time (12-25% of a cold compile).
# It gives up preprocessed-mode hits, which kernels rarely get: a header
# that changed changes the preprocessed text too (line numbers).
export CCACHE_DEPEND=${CCACHE_DEPEND:-1}

# mutant_names: the mutants of this version: those of tests/mutants/, and
# those of tests/mutants/$LINUX/ whose bug only this version can have.
mutant_names() {
	local dir=${MUTANTS_DIR:-$TOP/tests/mutants} m
	for m in "$dir"/*.patch "$dir$VERSION_DIR"/*.patch; do
		[ -e "$m" ] && basename "$m" .patch
	done | sort -u
}

# mutant_patch NAME: the mutant NAME of tests/mutants/, or its port to
# this kernel version, tests/mutants/$LINUX/NAME.patch, where the first
# does not apply to the version's series (or does not exist there).
mutant_patch() {
	local dir=${MUTANTS_DIR:-$TOP/tests/mutants}
	if [ -f "$dir/$LINUX/$1.patch" ]; then echo "$dir/$LINUX/$1.patch"; else echo "$dir/$1.patch"; fi
}

log()  { printf '[%s] %s\n' "$(date +%T)" "$*" >&2; }
die()  { printf 'error: %s\n' "$*" >&2; exit 1; }
# Echo an external command before running it, as kunit.py does.
run()  { printf '$ %s\n' "$*" >&2; "$@"; }

# The Debian package version of the kernel source, e.g. 6.1.192-3.
debian_version() { dpkg-query -W -f '${Version}' "$SRC_PACKAGE" 2>/dev/null; }
# The tag of the pristine source in the trees, as DEP-14 spells a Debian
# version in git: a ref name has no '~' (6.12's "6.12.118-1~deb12u1") and
# no ':'.
base_tag() { echo "debian/$(debian_version | tr '~:' '_%')"; }
