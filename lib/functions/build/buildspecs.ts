// The CodeBuild buildspec of each runtime family (buildspecs/<family>.yml), as text: the build
// worker passes the family's buildspec with each build it starts on AWS (deploy/function-builds.yml).
import type { RuntimeFamily } from '../../spec/index';
import { BUILD_SOURCES } from './generated/sources';

export const BUILDSPECS: Readonly<Record<RuntimeFamily, string>> = {
  node: BUILD_SOURCES['buildspecs/node.yml'],
  python: BUILD_SOURCES['buildspecs/python.yml'],
  ruby: BUILD_SOURCES['buildspecs/ruby.yml'],
  java: BUILD_SOURCES['buildspecs/java.yml'],
  go: BUILD_SOURCES['buildspecs/go.yml'],
  php: BUILD_SOURCES['buildspecs/php.yml'],
  dotnet: BUILD_SOURCES['buildspecs/dotnet.yml'],
};
