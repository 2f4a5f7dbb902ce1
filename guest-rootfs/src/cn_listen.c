// SPDX-License-Identifier: GPL-2.0
/*
 * cn_listen: print every proc connector (cn_proc) event, one line each,
 * until SIGINT or SIGTERM.
 *
 *   listening                                   the kernel acked the subscription
 *   fork pid=C tgid=CT ppid=P ptgid=PT          C is the new task, P its parent
 *   exec pid= tgid=
 *   uid pid= tgid= ruid= euid=
 *   gid pid= tgid= rgid= egid=
 *   exit pid= tgid= code= signal= ppid= ptgid=
 *   sid|comm|ptrace|coredump pid= tgid=
 *
 * Lines are flushed one by one so that a test can wait for them, and the
 * order of the lines is the order in which the kernel queued the events on
 * this socket.  "listening" is printed only when the kernel's reply to
 * PROC_CN_MCAST_LISTEN has arrived: events raised after that line are
 * reported.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = 1;
}

/* Send one PROC_CN_MCAST_* operation to the proc connector. */
static int send_op(int sk, enum proc_cn_mcast_op op)
{
	char buf[NLMSG_SPACE(sizeof(struct cn_msg) + sizeof(op))] = { 0 };
	struct nlmsghdr *nlh = (struct nlmsghdr *)buf;
	struct cn_msg *msg = NLMSG_DATA(nlh);

	nlh->nlmsg_len = NLMSG_LENGTH(sizeof(*msg) + sizeof(op));
	nlh->nlmsg_type = NLMSG_DONE;
	nlh->nlmsg_pid = getpid();
	msg->id.idx = CN_IDX_PROC;
	msg->id.val = CN_VAL_PROC;
	msg->len = sizeof(op);
	memcpy(msg->data, &op, sizeof(op));
	return send(sk, nlh, nlh->nlmsg_len, 0) == nlh->nlmsg_len ? 0 : -1;
}

static void print_event(const struct proc_event *ev)
{
	switch (ev->what) {
	case PROC_EVENT_NONE:
		/* the ack of our LISTEN: err is its result */
		if (ev->event_data.ack.err)
			printf("ack err=%u\n", ev->event_data.ack.err);
		else
			printf("listening\n");
		break;
	case PROC_EVENT_FORK:
		printf("fork pid=%d tgid=%d ppid=%d ptgid=%d\n",
		       ev->event_data.fork.child_pid,
		       ev->event_data.fork.child_tgid,
		       ev->event_data.fork.parent_pid,
		       ev->event_data.fork.parent_tgid);
		break;
	case PROC_EVENT_EXEC:
		printf("exec pid=%d tgid=%d\n",
		       ev->event_data.exec.process_pid,
		       ev->event_data.exec.process_tgid);
		break;
	case PROC_EVENT_UID:
		printf("uid pid=%d tgid=%d ruid=%u euid=%u\n",
		       ev->event_data.id.process_pid,
		       ev->event_data.id.process_tgid,
		       ev->event_data.id.r.ruid, ev->event_data.id.e.euid);
		break;
	case PROC_EVENT_GID:
		printf("gid pid=%d tgid=%d rgid=%u egid=%u\n",
		       ev->event_data.id.process_pid,
		       ev->event_data.id.process_tgid,
		       ev->event_data.id.r.rgid, ev->event_data.id.e.egid);
		break;
	case PROC_EVENT_EXIT:
		printf("exit pid=%d tgid=%d code=%u signal=%u ppid=%d ptgid=%d\n",
		       ev->event_data.exit.process_pid,
		       ev->event_data.exit.process_tgid,
		       ev->event_data.exit.exit_code,
		       ev->event_data.exit.exit_signal,
		       ev->event_data.exit.parent_pid,
		       ev->event_data.exit.parent_tgid);
		break;
	case PROC_EVENT_SID:
	case PROC_EVENT_COMM:
	case PROC_EVENT_PTRACE:
	case PROC_EVENT_COREDUMP:
		/* all four start with process_pid, process_tgid */
		printf("%s pid=%d tgid=%d\n",
		       ev->what == PROC_EVENT_SID ? "sid" :
		       ev->what == PROC_EVENT_COMM ? "comm" :
		       ev->what == PROC_EVENT_PTRACE ? "ptrace" : "coredump",
		       ev->event_data.sid.process_pid,
		       ev->event_data.sid.process_tgid);
		break;
	default:
		printf("unknown what=0x%x\n", ev->what);
	}
	fflush(stdout);
}

int main(void)
{
	struct sockaddr_nl sa = {
		.nl_family = AF_NETLINK,
		.nl_groups = CN_IDX_PROC,
		.nl_pid = getpid(),
	};
	struct sigaction act = { .sa_handler = on_signal };
	union {
		struct nlmsghdr nlh;	/* aligns the buffer for it */
		char raw[4096];
	} buf;
	int sk, rcvbuf = 4 << 20;

	/* no SA_RESTART: a signal must end the blocking recv() */
	sigaction(SIGINT, &act, NULL);
	sigaction(SIGTERM, &act, NULL);

	sk = socket(PF_NETLINK, SOCK_DGRAM, NETLINK_CONNECTOR);
	if (sk < 0) {
		perror("socket(NETLINK_CONNECTOR)");
		return 1;
	}
	/* a burst must not overflow the queue and drop the events we test */
	setsockopt(sk, SOL_SOCKET, SO_RCVBUFFORCE, &rcvbuf, sizeof(rcvbuf));
	if (bind(sk, (struct sockaddr *)&sa, sizeof(sa))) {
		perror("bind(CN_IDX_PROC)");
		return 1;
	}
	if (send_op(sk, PROC_CN_MCAST_LISTEN)) {
		perror("send(PROC_CN_MCAST_LISTEN)");
		return 1;
	}

	while (!stop) {
		struct nlmsghdr *nlh = &buf.nlh;
		ssize_t len = recv(sk, &buf, sizeof(buf), 0);

		if (len < 0) {
			if (errno == EINTR)
				continue;
			/* ENOBUFS: events were lost; say so, the test fails */
			printf("error %s\n", strerror(errno));
			fflush(stdout);
			continue;
		}
		for (; NLMSG_OK(nlh, len); nlh = NLMSG_NEXT(nlh, len)) {
			struct cn_msg *msg = NLMSG_DATA(nlh);

			if (nlh->nlmsg_type != NLMSG_DONE ||
			    msg->id.idx != CN_IDX_PROC ||
			    msg->id.val != CN_VAL_PROC)
				continue;
			print_event((struct proc_event *)msg->data);
		}
	}
	/* the kernel counts listeners; leave as we came */
	send_op(sk, PROC_CN_MCAST_IGNORE);
	close(sk);
	return 0;
}
