/*
 * show.h: the `show` command: records in a form people read.
 */
#ifndef SHOW_H
#define SHOW_H

/*
 * argv: FILE [--seat S] [--deal N], N the record's "deal" (from 1, as
 * everywhere).  Returns the exit status: 0, 1 when a
 * line is unreadable, --seat is beyond the deals' seats or --deal is not
 * in the file (one line each, naming file:line), 2 for bad arguments.
 */
int	show_main(int argc, char **argv);

/*
 * Prints one record line as show does (seat -1, deal 0: all; deal is
 * the record's "deal", from 1); returns 1
 * if it printed it, 0 for another deal than deal, or below 0 if the line
 * is not a readable deal record or has no such seat.  Separate for
 * fuzzing.
 */
int	show_line(const char *line, int seat, int deal);

#endif
