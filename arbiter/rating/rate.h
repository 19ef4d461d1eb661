/*
 * rate.h: the `rate` command: standings from record files.
 */
#ifndef RATE_H
#define RATE_H

int	rate_main(int argc, char **argv);

#endif
