package io.jtrace.cli;

import io.jtrace.read.DefinedMethods;
import org.junit.jupiter.api.Test;

import java.util.Set;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The suggestion after a method pattern that matched nothing: the nearest name, written as the pattern is. */
class UnmatchedPatternsTest {
    private static final Set<DefinedMethods.Name> TRACED = Set.of(new DefinedMethods.Name("bank.Bank", "transfer"),
            new DefinedMethods.Name("bank.Account", "withdraw"));
    private static final Set<String> CLASSES = Set.of("com.acme.billing.Invoice", "com.acme.billing.Ledger");

    @Test
    void suggestsTheNearestClassPackageOrMethod() {
        assertEquals(" (did you mean bank.Bank.transfer?)", UnmatchedPatterns.closest("bank.Bank.trnasfer", TRACED, CLASSES));
        assertEquals(" (did you mean Bank.transfer?)", UnmatchedPatterns.closest("Bank.trasnfer", TRACED, CLASSES));
        assertEquals(" (did you mean com.acme.billing.**?)", UnmatchedPatterns.closest("com.acme.biling.**", TRACED, CLASSES));
        assertEquals(" (did you mean com.acme.billing.Invoice?)", UnmatchedPatterns.closest("com.acme.billing.Invoce", TRACED, CLASSES));
        assertEquals(" (did you mean Ledger?)", UnmatchedPatterns.closest("Ledgr", TRACED, CLASSES));
    }

    @Test
    void saysNothingWhenNothingIsNear() {
        assertEquals("", UnmatchedPatterns.closest("org.nothing.Like.it", TRACED, CLASSES));
        assertEquals("", UnmatchedPatterns.closest("x", Set.of(), Set.of()));
    }
}
