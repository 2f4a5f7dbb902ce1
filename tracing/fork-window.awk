# Check the order of the INIT and CLONE dispatches and of a failed fork's
# cancel of its INIT watchers against the scheduler's fork window, from
# fork-window.sh's recording: one line per hit, "TID POINT [VALUE]", POINT
# one of init, clone, free (the dispatch begins), undo (the INIT
# watchers cancelled), sched_fork, sched_fork_ret RET, post_fork_ret, cancel
# (sched_cancel_fork, the window's close on a failed fork since 6.12),
# cgroup_fork_ret RET (sched_cgroup_fork failed: 6.12's sched_ext),
# do_exit (after which FREE is the exiting task's own, not a fork's).
# Per fork, in the forking thread:
#   INIT before sched_fork() (before 6.12's scx_pre_fork() takes
#   scx_fork_rwsem), CLONE after sched_post_fork() returned (after
#   scx_post_fork() let it go); a fork that sched_fork() refused does not
#   reach sched_cancel_fork(); a failed fork's INIT watchers are
#   cancelled after sched_cancel_fork() where the kernel has one, and it
#   raises no FREE.
# Prints each WRONG step and one line of counts; exits 1 if any was wrong.
#   awk -v cancel=1|0 -f fork-window.awk RECORDING
function wrong(what) { printf("WRONG: tid %s: %s (line %d: %s)\n", $1, what, NR, $0); bad++ }
$2 == "init" {
	if (st[$1] != "") wrong("INIT inside a fork, after " st[$1])
	st[$1] = "init"; next
}
$2 == "sched_fork" {
	if (st[$1] != "init") wrong("sched_fork() not after the INIT watchers")
	st[$1] = "sched_fork"; next
}
$2 == "sched_fork_ret" {
	if ($3 != 0) { st[$1] = "refused"; refused++ } else st[$1] = "window"
	next
}
$2 == "cancel" {
	if (st[$1] != "window") wrong("sched_cancel_fork() after " (st[$1] == "" ? "no fork" : st[$1]))
	st[$1] = "cancelled"; cancelled++; next
}
$2 == "cgroup_fork_ret" {
	if (st[$1] != "window") wrong("sched_cgroup_fork() failed outside the window, after " st[$1])
	cgroup_failed++; next
}
$2 == "post_fork_ret" {
	if (st[$1] != "window") wrong("sched_post_fork() outside the window, after " st[$1])
	st[$1] = "posted"; next
}
$2 == "clone" {
	if (st[$1] != "posted") wrong("CLONE before sched_post_fork() returned")
	delete st[$1]; clones++; next
}
$2 == "do_exit" {
	if (st[$1] != "") wrong("do_exit() inside a fork, after " st[$1])
	st[$1] = "exiting"; next
}
$2 == "free" && st[$1] == "exiting" { next }
$2 == "free" { wrong("FREE raised for a fork, after " (st[$1] == "" ? "no fork" : st[$1])); next }
$2 == "undo" {
	if (st[$1] == "" || st[$1] == "posted") wrong("INIT watchers cancelled for a fork that did not fail")
	else if (st[$1] == "window" && cancel) wrong("INIT watchers cancelled inside the window, before sched_cancel_fork()")
	else undone[st[$1]]++
	delete st[$1]; next
}
{ wrong("unknown line") }
END {
	printf("%d CLONE after sched_post_fork(), %d refused by sched_fork(), " \
	       "%d by sched_cgroup_fork(), %d sched_cancel_fork(), " \
	       "INIT undone after: %d refused, %d cancelled, %d failed in the window\n",
	       clones, refused, cgroup_failed, cancelled, undone["refused"], undone["cancelled"], undone["window"])
	exit bad > 0
}
