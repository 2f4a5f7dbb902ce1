# Shared helpers for scripts/*/*.sh; sourced, never run.
# Paths and tunables are UPPERCASE and may be overridden from the environment.

TOP=${TOP:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}
# The kernel: Debian's linux-source-$LINUX and the series ported to it.
# Every version is a folder of its own, and nothing else names one:
# patches/$LINUX (series, cover letter, mutant overlay), configs/$LINUX,
# build/$LINUX, results/$LINUX.  The default is the newest, where the
# series is developed; the others are its backports.
export LINUX=${LINUX:-6.12}
# kernel_versions: every version patches/ has a folder for, oldest first
kernel_versions() { (cd "$TOP/patches" && ls -d */ | tr -d / | sort -V); }
PATCHES=${PATCHES:-$TOP/patches/$LINUX}
[ -f "$PATCHES/series" ] || { echo "error: LINUX=$LINUX: no series in $PATCHES" >&2; exit 1; }
COVER_LETTER=$PATCHES/cover-letter.txt
BUILD=${BUILD:-$TOP/build/$LINUX}
TREE=${TREE:-$BUILD/linux}            # the patched tree (git, series as commits)
BASE_TREE=${BASE_TREE:-$BUILD/linux-base}  # worktree at the pristine tag
SRC_PACKAGE=linux-source-$LINUX
# obj_dir TREE FLAVOUR: where TREE's FLAVOUR kernel is built (out of tree)
obj_dir() { echo "$1/out-$2"; }
# kernel_image OBJDIR: the bootable image an object directory holds
kernel_image() { echo "$1/arch/x86/boot/bzImage"; }
SRC_TARBALL=${SRC_TARBALL:-/usr/src/$SRC_PACKAGE.tar.xz}
RESULTS=${RESULTS:-$TOP/results/$LINUX}

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

# series_patches [DIR]: the patch files of DIR's series (default: this
# version's), in order
series_patches() { sed -e 's/#.*//' -e '/^[[:space:]]*$/d' "${1:-$PATCHES}/series"; }
# series_stamp: what the tree was last made from: the series file and
# its patches, hashed (tree.sh and export.sh keep it in the tree)
series_stamp() { (cd "$PATCHES" && cat series $(series_patches)) | sha1sum | cut -d' ' -f1; }

# The mutants: tests/mutants/ holds those of every version, and
# $PATCHES/mutants/ (the overlay) those whose bug only this version can
# have, or a port of a shared one where that does not apply here.
MUTANT_OVERLAY=${MUTANT_OVERLAY:-$PATCHES/mutants}

# mutant_names: the mutants of this version, shared and overlay.
mutant_names() {
	local dir=${MUTANTS_DIR:-$TOP/tests/mutants} m
	for m in "$dir"/*.patch "$MUTANT_OVERLAY"/*.patch; do
		[ -e "$m" ] && basename "$m" .patch
	done | sort -u
}

# mutant_field PATCH NAME: a field of a mutant's header (above "---":
# Mutant, Scenario, Tests)
mutant_field() { sed -n "/^---\$/q; s/^$2: *//p" "$1" | head -1; }

# mutant_patch NAME: the overlay's NAME if it has one, else the shared one.
mutant_patch() {
	local dir=${MUTANTS_DIR:-$TOP/tests/mutants}
	if [ -f "$MUTANT_OVERLAY/$1.patch" ]; then echo "$MUTANT_OVERLAY/$1.patch"; else echo "$dir/$1.patch"; fi
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
