// The credentials every local emulator (S3, SQS, DynamoDB, SSM) is given: one constant for the
// service's clients, the dev stack and the tests. Imports nothing, so config and adapters can share it.
export const emulatorCredentials = { accessKeyId: 'local', secretAccessKey: 'local' };
