package bank;

public class Account {
    private final String name;
    private long balance;

    public Account(String name, long balance) {
        this.name = name;
        this.balance = balance;
    }

    public String name() {
        return name;
    }

    public synchronized long balance() {
        return balance;
    }

    synchronized void withdraw(long amount) throws InsufficientFundsException {
        if (amount > balance) throw new InsufficientFundsException(name, balance, amount);
        balance -= amount;
    }

    synchronized void deposit(long amount) {
        balance += amount;
    }
}
