// The service as `serverless package` leaves it, packaged once per test file into a throw-away
// folder: the compiled CloudFormation template and every function's zip.
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { PROJECT_ROOT } from '../../local/serverless-config';
import { packageService } from '../../local/serverless-package';

export const SECRET_PARAMETER = '/fnquery/ci/jwt-secret';

export interface CfnResource {
  Type: string;
  Properties?: Record<string, unknown>;
  DependsOn?: unknown;
}

export interface Packaged {
  dir: string;
  template: { Resources: Record<string, CfnResource>; Outputs?: Record<string, unknown> };
  remove(): void;
}

export function packaged(env: Record<string, string> = { FNQ_JWT_SECRET_PARAMETER: SECRET_PARAMETER }): Packaged {
  // .tmp is git-ignored, so a fresh clone has none yet.
  mkdirSync(join(PROJECT_ROOT, '.tmp'), { recursive: true });
  const dir = mkdtempSync(join(PROJECT_ROOT, '.tmp', 'package-test-'));
  packageService({ outDir: dir, env });
  const template = JSON.parse(
    readFileSync(join(dir, 'cloudformation-template-update-stack.json'), 'utf8'),
  ) as Packaged['template'];
  return { dir, template, remove: () => rmSync(dir, { recursive: true, force: true }) };
}

/** A CloudFormation value as text: `Fn::Join` flattened, `Ref`/`Fn::GetAtt` as `${…}`. */
export function cfnText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if ('Fn::Join' in v) {
      const [sep, parts] = v['Fn::Join'] as [string, unknown[]];
      return parts.map(cfnText).join(sep);
    }
    if ('Ref' in v) return `\${${String(v.Ref)}}`;
    if ('Fn::GetAtt' in v) return `\${${(v['Fn::GetAtt'] as string[]).join('.')}}`;
  }
  return JSON.stringify(value);
}
