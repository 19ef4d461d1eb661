/*
 * show.h: the `show` command: records in a form people read.
 */
#ifndef SHOW_H
#define SHOW_H

/* argv: FILE [--seat S] [--deal N].  Returns the exit status. */
int	show_main(int argc, char **argv);

#endif
