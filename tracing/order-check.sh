#!/bin/bash
# Check with bpftrace that every task watcher dispatch calls exactly the
# watchers of tracing/expected-order, in that order, while COMMAND runs
# (default: the all-paths workload).  Prints, per event, the dispatches
# seen and the observed sequence; any missing, extra or out-of-order
# watcher is printed as it happens.  Exits 0 only if every event was seen
# at least once and every dispatch was right.
#   usage: order-check.sh [COMMAND...]
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
EVENTS=(init clone exec uid gid exit free)

# The expected table, as bpftrace map assignments.
expected_maps() {
	local ev idx fn i
	"$HERE/expected.sh" | while read -r ev idx fn; do
		for i in "${!EVENTS[@]}"; do [ "${EVENTS[$i]}" = "$ev" ] && break; done
		echo "	@want[$i, $idx] = kaddr(\"$fn\"); @nwant[$i] = $((idx + 1));"
	done
}

program() {
	cat <<EOT
BEGIN
{
$(expected_maps)
	printf("attached\n");
}

tracepoint:task_watchers:task_watchers_begin
{
	@pos[tid] = 0;
	@in[tid] = 1;
}

tracepoint:task_watchers:task_watcher_call
/@in[tid]/
{
	\$ev = (int64)args->event;
	\$p = @pos[tid];
	if ((uint64)args->func != @want[\$ev, \$p]) {
		printf("wrong: event %d position %d: %s, expected %s (pid %d)\n",
		       \$ev, \$p, ksym(args->func), ksym(@want[\$ev, \$p]), args->pid);
		@wrong[\$ev] = count();
	}
	if (!@printed[\$ev, \$p]) {
		printf("seq %d %d %s\n", \$ev, \$p, ksym(args->func));
		@printed[\$ev, \$p] = 1;
	}
	@pos[tid] = \$p + 1;
}

tracepoint:task_watchers:task_watchers_end
/@in[tid]/
{
	\$ev = (int64)args->event;
	if (@pos[tid] != @nwant[\$ev]) {
		printf("wrong: event %d called %d watchers, expected %d (pid %d %s)\n",
		       \$ev, @pos[tid], @nwant[\$ev], args->pid, args->comm);
		@wrong[\$ev] = count();
	}
	@seen[\$ev] = count();
	delete(@pos[tid]);
	delete(@in[tid]);
}

END
{
	clear(@want); clear(@nwant); clear(@pos); clear(@in); clear(@printed);
}
EOT
}

# Turn bpftrace's map dump into one line per event; fail on any problem.
summarize() {
	awk -v names="${EVENTS[*]}" '
	BEGIN { n = split(names, name, " ") }
	/^wrong:/ { for (i = 1; i <= n; i++) sub("event " (i - 1) " ", name[i] " ", $0); print; next }
	/^@seen\[/ { gsub(/[^0-9 ]/, " "); split($0, f, " "); seen[f[1]] = f[2]; next }
	/^@wrong\[/ { gsub(/[^0-9 ]/, " "); split($0, f, " "); wrong[f[1]] = f[2]; next }
	/^seq / { seq[$2, $3] = $4; next }
	END {
		bad = 0
		for (e = 0; e < n; e++) {
			s = ""; for (i = 0; (e, i) in seq; i++) s = s " " seq[e, i]
			st = (e in wrong) ? "WRONG (" wrong[e] ")" : (seen[e] ? "in order" : "NOT SEEN")
			printf "%-5s %6d dispatches %s:%s\n", name[e + 1], seen[e], st, s
			if ((e in wrong) || !seen[e]) bad = 1
		}
		exit bad
	}'
}

main() {
	local prog out rc=0
	prog=$(mktemp /tmp/order-check.XXXXXX.bt)
	out=$(mktemp /tmp/order-check.XXXXXX.out)
	program > "$prog"
	[ $# -gt 0 ] || set -- /opt/tw/bin/tw_workload
	bpftrace -c "$*" "$prog" > "$out" 2>&1 || rc=$?
	[ $rc = 0 ] || { cat "$out" >&2; echo "bpftrace failed ($rc)" >&2; exit 2; }
	grep -v -e '^attached' -e '^@' -e '^$' -e '^wrong:' -e '^seq ' "$out" || true
	grep -e '^wrong:' -e '^@' -e '^seq ' "$out" | summarize
}

main "$@"
