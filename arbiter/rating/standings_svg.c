/*
 * standings_svg.c: the ratings chart (standings.h), drawn from the
 * standings' JSON figures: a row per engine, best first, its rating and
 * its 95% interval from the fit.  The names' column is as wide as the
 * longest name.
 */
#include <math.h>
#include <stdlib.h>

#include "rating/standings.h"
#include "base/textcol.h"

/* Escapes the five XML specials of an engine's name. */
static void
xml_text(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '<': fputs("&lt;", f); break;
		case '>': fputs("&gt;", f); break;
		case '&': fputs("&amp;", f); break;
		case '"': fputs("&quot;", f); break;
		case '\'': fputs("&#39;", f); break;
		default: fputc(*s, f);
		}
}

struct bar {
	const char	*name;
	double		 elo, ci;
	int		 index;		/* ties keep the engines' order */
};

static int
by_elo(const void *a, const void *b)
{
	const struct bar *x = a, *y = b;

	if (x->elo != y->elo)
		return x->elo < y->elo ? 1 : -1;
	return x->index - y->index;
}

/* The engines of the JSON standings, best first; returns how many. */
static int
bars_of(json_t *o, struct bar *bar)
{
	json_t *list = json_object_get(o, "engines"), *e;
	size_t i;
	int n = 0;

	json_array_foreach(list, i, e) {
		if (n == MAX_ENGINES)
			break;
		bar[n].index = n;
		bar[n].name = json_string_value(json_object_get(e, "name"));
		bar[n].elo = json_number_value(json_object_get(e, "elo"));
		bar[n++].ci = json_number_value(json_object_get(e, "ci95_fit"));
	}
	qsort(bar, (size_t)n, sizeof(*bar), by_elo);
	return n;
}

static void
draw(FILE *f, const struct bar *bar, int n, int deals)
{
	int row = 28, left = 180, plot = 440, w;
	double lo = 0, hi = 0, step = 100;

	for (int k = 0; k < n; k++) {
		lo = fmin(lo, bar[k].elo - bar[k].ci);
		hi = fmax(hi, bar[k].elo + bar[k].ci);
		if (20 + 8 * text_width(bar[k].name) > left)	/* ~8 px a
								 * letter */
			left = 20 + 8 * text_width(bar[k].name);
	}
	w = left + plot + 140;
	lo = floor(lo / 100) * 100;
	hi = ceil(hi / 100) * 100 + (hi == lo ? 100 : 0);
#define X(v) (left + (int)((double)plot * ((v) - lo) / (hi - lo)))
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" "
	    "height=\"%d\" font-family=\"sans-serif\" font-size=\"13\">\n"
	    "<rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n"
	    "<text x=\"10\" y=\"20\" font-weight=\"bold\">Elo with 95%% "
	    "intervals (%d deals)</text>\n", w, 60 + row * n, deals);
	while ((hi - lo) / step > 10)
		step *= step == 100 || step == 1000 ? 2 : 2.5;
	lo = floor(lo / step) * step;
	for (double v = lo; v <= hi; v += step)
		fprintf(f, "<line x1=\"%d\" y1=\"35\" x2=\"%d\" y2=\"%d\" "
		    "stroke=\"#ddd\"/><text x=\"%d\" y=\"%d\" fill=\"#888\" "
		    "text-anchor=\"middle\">%+.0f</text>\n", X(v), X(v),
		    40 + row * n, X(v), 55 + row * n, v);
	for (int k = 0; k < n; k++) {
		const struct bar *b = &bar[k];
		int y = 50 + row * k;
		fprintf(f, "<text x=\"10\" y=\"%d\">", y + 4);
		xml_text(f, b->name);
		fprintf(f, "</text><line x1=\"%d\" y1=\"%d\" x2=\"%d\" "
		    "y2=\"%d\" stroke=\"#36c\" stroke-width=\"3\"/>"
		    "<circle cx=\"%d\" cy=\"%d\" r=\"5\" fill=\"#036\"/>"
		    "<text x=\"%d\" y=\"%d\" fill=\"#036\">%+.0f ± %.0f"
		    "</text>\n", X(b->elo - b->ci), y, X(b->elo + b->ci), y,
		    X(b->elo), y, X(b->elo + b->ci) + 8, y + 4, b->elo, b->ci);
	}
#undef X
	fputs("</svg>\n", f);
}

int
standings_write_svg(struct standings *s, const char *path)
{
	struct bar bar[MAX_ENGINES];
	json_t *o = standings_json(s, 0);
	FILE *f;
	int n, rc;

	if (o == NULL)
		return -1;
	if ((f = fopen(path, "w")) == NULL) {
		json_decref(o);
		return -1;
	}
	n = bars_of(o, bar);
	draw(f, bar, n, (int)json_integer_value(json_object_get(o, "deals")));
	rc = fclose(f) == 0 ? 0 : -1;
	json_decref(o);
	return rc;
}
