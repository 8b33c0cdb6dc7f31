package weft.model;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import java.util.Random;
import java.util.SplittableRandom;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Keeps {@code model} pure (the README: "No I/O, no clocks"): no Netty, no logging, no threads, no
 * clocks, no sockets or files, no unseeded randomness. Time is a {@code long} passed in, randomness a seeded
 * {@code RandomGenerator}, text comes and goes as strings, readers and writers. Each rule names what it forbids, so
 * a violation reads as the rule it breaks.
 */
class ModelPurityTest {
    private static final JavaClasses MODEL = new ClassFileImporter()
            .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
            .importPackages("weft.model");

    /** Classes assignable to any of {@code types} (each named in the rule's description). */
    private static DescribedPredicate<JavaClass> assignableToAny(Class<?>... types) {
        DescribedPredicate<JavaClass> any = JavaClass.Predicates.assignableTo(types[0]);
        for (int i = 1; i < types.length; i++) {
            any = any.or(JavaClass.Predicates.assignableTo(types[i]));
        }
        return any;
    }

    @Test
    @DisplayName("model uses no Netty and no logging framework")
    void noNettyNoLogging() {
        noClasses().should().dependOnClassesThat()
                .resideInAnyPackage("io.netty..", "org.slf4j..", "ch.qos.logback..", "java.util.logging..")
                .because("the model is the pure core the shells wrap; they do the I/O and the logging")
                .check(MODEL);
    }

    @Test
    @DisplayName("model starts no threads and holds no locks, executors or atomics")
    void noThreads() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.util.concurrent..")
                .orShould().dependOnClassesThat(assignableToAny(Thread.class, java.util.Timer.class))
                .because("distributed algorithms are state machines driven by their caller, one message at a time")
                .check(MODEL);
    }

    @Test
    @DisplayName("model reads no clock: time is a long passed in")
    void noClocks() {
        noClasses().should().callMethod(System.class, "nanoTime")
                .orShould().callMethod(System.class, "currentTimeMillis")
                .orShould().callMethodWhere(com.tngtech.archunit.core.domain.JavaCall.Predicates.target(
                        com.tngtech.archunit.core.domain.properties.HasName.Predicates.name("now")))
                .orShould().dependOnClassesThat(assignableToAny(java.time.Clock.class, java.time.InstantSource.class))
                .because("a test steps time by passing it in, and a run replays exactly")
                .check(MODEL);
    }

    @Test
    @DisplayName("model opens no sockets, channels or files")
    void noSocketsNoFiles() {
        noClasses().should().dependOnClassesThat().resideInAnyPackage("java.net.http..", "java.nio.channels..",
                        "java.nio.file..")
                .orShould().dependOnClassesThat(assignableToAny(java.net.Socket.class, java.net.ServerSocket.class,
                        java.net.DatagramSocket.class, java.net.URLConnection.class))
                .orShould().dependOnClassesThat(assignableToAny(java.io.File.class, java.io.FileInputStream.class,
                        java.io.FileOutputStream.class, java.io.FileReader.class, java.io.FileWriter.class))
                .because("readers take text and a source name; opening files and sockets is the shells' job")
                .check(MODEL);
    }

    @Test
    @DisplayName("model draws no unseeded random number")
    void noUnseededRandomness() {
        noClasses().should().callMethod(Math.class, "random")
                .orShould().dependOnClassesThat().areAssignableTo(java.util.concurrent.ThreadLocalRandom.class)
                .orShould().callConstructor(Random.class)
                .orShould().callConstructor(SplittableRandom.class)
                .orShould().callMethod(java.util.random.RandomGenerator.class, "getDefault")
                .because("randomness is a RandomGenerator passed in, or a generator built from a given seed")
                .check(MODEL);
    }
}
