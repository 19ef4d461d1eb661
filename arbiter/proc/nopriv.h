/*
 * nopriv.h: a confined engine holds no capability and has no way back to
 * one, whoever runs the arbiter.
 *
 * Run by root, an engine used to keep nearly every capability: it could
 * set the host name (a mark every later process reads), take a real-time
 * class or a negative nice (and starve the arbiter and the other tables),
 * and pass any check that asks for privilege.  Between fork and exec the
 * child clears every capability set (bounding, ambient, inheritable,
 * permitted, effective), locks the securebits so that an exec as uid 0
 * grants none again (SECBIT_NOROOT) and no_new_privs (sandbox.c) keeps a
 * setuid or file-capable program from granting any; and RLIMIT_RTPRIO
 * and RLIMIT_NICE go to 0, so that no limit an ordinary user was given
 * (PAM's limits.conf) lets it raise its priority either.  The engine
 * keeps its user id: files are its as before (root's engine still owns
 * root's files, and Landlock is what keeps it from writing them).
 */
#ifndef NOPRIV_H
#define NOPRIV_H

/*
 * In the child before exec, after the namespaces are made (pidns.c needs
 * CAP_SYS_ADMIN for its /proc): 0, or -1 with errno when a capability is
 * still held after all.
 */
int	nopriv_enter(void);

#endif
