import { CloudWatchLogsClient } from '@aws-sdk/client-cloudwatch-logs';
import { CodeBuildClient } from '@aws-sdk/client-codebuild';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { memo, type AwsConfig } from './client-cache';

// Manages and invokes the Lambdas of hosted functions; there is no emulator for it (the local
// runtime runs functions as child processes instead), so it always talks to AWS.
export const lambdaClient = (aws: AwsConfig) =>
  memo(`lambda|${aws.region}`, () => new LambdaClient({ region: aws.region }));

/** The hosted functions' log groups (their retention). */
export const logsClient = (aws: AwsConfig) =>
  memo(`logs|${aws.region}`, () => new CloudWatchLogsClient({ region: aws.region }));

/** The build project of hosted functions (lib/aws/codebuild-builds.ts). */
export const codebuildClient = (aws: AwsConfig) =>
  memo(`codebuild|${aws.region}`, () => new CodeBuildClient({ region: aws.region }));
