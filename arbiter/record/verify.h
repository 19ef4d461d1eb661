/*
 * verify.h: the `verify` command.
 */
#ifndef VERIFY_H
#define VERIFY_H

/*
 * Checks a luck file against the records of files[0..nfiles) (the rating
 * part's luck_verify(), which this part cannot call: main.c passes it):
 * returns the number of mismatches.
 */
typedef int (*verify_luck_fn)(const char *luck_path, char **files,
    int nfiles);

/* argv holds the files and flags (--key, --luck-file, checked by luck);
 * returns the exit status (0: all verified). */
int	verify_main(int argc, char **argv, verify_luck_fn luck);

#endif
