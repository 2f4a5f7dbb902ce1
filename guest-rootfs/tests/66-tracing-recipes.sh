#!/bin/bash
# Each recipe of docs/tracing.md (tracing/recipes/, shown there verbatim:
# tests/host/recipes-in-docs.sh) runs over the all-paths workload and
# prints what it promises: every directly called watcher, by name, or
# only the events it filters for.
# tw-needs: tree=patched
. /opt/tw/lib/tap.sh
R=/opt/tw/tracing/recipes
W=/opt/tw/bin/tw_workload
LIST=/sys/kernel/tracing/task_watchers

# direct: the directly called watchers; traceable: those of them that
# ftrace (so fentry) can attach to
direct() { awk '$NF == "direct" { print $3 }' $LIST | sort -u; }
traceable() { direct | grep -Fxf <(awk '{ print $1 }' /sys/kernel/tracing/available_filter_functions); }

# each_direct OUT PATTERN [LIST]: every watcher of LIST (default: the
# directly called) is in OUT on a line that PATTERN matches, its name
# put for FN
each_direct() {
	local out=$1 pattern=$2 fn bad=0
	for fn in ${3:-$(direct)}; do
		grep -qE "${pattern//FN/$fn}" "$out" || { echo "no line for $fn" | tap_diag; bad=1; }
	done
	return $bad
}

# recipe NAME ARGS...: run it, its output in /tmp/NAME.out, 0 if it exited 0
recipe() {
	local name=$1; shift
	"$R/$name.sh" "$@" > /tmp/$name.out 2>&1
	local rc=$?
	[ $rc = 0 ] || tap_diag < /tmp/$name.out
	return $rc
}

tap_begin
if [ ! -r $LIST ]; then
	for r in kfunc-every-watcher hist-per-watcher slow-stacktrace trace-cmd-exec-only synthetic-latency; do
		tap_skip "no $LIST: kernel without the tracepoint patch" "recipe $r"
	done
	tap_end; exit
fi

recipe kfunc-every-watcher $W &&
	each_direct /tmp/kfunc-every-watcher.out '^@calls\[kfunc:(vmlinux:)?FN\]: [1-9]' "$(traceable)"
tap_result $? "recipe kfunc-every-watcher: a count for each direct watcher ftrace can attach to"

recipe hist-per-watcher $W && each_direct /tmp/hist-per-watcher.out '\] FN +\} hitcount: +[1-9][0-9]* +duration: +[0-9]+'
tap_result $? "recipe hist-per-watcher: calls and total ns for each direct watcher"

# NS=0: every call is over it, so every call's stack is printed
NS=0 recipe slow-stacktrace $W &&
	grep -q '=> copy_process' /tmp/slow-stacktrace.out &&
	grep -q '=> bprm_execve\|=> do_execveat_common' /tmp/slow-stacktrace.out
tap_result $? "recipe slow-stacktrace: stacks through copy_process() and exec"

recipe trace-cmd-exec-only $W &&
	n=$(grep -c 'task_watchers_end:' /tmp/trace-cmd-exec-only.out) &&
	echo "$n EXEC dispatches" | tap_diag &&
	[ "$n" -gt 0 ] && ! grep 'task_watchers_end:' /tmp/trace-cmd-exec-only.out | grep -vq 'event=exec'
tap_result $? "recipe trace-cmd-exec-only: EXEC dispatches, and nothing else"

recipe synthetic-latency $W && each_direct /tmp/synthetic-latency.out '\] FN +, lat: ~ 2\^[0-9]+ *\} hitcount: +[1-9]' &&
	[ ! -d /sys/kernel/tracing/events/synthetic/watcher_lat ]
tap_result $? "recipe synthetic-latency: a log2 histogram for each direct watcher, and removed after"
tap_end
