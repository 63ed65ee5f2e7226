import { RUNNER_SOURCES } from './generated/sources';
import type { RunnerSource } from './protocol';

// args: <class> <entrypoint>. Replies on stdout (fd 1), as the JVM cannot open the fd 3 socket. Calls
// public static Object <entrypoint>(Map<String, Object>) of the class by reflection. JSON is read
// and written in java/FnqRunner.java (the JDK has no JSON library): objects are Maps, arrays
// Lists, numbers Long or Double.
export const javaRunner: RunnerSource = { fileName: 'FnqRunner.java', source: RUNNER_SOURCES['java/FnqRunner.java'] };
