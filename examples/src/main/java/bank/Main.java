package bank;

/**
 * The bank: customers transfer money concurrently. Prints only what does not depend on thread
 * scheduling, so a traced run must print exactly what a plain run prints.
 */
public class Main {
    public static void main(String[] args) throws Exception {
        int customers = args.length > 0 ? Integer.parseInt(args[0]) : 4;
        int transfers = args.length > 1 ? Integer.parseInt(args[1]) : 25;
        Bank bank = new Bank();
        String[] names = {"alice", "bob", "carol", "dave", "erin"};
        for (String name : names) bank.open(name, 500);

        Thread[] threads = new Thread[customers];
        for (int i = 0; i < customers; i++) {
            threads[i] = new Thread(new Customer(bank, 42 + i, transfers), "customer-" + (i + 1));
            threads[i].start();
        }
        for (Thread t : threads) t.join();

        // One refusal that always happens, on the main thread.
        Account poor = bank.open("frank", 10);
        try {
            bank.transfer(poor, bank.accounts().get(0), 1_000);
        } catch (InsufficientFundsException e) {
            System.out.println("refused: " + e.getMessage());
        }
        System.out.println("customers: " + customers + ", transfers each: " + transfers);
        System.out.println("total money: " + bank.total() + " (expected " + (names.length * 500 + 10) + ")");
        System.out.println("in flight at end: " + bank.inFlight());
    }
}
