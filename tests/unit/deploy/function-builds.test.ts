// The AWS build service's shape, read from the files CloudFormation and CodeBuild get: the
// CodeBuild project and its role (deploy/function-builds.yml, included by serverless.yml), and one
// buildspec per runtime family. CodeBuild itself cannot run here; what each buildspec does is pinned.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import yaml from 'js-yaml';
import { describe, expect, it } from 'vitest';
import { BUILDSPECS } from '../../../lib/functions/build/buildspecs';
import { RUNTIMES } from '../../../lib/spec/index';
import { LAMBDA_PACKAGING } from '../../../lib/functions/runners/lambda';
import { loadServerless, PROJECT_ROOT } from '../../../local/serverless-config';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const { GRANTS } = require('../../../deploy/iam-roles.cjs') as {
  GRANTS: Record<string, (ctx: { service: string; stage: string }) => unknown[]>;
};
const { BY_GRANT } = require('../../../deploy/function-environment.cjs') as { BY_GRANT: Record<string, string[]> };
const grantsOf = (name: string) => GRANTS[name]!({ service: 'fnquery', stage: 'prod' });
const variablesOf = (name: string) => BY_GRANT[name]!;

const tags = ['!Ref', '!GetAtt', '!Join', '!Sub'].flatMap((tag) =>
  (['scalar', 'sequence', 'mapping'] as const).map(
    (kind) => new yaml.Type(tag, { kind, construct: (d: unknown) => ({ [tag]: d }) }),
  ),
);
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a CloudFormation template, read as the parsed YAML it is
type Resource = { Type: string; Properties: Record<string, any> };
const template = yaml.load(readFileSync(join(PROJECT_ROOT, 'deploy', 'function-builds.yml'), 'utf8'), {
  schema: yaml.DEFAULT_SCHEMA.extend(tags),
}) as { Resources: Record<string, Resource> };
const { FunctionBuilds: project, FunctionBuildsRole: role, FunctionBuildsLogGroup: logs } = template.Resources;

interface Buildspec {
  version: number;
  phases: { install?: { 'runtime-versions'?: Record<string, unknown> }; build: { commands: string[] } };
  artifacts: { 'base-directory': string; files: string[] };
}
const spec = (family: keyof typeof BUILDSPECS) => yaml.load(BUILDSPECS[family]) as Buildspec;
const commands = (family: keyof typeof BUILDSPECS) => spec(family).phases.build.commands.join('\n');

describe('the CodeBuild project', () => {
  it('is included by serverless.yml and started only by the build worker, which may run and read it', () => {
    const doc = loadServerless() as unknown as {
      resources: unknown[];
      custom: { roles: Record<string, string[]> };
      functions: Record<string, { timeout?: number }>;
    };
    expect(doc.resources).toContain('${file(./deploy/function-builds.yml)}');
    const runners = Object.entries(doc.custom.roles).filter(([, grants]) => grants.includes('functionBuildsRun'));
    expect(runners.map(([fn]) => fn)).toEqual(['buildWorker']);
    // The worker outlives the longest build it waits for.
    expect(doc.functions.buildWorker!.timeout! / 60).toBeGreaterThan(project!.Properties.TimeoutInMinutes);
  });

  it('builds on the standard image, with a timeout, a concurrency cap and its own logs with retention', () => {
    expect(project!.Type).toBe('AWS::CodeBuild::Project');
    expect(project!.Properties.Environment.Image).toMatch(/^aws\/codebuild\/amazonlinux-x86_64-standard:/);
    expect(project!.Properties.TimeoutInMinutes).toBeLessThanOrEqual(14);
    expect(project!.Properties.ConcurrentBuildLimit).toBeGreaterThan(0);
    expect(project!.Properties.LogsConfig.CloudWatchLogs).toEqual({
      Status: 'ENABLED',
      GroupName: { '!Ref': 'FunctionBuildsLogGroup' },
    });
    expect(logs!.Properties.RetentionInDays).toBeGreaterThan(0);
    expect(project!.Properties.Artifacts).toMatchObject({
      Type: 'S3',
      Location: { '!Ref': 'UploadsBucket' },
      Path: 'builds',
      NamespaceType: 'BUILD_ID',
    });
    expect(project!.Properties.ServiceRole).toEqual({ '!GetAtt': 'FunctionBuildsRole.Arn' });
  });

  it('has a role of its own that reads bundles, writes artifacts and its logs, and nothing else', () => {
    const statements = role!.Properties.Policies.flatMap(
      (p: { PolicyDocument: { Statement: unknown[] } }) => p.PolicyDocument.Statement,
    ) as { Action: string[]; Resource: unknown }[];
    expect(statements.flatMap((s) => s.Action).sort()).toEqual(
      ['logs:CreateLogStream', 'logs:PutLogEvents', 's3:GetObject', 's3:GetObjectVersion', 's3:PutObject'].sort(),
    );
    const text = JSON.stringify(statements);
    expect(text).toContain('/functions/*');
    expect(text).toContain('/builds/*');
    expect(text).not.toMatch(/"\*"|dynamodb|sqs|ssm|lambda:/);
    expect(role!.Properties.AssumeRolePolicyDocument.Statement[0].Principal).toEqual({
      Service: 'codebuild.amazonaws.com',
    });
  });
});

describe('the buildspecs', () => {
  it('exist for every runtime family, each leaving its artifact in one folder', () => {
    for (const family of new Set(RUNTIMES.map((r) => r.family))) {
      const s = spec(family);
      expect(s.version, family).toBe(0.2);
      expect(s.phases.build.commands.length, family).toBeGreaterThan(0);
      expect(s.artifacts['base-directory'], family).toBe('/tmp/out');
    }
  });

  it('install dependencies pinned, without running code of the bundle or its packages', () => {
    expect(commands('node')).toMatch(/npm ci --ignore-scripts --omit=dev/);
    expect(commands('node')).toMatch(/without package-lock\.json/);
    expect(commands('python')).toMatch(/pip install .*--only-binary=:all:/s);
    expect(commands('python')).toMatch(/--platform manylinux2014_x86_64/);
    expect(commands('go')).toMatch(/go mod download/);
    expect(spec('go').phases.build.commands.join('\n')).not.toMatch(/-mod=mod/);
    expect(BUILDSPECS.go).toMatch(/GOFLAGS: -mod=readonly/);
    expect(commands('java')).toMatch(/mvn -B -q dependency:copy-dependencies -DincludeScope=runtime/);
    expect(commands('ruby')).toMatch(/Gemfile without vendor/);
    expect(commands('php')).toMatch(/composer\.json without vendor\/autoload\.php/);
  });

  it('give each runtime the shape Lambda runs', () => {
    // Go: one static binary named bootstrap for provided.al2023.
    expect(spec('go').artifacts.files).toEqual(['bootstrap']);
    expect(BUILDSPECS.go).toMatch(/CGO_ENABLED: '0'/);
    expect(commands('go')).toMatch(/go build .* -o \/tmp\/out\/bootstrap \./);
    // Java: every jar in lib/, the function's own too.
    expect(commands('java')).toMatch(/jar cf \/tmp\/out\/lib\/function\.jar/);
    // PHP: a bootstrap that starts the layer's PHP on the service's Runtime API loop.
    expect(commands('php')).toMatch(/exec \/opt\/bin\/php .*\/var\/task\/fnq_bootstrap\.php/);
    // .NET: a framework-dependent publish for the managed runtime.
    expect(commands('dotnet')).toMatch(
      /dotnet publish Function\.csproj -c Release -r linux-x64 --self-contained false/,
    );
    for (const family of ['node', 'python', 'ruby', 'php'] as const)
      expect(commands(family), family).toMatch(/-le 262144000/);
  });

  it('build the handler each Lambda names: the handler file compiled in, its class and method as named', () => {
    // .NET (no SDK here: this and the file's shape are what verify it): Function::FnqLambda::Handle is
    // assembly Function (the csproj's AssemblyName), class FnqLambda, method Handle(Stream, ILambdaContext).
    const [assembly, type, method] = LAMBDA_PACKAGING.dotnet.handler.split('::');
    expect(commands('dotnet')).toContain(`<AssemblyName>${assembly}</AssemblyName>`);
    expect(commands('dotnet')).toMatch(/Include="Amazon\.Lambda\.Core"/);
    const cs = LAMBDA_PACKAGING.dotnet.source!('handler')[0]!;
    expect(cs.fileName).toBe(`${type}.cs`);
    expect(cs.source).toMatch(new RegExp(`public class ${type}\\b`));
    expect(cs.source).toMatch(new RegExp(`public Stream ${method}\\(Stream input, ILambdaContext context\\)`));
    expect(cs.source).toMatch(/typeof\(Function\)\.GetMethod/);
    // Java: the handler class is compiled with the function (every .java of the source).
    expect(LAMBDA_PACKAGING.java.handler).toBe('FnqLambdaHandler::handleRequest');
    expect(LAMBDA_PACKAGING.java.source!('handler').map((f) => f.fileName)).toContain('FnqLambdaHandler.java');
    expect(commands('java')).toMatch(/javac .*--release "\$FNQ_CODE_VERSION".*\$\(find \. -name '\*\.java'\)/);
    // Go and PHP: the OS-only runtime's `bootstrap`.
    expect(LAMBDA_PACKAGING.go.handler).toBe('bootstrap');
    expect(LAMBDA_PACKAGING.php.handler).toBe('bootstrap');
  });
});

describe('the build worker on AWS', () => {
  it("names the template's project and may read its log and remove its artifacts", () => {
    const doc = loadServerless() as unknown as { provider: { environment: Record<string, string> } };
    expect(doc.provider.environment.FNQ_FUNCTION_BUILDS_PROJECT).toBe(project!.Properties.Name);
    const grants = JSON.stringify(grantsOf('functionBuildsRun'));
    expect(grants).toContain('logs:GetLogEvents');
    expect(grants).toContain('FunctionBuildsLogGroup');
    expect(grants).toMatch(/"s3:DeleteObject"/);
    expect(variablesOf('functionBuildsRun')).toContain('FNQ_FUNCTION_BUILDS_PROJECT');
  });
});
