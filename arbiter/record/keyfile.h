/*
 * keyfile.h: the run keys kept beside a records file, in FILE.key.
 *
 * A record names its deck by the key's commitment only (record.h), so
 * that no one who reads the records while the run goes on can deal its
 * decks.  The key itself is kept in FILE.key, created mode 0600, one key
 * a line (64 hex digits): --resume takes the key whose commitment the
 * records name, and `verify` checks every deck with it.  Like the
 * records, it is out of the engines' reach (outputs_confine()); it is
 * the run's reveal: publish it with the records once the run is over.
 * Several runs (human play's games) may append to one records file:
 * each one's key is a line of its own.
 */
#ifndef KEYFILE_H
#define KEYFILE_H

#include <stddef.h>
#include <stdint.h>

#include "base/run_key.h"

/* FILE.key beside the records FILE. */
#define KEYFILE_SUFFIX	".key"

/*
 * Adds key to the key file of records (unless there already): 0, 1 when
 * records is not a regular file (-o /dev/null: nothing kept), or -1 with
 * one line in err.
 */
int	keyfile_keep(const char *records, const uint8_t key[RUN_KEY_BYTES],
	    char *err, size_t errlen);

/*
 * The key of the key file of records whose commitment is commit: 0, 1
 * when there is no key file or no such key in it, or -1 with one line in
 * err (a line that is no key).
 */
int	keyfile_find(const char *records, const char *commit,
	    uint8_t key[RUN_KEY_BYTES], char *err, size_t errlen);

#endif
