package bank;

import java.util.Random;

/** A customer thread: a fixed, seeded sequence of transfers between accounts. */
public class Customer implements Runnable {
    private final Bank bank;
    private final int transfers;
    private final Random random;

    public Customer(Bank bank, int seed, int transfers) {
        this.bank = bank;
        this.transfers = transfers;
        this.random = new Random(seed);
    }

    @Override
    public void run() {
        int n = bank.accounts().size();
        for (int i = 0; i < transfers; i++) {
            Account from = bank.accounts().get(random.nextInt(n));
            Account to = bank.accounts().get(random.nextInt(n));
            long amount = 1 + random.nextInt(400);
            try {
                bank.transfer(from, to, amount);
            } catch (InsufficientFundsException e) {
                // refused: the customer simply tries the next transfer
            }
        }
    }
}
