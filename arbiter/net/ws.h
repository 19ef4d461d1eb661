/*
 * ws.h: the WebSocket wire format (RFC 6455), server side, for remote
 * seats in a browser tab (doc/network.md).
 *
 * A codec only: no socket, no loop.  It answers the opening handshake
 * (the Sec-WebSocket-Accept of a client's key), decodes the frames a
 * client sends (which must be masked) into whole text messages, and
 * encodes the frames the server sends (never masked).  A reader takes
 * bytes as they come and says, frame by frame, what arrived: a text
 * message (fragments reassembled), a ping to answer with a pong, a close,
 * or a breach with the close code to send and one line saying what was
 * wrong.  Frames and messages are bounded by WS_MAX_MESSAGE: more is
 * close code 1009, as the RFC says for "message too big".
 */
#ifndef NET_WS_H
#define NET_WS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define WS_MAX_MESSAGE	(64 * 1024)
/* A frame header's size at most: 2 + 8 (length) + 4 (mask). */
#define WS_MAX_HEADER	14
/* base64 of a SHA-1: 28 characters and the terminator. */
#define WS_ACCEPT_LEN	29

enum ws_opcode {
	WS_OP_CONT = 0x0, WS_OP_TEXT = 0x1, WS_OP_BINARY = 0x2,
	WS_OP_CLOSE = 0x8, WS_OP_PING = 0x9, WS_OP_PONG = 0xA
};

/* Close codes (RFC 6455 §7.4.1) the reader asks for. */
enum ws_close {
	WS_CLOSE_NORMAL = 1000, WS_CLOSE_PROTOCOL = 1002,
	WS_CLOSE_UNSUPPORTED = 1003, WS_CLOSE_BAD_DATA = 1007,
	WS_CLOSE_TOO_BIG = 1009
};

/* What one step of the reader found. */
enum ws_event {
	WS_NEED_MORE,	/* no whole frame yet */
	WS_FRAGMENT,	/* a fragment kept; no message yet */
	WS_MESSAGE,	/* a whole text message: msg, msg_len */
	WS_PING,	/* answer with a pong of payload, payload_len */
	WS_PONG,	/* nothing to do */
	WS_CLOSED,	/* the client closes: answer with a close, stop */
	WS_BREACH	/* close with code, err says why; stop */
};

struct ws_reader {
	unsigned char	*msg;		/* the message so far */
	size_t		 msg_len;
	bool		 in_message;	/* a fragmented message is open */
	/* Valid after WS_PING or WS_CLOSED, until the next step. */
	unsigned char	 payload[125];
	size_t		 payload_len;
	/* Valid after WS_BREACH. */
	int		 code;
	char		 err[128];
};

/* Sec-WebSocket-Accept for a client's Sec-WebSocket-Key: base64 of the
 * SHA-1 of the key and the RFC's GUID. */
void	ws_accept_key(const char *key, char out[WS_ACCEPT_LEN]);

void	ws_reader_init(struct ws_reader *r);
void	ws_reader_free(struct ws_reader *r);
/* Reads at most one frame from buf[0..len) and stores in *used how many
 * bytes it took (0 with WS_NEED_MORE).  After WS_CLOSED or WS_BREACH the
 * connection is over: feed it nothing more. */
enum ws_event	ws_read(struct ws_reader *r, const unsigned char *buf,
		    size_t len, size_t *used);

/* Writes the header of an unmasked frame (fin set) with a payload of len
 * bytes into out; returns its size (at most WS_MAX_HEADER). */
size_t	ws_frame_header(unsigned char *out, enum ws_opcode op, size_t len);
/* The payload of a close frame: the code, big-endian, then reason
 * (truncated to fit a control frame); returns its size. */
size_t	ws_close_payload(unsigned char out[125], int code, const char *reason);

#endif
