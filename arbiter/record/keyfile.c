/*
 * keyfile.c: the run keys beside a records file (keyfile.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "record/keyfile.h"

static void
key_path(const char *records, char *buf, size_t len)
{
	snprintf(buf, len, "%s" KEYFILE_SUFFIX, records);
}

int
keyfile_find(const char *records, const char *commit,
    uint8_t key[RUN_KEY_BYTES], char *err, size_t errlen)
{
	char path[4096], line[128], c[RUN_KEY_HEX];
	uint8_t k[RUN_KEY_BYTES];
	int lineno = 0, rc = 1;
	FILE *f;

	key_path(records, path, sizeof(path));
	if ((f = fopen(path, "r")) == NULL)
		return 1;
	while (rc == 1 && fgets(line, sizeof(line), f) != NULL) {
		lineno++;
		line[strcspn(line, "\n")] = '\0';
		if (run_key_parse(line, k) < 0) {
			snprintf(err, errlen, "%s:%d: not a key (64 hex "
			    "digits)", path, lineno);
			rc = -1;
			break;
		}
		run_key_commitment(k, c);
		if (strcmp(c, commit) == 0) {
			memcpy(key, k, sizeof(k));
			rc = 0;
		}
	}
	fclose(f);
	return rc;
}

int
keyfile_keep(const char *records, const uint8_t key[RUN_KEY_BYTES],
    char *err, size_t errlen)
{
	char path[4096], hex[RUN_KEY_HEX], commit[RUN_KEY_HEX], line[80];
	char bad[256];
	uint8_t k[RUN_KEY_BYTES];
	struct stat st;
	int fd, n;

	if (stat(records, &st) < 0 || !S_ISREG(st.st_mode))
		return 1;
	run_key_commitment(key, commit);
	/* A line that is no key is verify's to report, not a reason to
	 * keep none. */
	if (keyfile_find(records, commit, k, bad, sizeof(bad)) == 0)
		return 0;
	key_path(records, path, sizeof(path));
	/* 0600 even if it was made otherwise: only the organiser reads
	 * a key before the run is over. */
	if ((fd = open(path, O_WRONLY | O_APPEND | O_CREAT | O_NOFOLLOW |
	    O_CLOEXEC, 0600)) < 0 || fchmod(fd, 0600) < 0) {
		snprintf(err, errlen, "%s: %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	run_key_hex(key, RUN_KEY_BYTES, hex);
	n = snprintf(line, sizeof(line), "%s\n", hex);
	if (write(fd, line, (size_t)n) != n || fsync(fd) < 0) {
		snprintf(err, errlen, "%s: %s", path, errno ? strerror(errno) :
		    "short write");
		close(fd);
		return -1;
	}
	return close(fd) < 0 ? -1 : 0;
}
