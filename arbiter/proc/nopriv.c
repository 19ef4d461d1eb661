/*
 * nopriv.c: no capability in a confined engine (nopriv.h).
 */
#include <errno.h>
#include <linux/capability.h>
#include <linux/securebits.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "proc/nopriv.h"

/* Every securebit that keeps uid 0 from getting capabilities back, each
 * locked.  Setting them needs CAP_SETPCAP: a process without it (an
 * ordinary user's, with no user namespace) has nothing to lose. */
#define LOCKED_BITS (SECBIT_NOROOT | SECBIT_NOROOT_LOCKED | \
	SECBIT_NO_SETUID_FIXUP | SECBIT_NO_SETUID_FIXUP_LOCKED | \
	SECBIT_KEEP_CAPS_LOCKED | SECBIT_NO_CAP_AMBIENT_RAISE | \
	SECBIT_NO_CAP_AMBIENT_RAISE_LOCKED)

static int
tolerate_eperm(int rc)
{
	return rc < 0 && errno != EPERM ? -1 : 0;
}

int
nopriv_enter(void)
{
	struct __user_cap_header_struct hdr = {
		_LINUX_CAPABILITY_VERSION_3, 0 };
	struct __user_cap_data_struct data[2] = { { 0, 0, 0 }, { 0, 0, 0 } };
	struct rlimit zero = { 0, 0 };

	if (setrlimit(RLIMIT_RTPRIO, &zero) < 0 ||
	    setrlimit(RLIMIT_NICE, &zero) < 0)
		return -1;
	if (tolerate_eperm(prctl(PR_SET_SECUREBITS, LOCKED_BITS, 0, 0, 0)) < 0)
		return -1;
	/* The bounding set first: dropping needs CAP_SETPCAP, which the
	 * capset below takes away. */
	for (int cap = 0; prctl(PR_CAPBSET_READ, cap, 0, 0, 0) >= 0; cap++)
		if (tolerate_eperm(prctl(PR_CAPBSET_DROP, cap, 0, 0, 0)) < 0)
			return -1;
	if (prctl(PR_CAP_AMBIENT, PR_CAP_AMBIENT_CLEAR_ALL, 0, 0, 0) < 0 &&
	    errno != EINVAL)	/* a kernel before ambient sets */
		return -1;
	if (syscall(SYS_capset, &hdr, data) < 0 ||
	    syscall(SYS_capget, &hdr, data) < 0)
		return -1;
	for (int i = 0; i < 2; i++)
		if (data[i].effective | data[i].permitted | data[i].inheritable) {
			errno = EPERM;
			return -1;
		}
	return 0;
}
