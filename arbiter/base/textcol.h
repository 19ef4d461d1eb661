/*
 * textcol.h: columns of text that stay aligned whatever the length of an
 * engine's name: widths counted in characters (UTF-8 code points, not
 * bytes), so that a name such as "Bézique-bot" pads like an ASCII one.
 */
#ifndef TEXTCOL_H
#define TEXTCOL_H

#include <stdio.h>

/* The characters of s (UTF-8 code points). */
int	text_width(const char *s);

/* Prints s in a column of width characters, padded after it (left
 * aligned) or before it (right aligned); s is never cut. */
void	text_left(FILE *f, const char *s, int width);
void	text_right(FILE *f, const char *s, int width);

#endif
