/*
 * Part arbiter/net/: seats that bots fill over the network (the
 * listener, its tokens, the hello); below it proc/ and base/.
 *
 * tokens.h: the secret each remote seat's bot proves itself with.  A
 * tokens file holds one "NAME TOKEN" line per remote seat ('#' starts a
 * comment); the organiser hands each entrant its line.
 */
#ifndef TOKENS_H
#define TOKENS_H

#include <stdbool.h>
#include <stddef.h>

struct tokens;

/* A seat's name: 1 to 64 of [A-Za-z0-9_.-]. */
#define TOKENS_NAME_MAX		64
bool	tokens_name_ok(const char *name, size_t len);
/* A token: 16 to 128 of [A-Za-z0-9_-]. */
#define TOKENS_TOKEN_MIN	16
#define TOKENS_TOKEN_MAX	128
bool	tokens_token_ok(const char *token, size_t len);

/*
 * Reads path, which must give a token to every one of names; or, if it
 * does not exist, creates it (mode 0600) with a fresh random token for
 * each, and sets *created.  NULL with one line in err ("FILE:LINE:
 * ...", or the name it lacks).
 */
struct tokens	*tokens_open(const char *path, const char *const *names,
		    int nnames, bool *created, char *err, size_t errlen);
void		 tokens_free(struct tokens *t);

/* 1: the seat's token; 0: another token; -1: no such seat.  The
 * comparison takes the same time wherever the tokens differ. */
int		 tokens_check(const struct tokens *t, const char *name,
		    const char *token);

#endif
