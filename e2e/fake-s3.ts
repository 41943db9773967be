/**
 * The fake S3 server for browser and server tests: the one the Jest tests use
 * (__tests__/helpers/fake-s3.ts), re-exported so that both suites share a single copy.
 */
export { startFakeS3, type FakeS3, type FakeS3Settings, type Failure, type StoredObject } from '../__tests__/helpers/fake-s3';
