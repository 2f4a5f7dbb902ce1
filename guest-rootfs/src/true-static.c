// SPDX-License-Identifier: GPL-2.0
/* true-static: the smallest static program, exec target of forkbench. */
int main(void)
{
	return 0;
}
