// SPDX-License-Identifier: GPL-2.0
/*
 * tw_failfork: a sched_ext scheduler whose only operation refuses the
 * forks of one program.  Its ops.init_task() returns -ENOMEM for a task
 * being forked (args->fork) whose name is "fork_window": the child of a
 * fork still has its parent's name.  sched_cgroup_fork() then fails the
 * fork through scx_fork(), the one failure of 6.12's copy_process() that
 * goes to bad_fork_cancel_cgroup and needs a BPF scheduler loaded.
 *
 * SCX_OPS_SWITCH_PARTIAL: only SCHED_EXT tasks (none) run under it; every
 * other operation is sched_ext's default.  Tasks that exist when it loads
 * are initialised with args->fork false, so loading it fails no task.
 *
 * Built on the host without vmlinux.h or libbpf's headers: the types
 * below are the few fields used, relocated against the running kernel's
 * BTF (CO-RE) by the loader, 'bpftool struct_ops register'.
 */
#define SEC(name) __attribute__((section(name), used))

struct task_struct {
	char comm[16];
} __attribute__((preserve_access_index));

struct scx_init_task_args {
	_Bool fork;
} __attribute__((preserve_access_index));

/* libbpf matches these members by name with the kernel's struct */
struct sched_ext_ops {
	int (*init_task)(struct task_struct *p, struct scx_init_task_args *args);
	unsigned long long flags;
	char name[128];
};

#define SCX_OPS_SWITCH_PARTIAL	(1ULL << 3)
#define ENOMEM			12

static const char victim[] = "fork_window";

/* struct_ops programs take their arguments as an array of u64 */
SEC("struct_ops/tw_init_task")
int tw_init_task(unsigned long long *ctx)
{
	struct task_struct *p = (void *)ctx[0];
	struct scx_init_task_args *args = (void *)ctx[1];
	int i;

	if (!args->fork)
		return 0;
#pragma unroll
	for (i = 0; i < sizeof(victim); i++)
		if (p->comm[i] != victim[i])
			return 0;
	return -ENOMEM;
}

SEC(".struct_ops")
struct sched_ext_ops tw_failfork = {
	.init_task = (void *)tw_init_task,
	.flags = SCX_OPS_SWITCH_PARTIAL,
	.name = "tw_failfork",
};

char _license[] SEC("license") = "GPL";
