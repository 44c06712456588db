package bank;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

public class Bank {
    private final List<Account> accounts = new ArrayList<>();
    private final AtomicInteger inFlight = new AtomicInteger();
    private final AtomicInteger refused = new AtomicInteger();

    public Account open(String name, long balance) {
        Account a = new Account(name, balance);
        accounts.add(a);
        return a;
    }

    public List<Account> accounts() {
        return accounts;
    }

    /** Moves money; a refused transfer is counted and rethrown, and the in-flight count is always restored. */
    public void transfer(Account from, Account to, long amount) throws InsufficientFundsException {
        inFlight.incrementAndGet();
        try {
            from.withdraw(amount);
            to.deposit(amount);
        } catch (InsufficientFundsException e) {
            refused.incrementAndGet();
            throw e;
        } finally {
            inFlight.decrementAndGet();
        }
    }

    public long total() {
        long sum = 0;
        synchronized (accounts) {
            for (Account a : accounts) sum += a.balance();
        }
        return sum;
    }

    public int refusedTransfers() {
        return refused.get();
    }

    public int inFlight() {
        return inFlight.get();
    }
}
