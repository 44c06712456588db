package io.jtrace.pattern;

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
    void classesOutsideEveryIncludeAreSkippedUnread() {
        MethodFilter f = MethodFilter.parse(List.of("com.acme.**", "Bank.transfer", "*Service.get*"), List.of());
        assertTrue(f.mayMatchClass("com.acme.Ledger"));
        assertTrue(f.mayMatchClass("com.acme"), "a class named acme: com.acme.run matches com.acme.**");
        assertTrue(f.mayMatchClass("org.shop.Bank"), "Bank.transfer needs no package");
        assertTrue(f.mayMatchClass("org.shop.UserService"));
        assertFalse(f.mayMatchClass("org.shop.User"));
        assertFalse(f.mayMatchClass("org.shop.Banker"));
        assertFalse(f.mayMatchClass("com.acmeish.Ledger"));
        assertTrue(MethodFilter.parse(List.of("transfer"), List.of()).mayMatchClass("org.Any"), "a method of any class");
        assertFalse(MethodFilter.parse(List.of("com.acme.**"), List.of("com.acme.Ledger")).mayMatchClass("com.acme.Ledger"),
                "a class exclude still wins");
    }

    /**
     * Whatever the glob, a class with a matching method is never skipped: every method name of a
     * small alphabet against every class name, for globs built from the same names and wildcards.
     */
    @Test
    void aClassWithAMatchingMethodIsNeverSkipped() {
        String[] names = {"a", "b", "ab", "Bank", "get", "getX"};
        String[] parts = {"a", "b", "*", "**", "a*", "*b", "?", "Bank", "get*", "a**", "**b", "g?t*"};
        java.util.List<String> classes = new java.util.ArrayList<>();
        for (String x : names) {
            classes.add(x);
            for (String y : names) {
                classes.add(x + "." + y);
                for (String z : names) classes.add(x + "." + y + "." + z);
            }
        }
        java.util.Random random = new java.util.Random(42);
        int checked = 0;
        for (int g = 0; g < 400; g++) {
            StringBuilder glob = new StringBuilder(parts[random.nextInt(parts.length)]);
            for (int k = random.nextInt(3); k > 0; k--) glob.append('.').append(parts[random.nextInt(parts.length)]);
            if (glob.indexOf("***") >= 0) continue;
            MethodFilter f = MethodFilter.parse(List.of(glob.toString()), List.of());
            for (String c : classes) {
                for (String m : names) {
                    if (f.matches(c, m)) {
                        checked++;
                        assertTrue(f.mayMatchClass(c), () -> glob + " matches " + c + "." + m + " but skips " + c);
                    }
                }
            }
        }
        assertTrue(checked > 1000, "matches checked: " + checked);
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
