/*
 * test_ws.c: the WebSocket codec (arbiter/net/ws.h) against RFC 6455's
 * own examples (§1.3's handshake key, §5.7's frames), and each rule a
 * client's frame can break: unmasked, fragmented control, binary, over
 * 64 KiB (close code 1009), a continuation with no message open.
 */
#include "../unit/test_util.h"

#include <string.h>

#include "net/ws.h"

/* §5.7: a single-frame masked text message "Hello". */
static const unsigned char hello_masked[] = {
	0x81, 0x85, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d, 0x51, 0x58
};
/* §5.7: a fragmented message "Hel" "lo", here masked as a client must. */
static const unsigned char hel_lo[] = {
	0x01, 0x83, 0x37, 0xfa, 0x21, 0x3d, 0x7f, 0x9f, 0x4d,
	0x80, 0x82, 0x37, 0xfa, 0x21, 0x3d, 0x5b, 0x95
};

static void
test_accept_key(void **state)
{
	char out[WS_ACCEPT_LEN];

	ws_accept_key("dGhlIHNhbXBsZSBub25jZQ==", out);
	/* RFC 6455 §1.3's answer (not "...gzzO99gsBxDo=", which no key
	 * and GUID give). */
	assert_string_equal(out, "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=");
}

static void
test_masked_hello(void **state)
{
	struct ws_reader r;
	size_t used;

	ws_reader_init(&r);
	/* Byte by byte it wants more, until the last byte. */
	for (size_t n = 0; n < sizeof(hello_masked); n++)
		assert_int_equal(ws_read(&r, hello_masked, n, &used),
		    WS_NEED_MORE);
	assert_int_equal(ws_read(&r, hello_masked, sizeof(hello_masked),
	    &used), WS_MESSAGE);
	assert_int_equal(used, sizeof(hello_masked));
	assert_int_equal(r.msg_len, 5);
	assert_memory_equal(r.msg, "Hello", 5);
	ws_reader_free(&r);
}

static void
test_fragments(void **state)
{
	struct ws_reader r;
	size_t used;

	ws_reader_init(&r);
	assert_int_equal(ws_read(&r, hel_lo, sizeof(hel_lo), &used),
	    WS_FRAGMENT);
	assert_int_equal(used, 9);
	assert_int_equal(ws_read(&r, hel_lo + 9, sizeof(hel_lo) - 9, &used),
	    WS_MESSAGE);
	assert_int_equal(r.msg_len, 5);
	assert_memory_equal(r.msg, "Hello", 5);
	/* The next message starts empty. */
	assert_int_equal(ws_read(&r, hello_masked, sizeof(hello_masked),
	    &used), WS_MESSAGE);
	assert_int_equal(r.msg_len, 5);
	ws_reader_free(&r);
}

static void
test_ping(void **state)
{
	/* A masked ping "Hello" (§5.7 shows it unmasked). */
	unsigned char ping[sizeof(hello_masked)];
	struct ws_reader r;
	size_t used;

	memcpy(ping, hello_masked, sizeof(ping));
	ping[0] = 0x89;
	ws_reader_init(&r);
	assert_int_equal(ws_read(&r, ping, sizeof(ping), &used), WS_PING);
	assert_int_equal(r.payload_len, 5);
	assert_memory_equal(r.payload, "Hello", 5);
	ws_reader_free(&r);
}

/* One frame's header (masked, key 0) and a step over it. */
static enum ws_event
step(const unsigned char *hdr, size_t n, struct ws_reader *r)
{
	size_t used;

	return ws_read(r, hdr, n, &used);
}

static void
test_breaches(void **state)
{
	static const struct {
		unsigned char	b[14];
		size_t		n;
		int		code;
		const char	*why;
	} cases[] = {
		{ { 0x81, 0x05, 'H', 'e', 'l', 'l', 'o' }, 7, 1002, "not masked" },
		{ { 0xc1, 0x80, 0, 0, 0, 0 }, 6, 1002, "reserved" },
		{ { 0x82, 0x80, 0, 0, 0, 0 }, 6, 1003, "binary" },
		{ { 0x09, 0x80, 0, 0, 0, 0 }, 6, 1002, "control frame" },
		{ { 0x89, 0xfe, 0, 126, 0, 0, 0, 0 }, 8, 1002, "control frame" },
		{ { 0x80, 0x80, 0, 0, 0, 0 }, 6, 1002, "continuation" },
		{ { 0x83, 0x80, 0, 0, 0, 0 }, 6, 1002, "opcode" },
		/* 65,537 bytes announced: refused before they come. */
		{ { 0x81, 0xff, 0, 0, 0, 0, 0, 1, 0, 1, 0, 0, 0, 0 }, 14, 1009,
		  "64 KiB" },
		{ { 0x81, 0xff, 0x80, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0 }, 14,
		  1009, "64 KiB" },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		struct ws_reader r;
		char id[32];

		snprintf(id, sizeof(id), "case %zu", i);
		ws_reader_init(&r);
		assert_int_eq_msg(id, step(cases[i].b, cases[i].n, &r),
		    WS_BREACH);
		assert_int_eq_msg(id, r.code, cases[i].code);
		if (strstr(r.err, cases[i].why) == NULL) {
			print_error("%s: err \"%s\"\n", id, r.err);
			fail();
		}
		ws_reader_free(&r);
	}
}

/* Fragments each within the bound but together over it: 1009. */
static void
test_message_bound(void **state)
{
	unsigned char hdr[8] = { 0x01, 0xfe, 0x80, 0x00, 0, 0, 0, 0 };
	static unsigned char frame[8 + 32768];
	struct ws_reader r;
	size_t used;

	memcpy(frame, hdr, sizeof(hdr));
	ws_reader_init(&r);
	assert_int_equal(ws_read(&r, frame, sizeof(frame), &used),
	    WS_FRAGMENT);
	frame[0] = 0x00;
	assert_int_equal(ws_read(&r, frame, sizeof(frame), &used),
	    WS_FRAGMENT);
	assert_int_equal(r.msg_len, WS_MAX_MESSAGE);
	assert_int_equal(ws_read(&r, frame, sizeof(frame), &used), WS_BREACH);
	assert_int_equal(r.code, WS_CLOSE_TOO_BIG);
	ws_reader_free(&r);
}

static void
test_encode(void **state)
{
	unsigned char h[WS_MAX_HEADER], p[125];

	/* §5.7: the unmasked "Hello" begins 0x81 0x05. */
	assert_int_equal(ws_frame_header(h, WS_OP_TEXT, 5), 2);
	assert_int_equal(h[0], 0x81);
	assert_int_equal(h[1], 0x05);
	/* §5.7: 256 bytes in one frame: 0x7E 0x01 0x00. */
	assert_int_equal(ws_frame_header(h, WS_OP_TEXT, 256), 4);
	assert_int_equal(h[1], 0x7e);
	assert_int_equal(h[2], 0x01);
	assert_int_equal(h[3], 0x00);
	/* §5.7: 64 KiB: 0x7F then 8 bytes 0x00..0x01 0x00 0x00. */
	assert_int_equal(ws_frame_header(h, WS_OP_TEXT, 65536), 10);
	assert_int_equal(h[1], 0x7f);
	assert_int_equal(h[7], 0x01);
	assert_int_equal(h[9], 0x00);
	assert_int_equal(ws_close_payload(p, 1009, "too big"), 9);
	assert_int_equal(p[0], 0x03);
	assert_int_equal(p[1], 0xf1);
}

int
main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_accept_key),
		cmocka_unit_test(test_masked_hello),
		cmocka_unit_test(test_fragments),
		cmocka_unit_test(test_ping),
		cmocka_unit_test(test_breaches),
		cmocka_unit_test(test_message_bound),
		cmocka_unit_test(test_encode),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
