/* SPDX-License-Identifier: GPL-2.0 */
/*
 * The indirect-call thunks the table walk calls, as Linux 6.1's
 * arch/x86/lib/retpoline.S has them (one per register, each 32-byte
 * aligned, RETPOLINE_THUNK_SIZE):
 *
 * __x86_indirect_thunk_<reg>: the generic retpoline, what a 6.1 kernel
 *   runs with "spectre_v2: Mitigation: Retpolines" (the call sites are
 *   left calling the thunk: patch_retpoline() returns -1).  The call
 *   pushes .Lspec_trap's address and primes the return predictor with it,
 *   the mov overwrites the return address with the target, and the ret
 *   goes there: a return that is always mispredicted (speculation is
 *   caught in the pause/lfence loop), once per watcher.  RET is plain
 *   "ret; int3": this host has no return thunk (retbleed not affected).
 *
 * __x86_indirect_thunk_lfence_<reg>: "lfence; jmp *%reg; int3", the
 *   thunk's X86_FEATURE_RETPOLINE_LFENCE alternative (spectre_v2=
 *   retpoline,lfence, once AMD's default).  In 6.1 the call sites
 *   themselves are then patched to "lfence; call *%reg" as well (the
 *   Makefile's table-lfence variant); this thunk is the other form.
 */
	.text

.macro RETPOLINE reg
	call	.Ldo_rop_\@
.Lspec_trap_\@:
	pause
	lfence
	jmp	.Lspec_trap_\@
.Ldo_rop_\@:
	mov	%\reg, (%rsp)
	ret
	int3
.endm

	.balign 32
.irp reg, rax, rcx, rdx, rbx, rbp, rsi, rdi, r8, r9, r10, r11, r12, r13, r14, r15
	.balign 32
	.globl	__x86_indirect_thunk_\reg
	.type	__x86_indirect_thunk_\reg, @function
__x86_indirect_thunk_\reg:
	RETPOLINE \reg
	.size	__x86_indirect_thunk_\reg, . - __x86_indirect_thunk_\reg
.endr

.irp reg, rax, rcx, rdx, rbx, rbp, rsi, rdi, r8, r9, r10, r11, r12, r13, r14, r15
	.balign 32
	.globl	__x86_indirect_thunk_lfence_\reg
	.type	__x86_indirect_thunk_lfence_\reg, @function
__x86_indirect_thunk_lfence_\reg:
	lfence
	jmp	*%\reg
	int3
	.size	__x86_indirect_thunk_lfence_\reg, . - __x86_indirect_thunk_lfence_\reg
.endr

	.section .note.GNU-stack, "", @progbits
