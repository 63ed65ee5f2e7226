// The CodeBuild buildspec of each runtime family (buildspecs/<family>.yml), as text: the build
// worker passes the family's buildspec with each build it starts on AWS (deploy/function-builds.yml).
import type { RuntimeFamily } from '../../spec/index';
import dotnet from './buildspecs/dotnet.yml?raw';
import go from './buildspecs/go.yml?raw';
import java from './buildspecs/java.yml?raw';
import node from './buildspecs/node.yml?raw';
import php from './buildspecs/php.yml?raw';
import python from './buildspecs/python.yml?raw';
import ruby from './buildspecs/ruby.yml?raw';

export const BUILDSPECS: Readonly<Record<RuntimeFamily, string>> = { node, python, ruby, java, go, php, dotnet };
