package thirdparty;

import com.google.gson.Gson;

import java.util.List;

/** Parses the JSON order given as its argument with Gson: two runs with inputs that differ in one value. */
public final class GsonInput {
    static final class Order {
        String id;
        List<String> items;
        double total;
    }

    public static void main(String[] args) {
        Order order = new Gson().fromJson(args[0], Order.class);
        System.out.println(order.id + " " + order.items + " " + order.total);
    }
}
