/*
 * tokens.c: the remote seats' tokens (tokens.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <openssl/crypto.h>
#include <openssl/rand.h>

#include "net/tokens.h"
#include "base/xmalloc.h"

/* 16 random bytes, in hex: 128 bits, in the alphabet tokens allow. */
#define TOKEN_BYTES	16

struct tokens {
	char	**names, **tokens;
	int	  n;
};

static bool
all_of(const char *s, size_t len, const char *extra)
{
	for (size_t i = 0; i < len; i++) {
		unsigned char ch = (unsigned char)s[i];
		if (!((ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
		    (ch >= '0' && ch <= '9') || (ch != 0 &&
		    strchr(extra, ch) != NULL)))
			return false;
	}
	return true;
}

bool
tokens_name_ok(const char *name, size_t len)
{
	return len >= 1 && len <= TOKENS_NAME_MAX && all_of(name, len, "_.-");
}

bool
tokens_token_ok(const char *token, size_t len)
{
	return len >= TOKENS_TOKEN_MIN && len <= TOKENS_TOKEN_MAX &&
	    all_of(token, len, "_-");
}

static int
find(const struct tokens *t, const char *name)
{
	for (int i = 0; i < t->n; i++)
		if (strcmp(t->names[i], name) == 0)
			return i;
	return -1;
}

static void
add(struct tokens *t, const char *name, const char *token)
{
	t->names = xreallocarray(t->names, (size_t)t->n + 1, sizeof(char *));
	t->tokens = xreallocarray(t->tokens, (size_t)t->n + 1,
	    sizeof(char *));
	t->names[t->n] = xstrdup(name);
	t->tokens[t->n++] = xstrdup(token);
}

/* One line of the file: 0, 1 (blank or a comment), or -1 with err. */
static int
parse_line(struct tokens *t, char *line, const char *path, int lineno,
    char *err, size_t errlen)
{
	char *name, *token, *extra, *save;

	line[strcspn(line, "#\r\n")] = '\0';
	if ((name = strtok_r(line, " \t", &save)) == NULL)
		return 1;
	token = strtok_r(NULL, " \t", &save);
	extra = strtok_r(NULL, " \t", &save);
	if (token == NULL || extra != NULL)
		snprintf(err, errlen, "%s:%d: a line is 'NAME TOKEN'", path,
		    lineno);
	else if (!tokens_name_ok(name, strlen(name)))
		snprintf(err, errlen, "%s:%d: '%.64s' is not a seat's name "
		    "(1 to %d of A-Z a-z 0-9 _ . -)", path, lineno, name,
		    TOKENS_NAME_MAX);
	else if (!tokens_token_ok(token, strlen(token)))
		snprintf(err, errlen, "%s:%d: the token of '%s' is not %d to "
		    "%d of A-Z a-z 0-9 _ -", path, lineno, name,
		    TOKENS_TOKEN_MIN, TOKENS_TOKEN_MAX);
	else if (find(t, name) >= 0)
		snprintf(err, errlen, "%s:%d: '%s' has a token already",
		    path, lineno, name);
	else {
		add(t, name, token);
		return 0;
	}
	return -1;
}

static int
read_file(struct tokens *t, FILE *f, const char *path, char *err,
    size_t errlen)
{
	char line[512];
	int lineno = 0;

	while (fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		if (strchr(line, '\n') == NULL && !feof(f)) {
			snprintf(err, errlen, "%s:%d: a line over %zu bytes",
			    path, lineno, sizeof(line) - 2);
			return -1;
		}
		if (parse_line(t, line, path, lineno, err, errlen) < 0)
			return -1;
	}
	if (ferror(f)) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

static int
create_file(struct tokens *t, const char *path, const char *const *names,
    int nnames, char *err, size_t errlen)
{
	unsigned char raw[TOKEN_BYTES];
	char hex[2 * TOKEN_BYTES + 1];
	FILE *f;
	int fd;

	if ((fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC,
	    0600)) < 0 || (f = fdopen(fd, "w")) == NULL) {
		snprintf(err, errlen, "%s: cannot create: %s", path,
		    strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	fprintf(f, "# Remote seats' tokens: hand each bot its line "
	    "(bezique-arbiter, doc/network.md).\n");
	for (int i = 0; i < nnames; i++) {
		if (find(t, names[i]) >= 0)
			continue;
		if (RAND_bytes(raw, sizeof(raw)) != 1)
			abort();
		for (size_t k = 0; k < sizeof(raw); k++)
			snprintf(hex + 2 * k, 3, "%02x", raw[k]);
		add(t, names[i], hex);
		fprintf(f, "%s %s\n", names[i], hex);
	}
	if (fclose(f) != 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		return -1;
	}
	return 0;
}

struct tokens *
tokens_open(const char *path, const char *const *names, int nnames,
    bool *created, char *err, size_t errlen)
{
	struct tokens *t = xcalloc(1, sizeof(*t));
	FILE *f = fopen(path, "re");
	int rc;

	*created = f == NULL && errno == ENOENT;
	if (f == NULL && !*created) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		rc = -1;
	} else if (f == NULL)
		rc = create_file(t, path, names, nnames, err, errlen);
	else {
		rc = read_file(t, f, path, err, errlen);
		fclose(f);
	}
	for (int i = 0; rc == 0 && i < nnames; i++)
		if (find(t, names[i]) < 0) {
			snprintf(err, errlen, "%s: no token for the remote seat "
			    "'%s' (add a line '%s TOKEN')", path, names[i],
			    names[i]);
			rc = -1;
		}
	if (rc < 0) {
		tokens_free(t);
		return NULL;
	}
	return t;
}

void
tokens_free(struct tokens *t)
{
	if (t == NULL)
		return;
	for (int i = 0; i < t->n; i++) {
		OPENSSL_cleanse(t->tokens[i], strlen(t->tokens[i]));
		free(t->tokens[i]);
		free(t->names[i]);
	}
	free(t->names);
	free(t->tokens);
	free(t);
}

int
tokens_check(const struct tokens *t, const char *name, const char *token)
{
	int i = find(t, name);
	size_t len = strlen(token);

	if (i < 0)
		return -1;
	/* The length is no secret: tokens_token_ok bounds it, and a
	 * different length is told apart in constant time all the same. */
	return len == strlen(t->tokens[i]) &&
	    CRYPTO_memcmp(token, t->tokens[i], len) == 0 ? 1 : 0;
}
