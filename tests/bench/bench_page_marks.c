/*
 * bench_page_marks.c: how much one process can tell a later one through
 * the page cache, using only what a confined engine may do (read files,
 * read its clock).  doc/guarantees.md ("Not guaranteed") cites its figures: it
 * is why a deck played twice is not safe from two copies of a bot on one
 * machine, and why --no-duplicate --no-common-deals exists.
 *
 * The writer, a process of its own, reads one byte of page i of a large
 * file for each 1 bit of a message (a deck's worth: 128 cards of 5 bits)
 * and exits.  The reader, started after, times a one-byte read of each
 * page: pages the writer read come from memory, the others from the
 * disk.  Pages are 32 apart, beyond the kernel's read-ahead, and were
 * not in the cache before (mincore says so).  Prints the bits read back right, the reader's time,
 * and a cached and an uncached read as the floor.  Asserts nothing.
 *
 *	bench_page_marks [FILE]    (default: the first file under /usr/lib
 *	                            with such pages)
 */
#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define BITS	640
#define SPACING	32	/* pages between marks */
#define PAGE	4096

static double
now_us(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec * 1e6 + (double)t.tv_nsec / 1e3;
}

static off_t
mark_at(off_t start, int i)
{
	return (start + (off_t)i * SPACING) * PAGE;
}

/* Whether none of the marks' pages is in the cache, by mincore (which
 * reads nothing in, unlike a read with RWF_NOWAIT; it sees the cache of
 * files the caller owns or may write, so run it as root or the file's
 * owner, or it takes every region to be cold). */
static int
all_cold(int fd, off_t start)
{
	size_t len = (size_t)BITS * SPACING * PAGE;
	unsigned char *in = malloc(len / PAGE);
	void *map = mmap(NULL, len, PROT_READ, MAP_SHARED, fd,
	    start * PAGE);
	int cold = in != NULL && map != MAP_FAILED &&
	    mincore(map, len, in) == 0;

	for (int i = 0; cold && i < BITS; i++)
		cold = !(in[(size_t)i * SPACING] & 1);
	if (map != MAP_FAILED)
		munmap(map, len);
	free(in);
	return cold;
}

/* A region of file (or of the first file under dir, three levels down,
 * large enough) whose marks' pages are all cold: *start, or -1. */
static int
cold_region(const char *file, off_t *start)
{
	int fd = open(file, O_RDONLY);
	off_t room;

	*start = -1;
	if (fd < 0)
		return -1;
	room = lseek(fd, 0, SEEK_END) / PAGE - (off_t)BITS * SPACING;
	for (int tries = 0; tries < 20 && room > 0 && *start < 0; tries++) {
		off_t s = (off_t)rand() % room;
		if (all_cold(fd, s))
			*start = s;
	}
	close(fd);
	return *start >= 0 ? 0 : -1;
}

static int
find_cold(const char *dir, int depth, char *found, off_t *start)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	char path[4096];
	struct stat st;
	int rc = -1;

	if (d == NULL)
		return -1;
	while (rc < 0 && (e = readdir(d)) != NULL) {
		if (e->d_name[0] == '.')
			continue;
		snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
		if (lstat(path, &st) < 0)
			continue;
		if (S_ISDIR(st.st_mode) && depth > 0)
			rc = find_cold(path, depth - 1, found, start);
		else if (S_ISREG(st.st_mode) && st.st_size / PAGE >
		    (off_t)BITS * SPACING && cold_region(path, start) == 0) {
			snprintf(found, 4096, "%s", path);
			rc = 0;
		}
	}
	closedir(d);
	return rc;
}

static void
writer(const char *file, off_t start, const unsigned char *msg)
{
	int fd = open(file, O_RDONLY);
	char c;

	for (int i = 0; fd >= 0 && i < BITS; i++)
		if (msg[i] && pread(fd, &c, 1, mark_at(start, i)) != 1)
			_exit(1);
	_exit(fd < 0);
}

/* Reads the marks back; writes BITS bytes of 0/1 and the two mean read
 * times to out. */
static void
reader(const char *file, off_t start, int out)
{
	int fd = open(file, O_RDONLY);
	double t[BITS], lo = 1e9, hi = 0, cut, begin = now_us();
	unsigned char got[BITS];
	char c;

	if (fd < 0)
		_exit(1);
	for (int i = 0; i < BITS; i++) {
		double t0 = now_us();
		if (pread(fd, &c, 1, mark_at(start, i)) != 1)
			_exit(1);
		t[i] = now_us() - t0;
		lo = t[i] < lo ? t[i] : lo;
		hi = t[i] > hi ? t[i] : hi;
	}
	double spent = now_us() - begin, sum[2] = { 0, 0 };
	int n[2] = { 0, 0 };

	/* Between the quickest and the slowest read, on a log scale. */
	cut = lo > 0 ? __builtin_sqrt(lo * hi) : hi / 2;
	for (int i = 0; i < BITS; i++) {
		got[i] = t[i] < cut;
		sum[got[i]] += t[i];
		n[got[i]]++;
	}
	double figures[3] = { spent, n[1] ? sum[1] / n[1] : 0,
	    n[0] ? sum[0] / n[0] : 0 };
	if (write(out, got, BITS) != BITS ||
	    write(out, figures, sizeof(figures)) != sizeof(figures))
		_exit(1);
	_exit(0);
}

static int
run(pid_t pid)
{
	int status;

	return waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	    WEXITSTATUS(status) == 0 ? 0 : -1;
}

int
main(int argc, char **argv)
{
	char file[4096] = "";
	off_t start = -1;
	unsigned char msg[BITS], got[BITS];
	double figures[3];
	int p[2], right = 0, rc;

	srand((unsigned)getpid() ^ (unsigned)time(NULL));
	if (argc > 1) {
		snprintf(file, sizeof(file), "%s", argv[1]);
		rc = cold_region(file, &start);
	} else
		rc = find_cold("/usr/lib", 3, file, &start);
	if (rc < 0) {
		printf("page marks: no file %s with %d cold pages %d apart "
		    "(too small, or in the cache): give a larger one\n",
		    argc > 1 ? file : "under /usr/lib", BITS, SPACING);
		return 0;
	}
	for (int i = 0; i < BITS; i++)
		msg[i] = (unsigned char)(rand() & 1);
	pid_t w = fork();
	if (w == 0)
		writer(file, start, msg);
	if (w < 0 || run(w) < 0 || pipe(p) < 0)
		return 2;
	pid_t r = fork();
	if (r == 0)
		reader(file, start, p[1]);
	close(p[1]);
	if (r < 0 || read(p[0], got, BITS) != BITS ||
	    read(p[0], figures, sizeof(figures)) != sizeof(figures) ||
	    run(r) < 0)
		return 2;
	for (int i = 0; i < BITS; i++)
		right += got[i] == msg[i];
	printf("page marks: %d of %d bits read back right by a later "
	    "process, through %s\n", right, BITS, file);
	printf("  reader: %.0f us for %d reads; a marked (cached) read "
	    "%.1f us, an unmarked one %.1f us (floor and ceiling)\n",
	    figures[0], BITS, figures[1], figures[2]);
	return 0;
}
