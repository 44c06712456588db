package realapps;

import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;

/**
 * An SQL database at work (H2, in memory, from Maven Central): creates two tables, inserts
 * ROWS rows through prepared statements, runs a join with grouping and an index look-up per
 * customer, and prints the results.
 * Usage: {@code realapps.SqlDatabase [ROWS]}.
 */
public final class SqlDatabase {
    public static void main(String[] args) throws SQLException {
        int rows = args.length > 0 ? Integer.parseInt(args[0]) : 20000;
        try (Connection c = DriverManager.getConnection("jdbc:h2:mem:bench")) {
            try (Statement s = c.createStatement()) {
                s.execute("create table customer(id int primary key, name varchar(40), region varchar(10))");
                s.execute("create table orders(id int primary key, customer int, amount decimal(10,2))");
                s.execute("create index orders_customer on orders(customer)");
            }
            try (PreparedStatement p = c.prepareStatement("insert into customer values (?, ?, ?)")) {
                for (int i = 0; i < 100; i++) {
                    p.setInt(1, i);
                    p.setString(2, "customer " + i);
                    p.setString(3, i % 3 == 0 ? "north" : "south");
                    p.executeUpdate();
                }
            }
            try (PreparedStatement p = c.prepareStatement("insert into orders values (?, ?, ?)")) {
                for (int i = 0; i < rows; i++) {
                    p.setInt(1, i);
                    p.setInt(2, i % 100);
                    p.setBigDecimal(3, java.math.BigDecimal.valueOf(i % 1000, 2));
                    p.executeUpdate();
                }
            }
            try (Statement s = c.createStatement();
                 ResultSet r = s.executeQuery("select c.region, count(*), sum(o.amount) from orders o"
                         + " join customer c on c.id = o.customer group by c.region order by c.region")) {
                while (r.next()) System.out.println("h2 region=" + r.getString(1) + " orders=" + r.getLong(2) + " sum=" + r.getBigDecimal(3));
            }
            long total = 0;
            try (PreparedStatement p = c.prepareStatement("select count(*) from orders where customer = ?")) {
                for (int i = 0; i < 100; i++) {
                    p.setInt(1, i);
                    try (ResultSet r = p.executeQuery()) {
                        r.next();
                        total += r.getLong(1);
                    }
                }
            }
            System.out.println("h2 rows=" + rows + " looked up=" + total);
        }
    }
}
