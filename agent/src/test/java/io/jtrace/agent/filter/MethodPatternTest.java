package io.jtrace.agent.filter;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.util.List;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MethodPatternTest {
    @ParameterizedTest(name = "{0} matches {1}.{2}: {3}")
    @CsvSource({
        // packages: ** crosses dots, * does not
        "com.acme.**,       com.acme.Bank,          transfer,   true",
        "com.acme.**,       com.acme.sub.deep.Bank, transfer,   true",
        "com.acme.**,       com.acmex.Bank,         transfer,   false",
        "com.acme.*,        com.acme.Bank,          transfer,   true",
        "com.acme.*,        com.acme.sub.Bank,      transfer,   false",
        // a class selects all its methods; the pattern may start at any package boundary
        "Bank,              com.acme.Bank,          transfer,   true",
        "Bank,              com.acme.BigBank,       transfer,   false",
        "com.acme.Bank,     com.acme.Bank,          total,      true",
        "acme.Bank,         com.acme.Bank,          total,      true",
        "cme.Bank,          com.acme.Bank,          total,      false",
        // methods
        "Bank.transfer,     com.acme.Bank,          transfer,   true",
        "Bank.transfer,     com.acme.Bank,          total,      false",
        "*Service.get*,     com.acme.UserService,   getName,    true",
        "*Service.get*,     com.acme.UserService,   setName,    false",
        "*Service.get*,     com.acme.Service,       get,        true",
        "Bank.t?tal,        com.acme.Bank,          total,      true",
        "Bank.t?tal,        com.acme.Bank,          ttal,       false",
        // constructors, static initializers, nested classes, lambdas
        "Foo.<init>,        a.Foo,                  <init>,     true",
        "Foo.<init>,        a.Foo,                  <clinit>,   false",
        "Foo.<clinit>,      a.Foo,                  <clinit>,   true",
        "Foo$Inner,         a.Foo$Inner,            run,        true",
        "Foo,               a.Foo$Inner,            run,        false",
        "Foo*,              a.Foo$Inner,            run,        true",
        "Main.lambda$*,     sampler.Main,           lambda$main$0, true",
        "**,                any.Thing,              x,          true",
    })
    void matches(String glob, String className, String method, boolean expected) {
        assertEquals(expected, MethodPattern.parse(glob).matches(className, method));
    }

    @Test
    void classLevelMatchOnlyForClassPatterns() {
        assertTrue(MethodPattern.parse("com.acme.**").matchesClass("com.acme.Bank"));
        assertFalse(MethodPattern.parse("Bank.transfer").matchesClass("com.acme.Bank"));
    }

    @ParameterizedTest(name = "[{index}] \"{0}\"")
    @CsvSource(delimiter = '|', value = {
        "a/b           | bad pattern 'a/b': use '.' between names, e.g. 'a.b'",
        "com/acme/**   | bad pattern 'com/acme/**': use '.' between names, e.g. 'com.acme.**'",
        "x***          | bad pattern 'x***': use '*' (one name) or '**' (any names), not '***'",
        ".Bank         | bad pattern '.Bank': empty name between dots",
        "Bank.         | bad pattern 'Bank.': empty name between dots",
        "com..Bank     | bad pattern 'com..Bank': empty name between dots",
        "Bank.get(int) | bad pattern 'Bank.get(int)': unexpected character '(' (patterns use names, '.', '*', '**' and '?')",
        "'a b'         | bad pattern 'a b': unexpected character ' ' (patterns use names, '.', '*', '**' and '?')",
        "''            | empty pattern: give a class or method glob such as com.acme.** or Bank.transfer",
    })
    void badPatternsNameTheProblem(String glob, String message) {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> MethodPattern.parse(glob));
        assertEquals(message, e.getMessage());
    }

    @Test
    void filterIncludesAndExcludes() {
        MethodFilter f = MethodFilter.parse(List.of("bank.**"), List.of("Account.balance", "bank.Customer"));
        assertTrue(f.matches("bank.Bank", "transfer"));
        assertTrue(f.matches("bank.Account", "withdraw"));
        assertFalse(f.matches("bank.Account", "balance"), "method-level exclude");
        assertFalse(f.matches("bank.Customer", "run"), "class-level exclude");
        assertFalse(f.matches("counter.Counter", "add"), "not included");
        assertTrue(f.mayMatchClass("bank.Account"), "a method exclude leaves the class");
        assertFalse(f.mayMatchClass("bank.Customer"), "a class exclude skips the whole class");
        assertFalse(f.isEmpty());
    }

    @Test
    void noIncludeMeansEverythingNotExcluded() {
        MethodFilter f = MethodFilter.parse(List.of(), List.of("*.toString"));
        assertTrue(f.matches("a.B", "run"));
        assertFalse(f.matches("a.B", "toString"));
        assertTrue(MethodFilter.all().isEmpty());
        assertTrue(MethodFilter.all().matches("x.Y", "z"));
    }

    @Test
    void filterReportsTheBadPattern() {
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> MethodFilter.parse(List.of("ok.**"), List.of("bad/one")));
        assertTrue(e.getMessage().contains("'bad/one'"), e.getMessage());
    }
}
