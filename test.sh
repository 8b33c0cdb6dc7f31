#!/usr/bin/env bash
# Runs every Weft test on a Debian machine as root: installs what the tests need when it is missing
# (JDK 17, Maven, Open vSwitch, Mininet, iperf3, tcpdump, OpenSM + ibsim), starts Open vSwitch, then runs
# `mvn verify`, which runs the unit tests (Surefire) and the lab tests on real OVS and namespaces (Failsafe).
# A test that fails twice fails the run; one that passed only on its rerun is printed in a FLAKY TESTS banner.
# Usage: ./test.sh [extra mvn arguments]     e.g. ./test.sh -DskipLab   (unit tests only)
set -euo pipefail
cd "$(dirname "$(readlink -f "$0")")"
source deploy/scripts/prereqs.sh
weft_install_prereqs
weft_start_ovs
status=0
mvn -B -ntp verify "$@" || status=$?
deploy/scripts/flakes.sh .
exit "$status"
