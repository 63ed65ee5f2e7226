// Functions with one real, small, stable third-party dependency each, in every language whose
// registry builds reach: what tests/integration/functions/dependencies.test.ts deploys and calls,
// and what bench/builds.ts times.
import { jsonObject, type FunctionFixture } from '../../unit/functions/support';

export const POST_JSON = {
  requestType: 'POST',
  inputType: 'JSON',
  inputSchema: jsonObject({ text: { type: 'string' } }, []),
  outputType: 'JSON',
  outputSchema: jsonObject({}, []),
};

export const NODE_WITH_MS: FunctionFixture = {
  shortname: 'dep-node',
  requirements: POST_JSON,
  files: {
    'index.mjs':
      "import ms from 'ms';\nexport const handler = () => ({ ms: ms('2 days'), long: ms(90000, { long: true }) });",
    'package.json': JSON.stringify({
      name: 'dep-node',
      version: '1.0.0',
      private: true,
      dependencies: { ms: '2.1.3' },
    }),
    'package-lock.json': JSON.stringify({
      name: 'dep-node',
      version: '1.0.0',
      lockfileVersion: 3,
      requires: true,
      packages: {
        '': { name: 'dep-node', version: '1.0.0', dependencies: { ms: '2.1.3' } },
        'node_modules/ms': {
          version: '2.1.3',
          resolved: 'https://registry.npmjs.org/ms/-/ms-2.1.3.tgz',
          integrity: 'sha512-6FlzubTLZG3J2a/NVCAleEhjzq5oxgHyaCU9yYXvcLsvoVaHJq/s5xXI6/XXP6tz7R9xAOtHnSO/tXtF3WRTlA==',
        },
      },
    }),
  },
};

export const PYTHON_WITH_SIX: FunctionFixture = {
  shortname: 'dep-python',
  runtime: 'python311',
  requirements: POST_JSON,
  files: {
    'main.py':
      'import six\n\ndef handler(request):\n    return {"text": six.ensure_str(b"caf\\xc3\\xa9"), "six": six.__version__}\n',
    'requirements.txt': 'six==1.16.0\n',
  },
};

export const GO_WITH_UUID: FunctionFixture = {
  shortname: 'dep-go',
  runtime: 'go122',
  entrypoint: 'Handler',
  requirements: POST_JSON,
  files: {
    'main.go': [
      'package main',
      '',
      'import (',
      '\t"log/slog"',
      '',
      '\t"github.com/google/uuid"',
      ')',
      '',
      'func Handler(request map[string]any) (any, error) {',
      '\tslog.Info("called")',
      '\treturn map[string]any{"id": uuid.NewSHA1(uuid.NameSpaceURL, []byte("https://example.org/a")).String()}, nil',
      '}',
      '',
    ].join('\n'),
    'go.mod': 'module function\n\ngo 1.22\n\nrequire github.com/google/uuid v1.6.0\n',
    'go.sum':
      'github.com/google/uuid v1.6.0 h1:NIvaJDMOsjHA8n1jAhLSgzrAzy1Hgr+hNrb57e+94F0=\n' +
      'github.com/google/uuid v1.6.0/go.mod h1:TIyPZe4MgqvfeYDBFedMoGGpEw/LqOeaOT+nhxU+yHo=\n',
  },
};

export const JAVA_WITH_ORG_JSON: FunctionFixture = {
  shortname: 'dep-java',
  runtime: 'java17',
  requirements: POST_JSON,
  files: {
    'Main.java': [
      'import java.util.Map;',
      'import org.json.JSONObject;',
      '',
      'public class Main {',
      '  public static Object handler(Map<String, Object> request) {',
      '    return Map.of("json", new JSONObject().put("n", 3).toString());',
      '  }',
      '}',
      '',
    ].join('\n'),
    'pom.xml': `<project xmlns="http://maven.apache.org/POM/4.0.0">
  <modelVersion>4.0.0</modelVersion>
  <groupId>example</groupId>
  <artifactId>dep-java</artifactId>
  <version>1.0.0</version>
  <dependencies>
    <dependency><groupId>org.json</groupId><artifactId>json</artifactId><version>20240303</version></dependency>
  </dependencies>
</project>
`,
  },
};
