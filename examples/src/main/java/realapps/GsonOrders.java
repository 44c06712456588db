package realapps;

import com.google.gson.Gson;
import com.google.gson.reflect.TypeToken;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A JSON binder at work (Gson, from Maven Central): serializes a list of orders and binds it back,
 * ROUNDS times, and prints a checksum, so a traced run can be compared with a plain one.
 * With THREADS above 1 (default 1: everything on {@code main}, as before), THREADS threads
 * ({@code orders-1} ...) each do the ROUNDS rounds at the same time through one shared
 * {@link Gson} (as a server would), so a recording has several threads interleaved
 * (bench/real-recordings.sh); the checksum printed is then the sum of the threads' checksums.
 * Usage: {@code realapps.GsonOrders [ORDERS] [ROUNDS] [THREADS]}.
 */
public final class GsonOrders {
    static final class Line {
        String sku;
        int quantity;
        double price;
    }

    static final class Order {
        String id;
        String customer;
        List<Line> lines = new ArrayList<>();
        Map<String, String> tags = new LinkedHashMap<>();
        boolean paid;
    }

    public static void main(String[] args) {
        int orders = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 5;
        int threads = args.length > 2 ? Integer.parseInt(args[2]) : 1;
        List<Order> list = new ArrayList<>();
        for (int i = 0; i < orders; i++) {
            Order o = new Order();
            o.id = "O-" + i;
            o.customer = "customer \"" + (i % 97) + "\"";
            for (int k = 0; k < 1 + i % 5; k++) {
                Line l = new Line();
                l.sku = "SKU-" + (i * 31 + k) % 1000;
                l.quantity = 1 + k;
                l.price = (i % 100) / 4.0 + k;
                o.lines.add(l);
            }
            o.tags.put("region", i % 2 == 0 ? "north" : "south");
            o.paid = i % 3 == 0;
            list.add(o);
        }
        Gson gson = new Gson();
        if (threads <= 1) {
            System.out.println("gson orders=" + orders + " rounds=" + rounds + " checksum=" + bind(gson, list, rounds));
            return;
        }
        long[] sums = new long[threads];
        Thread[] workers = new Thread[threads];
        for (int t = 0; t < threads; t++) {
            int index = t;
            workers[t] = new Thread(() -> sums[index] = bind(gson, list, rounds), "orders-" + (t + 1));
            workers[t].start();
        }
        long checksum = 0;
        for (int t = 0; t < threads; t++) {
            join(workers[t]);
            checksum += sums[t];
        }
        System.out.println("gson orders=" + orders + " rounds=" + rounds + " threads=" + threads + " checksum=" + checksum);
    }

    private static long bind(Gson gson, List<Order> list, int rounds) {
        long checksum = 0;
        for (int r = 0; r < rounds; r++) {
            String json = gson.toJson(list);
            List<Order> back = gson.fromJson(json, new TypeToken<List<Order>>() {}.getType());
            checksum = checksum * 31 + json.length();
            for (Order o : back) checksum += o.lines.size() + (o.paid ? 1 : 0);
        }
        return checksum;
    }

    private static void join(Thread t) {
        try {
            t.join();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while waiting for " + t.getName(), e);
        }
    }
}
