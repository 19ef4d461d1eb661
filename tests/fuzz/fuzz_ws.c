/*
 * fuzz_ws.c: the WebSocket frame reader (arbiter/net/ws.h).  Any bytes,
 * fed in pieces whose sizes the first byte picks, must end in frames
 * read, more wanted, or a breach that names its close code and says why;
 * a step never takes more bytes than it was given, and a message is never
 * over the bound.
 */
#include <stdint.h>
#include <stdlib.h>

#include "net/ws.h"

int	LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int
LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct ws_reader r;
	size_t at = 1, have, used, step;
	enum ws_event e = WS_NEED_MORE;

	if (size < 1)
		return 0;
	step = (size_t)data[0] + 1;
	ws_reader_init(&r);
	/* Bytes arrive step at a time, as a socket might give them. */
	for (have = 1; have < size && e != WS_BREACH && e != WS_CLOSED;) {
		have = have + step < size ? have + step : size;
		while ((e = ws_read(&r, data + at, have - at, &used)) !=
		    WS_NEED_MORE) {
			if (used > have - at || r.msg_len > WS_MAX_MESSAGE)
				abort();
			at += used;
			if (e == WS_BREACH && (r.code < 1000 || !r.err[0]))
				abort();
			if (e == WS_BREACH || e == WS_CLOSED)
				break;
		}
	}
	ws_reader_free(&r);
	return 0;
}
