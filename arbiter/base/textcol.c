/*
 * textcol.c: aligned columns of names (textcol.h).
 */
#include "base/textcol.h"

int
text_width(const char *s)
{
	int n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xC0) != 0x80;	/* not a
								 * continuation */
	return n;
}

static void
pad(FILE *f, int n)
{
	while (n-- > 0)
		fputc(' ', f);
}

void
text_left(FILE *f, const char *s, int width)
{
	fputs(s, f);
	pad(f, width - text_width(s));
}

void
text_right(FILE *f, const char *s, int width)
{
	pad(f, width - text_width(s));
	fputs(s, f);
}
