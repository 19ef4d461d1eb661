/*
 * cmdline.h: the arbiter's own command line, kept from every other
 * process.
 *
 * /proc/PID/cmdline can be read by every process on the machine, and
 * every process the arbiter forks (engine-wait, the PID namespace's
 * engine-init, which a confined engine sees as its pid 1) shows the same
 * argument memory.  That memory named the records, the logs, the seed
 * or key: whatever an organiser puts on the command line.  Rather than
 * overwrite secret flags one by one (a new flag would be forgotten), the
 * arbiter works from a copy and leaves in its argument memory only the
 * program and its command.
 */
#ifndef CMDLINE_H
#define CMDLINE_H

/*
 * Returns a copy of argv (argc words and a NULL, on the heap, for the
 * life of the process) and blanks every argument from argv[keep] on in
 * the process's own memory, so that /proc shows "bezique-arbiter match"
 * and nothing of what followed.
 */
char	**cmdline_private(int argc, char **argv, int keep);

#endif
