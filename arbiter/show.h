/*
 * show.h: the `show` command: records in a form people read.
 */
#ifndef SHOW_H
#define SHOW_H

/* argv: FILE [--seat S] [--deal N].  Returns the exit status. */
int	show_main(int argc, char **argv);

/*
 * Prints one record line as show does (seat and deal -1: all); returns 0,
 * or -1 if the line is not a readable deal record.  Separate for fuzzing.
 */
int	show_line(const char *line, int seat, int deal);

#endif
