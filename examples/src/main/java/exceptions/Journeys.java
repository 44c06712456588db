package exceptions;

import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Exceptions with known journeys, one scenario after another, for jtrace's exception tracking:
 * each scenario prints what the program saw, so a traced run can be compared with a plain one.
 */
public final class Journeys {
    private Journeys() {}

    public static void main(String[] args) throws Exception {
        sameMethod();
        unwinding();
        rethrowAndWrap();
        resources();
        locks();
        construction();
        raisedByTheJvm();
        parsing();
        threadDies();
        future();
        System.out.println("done");
    }

    static void sameMethod() {
        try {
            throw new IllegalStateException("thrown and caught here");
        } catch (IllegalStateException e) {
            System.out.println("same method: " + e.getMessage());
        }
    }

    static void unwinding() {
        try {
            Unwinding.level1();
        } catch (IllegalArgumentException e) {
            System.out.println("unwinding: " + e.getMessage() + " after " + Unwinding.finallies + " finally blocks");
        }
    }

    static void rethrowAndWrap() {
        try {
            Wrapping.rethrow();
        } catch (IllegalStateException e) {
            System.out.println("rethrown: " + e.getMessage());
        }
        try {
            Wrapping.wrap();
        } catch (Wrapping.WrappedException e) {
            System.out.println("wrapped: " + e.getMessage() + ", cause " + e.getCause().getMessage());
        }
    }

    static void resources() {
        try {
            Resources.useFailingResource();
        } catch (IllegalStateException e) {
            System.out.println("resources: " + e.getMessage() + ", suppressed " + e.getSuppressed()[0].getMessage());
        }
    }

    static void locks() {
        try {
            Locks.failWhileLocked();
        } catch (IllegalStateException e) {
            System.out.println("locks: " + e.getMessage());
        }
    }

    static void construction() {
        try {
            new Construction(-1);
        } catch (IllegalArgumentException e) {
            System.out.println("constructor: " + e.getMessage());
        }
        try {
            System.out.println(Construction.BrokenStatic.VALUE);
        } catch (ExceptionInInitializerError e) {
            System.out.println("static initializer: " + e.getCause().getMessage());
        }
    }

    static void raisedByTheJvm() {
        try {
            System.out.println(JvmRaised.length(null));
        } catch (NullPointerException e) {
            System.out.println("null pointer caught");
        }
        try {
            System.out.println(JvmRaised.divide(1, 0));
        } catch (ArithmeticException e) {
            System.out.println("arithmetic: " + e.getMessage());
        }
    }

    static void parsing() {
        System.out.println("parsed: " + Parsing.parseOrDefault("forty-two", -1));
    }

    static void threadDies() throws InterruptedException {
        Thread t = new Thread(Journeys::doomed, "doomed-worker");
        t.start();
        t.join();
        System.out.println("worker died: " + !t.isAlive());
    }

    static void doomed() {
        throw new IllegalStateException("the worker gives up");
    }

    static void future() {
        CompletableFuture<Integer> f = CompletableFuture.supplyAsync(Journeys::failAsync);
        try {
            System.out.println(f.join());
        } catch (CompletionException e) {
            System.out.println("future: " + e.getCause().getMessage());
        }
    }

    static int failAsync() {
        throw new UnsupportedOperationException("async failure");
    }
}
