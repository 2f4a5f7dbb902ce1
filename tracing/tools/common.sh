# What the tw-* tools share (sourced): the event names, filters, and how
# bpftrace is run.  Each tool has a header comment (USAGE .. See: what -h
# and the man page print), defines prog (its bpftrace program, @ev[] naming
# the events) and calls tw_main.
EVENTS=${TW_EVENTS:-$(dirname "$(readlink -f "$0")")/../events}

# ev_map: bpftrace statements naming each event number, from tracing/events
ev_map() { grep -v '^#' "$EVENTS" | awk '{ printf "@ev[%d] = \"%s\"; ", NR - 1, $1 }'; }

# ev_number NAME: the event's number, or an error
ev_number() {
	local n
	n=$(grep -v '^#' "$EVENTS" | grep -nx "$1" | cut -d: -f1)
	[ -n "$n" ] || { echo "unknown event '$1' (one of: $(grep -v '^#' "$EVENTS" | paste -sd' '))" >&2; exit 2; }
	echo $((n - 1))
}

usage() { sed -n '/^# USAGE/,/^# See /s/^# \{0,1\}//p' "$0"; }

# tw_main ARGS...: parse the options every tool has (-h, -p PID, -e EVENT,
# -c COMMAND) and those the tool names in EXTRA_OPTS (handled by its
# tool_opt), then run prog's bpftrace program.  FILTER is the predicate
# they make; -p compares PID_EXPR (default: bpftrace's pid, the caller's tgid).
tw_main() {
	local opt cmd="" conds=()
	while getopts "hp:e:c:${EXTRA_OPTS:-}" opt; do
		case $opt in
		h) usage; exit 0 ;;
		p) [[ $OPTARG =~ ^[0-9]+$ ]] || { echo "-p takes a pid" >&2; exit 2; }
		   conds+=("${PID_EXPR:-pid} == $OPTARG") ;;
		e) conds+=("args->event == $(ev_number "$OPTARG")") ;;
		c) cmd=$OPTARG ;;
		\?) usage >&2; exit 2 ;;
		*) tool_opt "$opt" "$OPTARG" ;;
		esac
	done
	shift $((OPTIND - 1))
	[ $# = 0 ] || { usage >&2; exit 2; }
	FILTER=$(IFS='&'; echo "${conds[*]:-1}" | sed 's/&/ \&\& /g')
	[ -d /sys/kernel/tracing/events/task_watchers ] ||
		{ echo "$(basename "$0"): no task_watchers tracepoints in this kernel" >&2; exit 1; }
	[ -n "$cmd" ] || exec bpftrace -e "$(prog)"
	# bpftrace -c takes an ELF program and words, not a shell command
	# line (and refuses a name that two PATH entries resolve, as sh on a
	# merged /usr): /bin/sh runs the command line from a file.
	run=$(mktemp /tmp/tw-cmd.XXXXXX)
	trap 'rm -f "$run"' EXIT
	printf '%s\n' "$cmd" > "$run"
	bpftrace -c "/bin/sh $run" -e "$(prog)"
}
