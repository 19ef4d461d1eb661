# Bézique: rules core, engine, arbiter.  One non-recursive Makefile.
#
#   make            build everything into build/ (make all)
#   make test       build and run every test; last line "N passed, N failed"
#   make sanitize   the whole test suite under ASan + UBSan (build-asan/)
#   make demo       the main job: a short demo tournament among the bundled bots
#   make bench      print speed figures (asserts nothing)
#   make strength-table  strong vs greedy per variant and thinking time
#                   (fifty minutes on 2 cores; doc/strength.md and tournaments/results)
#   make tools      build the policy's learning tools (build/tools/)
#   make weights-policy  the learned simulation policy's weights
#                   (engine/ai/policy_weights.h) from self-play data and
#                   a fit (tools/; minutes on two cores)
#   make weights-policy-values  the policy fitted to the search's values
#                   of every card instead (build/policy/values.txt, not
#                   the header: measured, not kept; 7 min on two cores)
#   make weights-mlp  the non-linear simulation policy's weights
#                   (engine/ai/policy_mlp_weights.h; Rubicon's default
#                   simulation policy; about 10 min on two cores)
#   make weights-eval  refit the evaluation of every variant from self-play
#                   into engine/ai/eval_weights.h (fixed seeds, a few
#                   minutes; not part of make test)
#   make weights-luck  refit the luck estimator's V into
#                   engine/ai/luck_weights.h (fixed seeds, about two hours)
#   make fuzz       libFuzzer targets (clang) for FUZZ_SECONDS each (build-fuzz/)
#   make fuzz-build build the fuzz targets only
#   make checksrc   check the C style (banned calls, line length...)
#   make check-house  the house rules: no C file over 600 lines, no circle
#                   of calls between C files, the arbiter's includes one
#                   way, README at most 250 lines (run by make test)
#   make format     clang-format the C sources in place
#   make deps       check the libraries; install what is missing
#   make install    programs, man pages, docs (rule book), libbezique + pkg-config
#                   [PREFIX=/usr/local] [DESTDIR=]
#   make uninstall  remove what make install put there
#   make clean      remove build/, build-asan/, build-fuzz/
#   make help       this list
#
# Every directory is globbed: a new .c file needs no Makefile edit.

BUILD    ?= build
CC       ?= cc
PREFIX   ?= /usr/local
# The version is written once, in engine/core/version.h.
VERSION  := $(shell sed -n 's/^\#define BEZIQUE_VERSION "\(.*\)"$$/\1/p' \
	engine/core/version.h)
DESTDIR  ?=
SANITIZER ?=

WARN   = -Wall -Wextra -Werror -Wshadow -Wstrict-prototypes \
         -Wmissing-prototypes -Wpointer-arith -Wformat=2 -Wcast-qual \
         -Wno-unused-parameter
OPT   ?= -O2 -g
CFLAGS ?= $(OPT)
# Instructions of the building machine's CPU that the core wants as such
# (popcount: scripts/cpuflags.sh), detected once per make; CPU_FLAGS=
# builds for any CPU of the architecture.  Probed when first used, by a
# recipe, so after the deps step has installed the compiler (a probe at
# parse time, before it, found no compiler and no -mpopcnt).
ifeq ($(origin CPU_FLAGS),undefined)
CPU_FLAGS = $(eval CPU_FLAGS := $$(shell scripts/cpuflags.sh $$(CC)))$(CPU_FLAGS)
endif
ALL_CFLAGS = -std=c11 -D_GNU_SOURCE $(WARN) $(CPU_FLAGS) $(CFLAGS) -MMD -MP \
             -Iengine/core -Iengine/protocol -Iengine/ai -Iengine -Iarbiter
LDFLAGS ?=
ifneq ($(SANITIZER),)
ALL_CFLAGS += -fsanitize=$(SANITIZER) -fno-sanitize-recover=all \
              -fno-omit-frame-pointer
LDFLAGS += -fsanitize=$(SANITIZER)
endif

PKGS       = libevent libevent_openssl jansson inih cmocka libseccomp libcrypto libssl
PKG_CFLAGS = $(shell pkg-config --cflags $(PKGS) 2>/dev/null)
EVENT_LIBS = $(shell pkg-config --libs libevent libevent_openssl jansson inih libseccomp libcrypto libssl 2>/dev/null)
TEST_LIBS  = $(shell pkg-config --libs cmocka 2>/dev/null)

-include config.mak

CORE_SRC  = $(wildcard engine/core/*.c)
PROTO_SRC = $(wildcard engine/protocol/*.c)
ENG_SRC   = $(wildcard engine/*.c engine/ai/*.c)
ENGLIB_SRC = $(filter-out engine/main.c,$(ENG_SRC))
ARB_SRC   = $(filter-out arbiter/main.c,$(wildcard arbiter/*.c arbiter/*/*.c))
UNIT_SRC  = $(wildcard tests/unit/test_*.c)
ARBT_SRC  = $(wildcard tests/arbiter/test_*.c)
FIXT_SRC  = $(wildcard tests/fixtures/*.c)
BOT_SRC   = $(wildcard bots/*/bot.c)
BENCH_SRC = $(wildcard tests/bench/*.c)
FUZZ_SRC  = $(wildcard tests/fuzz/fuzz_*.c)
TOOL_SRC  = $(wildcard tools/*.c)

obj = $(patsubst %.c,$(BUILD)/obj/%.o,$(1))

LIBRULES  = $(BUILD)/librules.a
LIBBZP    = $(BUILD)/libbzp.a
LIBARB    = $(BUILD)/libarbiter.a
ENGINE_LIB = $(BUILD)/libplayer.a
ENGINE    = $(BUILD)/bezique-engine
ARBITER   = $(BUILD)/bezique-arbiter
CONNECT   = $(BUILD)/bezique-connect
UNIT_BIN  = $(patsubst tests/unit/%.c,$(BUILD)/tests/%,$(UNIT_SRC))
ARBT_BIN  = $(patsubst tests/arbiter/%.c,$(BUILD)/tests/%,$(ARBT_SRC))
FIXT_BIN  = $(patsubst tests/fixtures/%.c,$(BUILD)/fixtures/%,$(FIXT_SRC))
BOT_BIN   = $(patsubst bots/%/bot.c,$(BUILD)/bots/%,$(BOT_SRC))
BENCH_BIN = $(patsubst tests/bench/%.c,$(BUILD)/bench/%,$(BENCH_SRC))
FUZZ_BIN  = $(patsubst tests/fuzz/%.c,$(BUILD)/fuzz/%,$(FUZZ_SRC))
TOOL_BIN  = $(patsubst tools/%.c,$(BUILD)/tools/%,$(TOOL_SRC))

PROGRAMS  = $(ENGINE) $(if $(wildcard arbiter/main.c),$(ARBITER) $(CONNECT))

.PHONY: all deps test sanitize demo bench strength-table clean help install uninstall \
        format checksrc check-house fuzz fuzz-build tools weights-policy weights-eval weights-luck \
        weights-policy-values weights-mlp
all: deps-ok $(PROGRAMS) $(BOT_BIN) $(FIXT_BIN)

# deps: check libraries with pkg-config; install what is missing (root or
# sudo), otherwise stop with the one command to run.
deps:
	@scripts/deps.sh --browser
deps-ok:
	@scripts/deps.sh --quiet
.PHONY: deps-ok

# The compiler and its flags as last used: every object depends on this
# file, rewritten only when they change, so that new flags (another CPU's,
# OPT=, SANITIZER=) rebuild what they change.  Like every compilation it
# waits for the deps step (order-only: deps-ok itself is never newer).
FLAGS_STAMP = $(BUILD)/flags
$(FLAGS_STAMP): FORCE | deps-ok
	@mkdir -p $(@D)
	@printf '%s\n' '$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi

$(LIBRULES): $(call obj,$(CORE_SRC))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^
$(LIBBZP): $(call obj,$(PROTO_SRC))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^
$(ENGINE_LIB): $(call obj,$(ENGLIB_SRC))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^
# The page (arbiter/play/web/) is embedded in the arbiter as C arrays, so
# an installed arbiter serves it with no file (arbiter/play/web.h).
WEB_FILES = $(addprefix arbiter/play/web/,index.html app.js style.css \
            cards.js table.js records.js narrate.js match.js)
WEB_C     = $(BUILD)/gen/web_files.c
$(WEB_C): $(WEB_FILES) | deps-ok
	@mkdir -p $(@D)
	for f in $(WEB_FILES:arbiter/play/%=%); do \
		(cd arbiter/play && xxd -i $$f) || exit 1; done >$@.tmp && mv $@.tmp $@

# The build a record names (arbiter/record/record_facts.c): the commit, from git,
# rewritten only when it changes.
BUILD_ID := $(shell git describe --always --dirty 2>/dev/null || echo unknown)
$(BUILD)/gen/build_id.h: FORCE
	@mkdir -p $(@D)
	@printf '#define BEZIQUE_BUILD "%s"\n' '$(BUILD_ID)' >$@.tmp
	@if cmp -s $@.tmp $@; then rm -f $@.tmp; else mv $@.tmp $@; fi
$(call obj,arbiter/record/record_facts.c): $(BUILD)/gen/build_id.h
$(call obj,arbiter/record/record_facts.c): ALL_CFLAGS += -I$(BUILD)/gen
# (no file FORCE: the header's rule runs every time)
FORCE:

$(LIBARB): $(call obj,$(ARB_SRC)) $(call obj,$(WEB_C))
	@mkdir -p $(@D)
	$(AR) rcs $@ $^

$(ENGINE): $(call obj,$(ENG_SRC)) $(LIBBZP) $(LIBRULES)
	$(CC) $(LDFLAGS) -o $@ $^ -lm
# The arbiter's rate weighs luck with the engine's evaluation
# (engine/ai/luck.h): it links the engine's library too.
$(ARBITER): $(call obj,arbiter/main.c) $(LIBARB) $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	$(CC) $(LDFLAGS) -o $@ $^ $(EVENT_LIBS) -lm
# A bot's bridge to a remote seat: the arbiter's relay (proc/, net/).
$(CONNECT): $(call obj,connect/main.c) $(LIBARB) $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	$(CC) $(LDFLAGS) -o $@ $^ $(EVENT_LIBS) -lm

$(BUILD)/tests/%: $(BUILD)/obj/tests/unit/%.o $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) -lm
$(ARBT_BIN): $(BUILD)/tests/%: $(BUILD)/obj/tests/arbiter/%.o $(LIBARB) $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(TEST_LIBS) $(EVENT_LIBS) -lm
$(BUILD)/fixtures/%: $(BUILD)/obj/tests/fixtures/%.o $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm
# badbot's burgle and probe modes live in files of their own.
$(BUILD)/fixtures/badbot: $(patsubst %.c,$(BUILD)/obj/%.o,$(wildcard \
	tests/fixtures/burgle/*.c tests/fixtures/probe/*.c))
$(BUILD)/bots/%: $(BUILD)/obj/bots/%/bot.o $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

# Bots include the rules core as an installed program would:
# <bezique/game.h>, here through a link to engine/core.
$(BUILD)/obj/bots/%.o: bots/%.c $(FLAGS_STAMP) | $(BUILD)/include/bezique deps-ok
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) -I$(BUILD)/include -c -o $@ $<
$(BUILD)/include/bezique:
	@mkdir -p $(@D)
	ln -sfn ../../engine/core $@
$(BUILD)/bench/%: $(BUILD)/obj/tests/bench/%.o $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm
$(BUILD)/bench/arbiter_%: $(BUILD)/obj/tests/bench/arbiter_%.o $(LIBARB) $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ $(EVENT_LIBS) -lm

$(BUILD)/obj/%.o: %.c $(FLAGS_STAMP) | deps-ok
	@mkdir -p $(@D)
	$(CC) $(ALL_CFLAGS) $(PKG_CFLAGS) -c -o $@ $<

# The tools of learning (tools/): built with the engine's library.
tools: $(TOOL_BIN)
$(BUILD)/tools/%: $(BUILD)/obj/tools/%.o $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -o $@ $^ -lm

# The learned simulation policy (issue 18): the strong level plays itself
# at fixed playouts on fixed seeds, simulating with the hand-set policy,
# and the policy is fitted to its choices (tools/).  Deterministic: it
# rewrites engine/ai/policy_weights.h as committed.  Not part of make
# test.  A second round (policy_selfplay -w the first round's weights,
# policy_fit -w them) was measured and not kept
# (tournaments/research/policy-learning-2026-11-24.md).
POLICY_DEALS    = 600
POLICY_PLAYOUTS = 200
POLICY_SEED     = 100000
POLICY_JOBS     ?= 2
POLICY_DIR      = $(BUILD)/policy
POLICY_RECIPE   = $(POLICY_DEALS) deals from seed $(POLICY_SEED), $(POLICY_PLAYOUTS) playouts
weights-policy: deps-ok $(TOOL_BIN)
	@mkdir -p $(POLICY_DIR)
	$(BUILD)/tools/policy_selfplay -n $(POLICY_DEALS) \
		-p $(POLICY_PLAYOUTS) -s $(POLICY_SEED) -j $(POLICY_JOBS) \
		-o $(POLICY_DIR)/round1.bin
	$(BUILD)/tools/policy_fit -i $(POLICY_DIR)/round1.bin \
		-t $(POLICY_DIR)/round1.txt -o engine/ai/policy_weights.h \
		-r "$(POLICY_RECIPE)"

# Round 3: the first 400 of those deals at 1,000 playouts, the search's
# mean value of every card recorded, the policy fitted to softmax(value /
# T) at each temperature (the one agreeing best with the held-out best
# values kept).  Better alone against greedy but not shown better in the
# search, so it writes weights as text only (bench_strength -F,
# bench_policy -F read them; tournaments/research/policy-learning-*.md).
POLICY_VALUE_DEALS    = 400
POLICY_VALUE_PLAYOUTS = 1000
POLICY_TEMPS          = 5,10,20,40,80
weights-policy-values: deps-ok $(TOOL_BIN)
	@mkdir -p $(POLICY_DIR)
	$(BUILD)/tools/policy_selfplay -n $(POLICY_VALUE_DEALS) \
		-p $(POLICY_VALUE_PLAYOUTS) -s $(POLICY_SEED) \
		-j $(POLICY_JOBS) -V -o $(POLICY_DIR)/values.bin
	$(BUILD)/tools/policy_fit -i $(POLICY_DIR)/values.bin \
		-T $(POLICY_TEMPS) -t $(POLICY_DIR)/values.txt

# The non-linear simulation policy (policy_mlp.h; Rubicon's default since
# 2026-11-29: tournaments/research/mlp-2026-11-25.md): 2,500 deals of the
# strong level's self-play with the search's values, the search
# simulating with the hand-set policy as when it was fitted (about 8 min
# on two idle cores, 170 MB), then the network's fit (45 s), which
# rewrites engine/ai/policy_mlp_weights.h.
MLP_DEALS = 2500
MLP_FIT   = -T 10 -h 24 -e 12
weights-mlp: deps-ok $(TOOL_BIN)
	@mkdir -p $(POLICY_DIR)
	$(BUILD)/tools/policy_selfplay -n $(MLP_DEALS) -p $(POLICY_PLAYOUTS) \
		-s $(POLICY_SEED) -j $(POLICY_JOBS) -V -o $(POLICY_DIR)/mlp.bin
	$(BUILD)/tools/policy_mlp_fit -i $(POLICY_DIR)/mlp.bin $(MLP_FIT) \
		-t $(POLICY_DIR)/mlp.txt -o engine/ai/policy_mlp_weights.h \
		-R "policy_mlp_fit -i data.bin $(MLP_FIT) on policy_selfplay -n $(MLP_DEALS) -p $(POLICY_PLAYOUTS) -s $(POLICY_SEED) -V"

# The luck estimator's V (engine/ai/luck_model.h, doc/luck.md): deals of
# greedy and club from seed 6000000 (not the decks scripts/luck_measure.sh
# plays) and the strong level's three replayable sets (300 against 30
# playouts, scripts/luck_strong_deals.sh: about an hour and a half on two
# cores, kept in $(LUCK_STRONG) for the next fit), the network fitted to
# their results, then to its own lambda-returns; rewrites
# engine/ai/luck_weights.h (a quarter of an hour more on one core).
# Then refit the bands' scales: build/tools/luck_dump 4000 5000000 >
# dump.txt; scripts/luck_fit.py dump.txt (engine/ai/luck.c's table).
LUCK_FIT = -n 10000 -s 6000000 -h 32 -e 3 -t 5 -l 50
LUCK_STRONG = $(BUILD)/luck-strong
LUCK_SETS = second third fourth
weights-luck: deps-ok $(BUILD)/tools/luck_model_fit $(PROGRAMS)
	BUILD=$(BUILD) scripts/luck_strong_deals.sh $(LUCK_STRONG) $(LUCK_SETS)
	$(BUILD)/tools/luck_model_fit $(LUCK_FIT) \
		$(foreach s,$(LUCK_SETS),-f $(LUCK_STRONG)/$(s).txt) \
		-o engine/ai/luck_weights.h

# The browser test (tests/e2e/browser.sh) needs Chromium and npm.
deps-browser: deps-ok
	@scripts/deps.sh --quiet --browser
.PHONY: deps-browser

test: deps-browser all $(UNIT_BIN) $(ARBT_BIN) $(TOOL_BIN) $(BUILD)/bench/bench_strength \
    $(BUILD)/bench/bench_policy $(BUILD)/bench/bench_converge \
    $(BUILD)/bench/bench_eval
	@BUILD=$(BUILD) SANITIZER=$(SANITIZER) tests/run.sh

sanitize:
	@scripts/deps.sh --quiet
	@$(MAKE) --no-print-directory BUILD=build-asan OPT="-O1 -g" \
		SANITIZER=address,undefined test

bench: deps-ok all $(BENCH_BIN)
	@for b in $(BENCH_BIN); do $$b || exit 1; done

# STRENGTH_CELLS: variant:ms:pairs ... (default: scripts/strength_table.sh)
strength-table: deps-ok all $(BUILD)/bench/bench_strength
	@BUILD=$(BUILD) scripts/strength_table.sh $(STRENGTH_CELLS)

# The evaluation's weights and spreads, every two-seat variant, fitted
# to self-play on fixed seeds (tests/bench/bench_eval.c has the recipe):
# the same header byte for byte each time.
weights-eval: deps-ok $(BUILD)/bench/bench_eval
	$(BUILD)/bench/bench_eval -v all -s 1 -o engine/ai/eval_weights.h

# Fuzzing: everything built by clang with coverage for libFuzzer and
# ASan + UBSan; each target then runs FUZZ_SECONDS (tests/fuzz/run.sh).
FUZZ_SECONDS ?= 10
fuzz:
	@scripts/deps.sh --quiet --fuzz
	@$(MAKE) --no-print-directory BUILD=build-fuzz CC=clang \
		OPT="-O1 -g -fsanitize=fuzzer-no-link" \
		SANITIZER=address,undefined fuzz-build
	@tests/fuzz/run.sh build-fuzz $(FUZZ_SECONDS)
fuzz-build: $(FUZZ_BIN)
$(BUILD)/fuzz/%: $(BUILD)/obj/tests/fuzz/%.o $(LIBARB) $(ENGINE_LIB) $(LIBBZP) $(LIBRULES)
	@mkdir -p $(@D)
	$(CC) $(LDFLAGS) -fsanitize=fuzzer -o $@ $^ $(EVENT_LIBS) -lm

demo: deps-ok all
	@scripts/demo.sh $(BUILD)

checksrc:
	@scripts/checksrc.sh

# The house rules (scripts/check_house.py); tests/e2e/house.sh runs them
# in make test.
check-house: deps-ok all
	@python3 scripts/check_house.py $(BUILD)

format:
	clang-format -i $(CORE_SRC) $(PROTO_SRC) $(ENG_SRC) arbiter/main.c $(ARB_SRC) \
		$(wildcard engine/*/*.h engine/*.h arbiter/*.h arbiter/*/*.h)

# make install [PREFIX=/usr/local] [DESTDIR=]: the programs, their man
# pages, and the rules core as libbezique.a with its headers and a
# pkg-config file, so that bots outside this tree can build on it.
HEADERS = $(filter-out %_int.h,$(wildcard engine/core/*.h))
# The rule book, the records format, the guides, the protocol, the
# README and the tournament keys, which the man pages cite by their
# installed paths.
DOCDIR  = $(PREFIX)/share/doc/bezique
install: all
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/pkgconfig \
		$(DESTDIR)$(PREFIX)/include/bezique \
		$(DESTDIR)$(PREFIX)/share/man/man6 $(DESTDIR)$(DOCDIR)
	install -m 755 $(ENGINE) $(ARBITER) $(CONNECT) $(DESTDIR)$(PREFIX)/bin
	install -m 644 $(LIBRULES) $(DESTDIR)$(PREFIX)/lib/libbezique.a
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include/bezique
	for m in bezique-engine.6 bezique-arbiter.6; do \
		sed -e 's|/usr/local/share/doc/bezique|$(DOCDIR)|g' \
			-e 's|@VERSION@|$(VERSION)|g' doc/$$m \
			>$(DESTDIR)$(PREFIX)/share/man/man6/$$m || exit 1; \
	done
	install -m 644 doc/*.md doc/record.schema.json protocol.md README.md \
		$(DESTDIR)$(DOCDIR)
	install -m 644 tournaments/README.md $(DESTDIR)$(DOCDIR)/tournaments.md
	sed 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(VERSION)|' doc/bezique.pc.in \
		>$(DESTDIR)$(PREFIX)/lib/pkgconfig/bezique.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/bezique-engine \
		$(DESTDIR)$(PREFIX)/bin/bezique-arbiter \
		$(DESTDIR)$(PREFIX)/bin/bezique-connect \
		$(DESTDIR)$(PREFIX)/lib/libbezique.a \
		$(DESTDIR)$(PREFIX)/lib/pkgconfig/bezique.pc \
		$(DESTDIR)$(PREFIX)/share/man/man6/bezique-engine.6 \
		$(DESTDIR)$(PREFIX)/share/man/man6/bezique-arbiter.6
	rm -rf $(DESTDIR)$(PREFIX)/include/bezique $(DESTDIR)$(DOCDIR)

clean:
	rm -rf build build-asan build-fuzz

help:
	@sed -n '/^#   make/,/^#$$/p' Makefile | sed 's/^# \{0,1\}//;/^$$/d'

# Objects and generated sources made through pattern rules are kept
# (not deleted as intermediate files).  Named, not a bare .SECONDARY:,
# which would also keep make from making a missing $(FLAGS_STAMP).
.SECONDARY: $(call obj,$(CORE_SRC) $(PROTO_SRC) $(ENG_SRC) $(ARB_SRC) \
	arbiter/main.c $(UNIT_SRC) $(ARBT_SRC) $(FIXT_SRC) $(BOT_SRC) \
	$(BENCH_SRC) $(FUZZ_SRC) $(TOOL_SRC) $(WEB_C) \
	$(wildcard tests/fixtures/burgle/*.c)) $(WEB_C)
-include $(shell find $(BUILD)/obj -name '*.d' 2>/dev/null)
