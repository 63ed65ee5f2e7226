import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class FnqRunner {
  public static void main(String[] args) throws Exception {
    // Replies go on stdout; whatever the function prints goes to stderr.
    PrintStream protocol = new PrintStream(new FileOutputStream(FileDescriptor.out), true, StandardCharsets.UTF_8);
    System.setOut(System.err);
    Method fn;
    try {
      fn = Class.forName(args[0]).getMethod(args[1], Map.class);
      if (!Modifier.isStatic(fn.getModifiers())) throw new NoSuchMethodException(args[1] + " is not static");
    } catch (Throwable e) {
      protocol.println(write(Map.of("fatal", e.getClass().getSimpleName() + ": " + e.getMessage())));
      System.exit(1);
      return;
    }
    protocol.println(write(Map.of("ready", true)));
    BufferedReader input = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    for (String line; (line = input.readLine()) != null; ) {
      Map<?, ?> message = (Map<?, ?>) new Parser(line).value();
      Map<String, Object> reply = new LinkedHashMap<>();
      reply.put("id", message.get("id"));
      try {
        Object body = fn.invoke(null, message.get("request"));
        reply.put("ok", true);
        reply.put("body", body);
      } catch (InvocationTargetException e) {
        Throwable cause = e.getCause();
        reply.put("ok", false);
        reply.put("error", cause.getClass().getSimpleName() + ": " + cause.getMessage());
      }
      protocol.println(write(reply));
    }
  }

  static String write(Object value) {
    StringBuilder out = new StringBuilder();
    write(value, out);
    return out.toString();
  }

  static void write(Object value, StringBuilder out) {
    if (value == null) out.append("null");
    else if (value instanceof String s) quote(s, out);
    else if (value instanceof Boolean || value instanceof Integer || value instanceof Long || value instanceof Short) out.append(value);
    else if (value instanceof Number n) {
      double d = n.doubleValue();
      out.append(Double.isFinite(d) ? String.valueOf(n) : "null");
    } else if (value instanceof Map<?, ?> map) {
      out.append('{');
      boolean first = true;
      for (Map.Entry<?, ?> e : map.entrySet()) {
        if (!first) out.append(',');
        first = false;
        quote(String.valueOf(e.getKey()), out);
        out.append(':');
        write(e.getValue(), out);
      }
      out.append('}');
    } else if (value instanceof Iterable<?> list) {
      out.append('[');
      boolean first = true;
      for (Object item : list) {
        if (!first) out.append(',');
        first = false;
        write(item, out);
      }
      out.append(']');
    } else if (value.getClass().isArray()) {
      List<Object> items = new ArrayList<>();
      for (int i = 0; i < Array.getLength(value); i++) items.add(Array.get(value, i));
      write(items, out);
    } else quote(value.toString(), out);
  }

  static void quote(String s, StringBuilder out) {
    out.append('"');
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      switch (c) {
        case '"' -> out.append("\\\"");
        case '\\' -> out.append("\\\\");
        case '\n' -> out.append("\\n");
        case '\r' -> out.append("\\r");
        case '\t' -> out.append("\\t");
        default -> {
          if (c < 0x20) out.append(String.format("\\u%04x", (int) c));
          else out.append(c);
        }
      }
    }
    out.append('"');
  }

  static final class Parser {
    private final String text;
    private int at;

    Parser(String text) { this.text = text; }

    Object value() {
      skip();
      char c = text.charAt(at);
      switch (c) {
        case '{': return object();
        case '[': return array();
        case '"': return string();
        case 't': at += 4; return true;
        case 'f': at += 5; return false;
        case 'n': at += 4; return null;
        default: return number();
      }
    }

    private Map<String, Object> object() {
      Map<String, Object> map = new LinkedHashMap<>();
      at++;
      skip();
      if (text.charAt(at) == '}') { at++; return map; }
      while (true) {
        skip();
        String key = string();
        skip();
        at++;
        map.put(key, value());
        skip();
        if (text.charAt(at++) == '}') return map;
      }
    }

    private List<Object> array() {
      List<Object> list = new ArrayList<>();
      at++;
      skip();
      if (text.charAt(at) == ']') { at++; return list; }
      while (true) {
        list.add(value());
        skip();
        if (text.charAt(at++) == ']') return list;
      }
    }

    private String string() {
      StringBuilder out = new StringBuilder();
      at++;
      while (true) {
        char c = text.charAt(at++);
        if (c == '"') return out.toString();
        if (c != '\\') { out.append(c); continue; }
        char e = text.charAt(at++);
        switch (e) {
          case 'n' -> out.append('\n');
          case 'r' -> out.append('\r');
          case 't' -> out.append('\t');
          case 'b' -> out.append('\b');
          case 'f' -> out.append('\f');
          case 'u' -> { out.append((char) Integer.parseInt(text.substring(at, at + 4), 16)); at += 4; }
          default -> out.append(e);
        }
      }
    }

    private Object number() {
      int start = at;
      while (at < text.length() && "+-0123456789.eE".indexOf(text.charAt(at)) >= 0) at++;
      String n = text.substring(start, at);
      if (n.contains(".") || n.contains("e") || n.contains("E")) return Double.parseDouble(n);
      try { return Long.parseLong(n); } catch (NumberFormatException e) { return Double.parseDouble(n); }
    }

    private void skip() {
      while (at < text.length() && Character.isWhitespace(text.charAt(at))) at++;
    }
  }
}
