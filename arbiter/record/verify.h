/*
 * verify.h: the `verify` command.
 */
#ifndef VERIFY_H
#define VERIFY_H

/* argv holds the files; returns the exit status (0: all verified). */
int	verify_main(int argc, char **argv);

#endif
