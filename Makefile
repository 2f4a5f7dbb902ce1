# Task Watchers for Linux 6.1: the one entry point.  'make help' lists targets.
# Every target is a thin wrapper around one script in scripts/.

SHELL := /bin/bash
S := scripts
B := build
TREE := $(B)/linux
BASE := $(B)/linux-base
REL := $(TREE)/out-release/arch/x86/boot/bzImage

.PHONY: help run test exec shell deps tree export build build-debug \
	build-base kernels-release rootfs bench profile check-series stress clean distclean

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run          build everything, boot the patched kernel, show the guest report
run:
	@$(S)/run.sh

## test         build everything, run the host and guest tests (TAP), N passed, N failed
test:
	@$(S)/test.sh

## exec CMD=..  run one command in the guest (release kernel; KERNEL=.. to pick)
exec: deps kernels-release rootfs
	@KERNEL=$${KERNEL:-$(REL)} $(S)/vm.sh "$$CMD"

## shell        interactive shell in the guest
shell: deps kernels-release rootfs
	@KERNEL=$${KERNEL:-$(REL)} $(S)/vm.sh --shell

## deps         install the Debian packages that are missing
deps:
	@$(S)/deps.sh

## tree         unpack linux-source-6.1 into build/linux, apply patches/series
tree: deps
	@$(S)/tree.sh

## export       write build/linux's commits back to patches/ (format-patch + series)
export:
	@$(S)/export.sh

## build        the patched release kernel; build-debug, build-base likewise
build kernels-release: tree
	@$(S)/kernel.sh release $(TREE)
build-debug: tree
	@$(S)/kernel.sh debug $(TREE)
build-base: tree
	@$(S)/kernel.sh release $(BASE)

## bench        every table of docs/results.md: per-patch cost, stress-ng and kernbench-like
##              loads, the 2006 rate-vs-N sweep, per-function profile (BENCH_PARTS="patches programs sweep profile")
bench: deps build build-base rootfs
	@$(S)/bench-suite.sh

## profile      where fork, exec and thread instructions go, per function, base and
##              every prefix of the series (a QEMU plugin counting instructions)
profile: deps build-base rootfs
	@$(S)/insn-profile.sh

## check-series build every prefix of the series in both flavours (bisectability)
check-series: tree
	@$(S)/check-series.sh

## stress       bounded fork/exec/thread stress on the debug kernel: no splat, leak or slab growth
stress: deps
	@$(S)/stress.sh

## rootfs       the debootstrapped guest image, build/rootfs.ext4
rootfs: deps
	@$(S)/rootfs.sh

## clean        remove kernel build outputs (keeps the tree and the guest)
clean:
	rm -rf $(TREE)/out-* $(BASE)/out-* results
## distclean    remove everything under build/ and results/
distclean:
	rm -rf $(B) results
