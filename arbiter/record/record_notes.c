/*
 * record_notes.c: what a deal went through besides its actions (record.h):
 * a voided attempt, the failures it survived, a remote seat's drops it
 * waited for.
 */
#include <jansson.h>

#include "record/record.h"
#include "record/record_int.h"
#include "base/utf8.h"

void
record_void(struct record *rec)
{
	json_object_set_new(rec->obj, "voided", json_true());
}

void
record_incident(struct record *rec, int seat, enum termination term,
    const char *reason)
{
	json_t *list = json_object_get(rec->obj, "incidents");

	if (list == NULL) {
		list = json_array();
		json_object_set_new(rec->obj, "incidents", list);
	}
	json_array_append_new(list, json_pack("{s:i, s:s, s:o}", "seat", seat,
	    "class", termination_name(term), "reason", utf8_json(reason ?
	    reason : "")));
}

void
record_reconnect(struct record *rec, int seat, const char *reason)
{
	json_t *list = json_object_get(rec->obj, "reconnects");

	if (list == NULL) {
		list = json_array();
		json_object_set_new(rec->obj, "reconnects", list);
	}
	json_array_append_new(list, json_pack("{s:i, s:o}", "seat", seat,
	    "reason", utf8_json(reason ? reason : "")));
}
