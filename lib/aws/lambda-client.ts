import { LambdaClient } from '@aws-sdk/client-lambda';
import { memo, type AwsConfig } from './client-cache';

// Manages and invokes the Lambdas of hosted functions; there is no emulator for it (the local
// runtime runs functions as child processes instead), so it always talks to AWS.
export const lambdaClient = (aws: AwsConfig) =>
  memo(`lambda|${aws.region}`, () => new LambdaClient({ region: aws.region }));
