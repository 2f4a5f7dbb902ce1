# Task Watchers for Linux: the one entry point.  'make help' lists targets.
# LINUX=V runs any target on kernel version V, patches/V (scripts/lib/lib.sh
# says which is the default and derives every path from it).
# Every target is a thin wrapper around one script under scripts/ (build/,
# guest/, test/, bench/; sourced helpers in lib/), which runs the steps it
# needs first as phases (scripts/lib/phase.sh): no target has a make
# prerequisite, and each works alone from a fresh clone.  The boots
# (kernel, machine, timeout, what runs) are configs/scenarios.

SHELL := /bin/bash
S := scripts
SCENARIO ?= release

.PHONY: help run test recheck exec shell deps tree export build build-debug \
	build-base rootfs bench profile check-port check-series warnings kunit stress mutants record-mutants\
	fuzz clean distclean

help:
	@sed -n 's/^## //p' $(MAKEFILE_LIST)

## run          build everything, boot the patched kernel, show the guest report
run:
	@$(S)/guest/run.sh

## test         build everything, run the host and guest tests: KTAP, N passed, N failed
##              (SCENARIOS="release debug" runs some of configs/scenarios)
test:
	@$(S)/test/test.sh

## recheck      judge the last make test again from its results folders, booting nothing
recheck:
	@$(S)/test/test.sh --recheck

## exec CMD=..  run one command in a scenario's guest (SCENARIO=release)
exec:
	@$(S)/build/prepare.sh scenario $(SCENARIO) > /dev/null && $(S)/guest/boot.sh $(SCENARIO) "$$CMD"

## shell        interactive shell in a scenario's guest (SCENARIO=release)
shell:
	@$(S)/build/prepare.sh scenario $(SCENARIO) > /dev/null && $(S)/guest/boot.sh $(SCENARIO) --shell

## deps         install the Debian packages that are missing
deps:
	@$(S)/build/deps.sh

## tree         unpack linux-source-V into build/V/linux, apply patches/V/series
##              (LINUX=V make TARGET: any target on version V; the default is the newest)
tree:
	@$(S)/build/prepare.sh tree

## export       write build/V/linux's commits back to patches/V (format-patch + series)
export:
	@$(S)/build/export.sh

## build        the patched release kernel; build-debug, build-base likewise
build:
	@$(S)/build/prepare.sh kernel release patched
build-debug:
	@$(S)/build/prepare.sh kernel debug patched
build-base:
	@$(S)/build/prepare.sh kernel release base

## rootfs       the debootstrapped guest image, build/V/rootfs.ext4
rootfs:
	@$(S)/build/prepare.sh rootfs

## bench        every table of docs/results.md: per-patch cost, stress-ng and kernbench-like
##              loads, the 2006 rate-vs-N sweep, per-function profile (BENCH_PARTS="patches programs sweep profile")
bench:
	@$(S)/bench/bench-suite.sh

## profile      where fork, exec and thread instructions go, per function, base and
##              every prefix of the series (a QEMU plugin counting instructions)
profile:
	@$(S)/bench/insn-profile.sh

## check-port   every version's series applies, passes its tree's checkpatch.pl and
##              differs from the development version's as patches/V/backport.range-diff
##              records (no kernel build; PORT_UPDATE=1 records a reviewed change)
check-port:
	@$(S)/build/check-port.sh

## check-series build every prefix of the series in both flavours (bisectability)
check-series:
	@$(S)/build/check-series.sh

## warnings     sparse and W=1 on every .c file the series touches: nothing new against
##              the unpatched files (TAP)
warnings:
	@$(S)/build/warnings.sh

## kunit        the KUnit suite run by kunit.py from the series' .kunitconfig, in a kernel
##              of its own (UML; KUNIT_ARCH=x86_64 under QEMU): kunit.py's summary
kunit:
	@$(S)/test/kunit.sh

## stress       bounded fork/exec/thread stress on the debug kernel: no splat, leak or slab growth
stress:
	@$(S)/test/stress.sh

## mutants      build and boot each mutant of tests/mutants/ and run the tests that
##              must go red (MUTANTS="a b" picks some): KTAP, ok N NAME killed by T
mutants:
	@$(S)/test/mutants.sh

## record-mutants  take the last make mutants run into docs/data/mutants/V and
##              docs/reliability.md's table (make mutants writes results/ only)
record-mutants:
	@$(S)/test/mutants-record.sh

## fuzz         trinity, bounded, on the series' and the unpatched debug kernels side by
##              side: a console report only the series' kernel shows fails
fuzz:
	@$(S)/test/fuzz.sh

## clean        remove this version's kernel build outputs and results (keeps the
##              tree and the guest)
clean:
	@. $(S)/lib/lib.sh && run rm -rf "$$TREE"/out-* "$$BASE_TREE"/out-* "$$RESULTS"
## distclean    remove everything under build/ and results/
distclean:
	rm -rf build results
