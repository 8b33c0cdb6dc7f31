#!/usr/bin/env bash
# Prints every flaky test of the last `mvn verify` in a banner: a test that failed its first run and passed its
# rerun (Failsafe's rerunFailingTestsCount). A test that failed both runs has already failed the build; a flake does
# not, and this banner is how it gets seen and fixed at its cause. Reads the Surefire/Failsafe XML reports below the
# given folder (default: the current one). Exit status 0 always: the build's own status is the verdict.
# Usage: deploy/scripts/flakes.sh [repository root]
set -uo pipefail
root="${1:-.}"
mapfile -t reports < <(find "$root" -path '*/target/failsafe-reports/TEST-*.xml' -o \
    -path '*/target/surefire-reports/TEST-*.xml' 2>/dev/null | sort)
[ "${#reports[@]}" -eq 0 ] && exit 0
flakes=$(awk '
    /<testcase / {
        cls = ""; name = ""
        if (match($0, /classname="[^"]*"/)) cls = substr($0, RSTART + 11, RLENGTH - 12)
        if (match($0, / name="[^"]*"/)) name = substr($0, RSTART + 7, RLENGTH - 8)
    }
    /<flaky(Failure|Error)/ {
        msg = ""
        if (match($0, /message="[^"]*"/)) msg = substr($0, RSTART + 9, RLENGTH - 10)
        if (length(msg) > 160) msg = substr(msg, 1, 157) "..."
        print "  " cls "." name ": " msg
    }' "${reports[@]}" | sort -u)
[ -z "$flakes" ] && exit 0
count=$(printf '%s\n' "$flakes" | wc -l)
bar='!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!!'
printf '\n%s\nFLAKY TESTS: %d test(s) failed once and passed on the rerun. Each is a defect to fix at its cause\n' \
    "$bar" "$count"
printf '(first failure shown; the full trace is in target/failsafe-reports):\n%s\n%s\n\n' "$flakes" "$bar"
exit 0
