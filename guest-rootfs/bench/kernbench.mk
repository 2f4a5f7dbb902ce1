# The job guest-rootfs/bench/kernbench times: every program of
# guest-rootfs/src that needs nothing but libc, compiled and linked.
PROGS := $(basename $(shell grep -L kselftest *.c))
CFLAGS := -O2 -Wall -pthread

all: $(PROGS)

%: %.c
	$(CC) $(CFLAGS) -o $@ $<

count:
	@echo $(words $(PROGS))

clean:
	rm -f $(PROGS)

.PHONY: all count clean
