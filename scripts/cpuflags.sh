#!/bin/sh
# cpuflags.sh CC: the code-generation flags for the CPU of the building
# machine, on the Makefile's first line of output.  Today -mpopcnt where
# the compiler takes it and this CPU has the instruction: without it
# __builtin_popcountll is a library call (__popcountdi2), and the rules
# core counts cards in its innermost loops.  Nothing else is enabled:
# -march=native would also allow fused multiply-add, which changes the
# strong level's floating point and so its choices (signature.h).
# Prints nothing where the test program cannot be built or run (another
# architecture, a cross compiler).
cc=${1:-cc}
dir=$(mktemp -d 2>/dev/null) || exit 0
trap 'rm -rf "$dir"' EXIT
cat >"$dir/p.c" <<'C'
int
main(void)
{
	__builtin_cpu_init();
	return !__builtin_cpu_supports("popcnt");
}
C
if $cc -mpopcnt -o "$dir/p" "$dir/p.c" >/dev/null 2>&1 && "$dir/p"; then
	echo -mpopcnt
fi
exit 0
