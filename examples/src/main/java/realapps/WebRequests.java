package realapps;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.Fields;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * A web server serving requests in-process (Eclipse Jetty 12, from Maven Central): Jetty listens
 * on a loopback port and answers {@code GET /orders?customer=C&lines=N} with a small invoice it
 * computes; CLIENTS threads send REQUESTS requests each through the JDK's HTTP client (JDK code,
 * outside jtrace's default scope), over kept-alive connections, and check every answer. What is
 * traced is the server: its connectors, parsers, thread pool and handler, on Jetty's own threads.
 * Prints a checksum of the answers, so a traced run can be compared with a plain one.
 * Usage: {@code realapps.WebRequests [REQUESTS] [CLIENTS]}.
 */
public final class WebRequests {
    public static void main(String[] args) throws Exception {
        int requests = args.length > 0 ? Integer.parseInt(args[0]) : 2000;
        int clients = args.length > 1 ? Integer.parseInt(args[1]) : 4;
        Server server = new Server();
        ServerConnector connector = new ServerConnector(server);
        connector.setHost("127.0.0.1");
        connector.setPort(0);
        server.addConnector(connector);
        server.setHandler(new Invoices());
        server.start();
        try {
            URI base = URI.create("http://127.0.0.1:" + connector.getLocalPort() + "/orders");
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            ExecutorService pool = Executors.newFixedThreadPool(clients);
            List<Future<Long>> sums = new ArrayList<>();
            for (int c = 0; c < clients; c++) {
                int first = c * requests;
                sums.add(pool.submit(() -> send(client, base, first, requests)));
            }
            long checksum = 0;
            for (Future<Long> f : sums) checksum += f.get();
            pool.shutdown();
            System.out.println("web requests=" + requests + " clients=" + clients + " checksum=" + checksum);
        } finally {
            server.stop();
        }
    }

    /** One client's requests, in turn; the sum of its answers' hashes. */
    private static long send(HttpClient client, URI base, int first, int count) throws Exception {
        long sum = 0;
        for (int i = first; i < first + count; i++) {
            URI uri = URI.create(base + "?customer=" + (i % 97) + "&lines=" + (1 + i % 7));
            HttpResponse<String> r = client.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
            if (r.statusCode() != 200) throw new IllegalStateException(uri + ": status " + r.statusCode());
            sum += r.body().hashCode();
        }
        // a missing parameter is the handler's 400, taken through Jetty's error path
        HttpResponse<String> bad = client.send(HttpRequest.newBuilder(base).GET().build(), HttpResponse.BodyHandlers.ofString());
        return sum + bad.statusCode();
    }

    /** The application: an invoice for a customer's order of N lines. */
    static final class Invoices extends Handler.Abstract {
        @Override
        public boolean handle(Request request, Response response, Callback callback) {
            Fields query = Request.extractQueryParameters(request);
            String customer = query.getValue("customer");
            String lines = query.getValue("lines");
            if (customer == null || lines == null) {
                Response.writeError(request, response, callback, 400, "customer and lines are needed");
                return true;
            }
            response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain; charset=utf-8");
            Content.Sink.write(response, true, invoice(Integer.parseInt(customer), Integer.parseInt(lines)), callback);
            return true;
        }

        static String invoice(int customer, int lines) {
            StringBuilder b = new StringBuilder("invoice for customer ").append(customer).append('\n');
            long cents = 0;
            for (int k = 0; k < lines; k++) {
                int quantity = 1 + (customer + k) % 4;
                long price = 100 + (customer * 31L + k * 17L) % 900;
                cents += quantity * price;
                b.append("SKU-").append((customer * 7 + k) % 1000).append(' ').append(quantity).append(" x ")
                        .append(price / 100).append('.').append(String.format("%02d", price % 100)).append('\n');
            }
            return b.append("total ").append(cents / 100).append('.').append(String.format("%02d", cents % 100)).append('\n').toString();
        }
    }

    private WebRequests() {
    }
}
