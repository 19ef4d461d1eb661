/*
 * ws.c: the WebSocket codec (ws.h).  RFC 6455 §5.2 gives the frame:
 *
 *	FIN RSV1-3 opcode(4) | MASK len(7) | [len 16 or 64] | [mask 4] | payload
 *
 * A client's frames must be masked, control frames (close, ping, pong)
 * unfragmented and at most 125 bytes; the reader checks each rule and
 * names the one broken.
 */
#include "net/ws.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <openssl/evp.h>

#include "base/xmalloc.h"

static const char ws_guid[] = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11";

void
ws_accept_key(const char *key, char out[WS_ACCEPT_LEN])
{
	unsigned char md[EVP_MAX_MD_SIZE];
	unsigned int mdlen = 0;
	EVP_MD_CTX *c = EVP_MD_CTX_new();

	/* Only an allocation can fail here: then no client is answered. */
	if (c == NULL || EVP_DigestInit_ex(c, EVP_sha1(), NULL) != 1 ||
	    EVP_DigestUpdate(c, key, strlen(key)) != 1 ||
	    EVP_DigestUpdate(c, ws_guid, sizeof(ws_guid) - 1) != 1 ||
	    EVP_DigestFinal_ex(c, md, &mdlen) != 1)
		mdlen = 0;
	EVP_MD_CTX_free(c);
	out[0] = '\0';
	if (mdlen == 20)
		EVP_EncodeBlock((unsigned char *)out, md, 20);
}

void
ws_reader_init(struct ws_reader *r)
{
	memset(r, 0, sizeof(*r));
	r->msg = xmalloc(WS_MAX_MESSAGE);
}

void
ws_reader_free(struct ws_reader *r)
{
	free(r->msg);
	r->msg = NULL;
}

static enum ws_event
breach(struct ws_reader *r, int code, const char *why)
{
	r->code = code;
	snprintf(r->err, sizeof(r->err), "websocket: %s", why);
	return WS_BREACH;
}

/* The frame's header: opcode, fin, payload length and mask key, or a
 * breach; *hlen 0 when the header is not all there yet. */
struct frame {
	int		op;
	bool		fin;
	uint64_t	len;
	unsigned char	key[4];
};

static enum ws_event
read_header(struct ws_reader *r, const unsigned char *b, size_t n,
    struct frame *f, size_t *hlen)
{
	size_t need = 2;

	*hlen = 0;
	if (n < 2)
		return WS_NEED_MORE;
	f->fin = (b[0] & 0x80) != 0;
	f->op = b[0] & 0x0f;
	if (b[0] & 0x70)
		return breach(r, WS_CLOSE_PROTOCOL, "reserved bits set");
	if (!(b[1] & 0x80))
		return breach(r, WS_CLOSE_PROTOCOL, "client frame not masked");
	f->len = b[1] & 0x7f;
	need += f->len == 126 ? 2 : f->len == 127 ? 8 : 0;
	if (n < need + 4)
		return WS_NEED_MORE;
	if (f->len >= 126) {
		uint64_t v = 0;

		for (size_t i = 2; i < need; i++)
			v = v << 8 | b[i];
		f->len = v;
	}
	memcpy(f->key, b + need, 4);
	*hlen = need + 4;
	return WS_NEED_MORE;
}

/* The rules of opcode, fragmentation and size, before the payload. */
static enum ws_event
check_frame(struct ws_reader *r, const struct frame *f)
{
	if (f->op & 0x8) {
		if (f->op != WS_OP_CLOSE && f->op != WS_OP_PING &&
		    f->op != WS_OP_PONG)
			return breach(r, WS_CLOSE_PROTOCOL, "unknown opcode");
		if (!f->fin || f->len > 125)
			return breach(r, WS_CLOSE_PROTOCOL,
			    "control frame fragmented or over 125 bytes");
		return WS_NEED_MORE;
	}
	if (f->op == WS_OP_BINARY)
		return breach(r, WS_CLOSE_UNSUPPORTED,
		    "binary frame (text frames only)");
	if (f->op != WS_OP_TEXT && f->op != WS_OP_CONT)
		return breach(r, WS_CLOSE_PROTOCOL, "unknown opcode");
	if (f->op == WS_OP_CONT && !r->in_message)
		return breach(r, WS_CLOSE_PROTOCOL,
		    "continuation frame with no message open");
	if (f->op == WS_OP_TEXT && r->in_message)
		return breach(r, WS_CLOSE_PROTOCOL,
		    "text frame inside a fragmented message");
	if (f->len > WS_MAX_MESSAGE ||
	    r->msg_len + f->len > WS_MAX_MESSAGE)
		return breach(r, WS_CLOSE_TOO_BIG,
		    "message over 64 KiB");
	return WS_NEED_MORE;
}

static void
unmask(unsigned char *dst, const unsigned char *src, size_t n,
    const unsigned char key[4])
{
	for (size_t i = 0; i < n; i++)
		dst[i] = src[i] ^ key[i & 3];
}

/* A whole frame is there: act on it. */
static enum ws_event
take_frame(struct ws_reader *r, const struct frame *f,
    const unsigned char *payload)
{
	size_t n = (size_t)f->len;

	switch (f->op) {
	case WS_OP_PING:
	case WS_OP_CLOSE:
		unmask(r->payload, payload, n, f->key);
		r->payload_len = n;
		return f->op == WS_OP_PING ? WS_PING : WS_CLOSED;
	case WS_OP_PONG:
		return WS_PONG;
	default:
		unmask(r->msg + r->msg_len, payload, n, f->key);
		r->msg_len += n;
		r->in_message = !f->fin;
		return f->fin ? WS_MESSAGE : WS_FRAGMENT;
	}
}

enum ws_event
ws_read(struct ws_reader *r, const unsigned char *buf, size_t len,
    size_t *used)
{
	struct frame f;
	size_t hlen;
	enum ws_event e;

	*used = 0;
	if (!r->in_message)
		r->msg_len = 0;		/* the last message was delivered */
	if ((e = read_header(r, buf, len, &f, &hlen)) != WS_NEED_MORE ||
	    hlen == 0)
		return e;
	if ((e = check_frame(r, &f)) != WS_NEED_MORE)
		return e;
	if (len - hlen < f.len)
		return WS_NEED_MORE;
	*used = hlen + (size_t)f.len;
	return take_frame(r, &f, buf + hlen);
}

size_t
ws_frame_header(unsigned char *out, enum ws_opcode op, size_t len)
{
	out[0] = (unsigned char)(0x80 | op);
	if (len < 126) {
		out[1] = (unsigned char)len;
		return 2;
	}
	if (len <= 0xffff) {
		out[1] = 126;
		out[2] = (unsigned char)(len >> 8);
		out[3] = (unsigned char)len;
		return 4;
	}
	out[1] = 127;
	for (int i = 0; i < 8; i++)
		out[2 + i] = (unsigned char)((uint64_t)len >> (56 - 8 * i));
	return 10;
}

size_t
ws_close_payload(unsigned char out[125], int code, const char *reason)
{
	size_t n = strlen(reason);

	if (n > 123)
		n = 123;
	out[0] = (unsigned char)(code >> 8);
	out[1] = (unsigned char)code;
	memcpy(out + 2, reason, n);
	return n + 2;
}
