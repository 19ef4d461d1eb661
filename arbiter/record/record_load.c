/*
 * record_load.c: the one way a record line becomes a JSON object
 * (record.h), where the records of earlier versions are brought to the
 * numbering of this one.
 *
 * Versions 1 to 3 counted a deal's "deal" from 0; since version 4 it is
 * the deal's number as every surface shows it, from 1.  Every reader of
 * records (verify, rate, show, export, replay, resume, the page) goes
 * through record_load(), so none of them ever sees a number from 0.
 */
#include <limits.h>

#include "record/record.h"

json_t *
record_load(const char *line, size_t flags, json_error_t *je)
{
	json_t *obj = json_loads(line, flags, je), *deal;
	json_int_t version;

	if (obj == NULL || json_unpack(obj, "{s:I}", "version", &version) < 0)
		return obj;
	deal = json_object_get(obj, "deal");
	/* Out of range is left to read_summary to refuse, in its words. */
	if (version >= 1 && version < 4 && json_is_integer(deal) &&
	    json_integer_value(deal) >= 0 &&
	    json_integer_value(deal) < INT_MAX)
		json_integer_set(deal, json_integer_value(deal) + 1);
	return obj;
}
