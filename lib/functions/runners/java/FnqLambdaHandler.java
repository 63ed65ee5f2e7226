// The handler of a Java function on Lambda's managed Java runtime (java21, java17): the build
// compiles it with the function's Main.java and FnqRunner.java (whose JSON reader and writer it
// uses, so a value is written the same way locally and on Lambda). Handler string:
// FnqLambdaHandler::handleRequest. A stream handler needs no library: the runtime hands it the
// invocation's payload (the request object) and takes {"body": <what Main.<entrypoint> returned>}.
// An exception of the entrypoint becomes the invocation's error, which the service turns into a 502.
import java.io.*;
import java.lang.reflect.*;
import java.nio.charset.StandardCharsets;
import java.util.*;

public final class FnqLambdaHandler {
  /** The entrypoint's own failure, named like the exception it threw. */
  public static final class FunctionError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    FunctionError(Throwable cause) {
      super(cause.getClass().getSimpleName() + ": " + cause.getMessage(), null, false, false);
    }
  }

  private static Method entrypoint;

  private static synchronized Method entrypoint() throws Exception {
    if (entrypoint == null) {
      Method fn = Class.forName("Main").getMethod(System.getenv("FNQ_ENTRYPOINT"), Map.class);
      if (!Modifier.isStatic(fn.getModifiers()))
        throw new NoSuchMethodException(System.getenv("FNQ_ENTRYPOINT") + " of Main is not static");
      entrypoint = fn;
    }
    return entrypoint;
  }

  public void handleRequest(InputStream input, OutputStream output) throws Exception {
    String payload = new String(input.readAllBytes(), StandardCharsets.UTF_8);
    Object request = new FnqRunner.Parser(payload).value();
    if (!(request instanceof Map)) throw new IllegalArgumentException("the payload is not a JSON object");
    Object body;
    try {
      body = entrypoint().invoke(null, request);
    } catch (InvocationTargetException e) {
      throw new FunctionError(e.getCause());
    }
    Map<String, Object> reply = new LinkedHashMap<>();
    reply.put("body", body);
    output.write(FnqRunner.write(reply).getBytes(StandardCharsets.UTF_8));
  }
}
