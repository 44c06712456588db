package bank;

/** A refused transfer: checked, so callers must decide what to do. */
public class InsufficientFundsException extends Exception {
    public InsufficientFundsException(String account, long balance, long amount) {
        super(account + " has " + balance + ", cannot pay " + amount);
    }
}
