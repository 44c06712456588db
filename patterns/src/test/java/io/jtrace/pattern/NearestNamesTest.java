package io.jtrace.pattern;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class NearestNamesTest {
    private final NearestNames bank = new NearestNames()
            .add("bank.Bank", "transfer").add("bank.Account", "withdraw").add("bank.Main", null);

    @Test
    void aMisspeltMethodClassOrPackageIsNamedAsWritten() {
        assertEquals(" (did you mean Bank.transfer?)", bank.didYouMean("Bank.trnsfer"));
        assertEquals(" (did you mean bank.Bank.transfer?)", bank.didYouMean("bank.Bank.trasnfer"));
        assertEquals(" (did you mean Account?)", bank.didYouMean("Acount"));
        assertEquals(" (did you mean bank.**?)", bank.didYouMean("bnak.**"));
    }

    /** 'bank' is the package, though the class Bank is one letter away. */
    @Test
    void aBarePackageNameIsMeantAsThePackage() {
        assertEquals(" (did you mean bank.* or bank.**?)", bank.didYouMean("bank"));
    }

    @Test
    void nothingNearIsNoSuggestion() {
        assertEquals("", bank.didYouMean("org.nothing.Like.it"));
        assertEquals("", new NearestNames().didYouMean("x"));
    }

    @Test
    void editDistanceCountsASwapAsOneEdit() {
        assertEquals(1, NearestNames.editDistance("trasnfer", "transfer"));
        assertEquals(1, NearestNames.editDistance("trnsfer", "transfer"));
        assertEquals(0, NearestNames.editDistance("", ""));
        assertEquals(3, NearestNames.editDistance("abc", ""));
    }
}
