/**
 * The google.firestore.v1.Firestore service definition, loaded once per process from the protos
 * that ship with @google-cloud/firestore.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import * as protoLoader from '@grpc/proto-loader';
import type { ServiceDefinition } from '@grpc/grpc-js';

let cached: ServiceDefinition | undefined;

function protosRoot(): string {
  const require = createRequire(import.meta.url);
  // The package's "main" is build/src/index.js; the protos sit next to it in build/protos.
  const main = require.resolve('@google-cloud/firestore');
  return path.join(path.dirname(main), '..', 'protos');
}

export function firestoreServiceDefinition(): ServiceDefinition {
  if (cached) return cached;
  const definition = protoLoader.loadSync('google/firestore/v1/firestore.proto', {
    includeDirs: [protosRoot()],
    longs: String,
    enums: String,
    bytes: Buffer,
    oneofs: true,
    defaults: false,
  });
  cached = definition['google.firestore.v1.Firestore'] as ServiceDefinition;
  if (!cached) throw new Error('google.firestore.v1.Firestore not found in the protos');
  return cached;
}
