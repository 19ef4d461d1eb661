/*
 * play.h: `bezique-arbiter play`: a person plays an engine in a terminal
 * (Unicode suits and colour on a terminal, plain text otherwise).
 */
#ifndef PLAY_H
#define PLAY_H

int	play_main(int argc, char **argv);

#endif
