package thirdparty;

import com.google.gson.Gson;
import com.google.gson.GsonBuilder;
import com.google.gson.reflect.TypeToken;

import java.util.List;
import java.util.Map;

/** Drives Gson (a real library from Maven Central) through serialization and parsing. */
public final class GsonDemo {
    static final class Order {
        String id;
        List<String> items;
        Map<String, Integer> quantities;
        double total;
    }

    public static void main(String[] args) {
        Gson gson = new GsonBuilder().setPrettyPrinting().create();
        Order order = new Order();
        order.id = "A-17";
        order.items = List.of("tea", "cups");
        order.quantities = Map.of("tea", 2);
        order.total = 12.5;
        String json = gson.toJson(order);
        System.out.println(json);
        Order back = gson.fromJson(json, Order.class);
        System.out.println("round trip: " + back.id + " " + back.items + " " + back.total);
        List<Integer> numbers = gson.fromJson("[1,2,3,5,8]", new TypeToken<List<Integer>>() {}.getType());
        System.out.println("numbers: " + numbers);
        try {
            gson.fromJson("{broken", Order.class);
        } catch (com.google.gson.JsonSyntaxException e) {
            System.out.println("rejected malformed JSON");
        }
    }
}
