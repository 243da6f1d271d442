// The quick starts of docs/server.md and docs/futurae-auth-api.md from Java, with nothing but the JDK:
// HttpURLConnection (HTTP, or HTTPS with the trust store given by -Djavax.net.ssl.trustStore) and
// javax.crypto's HMAC for the Auth API's signature (FA2).
//
//   javac -d out scripts/clients/QuickStart.java
//   java -cp out QuickStart URL REQUESTS [SERVICE_ID KEY]
//
// Health, a device session, a login call on it, REQUESTS health checks each on a new connection
// (keep-alive off, as many CI scripts run), and with SERVICE_ID and KEY one signed user lookup.
// Prints a line per step; exits 1 at the first answer that is not what the guides show.
import java.io.*;
import java.net.*;
import java.nio.charset.StandardCharsets;
import java.time.*;
import java.time.format.DateTimeFormatter;
import java.util.*;
import java.util.regex.*;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

public class QuickStart {
    record Answer(int status, String body) {}

    static Answer send(String method, String url, String body, Map<String, String> headers) throws IOException {
        HttpURLConnection connection = (HttpURLConnection) new URL(url).openConnection();
        connection.setRequestMethod(method);
        connection.setConnectTimeout(60_000);
        connection.setReadTimeout(60_000);
        headers.forEach(connection::setRequestProperty);
        if (body != null) {
            connection.setDoOutput(true);
            connection.setRequestProperty("Content-Type", "application/json");
            try (OutputStream out = connection.getOutputStream()) { out.write(body.getBytes(StandardCharsets.UTF_8)); }
        }
        int status = connection.getResponseCode();
        InputStream in = status < 400 ? connection.getInputStream() : connection.getErrorStream();
        String text = in == null ? "" : new String(in.readAllBytes(), StandardCharsets.UTF_8);
        return new Answer(status, text);
    }

    static void expect(Answer answer, int status, String contains, String step) {
        if (answer.status() != status || !answer.body().contains(contains)) {
            System.out.println("FAILED: " + step + ": HTTP " + answer.status() + " " + answer.body());
            System.exit(1);
        }
        System.out.println("ok: " + step);
    }

    public static void main(String[] args) throws Exception {
        String url = args[0].replaceAll("/$", "");
        int requests = Integer.parseInt(args[1]);
        Map<String, String> none = Map.of();

        expect(send("GET", url + "/healthz", null, none), 200, "\"status\":\"ok\"", "health");
        Answer opened = send("POST", url + "/v1/sessions", "{\"device\": \"jvm\", \"platform\": \"android\", \"sdk\": \"2.3\"}", none);
        expect(opened, 201, "\"session\":\"", "device session");
        Matcher token = Pattern.compile("\"session\":\"([^\"]+)\"").matcher(opened.body());
        token.find();
        String login = "{\"type\": \"set\", \"name\": \"pims.authentication.user\", \"params\": "
            + "{\"action\": \"login\", \"username\": \"bob@example.com\", \"password\": \"bob-pass\"}}";
        expect(send("POST", url + "/v1/call", login, Map.of("Authorization", "Bearer " + token.group(1))), 200, "\"status\"", "login call");

        System.setProperty("http.keepAlive", "false");
        int answered = 0;
        for (int i = 0; i < requests; i++) {
            if (send("GET", url + "/healthz", null, none).status() == 200) answered++;
        }
        if (answered != requests) { System.out.println("FAILED: " + answered + " of " + requests + " health checks answered 200"); System.exit(1); }
        System.out.println("ok: " + requests + " health checks, a new connection each");

        if (args.length >= 4) {
            String target = "/srv/auth/v1/users?username=alice%40example.com";
            String date = DateTimeFormatter.ofPattern("EEE, dd MMM yyyy HH:mm:ss Z", Locale.US).format(ZonedDateTime.now(ZoneOffset.UTC));
            String canonical = date + "\nGET\n" + new URL(url).getHost() + "\n" + target + "\n\n";
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(args[3].getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
            String signature = HexFormat.of().formatHex(mac.doFinal(canonical.getBytes(StandardCharsets.UTF_8)));
            String credentials = Base64.getEncoder().encodeToString((args[2] + ":" + signature).getBytes(StandardCharsets.UTF_8));
            Answer user = send("GET", url + target, null, Map.of("FT-Date", date, "Authorization", "Basic " + credentials));
            expect(user, 200, "\"user_id\"", "signed Auth API lookup");
        }
    }
}
