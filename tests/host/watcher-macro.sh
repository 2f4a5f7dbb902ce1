#!/bin/bash
# The registration macro, compiled against the patched tree as an
# external object: in a module and built in (MODULE undefined) it must
# emit one read-only pointer into task_watchers_INIT, the section the
# module loader and the linker look for, a misspelt event must not
# compile, and modpost must refuse a watcher in init or exit memory.
. "$(dirname "$0")/../../scripts/lib/lib.sh"
. "$TOP/guest-rootfs/lib/tap.sh"
OBJ=$(obj_dir "$TREE" release)

tmp=$(mktemp -d); trap 'rm -rf "$tmp"' EXIT

build_module() {
	make -s -C "$TREE" O="$OBJ" M="$tmp" twmod.o > "$tmp/build.log" 2>&1
}

# write_module BODY [PRELUDE]
write_module() {
	cat > "$tmp/twmod.c" <<EOC
$2
#include <linux/module.h>
#include <linux/task_watchers.h>

static int twmod_init_task(u64 val, struct task_struct *tsk)
{
	return 0;
}
$1
#ifdef MODULE
MODULE_LICENSE("GPL");
#endif
EOC
}

tap_begin
if [ ! -f "$OBJ/vmlinux" ] || ! grep -q '^CONFIG_MODULES=y' "$OBJ/.config"; then
	tap_skip "no modular release build in $OBJ" "modules cannot register task watchers"
	tap_end; exit
fi
echo 'obj-m := twmod.o' > "$tmp/Kbuild"
write_module "static int __init twmod_init(void) { return twmod_init_task(0, NULL); }
module_init(twmod_init);"
build_module
rc=$?
[ $rc = 0 ] || tap_diag < "$tmp/build.log"
tap_result $rc "a module using task_watchers.h compiles"

# one_pointer WHERE [PRELUDE]: task_watcher_func(INIT, fn) compiles to one
# read-only pointer in task_watchers_INIT and nothing in other tables
one_pointer() {
	write_module "task_watcher_func(INIT, twmod_init_task);" "$2"
	build_module
	rc=$?
	[ $rc = 0 ] || tap_diag < "$tmp/build.log"
	objdump -h "$tmp/twmod.o" | grep -A1 ' task_watchers_INIT ' > "$tmp/sec.txt"
	tap_diag < "$tmp/sec.txt"
	[ $rc = 0 ] && grep -q 'task_watchers_INIT *0*8 ' "$tmp/sec.txt" &&
		grep -q READONLY "$tmp/sec.txt" && ! grep -q 'task_watchers_' <(objdump -h "$tmp/twmod.o" | grep -v INIT)
	tap_result $? "$1, task_watcher_func(INIT, fn) emits one read-only pointer in task_watchers_INIT"
}

one_pointer "in a module"
one_pointer "built in" "#undef MODULE"

write_module "task_watcher_func(INTI, twmod_init_task);" "#undef MODULE"
build_module
rc=$?
[ $rc != 0 ] && grep -q "WATCH_TASK_INTI" "$tmp/build.log"
tap_result $? "a misspelt event (INTI) does not compile"

# A watcher marked __init or __exit would be called after its memory is
# freed (or, for __exit, was never loaded): modpost fails the module's
# build naming it, and links the same module with a plain watcher.
for ann in "" __init __exit; do
	cat > "$tmp/twmod.c" <<EOC
#include <linux/module.h>
#include <linux/task_watchers.h>

static int $ann twmod_exec(u64 val, struct task_struct *tsk)
{
	return 0;
}
task_watcher_func(EXEC, twmod_exec);
MODULE_LICENSE("GPL");
EOC
	rm -f "$tmp/twmod.ko"
	make -s -C "$TREE" O="$OBJ" M="$tmp" modules > "$tmp/build.log" 2>&1
	rc=$?
	if [ -z "$ann" ]; then
		[ $rc = 0 ] && [ -f "$tmp/twmod.ko" ] || { tap_diag < "$tmp/build.log"; false; }
		tap_result $? "a module with a plain task watcher links (modpost)"
	else
		grep 'modpost' "$tmp/build.log" | tap_diag
		[ $rc != 0 ] && [ ! -f "$tmp/twmod.ko" ] &&
			grep -q "task watcher twmod_exec is in \.${ann#__}\.text" "$tmp/build.log"
		tap_result $? "modpost refuses a task watcher marked $ann"
	fi
done
tap_end
