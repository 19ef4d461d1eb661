/*
 * version.h: the version of the bezique programs and library.
 *
 * The one place it is written: both programs print it for --version, and
 * the Makefile reads it from here for bezique.pc and the man pages.
 */
#ifndef BEZIQUE_VERSION_H
#define BEZIQUE_VERSION_H

#define BEZIQUE_VERSION "0.1"

#endif
