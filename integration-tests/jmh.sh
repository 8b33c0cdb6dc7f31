#!/bin/sh
# Builds the JMH benchmarks of weft.bench and runs them; the arguments go to JMH, e.g.
#   integration-tests/jmh.sh RateAllocatorBenchmark -p permutations=16
#   integration-tests/jmh.sh 'AgentHotPathBenchmark|AgentLoopbackBenchmark' -prof gc
# JMH is a dependency of this module only; the distribution (deploy/target/weft) does not ship it.
set -e
cd "$(dirname "$0")/.."
cp="$PWD/integration-tests/target/jmh.classpath"
mvn -B -q -ntp package dependency:build-classpath -DskipTests -pl integration-tests -am -Dmdep.outputFile="$cp"
exec java -cp "integration-tests/target/classes:$(cat "$cp")" org.openjdk.jmh.Main "$@"
