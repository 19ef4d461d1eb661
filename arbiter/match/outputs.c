/*
 * outputs.c: default records file and the list of files written
 * (outputs.h).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "match/outputs.h"
#include "net/seats.h"
#include "rating/luck_tally.h"
#include "proc/sandbox.h"
#include "record/keyfile.h"

/* Keeps path as long as the configuration (c->owned). */
static const char *
keep(struct match_cfg *c, const char *path)
{
	if (c->nowned == (int)(sizeof(c->owned) / sizeof(c->owned[0])))
		return NULL;
	if ((c->owned[c->nowned] = strdup(path)) == NULL)
		abort();
	return c->owned[c->nowned++];
}

/*
 * Creates path empty, or with take_empty takes it if it is empty (a
 * tournament that stopped before its first record); 0, or -1 with errno
 * (EEXIST: it is another run's).
 */
static int
create_new(const char *path, bool take_empty)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	struct stat st;

	if (fd < 0 && take_empty && errno == EEXIST && stat(path, &st) == 0 &&
	    S_ISREG(st.st_mode) && st.st_size == 0)
		return 0;
	if (fd < 0)
		return -1;
	close(fd);
	return 0;
}

/* FILE.ini -> FILE.jsonl in the current directory. */
static void
tournament_name(const struct match_cfg *c, const char *ini, char *buf,
    size_t len)
{
	const char *base = strrchr(ini, '/') ? strrchr(ini, '/') + 1 : ini;
	const char *dot = strrchr(base, '.');
	int stem = dot && dot != base ? (int)(dot - base) : (int)strlen(base);

	if (c->nshards > 1)
		snprintf(buf, len, "%.*s.shard-%d-of-%d.jsonl", stem, base,
		    c->shard + 1, c->nshards);
	else
		snprintf(buf, len, "%.*s.jsonl", stem, base);
}

void
outputs_follow_records(struct match_cfg *c, const char *const file[4])
{
	const char *records = c->resume ? c->resume : c->records;
	char path[4096];
	int stem;

	if (records == NULL || (file[0] != NULL &&
	    strcmp(records, file[0]) == 0))
		return;
	stem = (int)strlen(records);
	if (stem > 6 && strcmp(records + stem - 6, ".jsonl") == 0)
		stem -= 6;
	if (file[1] != NULL && c->summary == file[1]) {
		snprintf(path, sizeof(path), "%.*s-summary.json", stem,
		    records);
		if ((c->summary = keep(c, path)) == NULL)
			abort();
	}
	if (file[2] != NULL && c->svg == file[2]) {
		snprintf(path, sizeof(path), "%.*s.svg", stem, records);
		if ((c->svg = keep(c, path)) == NULL)
			abort();
	}
	if (file[3] != NULL && c->luck_file == file[3]) {
		snprintf(path, sizeof(path), "%.*s.luck", stem, records);
		if ((c->luck_file = keep(c, path)) == NULL)
			abort();
	}
}

/* FILE.jsonl's companions as outputs_follow_records names them:
 * kind 0 the records, 1 the summary, 2 the chart, 3 the luck file;
 * n > 0 the earlier run kept as FILE.n.jsonl (FILE.n when the name has
 * no .jsonl). */
#define COMPANIONS	4
static void
companion(const char *records, int kind, int n, char *buf, size_t len)
{
	static const char *const tail[COMPANIONS] = { ".jsonl",
		"-summary.json", ".svg", ".luck" };
	int stem = (int)strlen(records);
	bool jsonl = stem > 6 && strcmp(records + stem - 6, ".jsonl") == 0;
	char num[16] = "";

	if (n > 0)
		snprintf(num, sizeof(num), ".%d", n);
	if (!jsonl && kind == 0)
		snprintf(buf, len, "%s%s", records, num);
	else
		snprintf(buf, len, "%.*s%s%s", jsonl ? stem - 6 : stem, records,
		    num, tail[kind]);
}

/*
 * A run's records file that already holds an earlier run's (a device or
 * a FIFO, such as /dev/null, never does) is not written into -- the two
 * runs would verify as neither -- nor refused: the earlier run, with its
 * summary, chart and luck file, is kept under the first free number
 * (build/demo.jsonl -> build/demo.1.jsonl), said in one line, so running
 * a command again never fails a newcomer.  One a run is writing (it holds the lock:
 * record_open_locked) is left for the lock to refuse, in its own words.
 * 0, or -1 after one line on stderr.
 */
static int
keep_earlier_run(const char *path)
{
	char from[4096], to[4096], first[4096] = "";
	struct stat st;
	int fd, n, kind;
	bool live, taken;

	if (stat(path, &st) < 0 || !S_ISREG(st.st_mode) || st.st_size == 0)
		return 0;
	if ((fd = open(path, O_RDONLY | O_CLOEXEC)) < 0)
		return 0;
	live = flock(fd, LOCK_SH | LOCK_NB) < 0 && errno == EWOULDBLOCK;
	close(fd);
	if (live)
		return 0;
	for (n = 1, taken = true; taken && n < 10000; n += taken)
		for (kind = 0, taken = false; kind < COMPANIONS && !taken;
		    kind++) {
			companion(path, kind, n, to, sizeof(to));
			taken = access(to, F_OK) == 0;
		}
	/* link then unlink: never over a file that appeared meanwhile. */
	for (kind = 0; kind < COMPANIONS; kind++) {
		companion(path, kind, 0, from, sizeof(from));
		companion(path, kind, n, to, sizeof(to));
		if (kind == 0)
			snprintf(first, sizeof(first), "%s", to);
		if (kind > 0 && access(from, F_OK) < 0)
			continue;
		if (link(kind == 0 ? path : from, to) < 0 || unlink(kind == 0 ?
		    path : from) < 0) {
			fprintf(stderr, "bezique-arbiter: %s holds an earlier "
			    "run's records and cannot be kept as %s: %s "
			    "(--resume %s continues it, -o FILE writes another "
			    "file)\n", kind == 0 ? path : from, to,
			    strerror(errno), path);
			return -1;
		}
	}
	fprintf(stderr, "bezique-arbiter: %s held an earlier run's records: "
	    "kept as %s (--resume continues a run instead)\n", path, first);
	return 0;
}

int
outputs_default_records(struct match_cfg *c, const char *tournament)
{
	char path[4096], stamp[32];
	time_t now = time(NULL);
	struct tm tm;

	if (c->resume != NULL)
		return 0;
	if (c->records != NULL)
		return keep_earlier_run(c->records);
	if (tournament != NULL) {
		tournament_name(c, tournament, path, sizeof(path));
		if (keep_earlier_run(path) < 0)
			return -1;
		if (create_new(path, true) < 0) {
			fprintf(stderr, "bezique-arbiter: %s: %s\n", path,
			    errno == EEXIST ? "a run is writing it" :
			    strerror(errno));
			return -1;
		}
	} else {
		strftime(stamp, sizeof(stamp), "%Y%m%d-%H%M%S",
		    localtime_r(&now, &tm));
		int made = -1;
		/* Matches started in the same second each get their own. */
		for (int k = 1; k <= 100 && made < 0; k++) {
			snprintf(path, sizeof(path), k == 1 ? "%s-%s.jsonl" :
			    "%s-%s-%d.jsonl", c->sprt ? "sprt" : "match",
			    stamp, k);
			if ((made = create_new(path, false)) < 0 &&
			    errno != EEXIST)
				break;
		}
		if (made < 0) {
			fprintf(stderr, "bezique-arbiter: %s: %s (give -o "
			    "FILE)\n", path, strerror(errno));
			return -1;
		}
	}
	if ((c->records = keep(c, path)) == NULL)
		abort();
	c->records_default = true;
	return 0;
}

void
outputs_free(struct match_cfg *c)
{
	net_seats_teardown(c);
	sandbox_free(c->jail);
	c->jail = NULL;
	c->limits.sandbox = NULL;
	free(c->live_path);
	c->live_path = NULL;
	free(c->key_path);
	c->key_path = NULL;
	config_free(c);
}

int
outputs_confine(struct match_cfg *c)
{
	const char *protect[] = { c->records, c->resume, c->summary, c->svg,
		c->ini, NULL, NULL, c->tokens, c->tls_key, c->luck_file };

	/* --live's feed beside the records, kept from the engines as they
	 * are (record/live.h). */
	free(c->live_path);
	c->live_path = NULL;
	if (c->live && (c->resume || c->records) && asprintf(&c->live_path,
	    "%s.live", c->resume ? c->resume : c->records) < 0)
		abort();
	protect[5] = c->live_path;
	/* The run's key beside the records (record/keyfile.h): it deals
	 * every deck.  None beside a device (-o /dev/null keeps none). */
	const char *rec = c->resume ? c->resume : c->records;
	struct stat rs;
	free(c->key_path);
	c->key_path = NULL;
	if (rec != NULL && (stat(rec, &rs) < 0 || S_ISREG(rs.st_mode)) &&
	    asprintf(&c->key_path, "%s" KEYFILE_SUFFIX, rec) < 0)
		abort();
	protect[6] = c->key_path;
	/* And every engine's stderr log: what one engine says of its
	 * hand there is no business of the other's. */
	const char *given[sizeof(protect) / sizeof(protect[0]) + MAX_ENGINES];
	bool told = strncmp(c->confinement, "seccomp", 7) == 0;
	struct sandbox *sb;
	char err[512];
	int n = 0;

	if (c->no_sandbox) {
		snprintf(c->confinement, sizeof(c->confinement), "off");
		return 0;
	}
	for (size_t i = 0; i < sizeof(protect) / sizeof(protect[0]); i++)
		if (protect[i] != NULL)
			given[n++] = protect[i];
	for (int e = 0; e < c->nengines; e++)
		if (c->engines[e].stderr_log != NULL)
			given[n++] = c->engines[e].stderr_log;
	given[n] = NULL;
	if ((sb = sandbox_new(given, err, sizeof(err))) == NULL) {
		fprintf(stderr, "bezique-arbiter: %s\n", err);
		return -1;
	}
	sandbox_free(c->jail);
	c->jail = sb;
	c->limits.sandbox = sb;
	if (sandbox_abi(sb) == 0)
		snprintf(c->confinement, sizeof(c->confinement), "seccomp%s",
		    sandbox_pidns(sb) ? "+pidns" : "");
	else
		snprintf(c->confinement, sizeof(c->confinement),
		    "landlock %d+seccomp%s", sandbox_abi(sb),
		    sandbox_pidns(sb) ? "+pidns" : "");
	if (sandbox_abi(sb) == 0 && !told)	/* never a silent downgrade */
		fprintf(stderr, "bezique-arbiter: this kernel has no Landlock: "
		    "engines may read and write any file, only sockets and "
		    "IPC are refused (records say \"sandbox\": \"%s\")\n",
		    c->confinement);
	return 0;
}

void
outputs_tidy(const struct match_cfg *c)
{
	struct stat st;

	if (c->records_default && stat(c->records, &st) == 0 &&
	    st.st_size == 0) {
		unlink(c->records);
		if (c->key_path != NULL)	/* the key of no deal */
			unlink(c->key_path);
	}
}

int
outputs_finish(const struct match_cfg *c, struct standings *st,
    struct luck_tally *luck, bool records_open, FILE *f)
{
	const char *records = c->resume ? c->resume : c->records;
	struct stat sb;
	int rc = 0;
	bool svg = false, summary = false;

	if (st && c->svg) {
		if (!(svg = standings_write_svg(st, c->svg) == 0))
			fprintf(stderr, "bezique-arbiter: %s: cannot write "
			    "the chart\n", c->svg);
	}
	if (st && c->summary) {
		if (!(summary = luck_tally_summary(luck, st, c->summary,
		    c->bootstrap) == 0))
			fprintf(stderr, "bezique-arbiter: %s: cannot write "
			    "the summary\n", c->summary);
	}
	rc = (st && c->svg && !svg) || (st && c->summary && !summary) ?
	    -1 : 0;
	fflush(stdout);		/* the list after the tables, even in a pipe */
	if (!c->print_table)	/* check's own match: its files are gone */
		return rc;
	if (records_open && records != NULL && stat(records, &sb) == 0 &&
	    S_ISREG(sb.st_mode))	/* not -o /dev/null */
		fprintf(f, "records: %s\n", records);
	if (summary)
		fprintf(f, "summary: %s\n", c->summary);
	if (svg)
		fprintf(f, "chart:   %s\n", c->svg);
	if (records_open && c->luck_file != NULL)
		fprintf(f, "luck:    %s\n", c->luck_file);
	return rc;
}
