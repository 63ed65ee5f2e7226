import java.util.Map;

// The entrypoint is a public static method of class Main taking the request as a Map
// {method, query, headers, body}; JSON objects are Maps, arrays Lists, numbers Long or Double.
public class Main {
  public static Object handler(Map<String, Object> request) {
    Map<?, ?> query = (Map<?, ?>) request.get("query");
    Map<?, ?> body = (Map<?, ?>) request.get("body");
    Object greeting = query.containsKey("greeting") ? query.get("greeting") : "Hello";
    return Map.of("message", greeting + ", " + body.get("name") + "!");
  }
}
