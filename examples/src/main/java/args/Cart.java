package args;

import java.util.ArrayList;
import java.util.List;

/** A shopping cart: a constructor with arguments, instance methods, and one that throws. */
public class Cart {
    private final String owner;
    private final int capacity;
    private final List<String> items = new ArrayList<>();
    private long cents;

    public Cart(String owner, int capacity) {
        this.owner = owner;
        this.capacity = capacity;
    }

    /** Adds {@code quantity} of an item at {@code price} less {@code discount} percent; returns the item count. */
    public int add(String item, int quantity, double price, float discount) {
        if (items.size() == capacity) throw new IllegalStateException(owner + "'s cart is full");
        items.add(item);
        cents += Math.round(quantity * price * 100 * (100 - discount) / 100);
        return items.size();
    }

    public long totalCents() {
        return cents;
    }

    /** Removes an item, or fails if the cart has none. */
    public boolean remove(String item) {
        if (!items.remove(item)) throw new IllegalArgumentException("no " + item + " in " + owner + "'s cart");
        return true;
    }

    public String owner() {
        return owner;
    }
}
