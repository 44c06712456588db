package io.jtrace.e2e;

import org.junit.jupiter.api.parallel.ResourceLock;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A test class that reads a large recording into the test JVM's heap. Such classes take turns, each
 * beside a lighter class: each passes with 1 GB of the test JVM's 2 GB (docs/testing.md, "Running two
 * classes at a time").
 */
@Target(ElementType.TYPE)
@Retention(RetentionPolicy.RUNTIME)
@ResourceLock("test-jvm-heap")
@interface ReadsLargeRecordings {}
